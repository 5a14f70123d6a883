"""Golden grading values for dogs-vs-cats-redux-kernels-edition (run once).

Usage: python3 reference_grade.py ANSWERS_CSV OUT_DIR
Writes OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json. The
grader is rebuilt from the spec's Grade section; binary log_loss uses
scikit-learn 1.5's semantics written out in numpy (matrix [1 - p, p], clip
to [eps, 1 - eps] with eps = float64 machine epsilon, no renormalisation)
because Debian's scikit-learn 1.2 clips at 1e-15 and renormalises.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from scipy.special import xlogy

answers_path, out = sys.argv[1:3]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(answers_path, float_precision="round_trip")
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def log_loss_15(y_true, p):
    if len(np.unique(y_true)) < 2:
        raise ValueError("y_true contains only one label")
    eps = np.finfo(np.float64).eps
    p = np.asarray(p, dtype=np.float64)
    m = np.clip(np.column_stack([1 - p, p]), eps, 1 - eps)
    t = np.column_stack([1 - y_true, y_true])
    return float(np.average(-xlogy(t, m).sum(axis=1)))


def grade(sub, ans):
    assert "id" in ans.columns and "label" in ans.columns
    if "id" not in sub.columns:
        raise Invalid("id")
    if "label" not in sub.columns:
        raise Invalid("label")
    if set(sub["id"]) != set(ans["id"]):
        raise Invalid("ids")
    if len(sub) != len(ans):
        raise Invalid("length")
    if not ((sub["label"] >= 0) & (sub["label"] <= 1)).all():
        raise Invalid("range")
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    return log_loss_15(ans["label"].to_numpy(), sub["label"].to_numpy())


ids, truth = answers["id"], answers["label"]
n = len(answers)
perm = rs.permutation(n)


def frame(values, order=None, **extra):
    df = pd.DataFrame({"id": ids, "label": values, **extra})
    return df if order is None else df.iloc[order]


def text(fn):
    return "id,label\n" + "".join(f"{i},{fn(k, y)}\n" for k, (i, y) in enumerate(zip(ids, truth)))


frames = {
    "perfect.csv": answers,
    "half.csv": frame(0.5),
    "random_shuffled.csv": frame(rs.random_sample(n), perm, extra="x"),
    "confidently_wrong.csv": frame(1 - truth),
    "float_ids.csv": frame(np.where(truth == 1, 0.8, 0.3)).astype({"id": float}),
    "bools.csv": frame(truth == 1),
}
texts = {
    "nan_label.csv": text(lambda k, y: "" if k == 0 else 0.5),
    "above_one.csv": text(lambda k, y: 1.5 if k == 0 else 0.5),
    "text_label.csv": text(lambda k, y: "dog" if k == 0 else 0.5),
    "missing_id.csv": "ID,label\n" + "".join(f"{i},0.5\n" for i in ids),
    "missing_label.csv": "id,p\n" + "".join(f"{i},0.5\n" for i in ids),
    "text_ids.csv": "id,label\n" + "".join(f"x{i},0.5\n" for i in ids),
    "short.csv": "id,label\n" + "".join(f"{i},0.5\n" for i in ids[:-1]),
    "duplicated_id.csv": "id,label\n" + "".join(f"{i},0.5\n" for i in list(ids) + [ids.iloc[0]]),
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
