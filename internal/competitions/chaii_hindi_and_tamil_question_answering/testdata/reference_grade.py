"""Golden grading values for chaii-hindi-and-tamil-question-answering (run once;
tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv and public/sample_submission.csv made from
the seed-0 fake raw data (md5s pinned in golden_md5.json). Writes
OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json.

The grader is rebuilt from the spec: row count, PredictionString, id,
sorted-id match -> InvalidSubmissionError; NaN -> "", str.lower().split()
word sets, MultiLabelBinarizer over the union vocabulary of both sides and
sklearn jaccard_score(average="samples"). Any exception gives null.
"""
import json
import os
import sys
import warnings

import numpy as np
import pandas as pd
from sklearn.metrics import jaccard_score
from sklearn.preprocessing import MultiLabelBinarizer

warnings.simplefilter("ignore")
prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
sample = pd.read_csv(os.path.join(prepared, "public", "sample_submission.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "PredictionString" not in sub.columns:
        raise Invalid("pred")
    if "id" not in sub.columns:
        raise Invalid("id")
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids")
    t = [set(s.lower().split()) for s in ans["PredictionString"].fillna("")]
    p = [set(s.lower().split()) for s in sub["PredictionString"].fillna("")]
    vocab = set().union(*t, *p)
    mlb = MultiLabelBinarizer(classes=list(vocab), sparse_output=True)
    mlb.fit(t)
    return float(jaccard_score(mlb.transform(t), mlb.transform(p), average="samples"))


ids = answers["id"]
truth = answers["PredictionString"].fillna("")
perm = rs.permutation(n)


def mangle(s):
    w = s.split()
    if not w:
        return "extra"
    return " ".join(w[:1] + ["extra"] + w[1:1] + [w[0]])


subs = {
    "perfect.csv": answers,
    "sample.csv": sample,
    "shuffled_partial.csv": pd.DataFrame({"id": ids, "PredictionString": [mangle(s) for s in truth]}).iloc[perm],
    "upper.csv": pd.DataFrame({"PredictionString": [s.upper() + " ΣΟΦΙΑΣ" for s in truth], "id": ids}),
    "some_nan.csv": pd.DataFrame({"id": ids, "PredictionString": [None if k % 4 == 0 else s for k, s in enumerate(truth)]}),
    "numbers.csv": pd.DataFrame({"id": ids, "PredictionString": np.arange(n)}),
    "numbers_and_nan.csv": pd.DataFrame({"id": ids, "PredictionString": [np.nan] + list(np.arange(n - 1))}),
    "short.csv": answers.iloc[:-1],
    "extra_column.csv": pd.DataFrame({"x": 1, "id": ids, "PredictionString": truth}),
}
texts = {
    "all_empty.csv": "id,PredictionString\n" + "".join(f"{i},\n" for i in ids),
    "whitespace.csv": "id,PredictionString\n" + "".join(f'{i},"  {chr(9).join(s.split())}{chr(0x1f)}{s} "\n' for i, s in zip(ids, truth)),
    "missing_pred.csv": "id,Prediction\n" + "".join(f"{i},x\n" for i in ids),
    "missing_id.csv": "ID,PredictionString\n" + "".join(f"{i},x\n" for i in ids),
    "duplicate_id.csv": "id,PredictionString\n" + "".join(f"{ids.iloc[0] if k == 1 else i},x\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "id,PredictionString\n" + "".join(f"{'zzz' if k == 1 else i},x\n" for k, i in enumerate(ids)),
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
