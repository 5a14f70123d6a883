"""Golden grading values for competitions graded by the shared AUROC helper.

Usage: python3 reference_grade.py ANSWERS_CSV OUT_DIR ID_COL TARGET_COL
(aerial-cactus-identification: ID_COL=id TARGET_COL=has_cactus; other
competitions' reference_grade.py call this script with their columns.)

Writes OUT_DIR/submissions/*.csv (derived from the answers with
numpy RandomState(1)) and OUT_DIR/reference_scores.json:
{file: {"score": unrounded or null, "error": null | "invalid" | exception name}}.

The grader is rebuilt from the specs' Grade sections: prepare_for_auroc_metric's
checks (id column, target column, row count, pd.to_numeric, [0, 1] range with
NaN skipped, sorted-id match -> InvalidSubmissionError) and
sklearn.metrics.roc_auc_score (Debian scikit-learn 1.2; the binary path is the
same in 1.5). Any other exception gives null, as in the harness.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

answers_path, out, ID, T = sys.argv[1:5]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(answers_path, float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    assert ID in ans.columns and T in ans.columns
    if ID not in sub.columns:
        raise Invalid("id")
    if T not in sub.columns:
        raise Invalid("target")
    if len(sub) != len(ans):
        raise Invalid("length")
    try:
        pd.to_numeric(sub[T])
    except ValueError:
        raise Invalid("numeric")
    if sub[T].min() < 0 or sub[T].max() > 1:
        raise Invalid("range")
    sub = sub.sort_values(ID)
    ans = ans.sort_values(ID)
    if (sub[ID].values != ans[ID].values).any():
        raise Invalid("ids")
    return roc_auc_score(ans[T].to_numpy(), sub[T].to_numpy())


ids, truth = answers[ID], answers[T]
perm = rs.permutation(n)
probs = rs.random_sample(n)
noisy = np.clip(truth.astype(float) * 0.3 + rs.random_sample(n) * 0.7, 0, 1)


def frame(values, order=None, **extra):
    df = pd.DataFrame({ID: ids, T: values, **extra})
    return df if order is None else df.iloc[order]


def q(v):
    """An id as a minimally quoted CSV field (ids may hold commas and quotes)."""
    s = str(v)
    if any(c in s for c in ',"\r\n'):
        return '"' + s.replace('"', '""') + '"'
    return s


def text(fn):
    return f"{ID},{T}\n" + "".join(f"{q(i)},{fn(k, i, y)}\n" for k, (i, y) in enumerate(zip(ids, truth)))


frames = {
    "perfect.csv": answers,
    "half.csv": frame(0.5),
    "random_shuffled.csv": frame(probs, perm),
    "noisy.csv": frame(noisy),
    "rounded_ties.csv": frame(np.round(noisy, 1)),
    "inverted_ints.csv": frame(1 - truth.astype(int)),
    "bools.csv": frame(truth.astype(bool)),
    "extra_column.csv": frame(probs, perm, other="x"),
}
texts = {
    "nan_value.csv": text(lambda k, i, y: "" if k == 1 else "0.3"),
    "all_nan.csv": text(lambda k, i, y: ""),
    "negative.csv": text(lambda k, i, y: "-0.1" if k == 0 else "0.3"),
    "above_one.csv": text(lambda k, i, y: "1.0000001" if k == 0 else "0.3"),
    "inf.csv": text(lambda k, i, y: "inf" if k == 0 else "0.3"),
    "non_numeric.csv": text(lambda k, i, y: "high" if k == 0 else "0.3"),
    "bools_missing.csv": text(lambda k, i, y: "" if k == 0 else "True"),
    "missing_id.csv": f"x,{T}\n" + "".join(f"{q(i)},0.5\n" for i in ids),
    "missing_target.csv": f"{ID},x\n" + "".join(f"{q(i)},0.5\n" for i in ids),
    "short.csv": f"{ID},{T}\n" + "".join(f"{q(i)},0.5\n" for i in ids[:-1]),
    "duplicate_id.csv": f"{ID},{T}\n" + "".join(f"{q(ids.iloc[0] if k == 1 else i)},0.5\n" for k, i in enumerate(ids)),
    "wrong_id.csv": f"{ID},{T}\n" + "".join(f"{q('zz_' + str(i) if k == 1 else i)},0.5\n" for k, i in enumerate(ids)),
    "out_of_range_and_wrong_id.csv": f"{ID},{T}\n" + "".join(f"{q('zz_' + str(i) if k == 1 else i)},{2 if k == 0 else 0.5}\n" for k, i in enumerate(ids)),
    "empty.csv": "",
}
for name, df in frames.items():
    df.to_csv(os.path.join(subdir, name), index=False)
for name, t in texts.items():
    with open(os.path.join(subdir, name), "w") as f:
        f.write(t)

scores = {}
for name in sorted(os.listdir(subdir)):
    try:
        try:
            sub = pd.read_csv(os.path.join(subdir, name), float_precision="round_trip")
        except pd.errors.EmptyDataError:
            sub = pd.DataFrame()
        scores[name] = {"score": float(grade(sub, answers)), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
