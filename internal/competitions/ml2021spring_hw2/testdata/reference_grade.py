"""Golden grading values for ml2021spring-hw2 (run once; tests never need Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/answers.csv made from the seed-0 fake raw data
(its md5 is pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: {"score": unrounded or null, "error"}}.

The grader is rebuilt from the spec: the shared accuracy helper (row count,
ClassId column, Id column, sorted-id match -> InvalidSubmissionError) and
sklearn.metrics.accuracy_score (Debian scikit-learn 1.2, whose target checks
are the same as 1.5's for these inputs). Any other exception gives null.
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
answers = pd.read_csv(os.path.join(prepared, "private", "answers.csv"))
n = len(answers)
rs = np.random.RandomState(2)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "ClassId" not in sub.columns:
        raise Invalid("target")
    if "Id" not in sub.columns:
        raise Invalid("id")
    sub = sub.sort_values("Id")
    ans = ans.sort_values("Id")
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids")
    return accuracy_score(ans["ClassId"].to_numpy(), sub["ClassId"].to_numpy())


ids = answers["Id"]
truth = answers["ClassId"]
perm = rs.permutation(n)
rand = rs.randint(0, 39, n)
noisy = np.where(rs.rand(n) < 0.5, truth, rand)
subs = {
    "perfect.csv": answers,
    "zeros.csv": pd.DataFrame({"Id": ids, "ClassId": 0}),
    "random.csv": pd.DataFrame({"Id": ids, "ClassId": rand}),
    "noisy_shuffled.csv": pd.DataFrame({"Id": ids, "ClassId": noisy}).iloc[perm],
    "floats.csv": pd.DataFrame({"Id": ids, "ClassId": noisy.astype(float)}),
    "extra_column.csv": pd.DataFrame({"x": 1, "ClassId": truth, "Id": ids}),
}
texts = {
    "text_labels.csv": "Id,ClassId\n" + "".join(f"{i},{'x' if k == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "text_with_missing.csv": "Id,ClassId\n" + "".join(f"{i},{'x' if k == 0 else '' if k == 1 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "missing_first.csv": "Id,ClassId\n" + "".join(f"{i},{'' if k == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "halves.csv": "Id,ClassId\n" + "".join(f"{i},{t}.5\n" for i, t in zip(ids, truth)),
    "nan_float.csv": "Id,ClassId\n" + "".join(f"{i},{'nan' if k == 2 else float(t)}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "missing_target.csv": "Id,Class\n" + "".join(f"{i},1\n" for i in ids),
    "missing_id.csv": "id,ClassId\n" + "".join(f"{i},1\n" for i in ids),
    "short.csv": "Id,ClassId\n" + "".join(f"{i},1\n" for i in ids[:-1]),
    "duplicate_id.csv": "Id,ClassId\n" + "".join(f"{0 if k == 1 else i},1\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "Id,ClassId\n" + "".join(f"{i + 1},1\n" for i in ids),
    "string_ids.csv": "Id,ClassId\n" + "".join(f"{'a' if k == 0 else i},1\n" for k, i in enumerate(ids)),
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
