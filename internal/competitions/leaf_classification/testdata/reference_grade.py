"""Golden grading values for leaf-classification. Debian's scikit-learn
1.2.1 log_loss clips with eps=1e-15 and renormalises rows, unlike the pinned
1.5 (eps = float64 machine epsilon, no renormalisation; the spec wins), so
the 1.5 formula is computed here with numpy/scipy directly:
mean over rows of -sum_k xlogy(y_ik, clip(p_ik, eps, 1 - eps)).
Writes answers.csv, sub_*.csv and scores.json next to this script; the class
names come from the spec file given as the only argument.
"""
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.special import xlogy

spec = Path(sys.argv[1])
line = next(l for l in spec.read_text().splitlines() if l.strip().startswith("Acer_Capillipes"))
CLASSES = [c.strip() for c in line.split(",")]
here = Path(__file__).parent
rs = np.random.RandomState(9)
n = 40
ids = rs.permutation(1000)[:n] + 1
y = np.zeros((n, 99), dtype=int)
y[np.arange(n), rs.randint(0, 99, n)] = 1
answers = pd.DataFrame(y, columns=CLASSES)
answers.insert(0, "id", ids)
answers.to_csv(here / "answers.csv", index=False)


def loss(sub, ans):
    sub = sub.sort_values("id").reset_index(drop=True)
    ans = ans.sort_values("id").reset_index(drop=True)
    assert (sub["id"].values == ans["id"].values).all()
    p = sub[CLASSES].to_numpy(dtype=float)
    t = ans[CLASSES].to_numpy(dtype=float)
    eps = np.finfo(np.float64).eps
    p = np.clip(p, eps, 1 - eps)
    return float(np.average(-xlogy(t, p).sum(axis=1)))


subs = {}
p = rs.dirichlet(np.ones(99) * 0.3, n)
perm = rs.permutation(n)
cols = list(rs.permutation(CLASSES))
df = pd.DataFrame(p, columns=CLASSES)
df.insert(0, "id", ids)
subs["sub_random_shuffled"] = df.iloc[perm][["id"] + cols]
# one-hot predictions, half of them wrong: exact zeros on the true class
# give -log(eps) = 36.04365338911715 per wrong row (scikit-learn 1.5 clips)
hard = y.copy()
for i in range(0, n, 2):
    hard[i] = np.roll(hard[i], 1)
df = pd.DataFrame(hard, columns=CLASSES)
df.insert(0, "id", ids)
subs["sub_hard"] = df
# rows summing to 1 within the isclose tolerance but not exactly
q = np.full((n, 99), 1 / 99)
q[:, 0] += 5e-6
df = pd.DataFrame(q, columns=CLASSES)
df.insert(0, "id", ids)
subs["sub_near_one"] = df

scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip")
    a = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    scores[name] = loss(s, a)
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
