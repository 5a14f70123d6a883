"""Golden grading cases for siim-isic-melanoma-classification
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
rs = np.random.RandomState(17)
n = 80
clips = [f"ISIC_{v:07d}" for v in rs.choice(10_000_000, n, replace=False)]
truth = (rs.rand(n) < 0.2).astype(int)
answers = pd.DataFrame({"image_name": clips, "target": truth})
answers.to_csv(here / "answers.csv", index=False)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "image_name" not in sub.columns:
        raise Invalid("image_name")
    if "target" not in sub.columns:
        raise Invalid("target")
    if len(sub) != len(ans):
        raise Invalid("length")
    try:
        pd.to_numeric(sub["target"])
    except ValueError:
        raise Invalid("numeric")
    if sub["target"].min() < 0 or sub["target"].max() > 1:
        raise Invalid("range")
    sub = sub.sort_values("image_name")
    ans = ans.sort_values("image_name")
    if (sub["image_name"].values != ans["image_name"].values).any():
        raise Invalid("ids")
    return roc_auc_score(ans["target"], sub["target"])


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
case("sample", answers.assign(target=0))
score = np.clip(truth * 0.35 + rs.rand(n) * 0.65, 0, 1)
perm = rs.permutation(n)
case("random_shuffled", pd.DataFrame({"image_name": np.array(clips)[perm], "target": score[perm]}))
case("ties_two_decimals", pd.DataFrame({"image_name": clips, "target": np.round(score, 1)}))
case("extra_columns", pd.DataFrame({"x": "a", "target": score, "image_name": clips}))
case("bool_predictions", pd.DataFrame({"image_name": clips, "target": score > 0.5}))
case("inverted", answers.assign(target=1 - truth))
case("missing_image_name", pd.DataFrame({"Image_name": clips, "target": score}))
case("missing_target", pd.DataFrame({"image_name": clips, "tgt": score}))
case("too_few_rows", pd.DataFrame({"image_name": clips[:-1], "target": score[:-1]}))
txt = score.astype(object)
txt[0] = "high"
case("text_target", pd.DataFrame({"image_name": clips, "target": txt}))
case("above_one", pd.DataFrame({"image_name": clips, "target": score + 0.5}))
case("negative", pd.DataFrame({"image_name": clips, "target": score - 0.5}))
nan = score.copy()
nan[5] = np.nan
case("nan_target", pd.DataFrame({"image_name": clips, "target": nan}))
other = list(clips)
other[0] = "ISIC_0000000"
case("unknown_image", pd.DataFrame({"image_name": other, "target": score}))
dup = list(clips)
dup[1] = dup[0]
case("duplicate_image", pd.DataFrame({"image_name": dup, "target": score}))
case("empty_file", text="")

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True) + "\n")
print(json.dumps(cases, indent=1))
