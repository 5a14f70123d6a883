"""Golden grading values for imet-2020-fgvc7 (run once).

Usage: python3 reference_grade.py ANSWERS_CSV OUT_DIR
Writes OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json. The
grader is rebuilt from the spec's Grade section with scikit-learn's
MultiLabelBinarizer (classes = the answers' tokens) and micro f1_score.
"""
import json
import os
import sys
import warnings

import numpy as np
import pandas as pd
from sklearn.metrics import f1_score
from sklearn.preprocessing import MultiLabelBinarizer

warnings.simplefilter("ignore")
answers_path, out = sys.argv[1:3]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(answers_path)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    assert "id" in ans.columns and "attribute_ids" in ans.columns
    if "id" not in sub.columns:
        raise Invalid("id")
    if "attribute_ids" not in sub.columns:
        raise Invalid("attribute_ids")
    if len(sub) != len(ans):
        raise Invalid("length")
    sub = sub.sort_values("id").reset_index(drop=True)
    ans = ans.sort_values("id").reset_index(drop=True)
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids")
    y_true = ans["attribute_ids"].fillna("").str.split()
    y_pred = sub["attribute_ids"].fillna("").str.split()
    classes = sorted({t for row in y_true for t in row})
    mlb = MultiLabelBinarizer(classes=classes)
    return f1_score(mlb.fit_transform(y_true), mlb.transform(y_pred), average="micro")


subs = {}
subs["perfect.csv"] = answers.copy()
s = answers.copy()
s["attribute_ids"] = "0 1 2"
subs["sample.csv"] = s
s = answers.copy()
s["attribute_ids"] = [" ".join(str(x) for x in rs.choice(40, rs.randint(1, 6), replace=False)) for _ in range(len(s))]
subs["random_shuffled.csv"] = s.sample(frac=1, random_state=2)
s = answers.copy()
# unknown tokens, duplicates, leading zeros, extra whitespace, empty cells
forms = ["{a} 999 1000", "{a} {a}", "0{a}", "  {a}   ", "", "{a} 5 6 7 8 9"]
s["attribute_ids"] = [forms[i % len(forms)].format(a=a) for i, a in enumerate(answers["attribute_ids"])]
subs["mixed_tokens.csv"] = s
s = answers.copy()
s["attribute_ids"] = ""
subs["all_empty.csv"] = s
s = answers.copy()
s["attribute_ids"] = [str(a).split()[0] for a in answers["attribute_ids"]]
subs["single_numbers.csv"] = s
s = answers.copy()
s["attribute_ids"] = [str(a).split()[0] if i % 2 else "" for i, a in enumerate(answers["attribute_ids"])]
subs["single_numbers_and_empty.csv"] = s
s = answers.copy()
s["extra"] = 1
subs["extra_column.csv"] = s
subs["missing_id.csv"] = answers[["attribute_ids"]].copy()
subs["missing_attribute_ids.csv"] = answers[["id"]].copy()
subs["short.csv"] = answers.iloc[:-1].copy()
s = answers.copy()
s.loc[s.index[0], "id"] = "zzzz"
subs["wrong_id.csv"] = s
s = answers.copy()
s.loc[s.index[0], "id"] = s["id"].iloc[1]
subs["duplicate_id.csv"] = s

refs = {}
for name, sub in subs.items():
    path = os.path.join(subdir, name)
    sub.to_csv(path, index=False)
    sub = pd.read_csv(path)
    try:
        refs[name] = {"score": float(grade(sub, answers)), "error": None}
    except Invalid:
        refs[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        refs[name] = {"score": None, "error": type(e).__name__}
open(os.path.join(subdir, "empty.csv"), "w").close()
refs["empty.csv"] = {"score": None, "error": "invalid"}  # pandas raises EmptyDataError while reading; the harness treats it as invalid
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(refs, f, indent=2, sort_keys=True)
    f.write("\n")
