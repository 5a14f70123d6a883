"""Golden grading values for denoising-dirty-documents (run once).

Usage: python3 reference_grade.py ANSWERS_CSV OUT_DIR
Writes OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json. The
grader is rebuilt from the spec's Grade section; RMSE is
sklearn.metrics.mean_squared_error(..., squared=False) (Debian scikit-learn
1.2; 1.5's root_mean_squared_error computes the same sqrt of the mean).
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_error

answers_path, out = sys.argv[1:3]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(answers_path, float_precision="round_trip")
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    assert "id" in ans.columns and "value" in ans.columns
    ans["value"].astype(float)
    if "id" not in sub.columns:
        raise Invalid("id")
    if "value" not in sub.columns:
        raise Invalid("value")
    try:
        sub["value"].astype(float)
    except ValueError:
        raise Invalid("float")
    if len(sub) != len(ans):
        raise Invalid("length")
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids")
    return mean_squared_error(sub["value"].to_numpy(), ans["value"].to_numpy(), squared=False)


ids, truth = answers["id"], answers["value"]
n = len(answers)
perm = rs.permutation(n)


def frame(values, order=None, **extra):
    df = pd.DataFrame({"id": ids, "value": values, **extra})
    return df if order is None else df.iloc[order]


def text(fn):
    return "id,value\n" + "".join(f"{i},{fn(k, v)}\n" for k, (i, v) in enumerate(zip(ids, truth)))


frames = {
    "perfect.csv": answers,
    "ones.csv": frame(1),
    "zeros_shuffled.csv": frame(0.0, perm),
    "noisy_shuffled.csv": frame(truth + rs.normal(0, 0.1, n), perm, extra="x"),
    "out_of_range.csv": frame(truth * 3 - 1),
    "bools.csv": frame(truth > 0.5),
}
texts = {
    "nan_value.csv": text(lambda k, v: "" if k == 2 else v),
    "inf_value.csv": text(lambda k, v: "inf" if k == 2 else v),
    "text_value.csv": text(lambda k, v: "white" if k == 2 else v),
    "missing_id.csv": "ID,value\n" + "".join(f"{i},1\n" for i in ids),
    "missing_value.csv": "id,val\n" + "".join(f"{i},1\n" for i in ids),
    "short.csv": "id,value\n" + "".join(f"{i},1\n" for i in ids[:-1]),
    "wrong_id.csv": "id,value\n" + "".join(f"{'x' if k == 0 else i},1\n" for k, i in enumerate(ids)),
    "empty.csv": "",
}
for name, df in frames.items():
    df.to_csv(os.path.join(subdir, name), index=False)
for name, t in texts.items():
    with open(os.path.join(subdir, name), "w") as f:
        f.write(t)

scores = {}
for name in sorted(os.listdir(subdir)):
    try:
        try:
            sub = pd.read_csv(os.path.join(subdir, name), float_precision="round_trip")
        except pd.errors.EmptyDataError:
            sub = pd.DataFrame()
        scores[name] = {"score": float(grade(sub, answers)), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, sort_keys=True))
