"""Reference grader for AI4Code: the spec's checks and the upstream-style
Kendall tau (sorted list + right bisect), run once with Debian's pandas to
produce reference_scores.json from the cases in grade_cases.json, plus the
sample-submission score on the seed-0 prepared fake data.

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR > reference_scores.json
"""
import io
import json
import sys
from bisect import bisect

import pandas as pd


class Invalid(Exception):
    pass


def count_inversions(a):
    inv, seen = 0, []
    for v in a:
        i = bisect(seen, v)
        inv += len(seen) - i
        seen.insert(i, v)
    return inv


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("rows")
    if "id" not in sub.columns or "cell_order" not in sub.columns:
        raise Invalid("columns")
    if set(sub["id"]) != set(ans["id"]):
        raise Invalid("ids")
    sub = sub.copy()
    ans = ans.copy()
    sub["cell_order"] = sub["cell_order"].astype(str)
    ans["cell_order"] = ans["cell_order"].astype(str)
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    S = T = 0
    for gt, pr in zip(sub["cell_order"], ans["cell_order"]):
        g, p = gt.split(), pr.split()
        if len(g) != len(p):
            raise Invalid("lengths")
        ranks = [g.index(x) for x in p]
        S += count_inversions(ranks)
        n = len(g)
        T += n * (n - 1)
    return 1 - 4 * S / T


def run(sub, ans):
    try:
        return {"score": grade(sub, ans)}
    except Invalid:
        return {"error": "invalid"}
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__}


read = lambda s: pd.read_csv(io.StringIO(s), float_precision="round_trip")
cases = json.load(open("grade_cases.json"))
ans = read(cases["answers"])
out = {name: run(read(text), ans) for name, text in cases["submissions"].items()}
prep = sys.argv[1]
out["prepared sample_submission.csv"] = run(
    pd.read_csv(prep + "/public/sample_submission.csv", float_precision="round_trip"),
    pd.read_csv(prep + "/private/test_orders.csv", float_precision="round_trip"))
print(json.dumps(out, indent=1, sort_keys=True))
