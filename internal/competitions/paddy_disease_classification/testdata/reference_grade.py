"""Golden grading values for paddy-disease-classification (run once; tests
never need Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv made from the seed-0 fake raw data (its
md5 is pinned in reference_prepared.json). Writes OUT_DIR/submissions/*.csv
and OUT_DIR/reference_scores.json: {file: {"score": unrounded or null,
"error"}}.

The grader is rebuilt from the spec's Grade section: answer asserts, the
column / row-count / sorted-id checks (InvalidSubmissionError), then
sklearn.metrics.accuracy_score(answers label, submission label filled with
"" as a list). Debian scikit-learn 1.2 has the same target checks as 1.5.
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"))
n = len(answers)
rs = np.random.RandomState(3)


class Invalid(Exception):
    pass


def grade(sub, ans):
    assert {"image_id", "label"}.issubset(ans.columns)
    assert not ans.isnull().values.any()
    if not {"image_id", "label"}.issubset(sub.columns):
        raise Invalid("columns")
    if len(sub) != len(ans):
        raise Invalid("length")
    sub = sub.sort_values("image_id").reset_index(drop=True)
    ans = ans.sort_values("image_id").reset_index(drop=True)
    if (sub["image_id"] != ans["image_id"]).any():
        raise Invalid("ids")
    y_pred = sub["label"].fillna("").tolist()
    y_true = ans["label"]
    return accuracy_score(y_true, y_pred)


ids = answers["image_id"]
truth = answers["label"]
labels = sorted(truth.unique())
perm = rs.permutation(n)
rand = rs.choice(labels, n)
noisy = np.where(rs.rand(n) < 0.5, truth, rand)
subs = {
    "perfect.csv": answers,
    "random.csv": pd.DataFrame({"image_id": ids, "label": rand}),
    "noisy_shuffled.csv": pd.DataFrame({"image_id": ids, "label": noisy}).iloc[perm],
    "upper_case.csv": pd.DataFrame({"image_id": ids, "label": [t.upper() if k % 2 else t for k, t in enumerate(truth)]}),
    "extra_column.csv": pd.DataFrame({"x": 1, "label": truth, "image_id": ids}),
    "ints.csv": pd.DataFrame({"image_id": ids, "label": rs.randint(0, 10, n)}),
}
texts = {
    "sample_empty.csv": "image_id,label\n" + "".join(f"{i},\n" for i in ids),
    "one_missing.csv": "image_id,label\n" + "".join(f"{i},{'' if k == 4 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "floats_with_nan.csv": "image_id,label\n" + "".join(f"{i},{'' if k == 0 else '1.0'}\n" for k, i in enumerate(ids)),
    "integral_floats.csv": "image_id,label\n" + "".join(f"{i},{k % 4}.0\n" for k, i in enumerate(ids)),
    "halves.csv": "image_id,label\n" + "".join(f"{i},{k % 4}.5\n" for k, i in enumerate(ids)),
    "bools_with_nan.csv": "image_id,label\n" + "".join(f"{i},{'' if k == 0 else k % 2 == 0}\n" for k, i in enumerate(ids)),
    "bools.csv": "image_id,label\n" + "".join(f"{i},{k % 2 == 0}\n" for k, i in enumerate(ids)),
    "missing_label.csv": "image_id,labels\n" + "".join(f"{i},blast\n" for i in ids),
    "missing_id.csv": "id,label\n" + "".join(f"{i},blast\n" for i in ids),
    "short.csv": "image_id,label\n" + "".join(f"{i},blast\n" for i in ids[:-1]),
    "duplicate_id.csv": "image_id,label\n" + "".join(f"{ids.iloc[0] if k == 1 else i},blast\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "image_id,label\n" + "".join(f"{'x' + i if k == 1 else i},blast\n" for k, i in enumerate(ids)),
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
            sub = pd.read_csv(path)
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
