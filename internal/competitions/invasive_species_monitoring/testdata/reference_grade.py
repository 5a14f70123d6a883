"""Golden grading values for invasive-species-monitoring (run once; tests never
need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/answers.csv and private/sample_submission.csv made
from the seed-0 fake raw data (md5s pinned in golden_md5.json). Writes
OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json.

The grader is rebuilt from the spec: the shared AUROC preparation on
name/invasive (columns, row count, to_numeric, [0, 1] range, sorted-id match
-> InvalidSubmissionError) and sklearn roc_auc_score. Any exception -> null.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "answers.csv"), float_precision="round_trip")
sample = pd.read_csv(os.path.join(prepared, "private", "sample_submission.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "name" not in sub.columns:
        raise Invalid("id")
    if "invasive" not in sub.columns:
        raise Invalid("target")
    if len(sub) != len(ans):
        raise Invalid("length")
    try:
        pd.to_numeric(sub["invasive"])
    except ValueError:
        raise Invalid("numeric")
    if sub["invasive"].min() < 0 or sub["invasive"].max() > 1:
        raise Invalid("range")
    sub = sub.sort_values("name")
    ans = ans.sort_values("name")
    if (sub["name"].values != ans["name"].values).any():
        raise Invalid("ids")
    return float(roc_auc_score(ans["invasive"].to_numpy(), sub["invasive"].to_numpy()))


ids = answers["name"]
truth = answers["invasive"]
perm = rs.permutation(n)
subs = {
    "perfect.csv": answers,
    "sample.csv": sample,
    "random_shuffled.csv": pd.DataFrame({"name": ids, "invasive": rs.rand(n)}).iloc[perm],
    "noisy.csv": pd.DataFrame({"invasive": np.clip(truth + rs.normal(0, 0.4, n), 0, 1), "name": ids}),
    "ties.csv": pd.DataFrame({"name": ids, "invasive": np.round(rs.rand(n), 1)}),
    "inverted.csv": pd.DataFrame({"name": ids, "invasive": 1 - truth}),
    "bools.csv": pd.DataFrame({"name": ids, "invasive": truth.astype(bool)}),
    "with_nan.csv": pd.DataFrame({"name": ids, "invasive": [np.nan] + list(truth[1:])}),
    "above_one.csv": pd.DataFrame({"name": ids, "invasive": truth * 2}),
    "negative.csv": pd.DataFrame({"name": ids, "invasive": truth - 0.5}),
    "short.csv": answers.iloc[:-1],
    "duplicate_id.csv": pd.DataFrame({"name": [ids.iloc[1]] + list(ids[1:]), "invasive": truth}),
    "wrong_id.csv": pd.DataFrame({"name": [99999] + list(ids[1:]), "invasive": truth}),
}
texts = {
    "text_target.csv": "name,invasive\n" + "".join(f"{i},{'abc' if k == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "numeric_text.csv": "name,invasive\n" + "".join(f"{i},{'0.5 ' if k == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "missing_name.csv": "id,invasive\n" + "".join(f"{i},0.5\n" for i in ids),
    "missing_target.csv": "name,inv\n" + "".join(f"{i},0.5\n" for i in ids),
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
        scores[name] = {"score": grade(sub, answers), "error": None}
    except Invalid as e:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
