#!/usr/bin/python3
"""Reference orders of Python's sorted(range(n), key=keys.__getitem__,
reverse=True) on float keys with NaN (every comparison false) and ties,
which is how the Lyft devkit orders predictions by confidence. Run with
Debian's /usr/bin/python3 (CPython 3.11); writes sort_orders.json."""
import json
import random
import sys

print(sys.version, file=sys.stderr)
rng = random.Random(7)
cases = []
for n in [0, 1, 2, 3, 7, 31, 63, 64, 65, 100, 127, 128, 129, 200, 257, 500, 1000]:
    for pattern in ("uniform", "ties", "runs", "nan-heavy"):
        keys = []
        for i in range(n):
            r = rng.random()
            if pattern == "uniform":
                v = rng.random()
            elif pattern == "ties":
                v = float(rng.randint(0, 4)) / 4
            elif pattern == "runs":
                v = (i // 37) + (i % 37) / 100 if (i // 37) % 2 == 0 else -(i % 37) / 100
            else:
                v = rng.random()
            if (pattern == "nan-heavy" and r < 0.5) or (pattern != "nan-heavy" and r < 0.08):
                v = float("nan")
            keys.append(v)
        order = sorted(range(n), key=keys.__getitem__, reverse=True)
        cases.append({"keys": [repr(k) for k in keys], "order": order})
with open("sort_orders.json", "w") as f:
    json.dump(cases, f)
    f.write("\n")
