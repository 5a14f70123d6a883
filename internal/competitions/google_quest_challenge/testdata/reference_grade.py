"""Golden grading values for google-quest-challenge (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv and public/sample_submission.csv made
from the seed-0 fake raw data (md5s in golden_md5.json). Writes
OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json; grader rebuilt
from the spec with scipy 1.10's spearmanr. NaN scores are left to the Go
table test (JSON has no NaN).
"""
import json
import os
import shutil
import sys

import numpy as np
import pandas as pd
from scipy.stats import spearmanr

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
CLASSES = list(answers.columns[1:])
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "qa_id" not in sub.columns:
        raise Invalid("qa_id")
    for c in CLASSES:
        if c not in sub.columns:
            raise Invalid(c)
    if len(sub.columns) != 31:
        raise Invalid("columns")
    if len(sub) != len(ans):
        raise Invalid("rows")
    sub = sub.sort_values("qa_id")
    ans = ans.sort_values("qa_id")
    return float(np.mean([spearmanr(sub[c], ans[c]).correlation for c in CLASSES]))


perm = rs.permutation(n)
shutil.copyfile(os.path.join(prepared, "public", "sample_submission.csv"), os.path.join(subdir, "sample.csv"))
noisy = answers.copy()
for c in CLASSES:
    noisy[c] = noisy[c] + rs.normal(0, 0.3, n)
rand = answers.copy()
for c in CLASSES:
    rand[c] = rs.uniform(0, 1, n)
other_ids = rand.copy()
other_ids["qa_id"] = np.arange(n) * 1000
dup_ids = rand.copy()
dup_ids["qa_id"] = 5
subs = {
    "perfect.csv": answers,
    "noisy_shuffled.csv": noisy.iloc[perm],
    "random.csv": rand,
    "unmatched_ids_still_scored.csv": other_ids,
    "extra_column.csv": rand.assign(extra=1),
    "missing_class.csv": rand.drop(columns=[CLASSES[3]]),
    "missing_id.csv": rand.drop(columns=["qa_id"]),
    "short.csv": rand.iloc[:-1],
}
for name, df in subs.items():
    df.to_csv(os.path.join(subdir, name), index=False)
with open(os.path.join(subdir, "empty.csv"), "w") as f:
    f.write("")

scores = {}
for name in sorted(os.listdir(subdir)):
    path = os.path.join(subdir, name)
    try:
        try:
            sub = pd.read_csv(path, float_precision="round_trip")
        except pd.errors.EmptyDataError:
            sub = pd.DataFrame()
        scores[name] = {"score": grade(sub, answers), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
