"""Golden grading values for hms-harmful-brain-activity-classification (run
once; tests never need Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv made from the seed-0 fake raw data (its
md5 is pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: {"score": unrounded score or null,
"error": null, "invalid" or the exception name}}.

The grader is rebuilt from the spec's Grade section with pandas: the column,
length, rounded row-sum (Python round of each row's skip-NaN sum) and id-set
checks raise InvalidSubmissionError; both frames are sorted by eeg_id
(pandas' default quicksort) and paired by position; then the probability
checks (numeric frame, min >= 0, max <= 1, np.allclose row sums) raise
ParticipantVisibleError, and the KL divergence is computed with
scipy.special.rel_entr on the clipped predictions (rel_entr is 0 where the
truth is 0 and NaN where the prediction is NaN), rows summed with
np.nansum, then np.mean. Any exception gives null, as in the harness.

Submissions whose rows are reordered predict the same values for every row
of an eeg_id, so the pairing of rows sharing an eeg_id (implementation-
defined upstream) cannot change their score.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from scipy.special import rel_entr

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
T = ["seizure_vote", "lpd_vote", "gpd_vote", "lrda_vote", "grda_vote", "other_vote"]
n = len(answers)
rs = np.random.RandomState(7)


class Invalid(Exception):
    pass


class ParticipantVisibleError(Exception):
    pass


def check_probabilities(df):
    if not pd.api.types.is_numeric_dtype(df.values):
        raise ParticipantVisibleError("numeric")
    if df.min().min() < 0:
        raise ParticipantVisibleError("min")
    if df.max().max() > 1:
        raise ParticipantVisibleError("max")
    if not np.allclose(df.sum(axis=1), 1):
        raise ParticipantVisibleError("sum")


def grade(sub, ans):
    if "eeg_id" not in sub.columns:
        raise Invalid("id")
    if any(c not in sub.columns for c in T):
        raise Invalid("targets")
    if len(sub) != len(ans):
        raise Invalid("length")
    # numeric_only=False is pandas 2's default (the original's pin): a text
    # cell makes the sum raise TypeError, where pandas 1.5's default would
    # silently drop the column.
    sums = sub[T].sum(axis=1, numeric_only=False)
    if not all(round(float(s) if not isinstance(s, (int, np.integer)) else int(s), 5) == 1 for s in sums.tolist()):
        raise Invalid("row sums")
    if set(sub["eeg_id"]) != set(ans["eeg_id"]):
        raise Invalid("ids")
    sub = sub.sort_values("eeg_id").reset_index(drop=True)
    ans = ans.sort_values("eeg_id").reset_index(drop=True)
    sol = ans[T].astype(float)
    sol = sol.div(ans[T].sum(axis=1), axis=0)
    pred = sub.drop(columns=["eeg_id"])
    check_probabilities(sol)
    check_probabilities(pred)
    terms = np.stack([rel_entr(sol[c].to_numpy(float), np.clip(pred[c].to_numpy(float), 1e-15, 1 - 1e-15)) for c in T], axis=1)
    return float(np.mean(np.nansum(terms, axis=1)))


ids = answers["eeg_id"]
truth = answers[T].div(answers[T].sum(axis=1), axis=0)


def frame(probs, id_col=ids):
    df = pd.DataFrame(probs, columns=T)
    df.insert(0, "eeg_id", id_col.to_numpy())
    return df


dirichlet = rs.dirichlet(np.ones(6), size=n)
# Predictions that depend on eeg_id only, then rows shuffled.
uniq = ids.unique()
per_eeg = dict(zip(uniq, rs.dirichlet(np.ones(6) * 2, size=len(uniq))))
by_eeg = np.array([per_eeg[i] for i in ids])
perm = rs.permutation(n)
onehot = np.zeros((n, 6), dtype=np.int64)
onehot[np.arange(n), truth.to_numpy().argmax(axis=1)] = 1
nan_quirk = np.full((n, 6), np.nan)
nan_quirk[np.arange(n), truth.to_numpy().argmax(axis=1)] = 1.0
near = dirichlet.copy()
near[np.arange(n), truth.to_numpy().argmax(axis=1)] += 4e-6  # sums 1.000004: round(., 5) == 1, allclose too
far = dirichlet.copy()
far[0, 1] += 6e-6  # one row sums 1.000006: invalid
zeros_where_true = 1 - (truth.to_numpy() > 0)
zeros_where_true = zeros_where_true / np.maximum(zeros_where_true.sum(axis=1, keepdims=True), 1)
negative = dirichlet.copy()
negative[0, 0], negative[0, 1] = -0.25, negative[0, 1] + negative[0, 0] + 0.25
sample = frame(np.full((n, 6), 1 / 6))

subs = {
    "perfect.csv": frame(truth.to_numpy()),
    "sample.csv": sample,
    "random.csv": frame(dirichlet),
    "random_by_eeg_shuffled.csv": frame(by_eeg).iloc[perm],
    "one_hot_ints.csv": frame(onehot),
    "one_hot_bools.csv": frame(onehot.astype(bool)),
    "nan_quirk.csv": frame(nan_quirk),
    "sum_1_000004.csv": frame(near),
    "sum_1_000006_invalid.csv": frame(far),
    "zero_where_true.csv": frame(zeros_where_true),
    "negative_value.csv": frame(negative),
    "float_ids.csv": frame(dirichlet, ids.astype(float)),
    "extra_zero_column.csv": frame(dirichlet).assign(extra=0.0),
    "extra_index_column.csv": frame(dirichlet).reset_index().rename(columns={"index": "Unnamed: 0"}),
    "extra_text_column.csv": frame(dirichlet).assign(note="x"),
    "extra_bool_column.csv": frame(dirichlet).assign(flag=False),
    "bool_target_column.csv": frame(np.hstack([np.zeros((n, 1)), dirichlet[:, 1:] / dirichlet[:, 1:].sum(axis=1, keepdims=True)])).assign(seizure_vote=False),
    "columns_reordered.csv": frame(dirichlet)[["other_vote", "eeg_id"] + T[:5]],
    "missing_id_column.csv": frame(dirichlet).drop(columns=["eeg_id"]),
    "missing_target_column.csv": frame(dirichlet).drop(columns=["gpd_vote"]),
    "one_row_short.csv": frame(dirichlet).iloc[1:],
    "unknown_id.csv": frame(dirichlet).assign(eeg_id=lambda d: d["eeg_id"].where(d.index != 0, 12345)),
}
lines = lambda f: "eeg_id," + ",".join(T) + "\n" + "".join(f(k, i) for k, i in enumerate(ids))
texts = {
    "all_nan_row.csv": lines(lambda k, i: f"{i}" + ",0.1666666666666667" * 6 + "\n" if k else f"{i}" + "," * 6 + "\n"),
    "text_prediction.csv": lines(lambda k, i: f"{i},x" + ",0.2" * 5 + "\n" if k == 0 else f"{i}" + ",0.16666666666666666" * 6 + "\n"),
    "inf_prediction.csv": lines(lambda k, i: f"{i},inf" + ",0.2" * 5 + "\n" if k == 0 else f"{i}" + ",0.16666666666666666" * 6 + "\n"),
    "empty_id_cell.csv": lines(lambda k, i: ("" if k == 0 else f"{i}") + ",0.16666666666666666" * 6 + "\n"),
}
for name, df in subs.items():
    df.to_csv(os.path.join(subdir, name), index=False)
for name, text in texts.items():
    with open(os.path.join(subdir, name), "w") as f:
        f.write(text)

scores = {}
for name in sorted(os.listdir(subdir)):
    path = os.path.join(subdir, name)
    try:
        sub = pd.read_csv(path, float_precision="round_trip")
        scores[name] = {"score": grade(sub, answers.copy()), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
