# Golden values for the familiarity package, made once with Debian's python3
# (CPython's random module, scipy.stats.pearsonr): run
#   /usr/bin/python3 reference_values.py > reference_values.json
import json
import random

from scipy import stats

samples = []
for n, k, seed in [(10, 10, 0), (21, 5, 1), (30, 7, 2), (1000, 50, 3), (5000, 1000, 4), (3, 2, 0)]:
    random.seed(seed)
    samples.append({"n": n, "k": k, "seed": seed, "sample": random.sample(range(n), k)})

pearson = []
for x, y in [
    ([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]),
    ([0.1, 0.5, 0.2, 0.9, 0.3, 0.8, 0.4], [1.0, 3.0, 1.5, 4.2, 2.0, 3.9, 2.2]),
    ([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4]),
    ([1, 2, 3], [1, 2, 2.5]),
]:
    r, p = stats.pearsonr(x, y)
    pearson.append({"x": x, "y": y, "r": float(r), "p": float(p)})

print(json.dumps({"samples": samples, "pearson": pearson}, indent=1))
