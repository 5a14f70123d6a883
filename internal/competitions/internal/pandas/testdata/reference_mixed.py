"""Golden values for shared.go on pandas object columns of mixed Python types
(table.Column.Mixed: what pandas' low_memory block inference builds when the
parsing blocks of one column infer different dtypes).

Usage: python3 reference_mixed.py > reference_mixed.json (run once; Debian
numpy 1.24 / pandas 1.5 / scikit-learn 1.2 — the operations used here,
object-array sorting, comparison, float conversion, sets, Series.min/max,
pandas.to_numeric, accuracy_score and roc_auc_score on object arrays, behave
the same in the pinned versions).

Floats are written as Python reprs; NaN elsewhere as null.
"""
import json
import math

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, roc_auc_score

nan = float("nan")


def obj(*v):
    return np.array(list(v), dtype=object)


def clean(x):
    if isinstance(x, float) and math.isnan(x):
        return None
    return x


def outcome(f):
    try:
        return {"value": clean(f()), "error": None}
    except Exception as e:  # noqa: BLE001
        return {"value": None, "error": type(e).__name__}


out = {}

# numbers: int 3, int 2**53+1, float 1.5, NaN, bool True, float 2.0**53
numbers = obj(3, 2**53 + 1, 1.5, nan, True, float(2**53))
out["sort_numbers"] = pd.DataFrame({"c": numbers}).sort_values("c").index.tolist()
out["sort_text_and_numbers"] = outcome(lambda: pd.DataFrame({"c": obj("b", 3, "a")}).sort_values("c").index.tolist())

# element-wise != of aligned arrays (numpy, as `(sub_ids != ans_ids)`)
out["ne_object_vs_float64"] = (obj(2**53 + 1, 1, "1", 1.0) != np.array([float(2**53), 1.0, 1.0, 1.0])).tolist()
out["ne_int64_vs_float64"] = (np.array([2**53 + 1]) != np.array([float(2**53)])).tolist()
out["ne_object_vs_object"] = (obj(1, "a", nan, True) != obj("1", "a", nan, 1)).tolist()

# Python sets
out["set_int_text_vs_text"] = set(obj(1, "a")) == set(obj("1", "a"))
out["set_float_text_vs_bool_text"] = set(obj(1.0, "a")) == set(obj(True, "a"))

# float conversion (np.asarray(..., float64) / astype(float))
out["floats"] = [repr(x) for x in np.asarray(obj(3, 1.5, True, "2.5", "1_0", nan, "+nan", "1e400"), dtype=np.float64).tolist()]
out["floats_text"] = outcome(lambda: np.asarray(obj(3, "x"), dtype=np.float64).tolist())

# Series.min / max skipping NaN
s = pd.Series(obj(1, 0.5, nan, True))
out["min_max"] = [clean(float(s.min())), clean(float(s.max()))]

# pandas.to_numeric on single text cells
out["to_numeric"] = {t: outcome(lambda t=t: float(pd.to_numeric(pd.Series(obj(t, t)))[0]))["error"] is None
                     for t in ["1_0", "+nan", "NAN", "1e400", " 1.5 ", "-Infinity", "iNF", ".5", "5.", "1e", "0x10", "True"]}

# metrics on object arrays
out["accuracy_mixed_numbers"] = outcome(lambda: float(accuracy_score(np.array([1, 0, 1]), obj(1, 0.0, True))))
out["accuracy_text_and_numbers"] = outcome(lambda: float(accuracy_score(np.array([1, 0, 1]), obj(1, "a", 0))))
out["accuracy_text_first"] = outcome(lambda: float(accuracy_score(obj("a", "b", "a"), obj("a", 1, "a"))))
out["auroc_mixed_numbers"] = outcome(lambda: float(roc_auc_score(np.array([1, 0, 1, 0]), obj(True, 0.25, 1, 0))))

print(json.dumps(out, indent=2, sort_keys=True))
