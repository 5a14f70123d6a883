"""Golden grading values for dog-breed-identification (run once).

Usage: python3 reference_grade.py ANSWERS_CSV OUT_DIR
Writes OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json. The
grader is rebuilt from the spec's Grade section. log_loss is computed with
scikit-learn 1.5's semantics written out in numpy/scipy (clip to
[eps, 1 - eps] with eps = float64 machine epsilon, no renormalisation,
-xlogy(y, p).sum(axis=1) averaged), because Debian's scikit-learn 1.2 still
renormalises and clips at 1e-15.
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
DOGS = list(answers.columns[1:])
assert len(DOGS) == 120
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def log_loss_15(y_true, y_pred):
    eps = np.finfo(np.float64).eps
    p = np.clip(np.asarray(y_pred, dtype=np.float64), eps, 1 - eps)
    loss = -xlogy(y_true, p).sum(axis=1)
    return float(np.average(loss))


def grade(sub, ans):
    if any(c not in sub.columns for c in DOGS):
        raise Invalid("columns")
    if "id" not in sub.columns:
        raise Invalid("id")
    if len(sub) != len(ans):
        raise Invalid("length")
    if any(sub[c].dtype == object for c in DOGS):
        # pandas >= 2.0 raises TypeError for a row sum over a text column
        # (Debian's pandas 1.5 silently drops it); the spec follows >= 2.2.
        raise TypeError("unsupported operand type(s) for +")
    if not np.all(np.isclose(sub[DOGS].sum(axis=1), 1, atol=1e-6)):
        raise Invalid("sums")
    if not ((sub[DOGS] >= 0) & (sub[DOGS] <= 1)).all().all():
        raise Invalid("range")
    sub = sub[ans.columns].sort_values("id").reset_index(drop=True)
    ans = ans.sort_values("id").reset_index(drop=True)
    assert sub["id"].tolist() == ans["id"].tolist()
    return log_loss_15(ans[DOGS].to_numpy(), sub[DOGS].to_numpy())


n = len(answers)
ids = answers["id"]
truth = answers[DOGS].to_numpy().astype(float)
perm = rs.permutation(n)


def frame(p, order=None):
    df = pd.DataFrame(p, columns=DOGS)
    df.insert(0, "id", ids)
    return df if order is None else df.iloc[order]


rand = rs.random_sample((n, 120)) ** 4
rand /= rand.sum(axis=1, keepdims=True)
smooth = truth * 0.9 + 0.1 / 120
zeros = truth.copy()
zeros[0] = np.roll(zeros[0], 1)  # all mass on a wrong breed: true class p = 0
off_ok = smooth.copy()
off_ok[1, 5] += 1e-5
off_bad = smooth.copy()
off_bad[1, 5] += 2e-5
with_nan = smooth.copy()
with_nan[2, np.argmax(truth[2])] = np.nan  # row sum 0.1 -> invalid sums
nan_zero_cell = smooth.copy()
k = (np.argmax(truth[3]) + 1) % 120
nan_zero_cell[3, k] = np.nan  # sum 1 - 0.1/120: still close? no -> invalid
negative = smooth.copy()
negative[4, (np.argmax(truth[4]) + 1) % 120] -= 0.5
negative[4, (np.argmax(truth[4]) + 2) % 120] += 0.5

frames = {
    "perfect.csv": answers,
    "uniform.csv": frame(np.full((n, 120), 1 / 120)),
    "random_shuffled.csv": frame(rand, perm),
    "smooth_reordered_extra.csv": frame(smooth)[["id"] + DOGS[::-1]].assign(extra="x"),
    "true_class_zero.csv": frame(zeros),
    "row_off_by_1e-5.csv": frame(off_ok),
    "row_off_by_2e-5.csv": frame(off_bad),
    "nan_true_cell.csv": frame(with_nan),
    "nan_cell.csv": frame(nan_zero_cell),
    "negative_cell.csv": frame(negative),
    "missing_breed.csv": frame(smooth).drop(columns=[DOGS[7]]),
    "missing_id.csv": frame(smooth).rename(columns={"id": "ID"}),
    "short.csv": frame(smooth).iloc[:-1],
    "wrong_id.csv": frame(smooth).assign(id=["x"] + list(ids[1:])),
    "text_cell.csv": frame(smooth).astype({DOGS[0]: object}).assign(**{DOGS[0]: ["high"] + [0.1 / 120] * (n - 1)}),
}
for name, df in frames.items():
    df.to_csv(os.path.join(subdir, name), index=False)
open(os.path.join(subdir, "empty.csv"), "w").close()

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
