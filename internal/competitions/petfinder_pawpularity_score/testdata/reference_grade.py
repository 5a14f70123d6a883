"""Golden grading values for petfinder-pawpularity-score (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv and public/sample_submission.csv made
from the seed-0 fake raw data (md5s pinned in golden_md5.json). Writes
OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json. RMSE is
sqrt(mean_squared_error) (Debian sklearn 1.2 lacks root_mean_squared_error;
same formula). Debian numpy 1.24 turns a length mismatch into
AttributeError instead of ValueError; both are null, non-invalid.
"""
import json
import os
import shutil
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_error

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "Id" not in sub.columns:
        raise Invalid("Id")
    if "Pawpularity" not in sub.columns:
        raise Invalid("Pawpularity")
    if not ((sub["Pawpularity"] >= 1) & (sub["Pawpularity"] <= 100)).all():
        raise Invalid("range")
    sub = sub.sort_values("Id")
    ans = ans.sort_values("Id")
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids")
    return float(np.sqrt(mean_squared_error(ans["Pawpularity"], sub["Pawpularity"])))


ids = answers["Id"]
truth = answers["Pawpularity"]
perm = rs.permutation(n)
shutil.copyfile(os.path.join(prepared, "public", "sample_submission.csv"), os.path.join(subdir, "sample.csv"))
subs = {
    "perfect.csv": answers[["Id", "Pawpularity"]],
    "noisy_shuffled.csv": pd.DataFrame({"Id": ids, "Pawpularity": np.clip(truth + rs.normal(0, 10, n), 1, 100)}).iloc[perm],
    "bounds.csv": pd.DataFrame({"Pawpularity": np.where(np.arange(n) % 2 == 0, 1, 100), "Id": ids}),
    "above_100.csv": pd.DataFrame({"Id": ids, "Pawpularity": np.where(np.arange(n) == 3, 100.5, 50)}),
    "below_1.csv": pd.DataFrame({"Id": ids, "Pawpularity": np.where(np.arange(n) == 3, 0.99, 50)}),
    "nan_value.csv": pd.DataFrame({"Id": ids, "Pawpularity": np.where(np.arange(n) == 3, np.nan, 50)}),
    "one_row.csv": pd.DataFrame({"Id": ids, "Pawpularity": 50.0}).iloc[:1],
    "short.csv": pd.DataFrame({"Id": ids, "Pawpularity": 50.0}).iloc[:-1],
    "duplicate_id.csv": pd.DataFrame({"Id": np.where(np.arange(n) == 1, ids.iloc[0], ids), "Pawpularity": 50.0}),
    "wrong_id.csv": pd.DataFrame({"Id": np.where(np.arange(n) == 1, "x", ids), "Pawpularity": 50.0}),
    "missing_id.csv": pd.DataFrame({"id": ids, "Pawpularity": 50.0}),
    "missing_target.csv": pd.DataFrame({"Id": ids, "pawpularity": 50.0}),
}
texts = {
    "text_value.csv": "Id,Pawpularity\n" + "".join(f"{i},{'high' if k == 0 else 50}\n" for k, i in enumerate(ids)),
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
