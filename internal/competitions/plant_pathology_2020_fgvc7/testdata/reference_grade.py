"""Golden grading values for plant-pathology-2020-fgvc7, computed once with
pandas + scikit-learn (roc_auc_score per class after sorting by image_id,
then np.mean). Writes answers.csv, sub_*.csv and scores.json here.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

CLASSES = ["healthy", "multiple_diseases", "rust", "scab"]
here = Path(__file__).parent
rs = np.random.RandomState(4)
n = 60
ids = np.array([f"Test_{i}" for i in range(n)])
lab = rs.randint(0, 4, n)
lab[:4] = [0, 1, 2, 3]
y = np.eye(4, dtype=int)[lab]
answers = pd.DataFrame(y, columns=CLASSES)
answers.insert(0, "image_id", ids)
answers.to_csv(here / "answers.csv", index=False)


def grade(sub, ans):
    sub = sub.sort_values("image_id").reset_index(drop=True)
    ans = ans.sort_values("image_id").reset_index(drop=True)
    assert (sub["image_id"] == ans["image_id"]).all()
    return float(np.mean([roc_auc_score(ans[c], sub[c]) for c in CLASSES]))


subs = {}
p = rs.rand(n, 4)
perm = rs.permutation(n)
df = pd.DataFrame(p, columns=CLASSES)
df.insert(0, "image_id", ids)
subs["sub_random_shuffled"] = df.iloc[perm][["scab", "image_id", "rust", "healthy", "multiple_diseases"]]
df = pd.DataFrame(np.round(p * 2) / 2 + y * 0.3, columns=CLASSES)
df.insert(0, "image_id", ids)
subs["sub_ties"] = df
df = pd.DataFrame(rs.randint(-5, 20, (n, 4)), columns=CLASSES)
df.insert(0, "image_id", ids)
subs["sub_ints_out_of_range"] = df
scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip")
    a = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    scores[name] = grade(s, a)
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
