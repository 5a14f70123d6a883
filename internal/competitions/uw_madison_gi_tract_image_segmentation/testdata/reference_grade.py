# Reference scores of the grader test submissions, written from the spec's
# "Grade" section with pandas + NumPy + scipy.spatial.distance
# .directed_hausdorff (materialised masks and volumes):
#   /usr/bin/python3 reference_grade.py /tmp/uw
# Output: reference_scores.json, per submission {"score": <unrounded float>}
# or {"score": null, "error": "invalid" | "<Python exception class>"}.
import json
import os
import sys

import numpy as np
import pandas as pd
from scipy.spatial.distance import directed_hausdorff


class Invalid(Exception):
    pass


def decode(s, h, w):
    assert isinstance(s, str)
    assert isinstance(h, int) and isinstance(w, int)
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


def group(masks, ids):
    by_slice, order = {}, []
    for m, i in sorted(zip(masks, ids), key=lambda x: x[1]):
        if i not in by_slice:
            by_slice[i] = []
            order.append(i)
        by_slice[i].append(m)
    by_day, days = {}, []
    for i in order:
        d = i.split("_slice_")[0]
        if d not in by_day:
            by_day[d] = []
            days.append(d)
        by_day[d].append(np.logical_or.reduce(by_slice[i]).astype(np.uint8))
    return [np.stack(by_day[d], axis=0) for d in days]


def hd(p, t):
    if p.sum() == 0 and t.sum() == 0:
        return np.nan
    if np.array_equal(p, t):
        return 0
    if p.sum() == 0 or t.sum() == 0:
        return 1
    if p.sum() > 10 * t.sum():
        return 1
    tc = np.argwhere(t) / t.shape
    pc = np.argwhere(p) / t.shape
    return max(directed_hausdorff(tc, pc)[0], directed_hausdorff(pc, tc)[0]) / np.sqrt(3)


def dice(p, t):
    s = p.sum() + t.sum()
    return np.nan if s == 0 else 2 * np.logical_and(p, t).sum() / s


def grade(sub, ans):
    if not {"id", "class", "predicted"}.issubset(sub.columns):
        raise Invalid()
    sp = sub["predicted"].fillna("").tolist()
    ap = ans["predicted"].fillna("").tolist()
    hs = ans["image_height"].astype(int).tolist()
    ws = ans["image_width"].astype(int).tolist()
    sm = [decode(s, h, w) for s, h, w in zip(sp, hs, ws)]
    am = [decode(s, h, w) for s, h, w in zip(ap, hs, ws)]
    sv, av = group(sm, sub["id"]), group(am, ans["id"])
    d = np.nanmean([dice(p, t) for p, t in zip(sm, am)])
    h = np.nanmean([hd(p, t) for p, t in zip(sv, av)])
    return float(0.4 * d + 0.6 * (1 - h))


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
