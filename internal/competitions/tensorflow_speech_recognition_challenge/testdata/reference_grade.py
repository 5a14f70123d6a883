"""Golden grading cases for tensorflow-speech-recognition-challenge (spec:
Grade). Writes grade/answers.csv, grade/<case>.csv and grade/cases.json next
to this script; the Go test grades the same files. Each case is graded by a
transcription of the original's prepare_for_accuracy_metric checks followed
by scikit-learn's accuracy_score (Debian's 1.2; its checks on these inputs
are those of the pinned 1.5). Outcomes: "valid" (with the score), "invalid"
(InvalidSubmissionError) or "error" (any other exception).
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score

here = Path(__file__).parent / "grade"
here.mkdir(exist_ok=True)
rs = np.random.RandomState(1)
labels = ["_background_noise_", "bed", "bird", "down", "marvin", "no", "off", "sheila", "yes", "zero"]
n = 50
fnames = [f"clip_{i:08d}.wav" for i in range(n)]
truth = rs.choice(labels, n)
answers = pd.DataFrame({"fname": fnames, "label": truth})
answers.to_csv(here / "answers.csv", index=False)


class Invalid(Exception):
    pass


def grade(sub, ans):
    assert "label" in ans.columns and "fname" in ans.columns
    if len(sub) != len(ans):
        raise Invalid("length")
    if "label" not in sub.columns:
        raise Invalid("label")
    if "fname" not in sub.columns:
        raise Invalid("fname")
    sub = sub.sort_values("fname")
    ans = ans.sort_values("fname")
    if (sub["fname"].values != ans["fname"].values).any():
        raise Invalid("ids")
    return accuracy_score(ans["label"].to_numpy(), sub["label"].to_numpy())


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


pred = np.where(rs.rand(n) < 0.6, truth, rs.choice(labels, n))
case("perfect", answers)
case("sample_silence", answers.assign(label="silence"))
case("random", pd.DataFrame({"fname": fnames, "label": pred}))
perm = rs.permutation(n)
case("random_shuffled", pd.DataFrame({"fname": np.array(fnames)[perm], "label": pred[perm]}))
case("twelve_classes", pd.DataFrame({"fname": fnames, "label": np.where(np.isin(pred, ["yes", "no", "off", "down"]), pred, "unknown")}))
case("upper_case", pd.DataFrame({"fname": fnames, "label": [p.upper() if i % 2 else p for i, p in enumerate(pred)]}))
case("extra_column", pd.DataFrame({"x": 1, "label": pred, "fname": fnames}))
missing = pred.astype(object)
missing[3] = np.nan
case("missing_label", pd.DataFrame({"fname": fnames, "label": missing}))
case("numeric_labels", pd.DataFrame({"fname": fnames, "label": rs.randint(0, 12, n)}))
case("too_few_rows", pd.DataFrame({"fname": fnames[:-1], "label": pred[:-1]}))
case("no_label_column", pd.DataFrame({"fname": fnames, "Label": pred}))
case("no_fname_column", pd.DataFrame({"file": fnames, "label": pred}))
other = list(fnames)
other[0] = "clip_99999999.wav"
case("unknown_fname", pd.DataFrame({"fname": other, "label": pred}))
dup = list(fnames)
dup[1] = dup[0]
case("duplicate_fname", pd.DataFrame({"fname": dup, "label": pred}))
case("numeric_fnames", pd.DataFrame({"fname": range(n), "label": pred}))
case("empty_file", text="")

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True) + "\n")
print(json.dumps(cases, indent=1))
