"""Golden grading values for herbarium-2020-fgvc7 (run once; tests never
need Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/answers.csv made from the seed-0 fake raw data (its
md5 is pinned in reference_prepared.json). Writes OUT_DIR/submissions/*.csv
and OUT_DIR/reference_scores.json: {file: {"score": unrounded or null,
"error"}}.

The grader is rebuilt from the spec's Grade section: row count, Id /
Predicted columns, sorted Id comparison (InvalidSubmissionError), then
sklearn.metrics.f1_score([int(y) ...], [int(y) ...], average="macro")
(unchanged between scikit-learn 1.2 and 1.5 for integer labels).
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
answers = pd.read_csv(os.path.join(prepared, "private", "answers.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(5)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "Id" not in sub.columns or "Predicted" not in sub.columns:
        raise Invalid("columns")
    sub = sub.sort_values("Id")
    ans = ans.sort_values("Id")
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids")
    y_true = [int(y) for y in ans["Predicted"]]
    y_pred = [int(y) for y in sub["Predicted"]]
    return float(f1_score(y_true, y_pred, average="macro"))


ids = answers["Id"]
truth = answers["Predicted"]
labels = sorted(truth.unique())
perm = rs.permutation(n)
rand = rs.choice(labels, n)
noisy = np.where(rs.rand(n) < 0.5, truth, rand)
subs = {
    "perfect.csv": answers,
    "sample.csv": pd.DataFrame({"Id": ids, "Predicted": 0}),
    "random.csv": pd.DataFrame({"Id": ids, "Predicted": rand}),
    "noisy_shuffled.csv": pd.DataFrame({"Id": ids, "Predicted": noisy}).iloc[perm],
    "extra_column.csv": pd.DataFrame({"x": 1, "Predicted": truth, "Id": ids}),
    "unseen_labels.csv": pd.DataFrame({"Id": ids, "Predicted": [t if k % 3 else 99999 + k for k, t in enumerate(truth)]}),
}
texts = {
    "floats_truncated.csv": "Id,Predicted\n" + "".join(f"{i},{t}.9\n" for i, t in zip(ids, truth)),
    "text_ints.csv": "Id,Predicted\n" + "".join(f"{i},{' ' + str(t) + ' ' if k else 'x'}\n".replace(",x", ",abc") if False else f"{i},{t if k else 'abc'}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "one_nan.csv": "Id,Predicted\n" + "".join(f"{i},{'' if k == 2 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "float_ids.csv": "Id,Predicted\n" + "".join(f"{i}.0,{t}\n" for i, t in zip(ids, truth)),
    "text_id.csv": "Id,Predicted\n" + "".join(f"{'a' if k == 0 else i},{t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "missing_label.csv": "Id,Pred\n" + "".join(f"{i},1\n" for i in ids),
    "missing_id.csv": "id,Predicted\n" + "".join(f"{i},1\n" for i in ids),
    "short.csv": "Id,Predicted\n" + "".join(f"{i},1\n" for i in ids[:-1]),
    "duplicate_id.csv": "Id,Predicted\n" + "".join(f"{ids.iloc[0] if k == 1 else i},1\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "Id,Predicted\n" + "".join(f"{i + 1000 if k == 1 else i},1\n" for k, i in enumerate(ids)),
    "huge.csv": "Id,Predicted\n" + "".join(f"{i},1e300\n" for i in ids),
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
print(json.dumps(scores, indent=2, sort_keys=True))
