"""Golden grading cases for spooky-author-identification (spec: Grade).

Writes grade/answers.csv, grade/<case>.csv and grade/cases.json next to this
script; the Go test grades the same files. Valid cases carry the score of
scikit-learn 1.5's log_loss, computed here with numpy from its definition
(clip to [eps, 1-eps] with eps = float64 eps, no row renormalisation, mean of
-sum(y*log(p)) per row) because Debian's scikit-learn 1.2 still clips at 1e-15
and renormalises. Invalid / error expectations follow the spec's check list.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd

here = Path(__file__).parent / "grade"
here.mkdir(exist_ok=True)
rs = np.random.RandomState(11)
n = 40
classes = ["EAP", "HPL", "MWS"]
ids = np.array([f"id{v:05d}" for v in rs.choice(100000, n, replace=False)])
authors = rs.randint(0, 3, n)
onehot = np.zeros((n, 3), dtype=int)
onehot[np.arange(n), authors] = 1
answers = pd.DataFrame({"id": ids, "EAP": onehot[:, 0], "HPL": onehot[:, 1], "MWS": onehot[:, 2]})
answers.to_csv(here / "answers.csv", index=False)


def logloss(sub):
    s = sub.set_index("id").loc[answers["id"], classes].to_numpy(dtype=float)
    eps = np.finfo(np.float64).eps
    p = np.clip(s, eps, 1 - eps)
    return float(np.mean(-(onehot * np.log(p)).sum(axis=1)))


cases = {}


def valid(name, df):
    df.to_csv(here / f"{name}.csv", index=False)
    back = pd.read_csv(here / f"{name}.csv", float_precision="round_trip")
    cases[name] = {"outcome": "valid", "score": logloss(back)}


def bad(name, outcome, text=None, df=None):
    path = here / f"{name}.csv"
    if df is not None:
        df.to_csv(path, index=False)
    else:
        path.write_text(text)
    cases[name] = {"outcome": outcome}


def probs(p):
    return pd.DataFrame({"id": ids, "EAP": p[:, 0], "HPL": p[:, 1], "MWS": p[:, 2]})


valid("perfect", answers)
prior = np.tile([0.403493538995863, 0.287808366106543, 0.308698094897594], (n, 1))
valid("sample", probs(prior))
raw = rs.rand(n, 3)
rand = raw / raw.sum(axis=1, keepdims=True)
perm = rs.permutation(n)
valid("random_shuffled", probs(rand).iloc[perm])
# a zero probability on the true class costs -log(eps) ~ 36.04
hard = np.zeros((n, 3))
hard[np.arange(n), (authors + 1) % 3] = 1.0
hard[:5] = onehot[:5]
valid("confident_wrong", probs(hard))
# rows summing to 1 +/- 1.05e-5 pass isclose(rtol=1e-5, atol=1e-6); no renormalisation
near = rand.copy()
near[:, 0] += 1.05e-5
near[:, 0] = np.clip(near[:, 0], 0, 1)
valid("sum_within_tolerance", probs(near))
# columns in another order after id are fine (named, then reordered)
valid("columns_reordered", probs(rand)[["id", "MWS", "EAP", "HPL"]])
# integer 0/1 predictions
valid("int_onehot", answers.iloc[::-1])

# Check 1: shape
bad("too_few_rows", "invalid", df=probs(rand).iloc[:-1])
bad("extra_column", "invalid", df=probs(rand).assign(extra=0))
bad("missing_column", "invalid", df=probs(rand).drop(columns=["MWS"]))
# Check 2: row sums
off = rand.copy()
off[:, 0] += 1.2e-5
bad("sum_outside_tolerance", "invalid", df=probs(off))
bad("all_nan_row", "invalid", text="id,EAP,HPL,MWS\n" + "".join(
    f"{i},{'' if k == 0 else p[0]},{'' if k == 0 else p[1]},{'' if k == 0 else p[2]}\n"
    for k, (i, p) in enumerate(zip(ids, rand))))
# id not the first column: row sum over text -> TypeError (pandas >= 2): error, not invalid
bad("id_not_first", "error", df=probs(rand)[["EAP", "id", "HPL", "MWS"]])
bad("text_probability", "error", text="id,EAP,HPL,MWS\n" + "".join(
    f"{i},{'x' if k == 3 else p[0]},{p[1]},{p[2]}\n" for k, (i, p) in enumerate(zip(ids, rand))))
# Check 3: range (sums are fine)
neg = rand.copy()
neg[0] = [-0.25, 0.5, 0.75]
bad("negative_probability", "invalid", df=probs(neg))
big = rand.copy()
big[0] = [1.5, -0.25, -0.25]
bad("probability_above_one", "invalid", df=probs(big))
# NaN with the other two summing to 1: sum ok, range check fails on NaN
nanrow = rand.copy()
nanrow[0] = [np.nan, 0.5, 0.5]
bad("nan_probability", "invalid", df=probs(nanrow))
# Check 4: named columns
bad("wrong_class_name", "invalid", df=probs(rand).rename(columns={"MWS": "XXX"}))
bad("id_renamed", "invalid", df=probs(rand).rename(columns={"id": "ID"}))
# Check 5: ids differ after sorting -> AssertionError (error, not invalid)
other = probs(rand)
other.loc[0, "id"] = "id99999x"
bad("unknown_id", "error", df=other)
dup = probs(rand)
dup.loc[1, "id"] = dup.loc[0, "id"]
bad("duplicate_id", "error", df=dup)
bad("empty_file", "invalid", text="")
bad("header_only", "invalid", text="id,EAP,HPL,MWS\n")

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True) + "\n")
print(json.dumps({k: v for k, v in cases.items() if v["outcome"] == "valid"}, indent=1))
