"""Reference scores for inaturalist-2019-fgvc6: 1 - accuracy_score after
sorting by id, the prediction being the int of a cell or of the first token
of a text cell, on submissions built from the seed-0 answers by formulas of
the row number i and label y (the Go test builds the same ones). Run once
after reference_prepare.py:

    /usr/bin/python3 testdata/reference_grade.py /tmp/inat/prepared/private/answers.csv > testdata/reference_scores.json
"""
import json
import sys

import pandas as pd
from sklearn.metrics import accuracy_score

answers = pd.read_csv(sys.argv[1])
y = answers["predicted"].tolist()
formulas = {
    "perfect": lambda i, v: str(v),
    "sample (all 654)": lambda i, v: "654",
    "every third wrong": lambda i, v: str(v) if i % 3 else str(v + 1),
    "top-5 lists, first right on even rows": lambda i, v: f"{v if i % 2 == 0 else v + 1} {v} 3 4 5",
    "shifted": lambda i, v: str(y[(i + 1) % len(y)]),
}
out = {}
for name, f in formulas.items():
    pred = [int(f(i, v).split()[0]) for i, v in enumerate(y)]
    out[name] = 1 - accuracy_score([int(v) for v in y], pred)
json.dump(out, sys.stdout, indent=1, sort_keys=True)
print()
