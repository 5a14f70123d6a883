"""Golden scores for plant-pathology-2021-fgvc8's grader (spec:
shared/spec/competitions/plant-pathology-2021-fgvc8.md). Run once:

    python3 reference_grade.py > scores.json

Writes the test submissions sub_*.csv (random choices seeded here) next to
answers.csv, then scores them with scikit-learn's MultiLabelBinarizer and
f1_score(average="micro").
"""
import json
import random
import warnings
from pathlib import Path

import pandas as pd
from sklearn.metrics import f1_score
from sklearn.preprocessing import MultiLabelBinarizer

here = Path(__file__).parent
answers = pd.read_csv(here / "answers.csv")
rng = random.Random(7)
tokens = ["healthy", "scab", "rust", "complex", "frog_eye_leaf_spot", "powdery_mildew", "unknown_x", "Scab"]

subs = {}
s = answers.sample(frac=1, random_state=3).reset_index(drop=True)
s["labels"] = [" ".join(rng.choice(tokens) for _ in range(rng.randint(0, 3))) for _ in range(len(s))]
subs["sub_random_shuffled"] = s
s = answers.copy()
s["labels"] = [l + " " + l.split()[0] + "\tunknown_y" for l in s["labels"]]  # duplicates + unknown
subs["sub_dups_unknown"] = s
s = answers.copy()
s["labels"] = "healthy"
subs["sub_sample"] = s
subs["sub_perfect"] = answers.copy()
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)


def score(sub, ans):
    sub = sub.sort_values("image").reset_index(drop=True)
    ans = ans.sort_values("image").reset_index(drop=True)
    assert (sub["image"] == ans["image"]).all()
    vocab = sorted(set(t for l in ans["labels"] for t in l.split()))
    sub_l = sub["labels"].fillna("").str.split()
    ans_l = ans["labels"].fillna("").str.split()
    mlb = MultiLabelBinarizer(classes=vocab, sparse_output=True)
    y_true = mlb.fit_transform(ans_l)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        y_pred = mlb.transform(sub_l)
    return float(f1_score(y_true, y_pred, average="micro"))


out = {name: score(pd.read_csv(here / f"{name}.csv"), answers) for name in subs}
print(json.dumps(out, indent=2, sort_keys=True))
