"""Golden grading values for mlsp-2013-birds, computed once with
scikit-learn: one pooled roc_auc_score over all (recording, species) rows
after sorting both tables by Id. Writes answers.csv, sub_*.csv and
scores.json here.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

here = Path(__file__).parent
rs = np.random.RandomState(13)
recs = sorted(rs.choice(300, 12, replace=False))
ids = np.array([r * 100 + s for r in recs for s in range(19)])
y = (rs.rand(len(ids)) < 0.1).astype(int)
answers = pd.DataFrame({"Id": ids, "Probability": y})
answers.to_csv(here / "answers.csv", index=False)


def grade(sub, ans):
    sub = sub.sort_values("Id")
    ans = ans.sort_values("Id")
    assert (sub["Id"].values == ans["Id"].values).all()
    return float(roc_auc_score(ans["Probability"], sub["Probability"]))


perm = rs.permutation(len(ids))
subs = {
    "sub_random_shuffled": pd.DataFrame({"Id": ids[perm], "Probability": rs.rand(len(ids))}),
    "sub_ties": pd.DataFrame({"Id": ids, "Probability": np.round(rs.rand(len(ids)) * 5) / 5 * 0.5 + y * 0.5}),
}
scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip")
    a = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    scores[name] = grade(s, a)
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
