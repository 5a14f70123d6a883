"""Golden grading values for ranzcr-clip-catheter-line-classification,
computed once with pandas + scikit-learn: per scored class, both tables
sorted by StudyInstanceUID and roc_auc_score taken; the score is the mean of
the 9 AUCs. Writes answers.csv, sub_*.csv and scores.json here.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

CLASSES = ["ETT - Abnormal", "ETT - Borderline", "ETT - Normal", "NGT - Abnormal", "NGT - Borderline",
           "NGT - Incompletely Imaged", "NGT - Normal", "CVC - Abnormal", "CVC - Borderline"]
ALL = CLASSES + ["CVC - Normal", "Swan Ganz Catheter Present"]
here = Path(__file__).parent
rs = np.random.RandomState(8)
n = 70
uids = np.array(["1.2.826.0.1.3680043.8.498.%d" % v for v in rs.randint(10**8, 10**9, n)])
y = (rs.rand(n, 11) < 0.3).astype(int)
y[0, :] = 0
y[1, :] = 1
answers = pd.DataFrame(y, columns=ALL)
answers.insert(0, "StudyInstanceUID", uids)
answers["PatientID"] = ["p%05d" % v for v in rs.randint(0, 99999, n)]
answers.to_csv(here / "answers.csv", index=False)


def grade(sub, ans):
    scores = []
    for c in CLASSES:
        s = sub.sort_values("StudyInstanceUID")
        a = ans.sort_values("StudyInstanceUID")
        assert (s["StudyInstanceUID"].values == a["StudyInstanceUID"].values).all()
        scores.append(roc_auc_score(a[c].values, s[c].values))
    return float(np.mean(scores))


perm = rs.permutation(n)
p = rs.rand(n, 9)
subs = {}
df = pd.DataFrame(p, columns=CLASSES)
df.insert(0, "StudyInstanceUID", uids)
df["extra column"] = "ignored"
subs["sub_random_shuffled_extra"] = df.iloc[perm]
df = pd.DataFrame(np.round(p * 3) / 3 * 0.6 + y[:, :9] * 0.4, columns=CLASSES[::-1])
df.insert(0, "StudyInstanceUID", uids)
subs["sub_ties_reordered"] = df
scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip")
    a = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    scores[name] = grade(s, a)
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
