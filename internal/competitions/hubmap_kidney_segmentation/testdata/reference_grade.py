# Reference scores of the grader test submissions, written from the spec's
# "Grade" section with pandas + NumPy (materialised masks):
#   /usr/bin/python3 reference_grade.py /tmp/hubmap
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


def grade(sub, ans):
    if "id" not in sub.columns or "predicted" not in sub.columns:
        raise Invalid()
    if len(sub) != len(ans):
        raise Invalid()
    if set(sub["id"]) != set(ans["id"]):
        raise Invalid()
    sub = sub.sort_values("id").reset_index(drop=True)
    ans = ans.sort_values("id").reset_index(drop=True)
    preds = sub["predicted"].fillna("").tolist()
    hs, ws = ans["height_pixels"].tolist(), ans["width_pixels"].tolist()
    pm = [decode(p, h, w) for p, h, w in zip(preds, hs, ws)]
    tm = [decode(t, h, w) for t, h, w in zip(ans["encoding"], hs, ws)]
    dice = []
    for p, t in zip(pm, tm):
        s = p.sum() + t.sum()
        dice.append(1.0 if s == 0 else 2 * np.logical_and(p, t).sum() / s)
    return float(np.mean(dice))


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
