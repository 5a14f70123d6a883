"""Golden grading values for iwildcam-2019-fgvc6.

Usage: /usr/bin/python3 reference_grade.py ANSWERS_CSV SAMPLE_CSV OUT_DIR
Writes OUT_DIR/submissions/*.csv (derived from the prepared answers and
sample submission with numpy RandomState(1)) and OUT_DIR/reference_scores.json:
{file: {"score": unrounded or null, "error": null | "invalid" | exception name}}.

The grader is rebuilt from the spec's Grade section: row count, Id column,
Category column (InvalidSubmissionError), both sorted by Id and compared,
int() of each Category, sklearn f1_score(average="macro"). Any other
exception gives null, as in the harness.
"""
import json
import os
import shutil
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import f1_score

answers_path, sample_path, out = sys.argv[1:4]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(answers_path)
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "Id" not in sub.columns:
        raise Invalid("Id")
    if "Category" not in sub.columns:
        raise Invalid("Category")
    sub = sub.sort_values("Id")
    ans = ans.sort_values("Id")
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids")
    y_true = [int(y) for y in ans["Category"]]
    y_pred = [int(y) for y in sub["Category"]]
    return float(f1_score(y_true, y_pred, average="macro"))


labels = sorted(answers["Category"].unique())
cases = {}
cases["perfect.csv"] = answers.copy()
cases["sample.csv"] = None  # copied verbatim (header ",Id,Category")
cases["shuffled_perfect.csv"] = answers.sample(frac=1, random_state=rs)
r = answers.copy()
r["Category"] = rs.choice(labels + [99], size=n)
cases["random.csv"] = r
h = answers.copy()
h.loc[h.index[: n // 2], "Category"] = labels[0]
cases["half_first_label.csv"] = h
f = answers.copy()
f["Category"] = f["Category"].astype(float) + 0.7
cases["floats_truncated.csv"] = f
cases["row_count_differs.csv"] = answers.iloc[:-1]
cases["no_id_column.csv"] = answers.rename(columns={"Id": "id"})
cases["no_category_column.csv"] = answers.rename(columns={"Category": "category_id"})
w = answers.copy()
w.loc[w.index[0], "Id"] = "not-an-id"
cases["ids_differ.csv"] = w
d = answers.copy()
d.loc[d.index[1], "Id"] = d["Id"].iloc[0]
cases["duplicate_id.csv"] = d
t = answers.copy().astype({"Category": object})
t.loc[t.index[0], "Category"] = "cat"
cases["text_category.csv"] = t
nn = answers.copy().astype({"Category": float})
nn.loc[nn.index[0], "Category"] = np.nan
cases["nan_category.csv"] = nn

scores = {}
for name, df in cases.items():
    path = os.path.join(subdir, name)
    if df is None:
        shutil.copy(sample_path, path)
    else:
        df.to_csv(path, index=False)
    sub = pd.read_csv(path)
    try:
        scores[name] = {"score": grade(sub, answers), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as fh:
    json.dump(scores, fh, indent=1, sort_keys=True)
