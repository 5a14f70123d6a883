"""Golden grading cases for the-icml-2013-whale-challenge-right-whale-redux
(spec: Grade). Writes grade/answers.csv, grade/<case>.csv and grade/cases.json
next to this script; the Go test grades the same files. Each case is graded
here by a direct transcription of the spec (prepare_for_auroc_metric's checks,
then sklearn.metrics.roc_auc_score, unchanged between Debian's 1.2 and the
pinned 1.5 for binary input), catching InvalidSubmission vs other exceptions.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

here = Path(__file__).parent / "grade"
here.mkdir(exist_ok=True)
rs = np.random.RandomState(13)
n = 80
clips = [f"2009033{1 if i >= 40 else 0}_{rs.randint(0, 240000):06d}_{rs.randint(0, 900):03d}s{rs.randint(0, 1000)}ms_Test{i}.aif" for i in range(n)]
truth = (rs.rand(n) < 0.3).astype(int)
answers = pd.DataFrame({"clip": clips, "probability": truth})
answers.to_csv(here / "answers.csv", index=False)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "clip" not in sub.columns:
        raise Invalid("clip")
    if "probability" not in sub.columns:
        raise Invalid("probability")
    if len(sub) != len(ans):
        raise Invalid("length")
    try:
        pd.to_numeric(sub["probability"])
    except ValueError:
        raise Invalid("numeric")
    if sub["probability"].min() < 0 or sub["probability"].max() > 1:
        raise Invalid("range")
    sub = sub.sort_values("clip")
    ans = ans.sort_values("clip")
    if (sub["clip"].values != ans["clip"].values).any():
        raise Invalid("ids")
    return roc_auc_score(ans["probability"], sub["probability"])


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
case("sample", answers.assign(probability=0))
score = np.clip(truth * 0.35 + rs.rand(n) * 0.65, 0, 1)
perm = rs.permutation(n)
case("random_shuffled", pd.DataFrame({"clip": np.array(clips)[perm], "probability": score[perm]}))
case("ties_two_decimals", pd.DataFrame({"clip": clips, "probability": np.round(score, 1)}))
case("extra_columns", pd.DataFrame({"x": "a", "probability": score, "clip": clips}))
case("bool_predictions", pd.DataFrame({"clip": clips, "probability": score > 0.5}))
case("inverted", answers.assign(probability=1 - truth))
case("missing_clip", pd.DataFrame({"Clip": clips, "probability": score}))
case("missing_probability", pd.DataFrame({"clip": clips, "prob": score}))
case("too_few_rows", pd.DataFrame({"clip": clips[:-1], "probability": score[:-1]}))
txt = score.astype(object)
txt[0] = "high"
case("text_probability", pd.DataFrame({"clip": clips, "probability": txt}))
case("above_one", pd.DataFrame({"clip": clips, "probability": score + 0.5}))
case("negative", pd.DataFrame({"clip": clips, "probability": score - 0.5}))
nan = score.copy()
nan[5] = np.nan
case("nan_probability", pd.DataFrame({"clip": clips, "probability": nan}))
other = list(clips)
other[0] = "x.aif"
case("unknown_clip", pd.DataFrame({"clip": other, "probability": score}))
dup = list(clips)
dup[1] = dup[0]
case("duplicate_clip", pd.DataFrame({"clip": dup, "probability": score}))
case("empty_file", text="")

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True) + "\n")
print(json.dumps(cases, indent=1))
