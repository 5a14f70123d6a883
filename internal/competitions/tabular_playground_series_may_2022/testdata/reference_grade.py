"""Golden grading values for tabular-playground-series-may-2022, computed once
with scikit-learn (roc_auc_score is unchanged between Debian's 1.2.1 and the
pinned 1.5 for binary input). Writes answers.csv, sub_*.csv and scores.json
next to this script; the Go test grades the same files.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

here = Path(__file__).parent
rs = np.random.RandomState(7)
n = 500
ids = np.arange(800_000, 800_000 + n)
target = rs.randint(0, 2, n)
answers = pd.DataFrame({"id": ids, "target": target})
answers.to_csv(here / "answers.csv", index=False)

subs = {}
# noisy scores with many ties (two decimals), rows shuffled
noisy = np.clip(np.round(target * 0.3 + rs.rand(n) * 0.7, 2), 0, 1)
perm = rs.permutation(n)
subs["sub_ties_shuffled"] = pd.DataFrame({"id": ids[perm], "target": noisy[perm]})
# continuous random scores
subs["sub_random"] = pd.DataFrame({"id": ids, "target": rs.rand(n)})
# integer 0/1 predictions (int64 column)
subs["sub_int"] = pd.DataFrame({"id": ids, "target": (rs.rand(n) < 0.5).astype(int)})
# float ids (800000.0) compare equal to the integer answer ids
subs["sub_float_ids"] = pd.DataFrame({"id": ids.astype(float), "target": rs.rand(n)})

scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip").sort_values("id")
    a = answers.sort_values("id")
    assert (s["id"].values == a["id"].values).all()
    scores[name] = float(roc_auc_score(a["target"].values, s["target"].values))
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
