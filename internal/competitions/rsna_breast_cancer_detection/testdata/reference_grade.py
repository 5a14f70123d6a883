# Reference grading for the spec's rules, run once with Debian's
# /usr/bin/python3 (numpy scalar semantics as in the original):
#   /usr/bin/python3 reference_grade.py   (from testdata/; writes grade/)
# grade/answers.csv is the seed-0 fake data's private/answers.csv (and
# grade/answers_no_positive.csv the same ids, all 0). Each case is written
# to grade/<name>.csv, read as the harness does (default pandas inference)
# and graded; grade/cases.json holds outcome, score and the score's type.
import json
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

warnings.simplefilter("ignore")
d = Path("grade")


class Invalid(Exception):
    pass


def pfbeta(labels, predictions, beta=1):
    # the spec's pF1: Python max/min clip, NumPy scalars from to_numpy()
    y_true_count = 0
    ctp = 0
    cfp = 0
    for idx in range(len(labels)):
        prediction = min(max(predictions[idx], 0), 1)
        if labels[idx]:
            y_true_count += 1
            ctp += prediction
        else:
            cfp += prediction
    beta_squared = beta * beta
    c_precision = ctp / (ctp + cfp)
    c_recall = ctp / y_true_count
    if c_precision > 0 and c_recall > 0:
        return (1 + beta_squared) * (c_precision * c_recall) / (beta_squared * c_precision + c_recall)
    return 0


def grade(sub, ans):
    assert "prediction_id" in ans.columns and "cancer" in ans.columns
    if "prediction_id" not in sub.columns:
        raise Invalid()
    if "cancer" not in sub.columns:
        raise Invalid()
    if len(sub) != len(ans):
        raise Invalid()
    sub = sub.sort_values("prediction_id")
    ans = ans.sort_values("prediction_id")
    if (sub["prediction_id"].values != ans["prediction_id"].values).any():
        raise Invalid()
    return pfbeta(ans["cancer"].to_numpy(), sub["cancer"].to_numpy())


ans_text = (d / "answers.csv").read_text()
rows = [l.split(",") for l in ans_text.strip().split("\n")[1:]]
ids = [r[0] for r in rows]
ys = [int(r[1]) for r in rows]
n = len(ids)
(d / "answers_no_positive.csv").write_text("prediction_id,cancer\n" + "".join(f"{i},0\n" for i in ids))


def csv(vals, idlist=None, header="prediction_id,cancer"):
    idlist = ids if idlist is None else idlist
    return header + "\n" + "".join(f"{a},{b}\n" for a, b in zip(idlist, vals))


sample_value = (Path("/tmp/breast/public/sample_submission.csv").read_text().split("\n")[1].split(",")[1]
                if Path("/tmp/breast/public/sample_submission.csv").exists() else None)
cases = {
    "perfect": (csv(ys), "answers.csv"),
    "perfect reversed": ("prediction_id,cancer\n" + "".join(f"{a},{b}\n" for a, b in list(zip(ids, ys))[::-1]), "answers.csv"),
    "sample": (csv([sample_value] * n), "answers.csv"),
    "noisy": (csv([round(0.6 * y + ((i * 37) % 11) / 30, 6) for i, y in enumerate(ys)]), "answers.csv"),
    "all zero float": (csv(["0.0"] * n), "answers.csv"),
    "all zero int": (csv(["0"] * n), "answers.csv"),
    "all negative": (csv(["-0.5"] * n), "answers.csv"),
    "negative and above one": (csv(["5" if y or i % 4 == 0 else "-1" for i, y in enumerate(ys)]), "answers.csv"),
    "above one clipped": (csv(["2.5" if y else "0.25" for y in ys]), "answers.csv"),
    "one NaN": (csv([""] + ["0.5"] * (n - 1)), "answers.csv"),
    "bools": (csv(["True" if y or i % 5 == 0 else "False" for i, y in enumerate(ys)]), "answers.csv"),
    "bools with a missing cell": (csv(["True" if y else "False" for y in ys][:-1] + [""]), "answers.csv"),
    "text prediction": (csv(["0.5"] * (n - 1) + ["high"]), "answers.csv"),
    "ints 0 and 1 inverse": (csv([1 - y for y in ys]), "answers.csv"),
    "exact zero and one": (csv(["1.0" if i % 2 else "0.0" for i in range(n)]), "answers.csv"),
    "no positive answers": (csv(["0.5"] * n), "answers_no_positive.csv"),
    "missing prediction_id": (csv(ys, header="id,cancer"), "answers.csv"),
    "missing cancer": (csv(ys, header="prediction_id,target"), "answers.csv"),
    "row count": (csv(ys[:-1], ids[:-1]), "answers.csv"),
    "wrong id": (csv(ys, ids[:-1] + ["1_L"]), "answers.csv"),
    "duplicate id": (csv(ys, ids[:-1] + [ids[0]]), "answers.csv"),
}

out = {}
for name, (text, answers_file) in cases.items():
    (d / f"{name}.csv").write_text(text)
    sub = pd.read_csv(d / f"{name}.csv")
    ans = pd.read_csv(d / answers_file)
    entry = {"answers": answers_file}
    try:
        s = grade(sub, ans)
        kind = "numpy" if isinstance(s, np.floating) else "int" if isinstance(s, (int, np.integer)) else "float"
        entry.update(outcome="valid", score=float(s), kind=kind)
    except Invalid:
        entry.update(outcome="invalid")
    except Exception as e:
        entry.update(outcome="error", exception=type(e).__name__)
    out[name] = entry
(d / "cases.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
print(json.dumps(out, indent=1, sort_keys=True))
