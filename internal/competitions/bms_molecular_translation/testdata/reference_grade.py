"""Golden grading values for bms-molecular-translation (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv and public/sample_submission.csv made
from the seed-0 fake raw data (md5s pinned in golden_md5.json). Writes
OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json:
{file: {"score": unrounded score or null, "error": null, "invalid" or the
exception name}}.

The grader is rebuilt from the spec's Grade section with pandas and
python-Levenshtein (Debian's 0.12.2; Levenshtein.distance is the same
unit-cost code-point edit distance in the original's >= 0.25.1), averaged
with np.mean.
"""
import json
import os
import sys

import Levenshtein
import numpy as np
import pandas as pd

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
sample = pd.read_csv(os.path.join(prepared, "public", "sample_submission.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(3)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "image_id" not in sub.columns:
        raise Invalid("image_id")
    if "InChI" not in sub.columns:
        raise Invalid("InChI")
    sub = sub.sort_values("image_id")
    ans = ans.sort_values("image_id")
    if (sub["image_id"].values != ans["image_id"].values).any():
        raise Invalid("ids")
    y_true = ans["InChI"].astype(str).tolist()
    y_pred = sub["InChI"].astype(str).tolist()
    return np.mean([Levenshtein.distance(a, b) for a, b in zip(y_true, y_pred)])


def base():
    return answers[["image_id", "InChI"]].copy()


def mutate(s):
    s = list(s)
    for _ in range(rs.randint(1, 6)):
        k = rs.randint(0, 3)
        i = rs.randint(0, len(s))
        if k == 0:
            s[i] = "CHNO()-,"[rs.randint(0, 8)]
        elif k == 1:
            del s[i]
        else:
            s.insert(i, "0123456789"[rs.randint(0, 10)])
    return "".join(s)


subs = {}
subs["sample.csv"] = sample
subs["perfect.csv"] = base()
subs["perfect_shuffled_with_extra_column.csv"] = base().iloc[rs.permutation(n)].assign(extra=1)
edits = base()
edits["InChI"] = [mutate(s) for s in edits["InChI"]]
subs["edited.csv"] = edits
rnd = base()
rnd["InChI"] = ["InChI=1S/" + "".join(rs.choice(list("CHNOS0123456789()-,/"), rs.randint(0, 120))) for _ in range(n)]
subs["random.csv"] = rnd
empty = base()
empty.loc[0:4, "InChI"] = np.nan
empty.loc[5, "InChI"] = ""
subs["empty_predictions_are_nan.csv"] = empty
uni = base()
uni["InChI"] = uni["InChI"].str.replace("C", "\u00c7", regex=False)
uni.loc[1, "InChI"] = "\U0001f600" * 3
subs["non_ascii_predictions.csv"] = uni
num = base()
num["InChI"] = np.arange(n) * 7
subs["integer_predictions.csv"] = num
flt = base()
flt["InChI"] = np.arange(n) / 4
subs["float_predictions.csv"] = flt
subs["invalid_1_row_count.csv"] = base().iloc[:-1]
subs["invalid_1_extra_row.csv"] = pd.concat([base(), base().iloc[:1]])
subs["invalid_2_no_image_id.csv"] = base().rename(columns={"image_id": "id"})
subs["invalid_3_no_InChI.csv"] = base().rename(columns={"InChI": "inchi"})
other = base()
other.loc[2, "image_id"] = "ffffffffffff"
subs["invalid_4_foreign_id.csv"] = other
dup = base()
dup.loc[3, "image_id"] = dup.loc[4, "image_id"]
subs["invalid_4_duplicate_id.csv"] = dup
upper = base()
upper["image_id"] = upper["image_id"].str.upper()
subs["invalid_4_uppercase_ids.csv"] = upper

scores = {}
for name, df in subs.items():
    path = os.path.join(subdir, name)
    df.to_csv(path, index=False)
    sub = pd.read_csv(path, float_precision="round_trip")
    try:
        s = grade(sub, answers)
        scores[name] = {"score": float(s), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:  # noqa: BLE001
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, sort_keys=True))
