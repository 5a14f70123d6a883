"""Golden grading values for predict-volcanic-eruptions-ingv-oe (run once;
tests never need Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv made from the seed-0 fake raw data (its
md5 is pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: {"score": int(round(MAE)) or null,
"error": null, "invalid" or the exception name, "mae": unrounded MAE}}.

The grader is rebuilt from the spec's Grade section: column checks and the
set comparison of segment ids raise InvalidSubmissionError, then
answers.merge(submission[[segment_id, time_to_eruption]], on="segment_id",
suffixes=("_true", "_pred")) and sklearn.metrics.mean_absolute_error
(Debian scikit-learn 1.2; its input checks for 1-D float targets are the
same as 1.5's), then int(round(mae)). Any other exception gives null, as in
the harness.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import mean_absolute_error

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)
MAES = {}


class Invalid(Exception):
    pass


def grade(name, sub, ans):
    assert "time_to_eruption" in ans.columns and "segment_id" in ans.columns
    if "time_to_eruption" not in sub.columns:
        raise Invalid("target")
    if "segment_id" not in sub.columns:
        raise Invalid("id")
    if set(sub["segment_id"]) != set(ans["segment_id"]):
        raise Invalid("ids")
    merged = ans.merge(sub[["segment_id", "time_to_eruption"]], on="segment_id", suffixes=("_true", "_pred"))
    mae = mean_absolute_error(merged["time_to_eruption_true"], merged["time_to_eruption_pred"])
    MAES[name] = float(mae)
    return int(round(mae))


ids = answers["segment_id"]
truth = answers["time_to_eruption"]
perm = rs.permutation(n)
rand_pred = rs.randint(0, 50_000_000, n)
off = np.zeros(n, dtype=np.int64)
off[0] = n // 2  # the |diff| sum is n/2, MAE 0.5 (n even): rounds to 0
off3 = np.zeros(n, dtype=np.int64)
off3[0] = 3 * n // 2  # MAE 1.5: rounds to 2
subs = {
    "perfect.csv": answers,
    "sample_all_zero.csv": pd.DataFrame({"segment_id": ids, "time_to_eruption": 0}),
    "random_shuffled.csv": pd.DataFrame({"segment_id": ids, "time_to_eruption": rand_pred}).iloc[perm],
    "float_predictions.csv": pd.DataFrame({"segment_id": ids, "time_to_eruption": truth + rs.uniform(-1e4, 1e4, n)}),
    "half_rounds_down.csv": pd.DataFrame({"segment_id": ids, "time_to_eruption": truth + off}),
    "one_and_half_rounds_up.csv": pd.DataFrame({"segment_id": ids, "time_to_eruption": truth - off3}),
    "float_ids.csv": pd.DataFrame({"segment_id": ids.astype(float), "time_to_eruption": rand_pred}),
    "extra_column.csv": pd.DataFrame({"x": 1, "time_to_eruption": rand_pred, "segment_id": ids}),
    "duplicate_extra_row.csv": pd.concat([pd.DataFrame({"segment_id": ids, "time_to_eruption": rand_pred}),
                                          pd.DataFrame({"segment_id": ids[:2], "time_to_eruption": [7, 1_000_000]})]),
}
rows = lambda f: "segment_id,time_to_eruption\n" + "".join(f(k, i, t) for k, (i, t) in enumerate(zip(ids, truth)))
texts = {
    "missing_target_column.csv": "segment_id,prediction\n" + "".join(f"{i},1\n" for i in ids),
    "missing_id_column.csv": "id,time_to_eruption\n" + "".join(f"{i},1\n" for i in ids),
    "duplicate_replaces_id.csv": rows(lambda k, i, t: f"{ids.iloc[0] if k == 1 else i},{t}\n"),
    "missing_row.csv": rows(lambda k, i, t: "" if k == 2 else f"{i},{t}\n"),
    "unknown_id.csv": rows(lambda k, i, t: f"{i},{t}\n") + "123,5\n",
    "empty_id_cell.csv": rows(lambda k, i, t: f"{'' if k == 1 else i},{t}\n"),
    "text_id.csv": rows(lambda k, i, t: f"{'seg' if k == 1 else i},{t}\n"),
    "nan_prediction.csv": rows(lambda k, i, t: f"{i},{'' if k == 0 else t}\n"),
    "inf_prediction.csv": rows(lambda k, i, t: f"{i},{'inf' if k == 0 else t}\n"),
    "text_prediction.csv": rows(lambda k, i, t: f"{i},{'soon' if k == 0 else t}\n"),
    "huge_predictions_overflow.csv": rows(lambda k, i, t: f"{i},1e308\n"),
    "huge_prediction_finite.csv": rows(lambda k, i, t: f"{i},{'1e300' if k == 0 else t}\n"),
    "bool_predictions.csv": rows(lambda k, i, t: f"{i},{'True' if k % 2 else 'False'}\n"),
    "empty.csv": "",
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
        try:
            sub = pd.read_csv(path, float_precision="round_trip")
        except pd.errors.EmptyDataError:
            sub = pd.DataFrame()
        scores[name] = {"score": grade(name, sub, answers), "error": None, "mae": MAES[name]}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
