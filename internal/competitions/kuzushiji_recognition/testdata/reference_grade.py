# Reference scores of the grader test submissions, written from the spec's
# "Grade" section (Kaggle's kuzushiji F1) with pandas + NumPy:
#   /usr/bin/python3 reference_grade.py /tmp/kuz
# Output: reference_scores.json, per submission {"score": <float>} or
# {"score": null, "error": "invalid" | "<Python exception class>"}.
import json
import os
import sys

import numpy as np
import pandas as pd


class Invalid(Exception):
    pass


def page(preds, truth):
    if pd.isna(truth) and pd.isna(preds):
        return 0, 0, 0
    if pd.isna(truth):
        return 0, len(preds.split(" ")) // 3, 0
    if pd.isna(preds):
        return 0, 0, len(truth.split(" ")) // 5
    t = truth.split(" ")
    tl = t[0::5]
    tx = np.array(t[1::5]).astype(float)
    ty = np.array(t[2::5]).astype(float)
    tw = tx + np.array(t[3::5]).astype(float)
    th = ty + np.array(t[4::5]).astype(float)
    p = preds.split(" ")
    pl = np.array(p[0::3])
    px = np.array(p[1::3]).astype(float)
    py = np.array(p[2::3]).astype(float)
    unused = np.ones(len(pl), dtype=bool)
    tp = fn = 0
    for x0, x1, y0, y1, lab in zip(tx, tw, ty, th, tl):
        m = (x0 < px) & (x1 > px) & (y0 < py) & (y1 > py) & (pl == lab) & unused
        if m.sum() == 0:
            fn += 1
        else:
            tp += 1
            unused[np.argmax(m)] = False
    return tp, int(unused.sum()), fn


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid()
    if not {"image_id", "labels"}.issubset(sub.columns):
        raise Invalid()
    sub = sub.sort_values("image_id").reset_index(drop=True)
    ans = ans.sort_values("image_id").reset_index(drop=True)
    if not all(sub["image_id"] == ans["image_id"]):
        raise Invalid()
    for pred in sub["labels"]:
        if pd.isna(pred):
            continue
        p = pred.split(" ")
        if len(p) % 3:
            raise Invalid()
        [float(p[i]) for i in range(1, len(p), 3)]
        [float(p[i]) for i in range(2, len(p), 3)]
    tp = fp = fn = 0
    for a, b in zip(sub["labels"], ans["labels"]):
        x, y, z = page(a, b)
        tp, fp, fn = tp + x, fp + y, fn + z
    if tp + fp == 0 or tp + fn == 0:
        return 0.0
    pr, rc = tp / (tp + fp), tp / (tp + fn)
    return float(2 * pr * rc / (pr + rc)) if pr > 0 and rc > 0 else 0.0


here = os.path.dirname(os.path.abspath(__file__))
answers = pd.read_csv(os.path.join(sys.argv[1], "prepared", "private", "test.csv"), float_precision="round_trip")
out = {}
for name in sorted(os.listdir(os.path.join(here, "submissions"))):
    sub = pd.read_csv(os.path.join(here, "submissions", name), float_precision="round_trip")
    try:
        out[name] = {"score": grade(sub, answers)}
    except Invalid:
        out[name] = {"score": None, "error": "invalid"}
    except Exception as e:  # noqa: BLE001 - the class is the outcome
        out[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(here, "reference_scores.json"), "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
for k, v in out.items():
    print(k, v)
