"""Golden grading values for new-york-city-taxi-fare-prediction, computed
once with scikit-learn (mean_squared_error(squared=False) in Debian's 1.2.1 is
the pinned 1.5's root_mean_squared_error). Writes answers.csv, sub_*.csv and
scores.json next to this script.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_error

here = Path(__file__).parent
rs = np.random.RandomState(11)
n = 300
keys = np.array(["2010-%02d-%02d 12:00:%02d.%07d" % (1 + i % 12, 1 + i % 28, i % 60, i) for i in range(n)])
fare = np.round(rs.rand(n) * 40 + 2.5, 2)
answers = pd.DataFrame({"key": keys, "fare_amount": fare})
answers.to_csv(here / "answers.csv", index=False)

subs = {}
perm = rs.permutation(n)
subs["sub_noisy_shuffled"] = pd.DataFrame({"key": keys[perm], "fare_amount": (fare + rs.randn(n) * 3)[perm]})
subs["sub_constant"] = pd.DataFrame({"key": keys, "fare_amount": np.full(n, 11.35)})
# wrong keys, equal length: still scored positionally after each table's own sort
wrong = np.array(["zz%04d" % i for i in range(n)])
subs["sub_wrong_keys"] = pd.DataFrame({"key": wrong[perm], "fare_amount": rs.rand(n) * 30})
# integer predictions
subs["sub_int"] = pd.DataFrame({"key": keys, "fare_amount": rs.randint(3, 30, n)})

scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip").sort_values("key")
    a = pd.read_csv(here / "answers.csv", float_precision="round_trip").sort_values("key")
    scores[name] = float(mean_squared_error(a["fare_amount"], s["fare_amount"], squared=False))
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
