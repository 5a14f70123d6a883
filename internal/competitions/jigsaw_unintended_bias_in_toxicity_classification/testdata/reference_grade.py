"""Golden grading values for jigsaw-unintended-bias-in-toxicity-classification
(run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv and public/sample_submission.csv made from
the seed-0 fake raw data (md5s pinned in golden_md5.json). Writes
OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json.

The grader is rebuilt from the spec's Grade section: id / prediction-or-
toxicity checks, sorted-id comparison (NumPy broadcasting; Debian's NumPy
1.24 does not raise for mismatched lengths, so that case raises here as
NumPy >= 1.25 does), 0.5 binarisation of submission and answers, then
sklearn roc_auc_score on the 28 subsets and the generalized means (p = -5).
"""
import json
import os
import sys
import warnings

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

warnings.simplefilter("ignore")
prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
sample = pd.read_csv(os.path.join(prepared, "public", "sample_submission.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)
IDS = ["male", "female", "homosexual_gay_or_lesbian", "christian", "jewish", "muslim", "black", "white",
       "psychiatric_or_mental_illness"]


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "id" not in sub.columns:
        raise Invalid("id")
    if "prediction" not in sub.columns and "toxicity" not in sub.columns:
        raise Invalid("target")
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    a, b = sub["id"].values, ans["id"].values
    if len(a) != len(b) and len(a) != 1 and len(b) != 1:
        raise ValueError("operands could not be broadcast together")
    if (a != b).any():
        raise Invalid("ids")
    sub = sub.rename(columns={"prediction": "toxicity"})
    if list(sub.columns).count("toxicity") > 1:
        raise ValueError("ambiguous")
    sub["toxicity"] = np.where(sub["toxicity"] >= 0.5, 1, 0)
    ans = ans.copy()
    for c in ["toxicity"] + IDS:
        ans[c] = np.where(ans[c] >= 0.5, 1, 0)
    yt, yp = ans["toxicity"].values, sub["toxicity"].values
    overall = roc_auc_score(yt, yp)
    sums = [0, 0, 0]
    for g in IDS:
        gv = ans[g].values
        masks = [gv == 1, ((yt == 0) & (gv == 1)) | ((yt == 1) & (gv != 1)),
                 ((yt == 1) & (gv == 1)) | ((yt == 0) & (gv != 1))]
        for k, m in enumerate(masks):
            sums[k] = sums[k] + roc_auc_score(yt[m], yp[m]) ** -5
    means = [(s / len(IDS)) ** (1 / -5) for s in sums]
    return float(0.25 * overall + 0.25 * means[0] + 0.25 * means[1] + 0.25 * means[2])


ids = answers["id"]
truth = answers["toxicity"]
perm = rs.permutation(n)
subs = {
    "perfect_prediction.csv": pd.DataFrame({"id": ids, "prediction": truth}),
    "answers_as_gold.csv": answers,
    "sample.csv": sample,
    "random_shuffled.csv": pd.DataFrame({"id": ids, "prediction": rs.rand(n)}).iloc[perm],
    "noisy.csv": pd.DataFrame({"id": ids, "toxicity": np.clip(truth + rs.normal(0, 0.3, n), 0, 1)}),
    "inverted.csv": pd.DataFrame({"id": ids, "prediction": 1 - truth}),
    "with_nan.csv": pd.DataFrame({"id": ids, "prediction": np.where(np.arange(n) % 5 == 0, np.nan, truth)}),
    "ints.csv": pd.DataFrame({"id": ids, "prediction": (truth >= 0.5).astype(int)}),
    "both_columns.csv": pd.DataFrame({"id": ids, "prediction": truth, "toxicity": truth}),
    "text_prediction.csv": pd.DataFrame({"id": ids, "prediction": ["x"] + list(truth[1:])}),
    "short.csv": pd.DataFrame({"id": ids[:-1], "prediction": truth[:-1]}),
    "one_row.csv": pd.DataFrame({"id": ids[:1], "prediction": truth[:1]}),
    "duplicate_id.csv": pd.DataFrame({"id": [ids.iloc[0]] + list(ids[1:]) if False else [ids.iloc[1]] + list(ids[1:]), "prediction": truth}),
    "wrong_id.csv": pd.DataFrame({"id": [1] + list(ids[1:]), "prediction": truth}),
}
texts = {
    "missing_id.csv": "ID,prediction\n" + "".join(f"{i},0.5\n" for i in ids),
    "missing_target.csv": "id,pred\n" + "".join(f"{i},0.5\n" for i in ids),
    "header_only.csv": "id,prediction\n",
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
