"""Golden grading values for random-acts-of-pizza, computed once with
scikit-learn's roc_auc_score after sorting both tables by request_id.
Writes answers.csv, sub_*.csv and scores.json next to this script.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

here = Path(__file__).parent
rs = np.random.RandomState(21)
n = 150
ids = np.array(["t3_%s" % "".join(rs.choice(list("abcdefghijklmnopqrstuvwxyz0123456789"), 6)) for _ in range(n)])
assert len(set(ids)) == n
y = (rs.rand(n) < 0.25).astype(int)
answers = pd.DataFrame({"request_id": ids, "requester_received_pizza": y})
answers.to_csv(here / "answers.csv", index=False)


def grade(sub, ans):
    sub = sub.sort_values("request_id")
    ans = ans.sort_values("request_id")
    assert (sub["request_id"].values == ans["request_id"].values).all()
    return float(roc_auc_score(ans["requester_received_pizza"], sub["requester_received_pizza"]))


perm = rs.permutation(n)
subs = {
    "sub_random_shuffled": pd.DataFrame({"request_id": ids[perm], "requester_received_pizza": rs.rand(n)}),
    "sub_ties": pd.DataFrame({"request_id": ids, "requester_received_pizza": np.round(rs.rand(n) * 4) / 4 * 0.7 + y * 0.3}),
    "sub_bool": pd.DataFrame({"request_id": ids, "requester_received_pizza": rs.rand(n) < 0.3 + y * 0.4}),
}
scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip")
    a = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    scores[name] = grade(s, a)
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
