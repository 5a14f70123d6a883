"""Golden grading values for lmsys-chatbot-arena (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/answers.csv made from the seed-0 fake raw data
(md5 pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: {"score": unrounded or null, "error"}}.
Debian's scikit-learn 1.2 log_loss clips at 1e-15 and renormalises rows;
the spec pins scikit-learn 1.5 (clip at float64 eps, no renormalisation),
so log_loss is written out in numpy here.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from scipy.special import xlogy

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "answers.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)
classes = ["winner_model_a", "winner_model_b", "winner_tie"]


class Invalid(Exception):
    pass


def log_loss_15(y_true, y_pred):
    eps = np.finfo(np.float64).eps
    y_pred = np.clip(np.asarray(y_pred, dtype=np.float64), eps, 1 - eps)
    if np.isnan(y_pred).any():
        raise ValueError("Input contains NaN.")
    return float(np.average(-xlogy(y_true, y_pred).sum(axis=1)))


def grade(sub, ans):
    for c in ["id"] + classes:
        if c not in sub.columns:
            raise Invalid(c)
    if len(sub) != len(ans):
        raise Invalid("length")
    for c in classes:
        if not ((sub[c] >= 0) & (sub[c] <= 1)).all():
            raise Invalid("range")
    if not np.all(sub[classes].sum(axis=1).round(6) == 1.0):
        raise Invalid("sum")
    sub = sub[["id"] + classes].sort_values("id").reset_index(drop=True)
    ans = ans[["id"] + classes].sort_values("id").reset_index(drop=True)
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids")
    return log_loss_15(ans[classes].to_numpy(), sub[classes].to_numpy())


ids = answers["id"]
truth = answers[classes].to_numpy()
perm = rs.permutation(n)
soft = rs.dirichlet([1, 1, 1], n)
smooth = truth * 0.8 + 0.1 * (1 - truth) / 1.0  # rows 0.8, 0.1, 0.1


def frame(p):
    return pd.DataFrame({"id": ids, classes[0]: p[:, 0], classes[1]: p[:, 1], classes[2]: p[:, 2]})


hard_wrong = np.roll(truth, 1, axis=1).astype(float)
off = soft.copy()
off[:, 2] = 1 - off[:, 0] - off[:, 1] + 4e-7
off_bad = soft.copy()
off_bad[:, 2] = 1 - off_bad[:, 0] - off_bad[:, 1] + 6e-7
neg = soft.copy()
neg[0] = [-0.1, 0.6, 0.5]
subs = {
    "perfect.csv": answers[["id"] + classes],
    "dirichlet_shuffled.csv": frame(soft).iloc[perm],
    "smooth_extra_col.csv": frame(smooth).assign(extra="x"),
    "hard_wrong.csv": frame(hard_wrong),
    "sum_off_4e-7.csv": frame(off),
    "sum_off_6e-7.csv": frame(off_bad),
    "negative.csv": frame(neg),
    "short.csv": frame(soft).iloc[:-1],
    "missing_tie.csv": frame(soft).drop(columns=["winner_tie"]),
    "missing_id.csv": frame(soft).drop(columns=["id"]),
    "duplicate_id.csv": frame(soft).assign(id=np.where(np.arange(n) == 1, ids.iloc[0], ids)),
    "wrong_id.csv": frame(soft).assign(id=np.where(np.arange(n) == 1, 7, ids)),
}
texts = {
    "nan_value.csv": "id,winner_model_a,winner_model_b,winner_tie\n" + "".join(f"{i},{'' if k == 0 else 0.5},0.5,0.0\n" for k, i in enumerate(ids)),
    "text_value.csv": "id,winner_model_a,winner_model_b,winner_tie\n" + "".join(f"{i},{'half' if k == 0 else 0.5},0.5,0.0\n" for k, i in enumerate(ids)),
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
