"""Golden grading cases for tabular-playground-series-dec-2021 (spec: Grade).

Writes grade/answers.csv, grade/<case>.csv and grade/cases.json next to this
script; the Go test grades the same files. Each case is graded here by a
direct transcription of the spec (prepare_for_accuracy_metric's checks, then
sklearn.metrics.accuracy_score, whose target checks are the same in Debian's
scikit-learn 1.2 and the pinned 1.5), catching InvalidSubmission vs other
exceptions.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score

here = Path(__file__).parent / "grade"
here.mkdir(exist_ok=True)
rs = np.random.RandomState(21)
n = 60
ids = np.sort(rs.choice(10_000, n, replace=False)) + 4_000_000
truth = rs.choice([1, 2, 3, 4, 5, 6, 7], n, p=[0.35, 0.45, 0.05, 0.05, 0.04, 0.03, 0.03])
answers = pd.DataFrame({"Id": ids, "Cover_Type": truth})
answers.to_csv(here / "answers.csv", index=False)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "Cover_Type" not in sub.columns:
        raise Invalid("target")
    if "Id" not in sub.columns:
        raise Invalid("id")
    sub = sub.sort_values("Id")
    ans = ans.sort_values("Id")
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids")
    return accuracy_score(ans["Cover_Type"].to_numpy(), sub["Cover_Type"].to_numpy())


cases = {}


def case(name, df=None, text=None):
    path = here / f"{name}.csv"
    if df is not None:
        df.to_csv(path, index=False)
    else:
        path.write_text(text)
    try:
        sub = pd.read_csv(path, float_precision="round_trip")
    except pd.errors.EmptyDataError:
        sub = pd.DataFrame()
    ans = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    try:
        cases[name] = {"outcome": "valid", "score": float(grade(sub, ans))}
    except Invalid:
        cases[name] = {"outcome": "invalid"}
    except Exception as e:  # noqa: BLE001
        cases[name] = {"outcome": "error", "python_error": f"{type(e).__name__}: {e}"}


case("perfect", answers)
case("sample", pd.DataFrame({"Id": ids, "Cover_Type": 2}))
pred = np.where(rs.rand(n) < 0.6, truth, rs.randint(1, 8, n))
perm = rs.permutation(n)
case("random_shuffled", pd.DataFrame({"Id": ids, "Cover_Type": pred}).iloc[perm])
case("extra_columns", pd.DataFrame({"Extra": "x", "Cover_Type": pred, "Id": ids, "More": 1.5}))
case("float_ids", pd.DataFrame({"Id": ids.astype(float), "Cover_Type": pred}))
case("integral_float_predictions", pd.DataFrame({"Id": ids, "Cover_Type": pred.astype(float)}))
txt = pred.astype(object)
txt[:7] = "two"
case("some_text_predictions", pd.DataFrame({"Id": ids, "Cover_Type": txt}))
case("all_text_predictions", pd.DataFrame({"Id": ids, "Cover_Type": np.array(["spruce", "pine", "aspen"])[rs.randint(0, 3, n)]}))
case("huge_predictions", pd.DataFrame({"Id": ids, "Cover_Type": np.where(rs.rand(n) < 0.5, pred, 10**15)}))
case("too_few_rows", pd.DataFrame({"Id": ids[:-1], "Cover_Type": pred[:-1]}))
case("too_many_rows", pd.DataFrame({"Id": np.append(ids, 1), "Cover_Type": np.append(pred, 1)}))
case("missing_target", pd.DataFrame({"Id": ids, "cover_type": pred}))
case("missing_id", pd.DataFrame({"ID": ids, "Cover_Type": pred}))
wrong = ids.copy()
wrong[3] += 1
case("unknown_id", pd.DataFrame({"Id": wrong, "Cover_Type": pred}))
dup = ids.copy()
dup[4] = dup[5]
case("duplicate_id", pd.DataFrame({"Id": dup, "Cover_Type": pred}))
case("text_ids", pd.DataFrame({"Id": ["a" + str(i) for i in ids], "Cover_Type": pred}))
frac = pred.astype(float)
frac[0] = 2.5
case("non_integral_prediction", pd.DataFrame({"Id": ids, "Cover_Type": frac}))
nan = pred.astype(float)
nan[0] = np.nan
case("nan_prediction", pd.DataFrame({"Id": ids, "Cover_Type": nan}))
snan = txt.copy()
snan[10] = np.nan
case("text_with_nan_prediction", pd.DataFrame({"Id": ids, "Cover_Type": snan}))
case("empty_file", text="")
case("header_only", text="Id,Cover_Type\n")

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True) + "\n")
print(json.dumps(cases, indent=1))
