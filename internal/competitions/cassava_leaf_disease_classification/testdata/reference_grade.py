"""Golden grading values for cassava-leaf-disease-classification (run once;
tests never need Python).

Usage: /usr/bin/python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv made from the seed-0 fake raw data (its
md5 is pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json ({file: {"score": unrounded or null, "error"}}).

The grader is rebuilt from the spec: the shared accuracy helper (row count,
label column, image_id column, sorted-id match -> InvalidSubmissionError) and
sklearn.metrics.accuracy_score (Debian scikit-learn 1.2; same target checks
as 1.5). Any exception gives null, as in the harness.
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
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "label" not in sub.columns:
        raise Invalid("target")
    if "image_id" not in sub.columns:
        raise Invalid("id")
    sub = sub.sort_values("image_id")
    ans = ans.sort_values("image_id")
    if (sub["image_id"].values != ans["image_id"].values).any():
        raise Invalid("ids")
    return accuracy_score(ans["label"].to_numpy(), sub["label"].to_numpy())


ids, truth = answers["image_id"], answers["label"]
perm = rs.permutation(n)
rand = rs.randint(0, 5, n)
subs = {
    "perfect.csv": answers,
    "all_four.csv": pd.DataFrame({"image_id": ids, "label": 4}),
    "all_three.csv": pd.DataFrame({"image_id": ids, "label": 3}),
    "random_shuffled.csv": pd.DataFrame({"image_id": ids, "label": rand}).iloc[perm],
    "floats.csv": pd.DataFrame({"image_id": ids, "label": truth.astype(float)}),
    "extra_column.csv": pd.DataFrame({"x": 1, "label": truth, "image_id": ids}),
}
line = lambda f: "image_id,label\n" + "".join(f(k, i, t) for k, (i, t) in enumerate(zip(ids, truth)))
texts = {
    "strings.csv": line(lambda k, i, t: f"{i},class{t}\n"),
    "one_string.csv": line(lambda k, i, t: f"{i},{'x' if k == 0 else t}\n"),
    "string_and_missing.csv": line(lambda k, i, t: f"{i},{'' if k == 0 else 'x' if k == 1 else t}\n"),
    "missing_value.csv": line(lambda k, i, t: f"{i},{'' if k == 3 else t}\n"),
    "halves.csv": line(lambda k, i, t: f"{i},{t}.5\n"),
    "missing_label.csv": "image_id,Label\n" + "".join(f"{i},1\n" for i in ids),
    "missing_id.csv": "id,label\n" + "".join(f"{i},1\n" for i in ids),
    "short.csv": "image_id,label\n" + "".join(f"{i},1\n" for i in ids[:-1]),
    "duplicate_id.csv": line(lambda k, i, t: f"{ids.iloc[0] if k == 1 else i},{t}\n"),
    "wrong_id.csv": line(lambda k, i, t: f"{'123.jpg' if k == 1 else i},{t}\n"),
    "no_suffix_ids.csv": line(lambda k, i, t: f"{i[:-4]},{t}\n"),
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
    except Exception as e:  # noqa: BLE001
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, sort_keys=True))
