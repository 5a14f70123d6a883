"""Golden grading values for aptos2019-blindness-detection (run once).

Usage: python3 reference_grade.py ANSWERS_CSV OUT_DIR
Writes OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json
({file: {"score", "error"}}). The grader is rebuilt from the spec's Grade
section; the metric is sklearn.metrics.cohen_kappa_score(y_pred, y_true,
weights="quadratic") (Debian scikit-learn 1.2, same code path as 1.5).
"""
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import cohen_kappa_score

answers_path, out = sys.argv[1:3]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(answers_path, float_precision="round_trip")
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "diagnosis" not in sub.columns:
        raise Invalid("diagnosis")
    assert "diagnosis" in ans.columns
    if sub.empty:
        raise Invalid("empty")
    assert not ans.empty
    if set(sub["id_code"]) != set(ans["id_code"]):
        raise Invalid("ids")
    sub = sub.sort_values("id_code")
    ans = ans.sort_values("id_code")
    return cohen_kappa_score(sub["diagnosis"].to_numpy(), ans["diagnosis"].to_numpy(), weights="quadratic")


ids, truth = answers["id_code"], answers["diagnosis"]
n = len(answers)
perm = rs.permutation(n)
noisy = np.clip(truth + rs.randint(-1, 2, n), 0, 4)


def frame(values, order=None):
    df = pd.DataFrame({"id_code": ids, "diagnosis": values})
    return df if order is None else df.iloc[order]


def text(fn):
    return "id_code,diagnosis\n" + "".join(f"{i},{fn(k, y)}\n" for k, (i, y) in enumerate(zip(ids, truth)))


frames = {
    "perfect.csv": answers,
    "zeros.csv": frame(0),
    "twos.csv": frame(2),
    "noisy_shuffled.csv": frame(noisy, perm),
    "random.csv": frame(rs.randint(0, 5, n)),
    "floats_integral.csv": frame(noisy.astype(float)),
    "label_seven.csv": frame(np.where(np.arange(n) == 0, 7, truth)),
    "negative_label.csv": frame(np.where(np.arange(n) == 1, -3, noisy)),
    "duplicated_rows.csv": pd.concat([frame(truth), frame(truth).iloc[:2]]),
}
texts = {
    "half_values.csv": text(lambda k, y: "2.5" if k == 0 else y),
    "nan_value.csv": text(lambda k, y: "" if k == 0 else y),
    "strings.csv": text(lambda k, y: "severe" if k == 0 else y),
    "no_diagnosis.csv": "id_code,grade\n" + "".join(f"{i},0\n" for i in ids),
    "no_id_code.csv": "id,diagnosis\n" + "".join(f"{i},0\n" for i in ids),
    "header_only.csv": "id_code,diagnosis\n",
    "missing_id.csv": "id_code,diagnosis\n" + "".join(f"{i},0\n" for i in ids[:-1]),
    "extra_id.csv": "id_code,diagnosis\n" + "".join(f"{i},0\n" for i in list(ids) + ["ffffffffffff"]),
    "empty.csv": "",
}
for name, df in frames.items():
    df.to_csv(os.path.join(subdir, name), index=False)
for name, t in texts.items():
    with open(os.path.join(subdir, name), "w") as f:
        f.write(t)

scores = {}
for name in sorted(os.listdir(subdir)):
    try:
        try:
            sub = pd.read_csv(os.path.join(subdir, name), float_precision="round_trip")
        except pd.errors.EmptyDataError:
            sub = pd.DataFrame()
        scores[name] = {"score": float(grade(sub, answers)), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, sort_keys=True))
