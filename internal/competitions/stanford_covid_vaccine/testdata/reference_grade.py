"""Golden grading values for stanford-covid-vaccine (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv and public/sample_submission.csv made
from the seed-0 fake raw data (md5s pinned in golden_md5.json). Writes
OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json:
{file: {"score": unrounded score or null, "error": null, "invalid" or the
exception name}}.

The grader is rebuilt from the spec's Grade section with pandas: the row
selection is pandas' own boolean indexing with the sorted answers' keep
Series (whose labels are the answers' file rows), so the label-alignment
quirk comes from pandas itself, not from a re-derivation. RMSE is
mean_squared_error(squared=False) of Debian's scikit-learn 1.2, the same
computation as 1.5's root_mean_squared_error.
"""
import json
import os
import sys
import warnings

import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_error

warnings.simplefilter("ignore")
prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
sample = pd.read_csv(os.path.join(prepared, "public", "sample_submission.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(7)


class Invalid(Exception):
    pass


REQUIRED = ["id_seqpos", "reactivity", "deg_Mg_pH10", "deg_Mg_50C", "deg_pH10", "deg_50C"]
SCORED = ["reactivity", "deg_Mg_pH10", "deg_Mg_50C"]


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    for c in ["id_seqpos"] + SCORED + ["keep"]:
        assert c in ans.columns
    for c in REQUIRED:
        if c not in sub.columns:
            raise Invalid("missing " + c)
    sub = sub[REQUIRED].sort_values("id_seqpos")
    ans = ans.sort_values("id_seqpos")
    for a, b in zip(sub["id_seqpos"], ans["id_seqpos"]):
        if a != b:
            raise Invalid("ids")
    mask = ans["keep"]
    sub = sub[mask]
    ans = ans[mask]
    errs = [mean_squared_error(ans[c], sub[c], squared=False) for c in SCORED]
    return np.mean(errs)


def base():
    return answers[["id_seqpos", "reactivity", "deg_Mg_pH10", "deg_pH10", "deg_Mg_50C", "deg_50C"]].copy()


subs = {}
subs["sample.csv"] = sample
subs["perfect.csv"] = base()
subs["perfect_with_keep_column.csv"] = answers.copy()
subs["perfect_shuffled_rows.csv"] = base().iloc[rs.permutation(n)]
subs["perfect_sorted_by_id.csv"] = base().sort_values("id_seqpos")
rnd = base()
for c in ["reactivity", "deg_Mg_pH10", "deg_pH10", "deg_Mg_50C", "deg_50C"]:
    rnd[c] = rs.normal(0.5, 0.7, n)
subs["random.csv"] = rnd
subs["random_reversed_rows.csv"] = rnd.iloc[::-1]
noisy = base()
noisy["reactivity"] = noisy["reactivity"] + rs.normal(0, 0.1, n)
noisy["deg_Mg_50C"] = noisy["deg_Mg_50C"] * 1.5
subs["noisy.csv"] = noisy
unscored_nan = base()
unscored_nan["deg_pH10"] = np.nan
unscored_nan.loc[3, "deg_50C"] = "abc"
subs["unscored_columns_nan_and_text.csv"] = unscored_nan
dropped_keep_false = base()
unkept = int(np.flatnonzero(~answers["keep"].values)[0])
dropped_keep_false.loc[unkept, "reactivity"] = np.nan
subs["nan_in_unkept_row.csv"] = dropped_keep_false
kept_nan = base()
kept_nan.loc[0, "reactivity"] = np.nan
subs["error_nan_in_scored_kept_row.csv"] = kept_nan
inf_sub = base()
inf_sub.loc[1, "deg_Mg_50C"] = np.inf
subs["error_inf_in_scored.csv"] = inf_sub
text = base()
text["deg_Mg_pH10"] = text["deg_Mg_pH10"].astype(str)
text.loc[2, "deg_Mg_pH10"] = "high"
subs["error_text_in_scored.csv"] = text
subs["invalid_1_row_count.csv"] = base().iloc[:-1]
subs["invalid_3_missing_deg_pH10.csv"] = base().drop(columns=["deg_pH10"])
subs["invalid_3_missing_deg_50C.csv"] = base().drop(columns=["deg_50C"])
subs["invalid_3_missing_reactivity.csv"] = base().drop(columns=["reactivity"])
subs["invalid_3_missing_id_seqpos.csv"] = base().drop(columns=["id_seqpos"])
renamed = base()
renamed.loc[5, "id_seqpos"] = renamed.loc[5, "id_seqpos"] + "x"
subs["invalid_4_id_differs.csv"] = renamed
dup = base()
dup.loc[6, "id_seqpos"] = dup.loc[7, "id_seqpos"]
subs["invalid_4_duplicate_id.csv"] = dup

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
print(json.dumps(scores, indent=1, sort_keys=True))
