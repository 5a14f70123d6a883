"""Golden grading values for plant-seedlings-classification (run once; tests
never need Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/answers.csv made from the seed-0 fake raw data (its
md5 is pinned in reference_prepared.json). Writes OUT_DIR/submissions/*.csv
and OUT_DIR/reference_scores.json: {file: {"score": unrounded or null,
"error"}}.

The grader is rebuilt from the spec's Grade section: the column / row-count /
sorted-file checks (InvalidSubmissionError), then
sklearn.metrics.f1_score(answers species list, submission species list,
average="micro"). Debian scikit-learn 1.2 has the same target checks as 1.5
but computes micro F1 through precision and recall; the value recorded is
scikit-learn 1.5's, correct/N (asserted close to 1.2's).
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import f1_score

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "answers.csv"))
n = len(answers)
rs = np.random.RandomState(3)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "file" not in sub.columns:
        raise Invalid("file")
    if "species" not in sub.columns:
        raise Invalid("species")
    if len(sub) != len(ans):
        raise Invalid("length")
    sub = sub.sort_values("file")
    ans = ans.sort_values("file")
    if (sub["file"].values != ans["file"].values).any():
        raise Invalid("ids")
    y_true = ans["species"].tolist()
    y_pred = sub["species"].tolist()
    f1 = f1_score(y_true, y_pred, average="micro")
    c = sum(1 for a, b in zip(np.asarray(y_true), np.asarray(y_pred)) if a == b)
    assert abs(f1 - c / len(y_true)) < 1e-12
    return c / len(y_true)


ids = answers["file"]
truth = answers["species"]
labels = sorted(truth.unique())
perm = rs.permutation(n)
rand = rs.choice(labels, n)
noisy = np.where(rs.rand(n) < 0.5, truth, rand)
subs = {
    "perfect.csv": answers,
    "random.csv": pd.DataFrame({"file": ids, "species": rand}),
    "noisy_shuffled.csv": pd.DataFrame({"file": ids, "species": noisy}).iloc[perm],
    "upper_case.csv": pd.DataFrame({"file": ids, "species": [t.upper() if k % 2 else t for k, t in enumerate(truth)]}),
    "extra_column.csv": pd.DataFrame({"x": 1, "species": truth, "file": ids}),
    "digits_and_text.csv": pd.DataFrame({"file": ids, "species": ["x" if k == 0 else str(k % 3) for k in range(n)]}),
    "sugar_beet.csv": pd.DataFrame({"file": ids, "species": "Sugar beet"}),
    "ints.csv": pd.DataFrame({"file": ids, "species": rs.randint(0, 10, n)}),
}
texts = {
    "all_empty.csv": "file,species\n" + "".join(f"{i},\n" for i in ids),
    "one_missing.csv": "file,species\n" + "".join(f"{i},{'' if k == 4 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "strings_with_nan.csv": "file,species\n" + "".join(f"{i},{'' if k == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "integral_floats.csv": "file,species\n" + "".join(f"{i},{k % 4}.0\n" for k, i in enumerate(ids)),
    "halves.csv": "file,species\n" + "".join(f"{i},{k % 4}.5\n" for k, i in enumerate(ids)),
    "bools_with_nan.csv": "file,species\n" + "".join(f"{i},{'' if k == 0 else k % 2 == 0}\n" for k, i in enumerate(ids)),
    "bools.csv": "file,species\n" + "".join(f"{i},{k % 2 == 0}\n" for k, i in enumerate(ids)),
    "missing_label.csv": "file,speciess\n" + "".join(f"{i},Maize\n" for i in ids),
    "missing_id.csv": "f,species\n" + "".join(f"{i},Maize\n" for i in ids),
    "short.csv": "file,species\n" + "".join(f"{i},Maize\n" for i in ids[:-1]),
    "duplicate_id.csv": "file,species\n" + "".join(f"{ids.iloc[0] if k == 1 else i},Maize\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "file,species\n" + "".join(f"{'x' + i if k == 1 else i},Maize\n" for k, i in enumerate(ids)),
    "empty.csv": "",
}
for name, df in subs.items():
    df.to_csv(os.path.join(subdir, name), index=False)
for name, text in texts.items():
    with open(os.path.join(subdir, name), "w") as f:
        f.write(text)

scores = {}
for name in sorted(os.listdir(subdir)):
    path = os.path.join(subdir, name)
    try:
        try:
            sub = pd.read_csv(path)
        except pd.errors.EmptyDataError:
            sub = pd.DataFrame()
        scores[name] = {"score": grade(sub, answers), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
