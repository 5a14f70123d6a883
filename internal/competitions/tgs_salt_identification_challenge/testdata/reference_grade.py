# Reference scores of the grader test submissions, written from the spec's
# "Grade" section with pandas + NumPy (materialised 101x101 masks and NumPy's
# own histogram2d / histogram binning, as the spec describes it):
#   /usr/bin/python3 reference_grade.py /tmp/tgs
# Output: reference_scores.json, per submission {"score": <unrounded float>}
# or {"score": null, "error": "invalid" | "<Python exception class>"}.
import json
import os
import sys

import numpy as np
import pandas as pd


class Invalid(Exception):
    pass


def decode(s, h, w):
    assert isinstance(s, str)
    if not s.strip():
        return np.zeros((h, w), dtype=bool)
    toks = [int(t) for t in s.split()]
    starts, lengths = toks[0::2], toks[1::2]
    assert starts == sorted(starts)
    assert all(x > 0 for x in starts)
    assert all(x > 0 for x in lengths)
    lo = np.array(starts) - 1
    hi = lo + lengths
    flat = np.zeros(h * w, dtype=bool)
    for a, b in zip(lo, hi):
        assert not flat[a:b].any()
        flat[a:b] = True
    return flat.reshape((w, h)).T


def image_score(t, p):
    if t.sum() == 0 and p.sum() == 0:
        return 1.0
    if t.sum() == 0:
        return 0.0
    inter = np.histogram2d(t.flatten(), p.flatten(), bins=(2, 2))[0]
    at = np.histogram(t, bins=2)[0][:, None]
    ap = np.histogram(p, bins=2)[0][None, :]
    union = at + ap - inter
    iou = inter[1:, 1:] / union[1:, 1:]
    prec = [1.0 if iou[0, 0] > th else 0.0 for th in np.arange(0.5, 1.0, 0.05)]
    return np.mean(prec)


def grade(sub, ans):
    if set(sub.columns) != {"id", "rle_mask"}:
        raise Invalid()
    if len(sub) != len(ans):
        raise Invalid()
    sub, ans = sub.fillna(""), ans.fillna("")
    if not all(isinstance(x, str) for col in sub.columns for x in sub[col]):
        raise Invalid()
    sub, ans = sub.sort_values("id"), ans.sort_values("id")
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid()
    try:
        preds = [decode(s, 101, 101) for s in sub["rle_mask"]]
    except AssertionError:
        raise Invalid()
    truths = [decode(s, 101, 101) for s in ans["rle_mask"]]
    return float(np.mean([image_score(t, p) for t, p in zip(truths, preds)]))


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
