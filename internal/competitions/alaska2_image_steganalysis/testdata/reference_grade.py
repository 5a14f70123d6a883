"""Reference scores for alaska2-image-steganalysis, computed from the spec's
metric with scikit-learn's roc_curve and auc (Debian's sklearn 1.2 builds
the same curve as 1.5 here). Run once after reference_prepare.py:

    /usr/bin/python3 testdata/reference_grade.py /tmp/a2/prepared/private/test.csv > testdata/reference_scores.json

"formula" holds the scores of submissions built by formulas of the row
number i and label y over the seed-0 answers (the Go test builds the same
ones); "curves" holds small hand-made inputs with their scores.
"""
import json
import math
import sys

import numpy as np
import pandas as pd
from sklearn import metrics


def weighted_auc(y_true, y_score):
    thresholds = [0.0, 0.4, 1.0]
    weights = [2, 1]
    fpr, tpr, _ = metrics.roc_curve(y_true, y_score, pos_label=1)
    for th in thresholds:
        if th not in tpr:
            i = int(np.argmax(tpr > th))
            x = fpr[i - 1] + (fpr[i] - fpr[i - 1]) * (th - tpr[i - 1]) / (tpr[i] - tpr[i - 1])
            fpr = np.insert(fpr, i, x)
            tpr = np.insert(tpr, i, th)
    areas = np.array(thresholds[1:]) - np.array(thresholds[:-1])
    norm = np.dot(areas, weights)
    total = 0
    for b, w in enumerate(weights):
        lo, hi = thresholds[b], thresholds[b + 1]
        mask = (tpr >= lo) & (tpr <= hi)
        if mask.sum() == 0:
            continue
        x = np.concatenate([fpr[mask], [1.0]])
        y = np.concatenate([tpr[mask], [hi]]) - lo
        total += metrics.auc(x, y) * w
    return float(total / norm)


answers = pd.read_csv(sys.argv[1])
y = answers["Label"].astype(float).to_numpy()
formulas = {
    "perfect": lambda i, v: v,
    "inverse": lambda i, v: -v,
    "constant": lambda i, v: 0.5,
    "pseudorand": lambda i, v: ((i * 7919) % 1000) / 1000,
    "noisy": lambda i, v: v * 0.3 + ((i * 37) % 101) / 101,
    "coarse ties": lambda i, v: math.floor((v * 2 + ((i * 13) % 7)) / 3),
    "large range": lambda i, v: (v - 0.5) * 1e12 * (1 + (i % 5)),
}
out = {"formula": {}, "curves": []}
for name, f in formulas.items():
    s = np.array([f(i, v) for i, v in enumerate(y)], dtype=float)
    out["formula"][name] = weighted_auc(y, s)

rs = np.random.RandomState(7)
curves = [
    ("two points", [0, 1], [0.1, 0.9]),
    ("inverted pair", [0, 1], [0.9, 0.1]),
    ("tpr hits 0.4 exactly", [1, 1, 0, 1, 1, 0, 1, 0, 0, 1], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]),
    ("ties across classes", [1, 0, 1, 0, 1, 1, 0], [0.5, 0.5, 0.7, 0.7, 0.2, 0.9, 0.2]),
    ("collinear runs", [1, 1, 1, 0, 0, 0, 1, 0], [8, 7, 6, 5, 4, 3, 2, 1]),
    ("negative zero ties zero", [1, 0, 1, 0], [0.0, -0.0, 1.0, -1.0]),
]
for n in (37, 300):
    yt = rs.randint(0, 2, n)
    ys = np.round(rs.rand(n), 2)
    curves.append((f"random {n}", yt.tolist(), ys.tolist()))
for name, yt, ys in curves:
    out["curves"].append({"name": name, "y_true": [float(v) for v in yt], "y_score": [float(v) for v in ys],
                          "score": weighted_auc(np.array(yt, dtype=float), np.array(ys, dtype=float))})
json.dump(out, sys.stdout, indent=1)
print()
