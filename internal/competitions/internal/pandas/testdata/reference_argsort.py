"""Golden vectors for pandas.ArgsortQuick: numpy's argsort(kind="quicksort") of
object arrays of strings with many duplicates (the order of equal elements
is what pandas' sort_values / sort_index give duplicate ids). Writes
argsort_cases.json: [{"values": [...], "argsort": [...]}, ...].
"""
import json
from pathlib import Path

import numpy as np

rs = np.random.RandomState(0)
cases = []
for size in list(range(1, 40)) + [50, 64, 100, 128, 200, 333, 1000]:
    for distinct in (1, 2, 3, max(1, size // 4), size):
        vals = np.array(["k%03d" % v for v in rs.randint(0, distinct, size)], dtype=object)
        cases.append({"values": list(vals), "argsort": [int(i) for i in vals.argsort(kind="quicksort")]})
# sorted and reverse-sorted inputs with ties
for size in (40, 300):
    vals = np.array(sorted("k%02d" % v for v in rs.randint(0, 10, size)), dtype=object)
    cases.append({"values": list(vals), "argsort": [int(i) for i in vals.argsort(kind="quicksort")]})
    vals = vals[::-1].copy()
    cases.append({"values": list(vals), "argsort": [int(i) for i in vals.argsort(kind="quicksort")]})
(Path(__file__).parent / "argsort_cases.json").write_text(json.dumps(cases) + "\n")
print(len(cases))
