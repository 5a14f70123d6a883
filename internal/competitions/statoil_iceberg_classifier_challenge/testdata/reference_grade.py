"""Golden scores for statoil-iceberg-classifier-challenge's grader (spec:
shared/spec/competitions/statoil-iceberg-classifier-challenge.md). Run once:

    python3 reference_grade.py > scores.json

answers.csv is private/test.csv of the seed-0 fake data. The submissions
sub_*.csv are written here. Debian's scikit-learn 1.2 renormalises after
clipping; the spec follows scikit-learn 1.5 (clip to [eps, 1-eps], no
renormalisation), reimplemented in numpy below and cross-checked against
sklearn 1.2 (which differs by at most ~1e-16 relative).
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import log_loss

here = Path(__file__).parent
answers = pd.read_csv(here / "answers.csv")
rng = np.random.RandomState(11)
subs = {}
s = answers.sample(frac=1, random_state=2).reset_index(drop=True)
s["is_iceberg"] = rng.uniform(size=len(s)).round(6)
subs["sub_random_shuffled"] = s
s = answers.copy()
s["is_iceberg"] = np.where(rng.uniform(size=len(s)) < 0.2, 1 - s["is_iceberg"], s["is_iceberg"]).astype(float)
subs["sub_hard_some_wrong"] = s
s = answers.copy()
s["is_iceberg"] = 0.5
subs["sub_sample"] = s
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)


def score(sub):
    sub = sub.sort_values("id")
    ans = answers.sort_values("id")
    assert set(sub["id"]) == set(ans["id"])
    p = sub["is_iceberg"].to_numpy(dtype=float)
    t = ans["is_iceberg"].to_numpy()
    eps = np.finfo(np.float64).eps
    q = np.clip(np.column_stack([1 - p, p]), eps, 1 - eps)
    loss = -(np.log(q[:, 1]) * (t == 1) + np.log(q[:, 0]) * (t == 0))
    v = float(np.mean(loss))
    assert abs(v - log_loss(t, p)) <= 1e-12 * max(1, v)
    return v


print(json.dumps({n: score(pd.read_csv(here / f"{n}.csv")) for n in subs}, indent=2, sort_keys=True))
