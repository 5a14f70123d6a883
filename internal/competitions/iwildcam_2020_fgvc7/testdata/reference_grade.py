"""Golden grading values for iwildcam-2020-fgvc7 (run once; tests never need
Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/answers.csv made from the seed-0 fake raw data (its
md5 is pinned in reference_prepared.json). Writes OUT_DIR/submissions/*.csv
and OUT_DIR/reference_scores.json: {file: {"score": unrounded or null,
"error"}}.

The grader is rebuilt from the spec's Grade section (prepare_for_accuracy_metric
checks raise InvalidSubmissionError, then sklearn accuracy_score, which has
the same target checks in scikit-learn 1.2 and 1.5).
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "answers.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(7)


class Invalid(Exception):
    pass


def grade(sub, ans):
    assert "Category" in ans.columns and "Id" in ans.columns
    if len(sub) != len(ans):
        raise Invalid("length")
    if "Category" not in sub.columns:
        raise Invalid("target")
    if "Id" not in sub.columns:
        raise Invalid("id")
    sub = sub.sort_values("Id")
    ans = ans.sort_values("Id")
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids")
    return float(accuracy_score(ans["Category"].to_numpy(), sub["Category"].to_numpy()))


ids = answers["Id"]
truth = answers["Category"]
labels = sorted(truth.unique())
perm = rs.permutation(n)
rand = rs.choice(labels, n)
noisy = np.where(rs.rand(n) < 0.5, truth, rand)
subs = {
    "perfect.csv": answers,
    "random.csv": pd.DataFrame({"Id": ids, "Category": rand}),
    "noisy_shuffled.csv": pd.DataFrame({"Id": ids, "Category": noisy}).iloc[perm],
    "extra_column.csv": pd.DataFrame({"x": 1, "Category": truth, "Id": ids}),
}
texts = {
    "integral_floats.csv": "Id,Category\n" + "".join(f"{i},{t}.0\n" for i, t in zip(ids, truth)),
    "halves.csv": "Id,Category\n" + "".join(f"{i},{t}.5\n" for i, t in zip(ids, truth)),
    "one_text.csv": "Id,Category\n" + "".join(f"{i},{'cat' if k == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "one_nan.csv": "Id,Category\n" + "".join(f"{i},{'' if k == 1 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "missing_label.csv": "Id,Cat\n" + "".join(f"{i},1\n" for i in ids),
    "missing_id.csv": "ID,Category\n" + "".join(f"{i},1\n" for i in ids),
    "short.csv": "Id,Category\n" + "".join(f"{i},1\n" for i in ids[:-1]),
    "duplicate_id.csv": "Id,Category\n" + "".join(f"{ids.iloc[0] if k == 1 else i},1\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "Id,Category\n" + "".join(f"{'x' + i if k == 1 else i},1\n" for k, i in enumerate(ids)),
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
            sub = pd.read_csv(path, float_precision="round_trip")
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
print(json.dumps(scores, sort_keys=True))
