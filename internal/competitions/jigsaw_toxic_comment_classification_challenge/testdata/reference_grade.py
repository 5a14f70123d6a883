"""Golden grading values for jigsaw-toxic-comment-classification-challenge,
computed once with pandas + scikit-learn following the spec's grade steps
(set_index + sort, keep-mask by label sum, boolean-Series alignment,
roc_auc_score(average="macro")). Writes answers.csv, sub_*.csv and
scores.json next to this script.
"""
import json
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

warnings.simplefilter("ignore")
CLASSES = ["toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"]
here = Path(__file__).parent
rs = np.random.RandomState(3)
n = 90
ids = np.array(["%016x" % v for v in rs.randint(0, 2**62, n, dtype=np.int64)])
labels = (rs.rand(n, 6) < 0.3).astype(int)
labels[:12] = 0
for c in range(6):
    labels[2 * c, c] = 1
unscored = rs.rand(n) < 0.35
unscored[:12] = False
labels[unscored] = -1
answers = pd.DataFrame(labels, columns=CLASSES)
answers.insert(0, "id", ids)
answers.to_csv(here / "answers.csv", index=False)


def grade(sub, ans):
    sub = sub.set_index("id").sort_index()
    ans = ans.set_index("id").sort_index()
    mask = ans[CLASSES].sum(axis=1) >= 0
    ans = ans[mask]
    sub = sub[mask]
    return float(roc_auc_score(ans.values, sub.values, average="macro"))


perm = rs.permutation(n)
scores_rand = rs.rand(n, 6)
subs = {}
subs["sub_random_shuffled"] = pd.DataFrame(scores_rand[perm], columns=CLASSES).assign(id=ids[perm])
subs["sub_ties"] = pd.DataFrame(np.round(scores_rand * 3) / 3 + labels.clip(0) * 0.2, columns=CLASSES)
subs["sub_ties"].insert(0, "id", ids)
reordered = pd.DataFrame(scores_rand + labels.clip(0) * 0.5, columns=CLASSES)
reordered.insert(0, "id", ids)
subs["sub_reordered_columns"] = reordered[["id"] + CLASSES[::-1]]
# a duplicated unscored id in place of another unscored id: harmless
dup = pd.DataFrame(scores_rand, columns=CLASSES)
dup.insert(0, "id", ids)
u = np.flatnonzero(unscored)
dup.loc[u[1], "id"] = ids[u[0]]
subs["sub_dup_unscored"] = dup
# a scored id duplicated in place of another scored id: scored misaligned
dup2 = pd.DataFrame(scores_rand, columns=CLASSES)
dup2.insert(0, "id", ids)
sc = np.flatnonzero(~unscored)
dup2.loc[sc[3], "id"] = ids[sc[4]]
subs["sub_dup_scored"] = dup2

scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip")
    a = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    scores[name] = grade(s, a)
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
