"""Golden grading values for learning-agency-lab-automated-essay-scoring-2 (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/answers.csv made from the seed-0 fake raw data
(md5 pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: {"score": unrounded or null, "error"}}.
The grader is rebuilt from the spec with sklearn's cohen_kappa_score
(quadratic). Debian numpy 1.24 turns the broadcast failure of mismatched
lengths into AttributeError instead of numpy >= 1.25's ValueError; both are
non-invalid errors (null score), which is all the test compares.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import cohen_kappa_score

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "answers.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "score" not in sub.columns:
        raise Invalid("score")
    if "essay_id" not in sub.columns:
        raise Invalid("essay_id")
    if len(sub) == 0:
        raise Invalid("empty")
    sub = sub.sort_values("essay_id")
    ans = ans.sort_values("essay_id")
    if (sub["essay_id"].values != ans["essay_id"].values).any():
        raise Invalid("ids")
    return float(cohen_kappa_score(sub["score"].values, ans["score"].values, weights="quadratic"))


ids = answers["essay_id"]
truth = answers["score"]
perm = rs.permutation(n)
subs = {
    "perfect.csv": answers[["essay_id", "score"]],
    "off_by_one_shuffled.csv": pd.DataFrame({"essay_id": ids, "score": np.clip(truth + rs.randint(-1, 2, n), 1, 6)}).iloc[perm],
    "random.csv": pd.DataFrame({"essay_id": ids, "score": rs.randint(1, 7, n)}),
    "floats_integral.csv": pd.DataFrame({"score": truth.astype(float), "essay_id": ids, "x": "a"}),
    "two_labels.csv": pd.DataFrame({"essay_id": ids, "score": np.where(truth > 3, 9, 1)}),
}
texts = {
    "halves.csv": "essay_id,score\n" + "".join(f"{i},{k % 6 + 1.5}\n" for k, i in enumerate(ids)),
    "nan_value.csv": "essay_id,score\n" + "".join(f"{i},{'' if k == 2 else k % 6 + 1}\n" for k, i in enumerate(ids)),
    "text_value.csv": "essay_id,score\n" + "".join(f"{i},{'high' if k == 2 else k % 6 + 1}\n" for k, i in enumerate(ids)),
    "missing_score.csv": "essay_id,prediction\n" + "".join(f"{i},3\n" for i in ids),
    "missing_id.csv": "id,score\n" + "".join(f"{i},3\n" for i in ids),
    "header_only.csv": "essay_id,score\n",
    "one_row.csv": f"essay_id,score\n{ids.iloc[0]},3\n",
    "short.csv": "essay_id,score\n" + "".join(f"{i},3\n" for i in ids[:-1]),
    "long.csv": "essay_id,score\n" + "".join(f"{i},3\n" for i in ids) + "zzzzzzz,3\n",
    "duplicate_id.csv": "essay_id,score\n" + "".join(f"{ids.iloc[0] if k == 1 else i},3\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "essay_id,score\n" + "".join(f"{'fffffff' if k == 1 else i},3\n" for k, i in enumerate(ids)),
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
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
