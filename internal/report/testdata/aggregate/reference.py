"""Reference values for mlebench's aggregate arithmetic (run once with
Debian's /usr/bin/python3; numpy and scipy as the original's aggregation
uses them, see environment-and-agents.md §3.2).

Writes:
  percentages.txt  T n repr(n / T * 100) for every 1 <= T <= 100, 0 <= n <= T
  seeds.txt        T c1,c2,... then, per metric value list, repr of mean,
                   standard error (sample std, ddof 1, over sqrt(n); 0.0 for
                   one seed), mean - 1.96 se and mean + 1.96 se
"""
import random

import numpy as np
from scipy import stats

with open("percentages.txt", "w") as f:
    for total in range(1, 101):
        for n in range(total + 1):
            f.write(f"{total} {n} {n / total * 100!r}\n")

rng = random.Random(20241008)
cases = []
for total in (15, 22, 38, 75):
    for seeds in (1, 2, 3, 5, 8, 10):
        for _ in range(25):
            cases.append((total, [rng.randint(0, total) for _ in range(seeds)]))
with open("seeds.txt", "w") as f:
    for total, counts in cases:
        values = [float(c / total * 100) for c in counts]
        mean = float(np.mean(values))
        sem = float(stats.sem(values, ddof=1)) if len(values) > 1 else 0.0
        f.write(f"{total} {','.join(map(str, counts))} {mean!r} {sem!r} {mean - 1.96 * sem!r} {mean + 1.96 * sem!r}\n")
