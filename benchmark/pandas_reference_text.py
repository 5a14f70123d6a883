#!/usr/bin/python3
"""Reference graders (pandas, numpy, python-Levenshtein) for the text
competitions that pandas_reference_grade.py lists without one: the edit
distance competitions and AI4Code.

One function per competition, grade(sub, ans) on the two DataFrames that
pandas_reference_grade.py's read() gives (pd.read_csv with
float_precision="round_trip"), returning the unrounded score; an invalid
submission raises. GRADERS maps competition ids to them, for
pandas_reference_grade.py to merge into its own table.

Standalone use, with the same arguments as pandas_reference_grade.py:
    pandas_reference_text.py COMPETITION_ID ANSWERS SUBMISSION

Written from the project's spec (../shared/spec/competitions/<id>.md). The
edit distance is the C python-Levenshtein package (Debian's
python3-levenshtein, `apt-get install python3-levenshtein`), as the
original's `Levenshtein.distance`. Debian's package is 0.12, whose distance()
takes strings only; multi-modal-gesture-recognition's lists of ints are
therefore mapped to one code point per distinct token before the C call
(the newer package the original pins hashes each list element to a 64-bit
key in C instead: the same distance, similar per-element cost).
"""

import sys
from bisect import bisect

import numpy as np
import pandas as pd


class Invalid(Exception):
    pass


def read(path, **kw):
    return pd.read_csv(path, float_precision="round_trip", **kw)


def need(df, *cols):
    for c in cols:
        if c not in df.columns:
            raise Invalid(f"missing column {c}")


def sorted_pair(sub, ans, id_col):
    sub = sub.sort_values(by=id_col).reset_index(drop=True)
    ans = ans.sort_values(by=id_col).reset_index(drop=True)
    if (sub[id_col].values != ans[id_col].values).any():
        raise Invalid("ids differ")
    return sub, ans


def billion_word(sub, ans):
    import Levenshtein

    need(ans, "id", "sentence")
    need(sub, "id", "sentence")
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    sub, ans = sorted_pair(sub, ans, "id")
    d = [Levenshtein.distance(t, p) for t, p in zip(ans["sentence"], sub["sentence"])]
    return float(np.mean(d))


def bms(sub, ans):
    import Levenshtein

    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, "image_id", "InChI")
    sub, ans = sorted_pair(sub, ans, "image_id")
    t = ans["InChI"].astype(str)
    p = sub["InChI"].astype(str)
    d = [Levenshtein.distance(a, b) for a, b in zip(t, p)]
    return float(np.mean(d))


def gesture(sub, ans):
    import Levenshtein

    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, "Id", "Sequence")
    need(ans, "Id", "Sequence")
    sub, ans = sorted_pair(sub, ans, "Id")
    truth = [[int(x) for x in s.split()] for s in ans["Sequence"].astype(str)]
    try:
        pred = [[int(x) for x in s.split()] for s in sub["Sequence"].astype(str)]
    except ValueError as e:
        raise Invalid(str(e))
    code = {}

    def as_str(xs):
        return "".join(chr(code.setdefault(x, len(code))) for x in xs)

    d = np.sum([Levenshtein.distance(as_str(a), as_str(b)) for a, b in zip(truth, pred)])
    return float(d / sum(len(a) for a in truth))


def count_inversions(a):
    inversions = 0
    sorted_so_far = []
    for i, u in enumerate(a):
        j = bisect(sorted_so_far, u)
        inversions += i - j
        sorted_so_far.insert(j, u)
    return inversions


def ai4code(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, "id", "cell_order")
    if set(sub["id"]) != set(ans["id"]):
        raise Invalid("id sets differ")
    sub = sub.copy()
    ans = ans.copy()
    sub["cell_order"] = sub["cell_order"].astype(str)
    ans["cell_order"] = ans["cell_order"].astype(str)
    sub = sub.sort_values(by="id").reset_index(drop=True)
    ans = ans.sort_values(by="id").reset_index(drop=True)
    truth = [s.split() for s in sub["cell_order"]]
    pred = [s.split() for s in ans["cell_order"]]
    for g, p in zip(truth, pred):
        if len(g) != len(p):
            raise Invalid("cell count differs")
    inv = 0
    total = 0
    for g, p in zip(truth, pred):
        ranks = [g.index(x) for x in p]
        inv += count_inversions(ranks)
        n = len(g)
        total += n * (n - 1)
    return 1 - 4 * inv / total


GRADERS = {
    "billion-word-imputation": billion_word,
    "bms-molecular-translation": bms,
    "multi-modal-gesture-recognition": gesture,
    "AI4Code": ai4code,
}


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    cid, answers, submission = argv[1:]
    grade = GRADERS.get(cid)
    if grade is None:
        print("NOREF: not in pandas_reference_text.py")
        return 3
    print(repr(float(grade(read(submission), read(answers)))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
