"""Golden grading values for us-patent-phrase-to-phrase-matching (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv made from the seed-0 fake raw data (md5
pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: {"score": unrounded or null, "error"}}.
The grader is rebuilt from the spec with scipy 1.10's pearsonr (NaN
predictions raise there, as the spec's pinned behaviour says). Submissions
that score NaN (constant predictions) are left to the Go table test, since
JSON has no NaN.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from scipy.stats import pearsonr

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "id" not in sub.columns or "score" not in sub.columns:
        raise Invalid("columns")
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids")
    return float(pearsonr(ans["score"], sub["score"])[0])


ids = answers["id"]
truth = answers["score"]
perm = rs.permutation(n)
subs = {
    "perfect.csv": answers[["id", "score"]],
    "noisy_shuffled.csv": pd.DataFrame({"id": ids, "score": truth + rs.normal(0, 0.3, n)}).iloc[perm],
    "random.csv": pd.DataFrame({"id": ids, "score": rs.uniform(0, 1, n)}),
    "negated_extra_col.csv": pd.DataFrame({"x": 1, "score": -truth * 3 + 2, "id": ids}),
    "ints.csv": pd.DataFrame({"id": ids, "score": rs.randint(0, 5, n)}),
}
texts = {
    "nan_value.csv": "id,score\n" + "".join(f"{i},{'nan' if k == 2 else k}\n" for k, i in enumerate(ids)),
    "text_value.csv": "id,score\n" + "".join(f"{i},{'high' if k == 2 else k}\n" for k, i in enumerate(ids)),
    "missing_score.csv": "id,prediction\n" + "".join(f"{i},0.5\n" for i in ids),
    "missing_id.csv": "Id,score\n" + "".join(f"{i},0.5\n" for i in ids),
    "short.csv": "id,score\n" + "".join(f"{i},{k}\n" for k, i in enumerate(ids[:-1])),
    "duplicate_id.csv": "id,score\n" + "".join(f"{ids.iloc[0] if k == 1 else i},{k}\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "id,score\n" + "".join(f"{'ffffffffffffffff' if k == 1 else i},{k}\n" for k, i in enumerate(ids)),
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
