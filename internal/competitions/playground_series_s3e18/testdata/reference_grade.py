"""Golden grading values for playground-series-s3e18 (run once; tests never
need Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv made from the seed-0 fake raw data (its
md5 is pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: {"score": unrounded or null, "error"}}.

The grader is rebuilt from the spec's Grade section: the combined id check,
EC1/EC2 columns, row count, sorted-id match (InvalidSubmissionError), then
sklearn.metrics.roc_auc_score(answers [EC1, EC2], submission [EC1, EC2],
average="macro") with Debian scikit-learn 1.2 (same computation as 1.5).
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(4)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "id" not in sub.columns or "id" not in ans.columns:
        raise Invalid("id")
    if "EC1" not in sub.columns or "EC2" not in sub.columns:
        raise Invalid("targets")
    if len(sub) != len(ans):
        raise Invalid("length")
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids")
    assert "EC1" in ans.columns and "EC2" in ans.columns
    return roc_auc_score(ans[["EC1", "EC2"]].values, sub[["EC1", "EC2"]].values, average="macro")


ids = answers["id"]
perm = rs.permutation(n)
r1, r2 = rs.rand(n), rs.rand(n)
noisy1 = answers["EC1"] + rs.normal(0, 0.8, n)
noisy2 = answers["EC2"] + rs.normal(0, 0.8, n)
subs = {
    "perfect.csv": answers,
    "random.csv": pd.DataFrame({"id": ids, "EC1": r1, "EC2": r2}),
    "noisy_shuffled.csv": pd.DataFrame({"id": ids, "EC1": noisy1, "EC2": noisy2}).iloc[perm],
    "out_of_range.csv": pd.DataFrame({"id": ids, "EC1": noisy1 * 1000 - 7, "EC2": -noisy2}),
    "ties.csv": pd.DataFrame({"id": ids, "EC1": np.round(noisy1), "EC2": (noisy2 > 0.5).astype(int)}),
    "extra_columns.csv": pd.DataFrame({"EC2": r2, "x": "a", "EC1": r1, "EC3": 1.0, "id": ids}),
    "only_ec1_ec2_order.csv": pd.DataFrame({"EC2": noisy2, "EC1": noisy1, "id": ids}),
}
texts = {
    "text_score.csv": "id,EC1,EC2\n" + "".join(f"{i},{'abc' if k == 0 else 0.5},0.5\n" for k, i in enumerate(ids)),
    "numeric_text.csv": "id,EC1,EC2\n" + "".join(f"{i},{'1_0' if k == 0 else 0.25},0.5\n" for k, i in enumerate(ids)),
    "nan_score.csv": "id,EC1,EC2\n" + "".join(f"{i},0.5,{'' if k == 3 else 0.5}\n" for k, i in enumerate(ids)),
    "inf_score.csv": "id,EC1,EC2\n" + "".join(f"{i},{'inf' if k == 3 else 0.5},0.5\n" for k, i in enumerate(ids)),
    "missing_ec2.csv": "id,EC1\n" + "".join(f"{i},0.5\n" for i in ids),
    "missing_id.csv": "Id,EC1,EC2\n" + "".join(f"{i},0.5,0.5\n" for i in ids),
    "short.csv": "id,EC1,EC2\n" + "".join(f"{i},0.5,0.5\n" for i in ids[:-1]),
    "duplicate_id.csv": "id,EC1,EC2\n" + "".join(f"{ids.iloc[0] if k == 1 else i},0.5,0.5\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "id,EC1,EC2\n" + "".join(f"{i + 100000},0.5,0.5\n" for i in ids),
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
