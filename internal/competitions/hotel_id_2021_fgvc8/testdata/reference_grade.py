"""Golden grading values for hotel-id-2021-fgvc8 (run once).

Usage: python3 reference_grade.py ANSWERS_CSV TRAIN_CSV OUT_DIR
Writes OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json. The
grader is rebuilt from the spec's Grade section (MAP@5 as the classic apk; extra columns allowed,
np.mean of the per-row values).
"""
import json
import os
import sys

import numpy as np
import pandas as pd

answers_path, train_path, out = sys.argv[1:4]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(answers_path)
train_ids = sorted(set(pd.read_csv(train_path)["hotel_id"].astype(str)))
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def apk(actual, predicted, k=5):
    if len(predicted) > k:
        predicted = predicted[:k]
    score, hits = 0.0, 0.0
    for i, p in enumerate(predicted):
        if p in actual and p not in predicted[:i]:
            hits += 1.0
            score += hits / (i + 1.0)
    if not actual:
        return 0.0
    return score / min(len(actual), k)


def grade(sub, ans):
    if "image" not in sub.columns or "hotel_id" not in sub.columns:
        raise Invalid("columns")
    if set(sub["image"]) != set(ans["image"]):
        raise Invalid("images")
    if len(sub) != len(ans):
        raise Invalid("length")
    sub = sub.sort_values("image").reset_index(drop=True)
    ans = ans.sort_values("image").reset_index(drop=True)
    actual = [set(str(x).split(" ")) for x in ans["hotel_id"]]
    predicted = [str(x).split(" ") for x in sub["hotel_id"]]
    return np.mean([apk(a, p) for a, p in zip(actual, predicted)])


subs = {}
subs["perfect.csv"] = answers.copy()
subs["perfect_two_columns.csv"] = answers[["image", "hotel_id"]].copy()
s = answers.copy()
s["hotel_id"] = "36363 53586 18807 64314 60181"
subs["sample.csv"] = s
s = answers.copy()
s["hotel_id"] = [" ".join(rs.choice(train_ids, 5, replace=False)) for _ in range(len(s))]
subs["random.csv"] = s.sample(frac=1, random_state=2)
# truth at rank 1..7 (6 and 7 are beyond the cut), with duplicates and empty tokens
s = answers.copy()
forms = [
    "{t}", "x {t}", "x x {t}", "x  {t}", " {t}", "a b c {t}", "a b c d {t}", "a b c d e {t}",
    "{t} {t}", "x {t} {t}", "36363 {t}", "{t}  ", "a b c d e f g {t}",
]
s["hotel_id"] = [forms[i % len(forms)].format(t=t) for i, t in enumerate(answers["hotel_id"].astype(str))]
subs["ranks_and_spaces.csv"] = s
s = answers.copy().astype(object)
s.loc[s.index[::3], "hotel_id"] = np.nan
subs["nan_ids.csv"] = s
s = answers.copy()
s["hotel_id"] = range(len(s))
subs["numeric_ids.csv"] = s
s = answers.copy()
s["extra"] = 1
subs["extra_column.csv"] = s
s = answers.copy()
s["hotel_id"] = s["hotel_id"].astype(float)
subs["float_ids.csv"] = s
s = answers[["image", "hotel_id"]].copy()
s["hotel_id"] = "0" + s["hotel_id"].astype(str)
subs["leading_zero_ids.csv"] = s
subs["missing_id_column.csv"] = answers[["image"]].copy()
subs["renamed_column.csv"] = answers.rename(columns={"hotel_id": "id"})
subs["short.csv"] = answers.iloc[:-1].copy()
s = answers.copy()
s.loc[s.index[0], "image"] = "zzzzzzzzzzzzzzzz.jpg"
subs["wrong_image.csv"] = s
s = answers.copy()
s.loc[s.index[0], "image"] = s["image"].iloc[1]
subs["duplicate_image.csv"] = s
subs["reordered_columns.csv"] = answers[["hotel_id", "image"]].iloc[::-1]

refs = {}
for name, sub in subs.items():
    path = os.path.join(subdir, name)
    sub.to_csv(path, index=False)
    sub = pd.read_csv(path)
    try:
        refs[name] = {"score": float(grade(sub, answers)), "error": None}
    except Invalid:
        refs[name] = {"score": None, "error": "invalid"}
with open(os.path.join(subdir, "empty.csv"), "w"):
    pass
refs["empty.csv"] = {"score": None, "error": "invalid"}  # pandas raises EmptyDataError while reading; the harness treats it as invalid
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(refs, f, indent=2, sort_keys=True)
    f.write("\n")
