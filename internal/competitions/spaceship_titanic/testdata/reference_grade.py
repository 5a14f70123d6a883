"""Golden grading values for spaceship-titanic (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv made from the seed-0 fake raw data (its
md5 is pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: score (unrounded) or null, "kind"}.

The grader is rebuilt from the spec: the shared accuracy helper (row count,
target column, id column, sorted-id match -> InvalidSubmissionError) and
sklearn.metrics.accuracy_score (Debian scikit-learn 1.2, whose target checks
are the same as 1.5's). Any exception gives null, as in the harness.
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
    if "Transported" not in sub.columns:
        raise Invalid("target")
    if "PassengerId" not in sub.columns:
        raise Invalid("id")
    sub = sub.sort_values("PassengerId")
    ans = ans.sort_values("PassengerId")
    if (sub["PassengerId"].values != ans["PassengerId"].values).any():
        raise Invalid("ids")
    return accuracy_score(ans["Transported"].to_numpy(), sub["Transported"].to_numpy())


ids = answers["PassengerId"]
truth = answers["Transported"]
perm = rs.permutation(n)
rand_bool = rs.randint(0, 2, n).astype(bool)
subs = {
    "perfect.csv": answers[["PassengerId", "Transported"]],
    "all_true.csv": pd.DataFrame({"PassengerId": ids, "Transported": True}),
    "random_shuffled.csv": pd.DataFrame({"PassengerId": ids, "Transported": rand_bool}).iloc[perm],
    "ints01.csv": pd.DataFrame({"PassengerId": ids, "Transported": truth.astype(int)}),
    "floats01.csv": pd.DataFrame({"PassengerId": ids, "Transported": (~truth).astype(float)}),
    "int_three_classes.csv": pd.DataFrame({"PassengerId": ids, "Transported": np.where(rand_bool, 1, 2)}),
    "extra_column.csv": pd.DataFrame({"x": 1, "Transported": truth, "PassengerId": ids}),
}
texts = {
    "lowercase.csv": "PassengerId,Transported\n" + "".join(f"{i},{str(t).lower()}\n" for i, t in zip(ids, truth)),
    "upper_mixed.csv": "PassengerId,Transported\n" + "".join(f"{i},{str(t).upper() if k % 2 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "missing_value.csv": "PassengerId,Transported\n" + "".join(f"{i},{'' if k == 3 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "missing_first.csv": "PassengerId,Transported\n" + "".join(f"{i},{'' if k == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "yes_no.csv": "PassengerId,Transported\n" + "".join(f"{i},{'yes' if t else 'no'}\n" for i, t in zip(ids, truth)),
    "three_strings.csv": "PassengerId,Transported\n" + "".join(f"{i},{['a', 'b', 'c'][k % 3]}\n" for k, i in enumerate(ids)),
    "true_false_maybe.csv": "PassengerId,Transported\n" + "".join(f"{i},{'maybe' if k == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "halves.csv": "PassengerId,Transported\n" + "".join(f"{i},0.5\n" for i in ids),
    "nan_float.csv": "PassengerId,Transported\n" + "".join(f"{i},{'nan' if k == 2 else '1.0'}\n" for k, i in enumerate(ids)),
    "missing_target.csv": "PassengerId,Other\n" + "".join(f"{i},True\n" for i in ids),
    "missing_id.csv": "Id,Transported\n" + "".join(f"{i},True\n" for i in ids),
    "short.csv": "PassengerId,Transported\n" + "".join(f"{i},True\n" for i in ids[:-1]),
    "duplicate_id.csv": "PassengerId,Transported\n" + "".join(f"{ids.iloc[0] if k == 1 else i},True\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "PassengerId,Transported\n" + "".join(f"{'9999_99' if k == 1 else i},True\n" for k, i in enumerate(ids)),
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
