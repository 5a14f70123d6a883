# Reference grading for the spec's rules, run once with Debian's
# /usr/bin/python3:
#   /usr/bin/python3 reference_grade.py /tmp/spine   (from testdata/; writes grade/)
# grade/answers.csv: the rows of the first 12 test studies of the seed-0
# fake answers (melt order kept). Each case is written to grade/<name>.csv,
# read with pandas defaults and graded; cases.json has the outcomes.
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

warnings.simplefilter("ignore")
d = Path("grade")
full = pd.read_csv(Path(sys.argv[1]) / "private" / "answers.csv")
keep = full["StudyInstanceUID"].unique()[:12]
full[full["StudyInstanceUID"].isin(keep)].to_csv(d / "answers.csv", index=False)
COLS = ["patient_overall", "C1", "C2", "C3", "C4", "C5", "C6", "C7"]


class Invalid(Exception):
    pass


def unmelt(df):
    df = df.copy()
    df[["StudyInstanceUID", "variable"]] = df["row_id"].str.split("_", n=1, expand=True)
    return df.pivot(index="StudyInstanceUID", columns="variable", values="fractured")[COLS]


def grade(sub, ans):
    if "row_id" not in sub.columns:
        raise Invalid()
    if "fractured" not in sub.columns:
        raise Invalid()
    if not ((sub["fractured"] >= 0) & (sub["fractured"] <= 1)).all():
        raise Invalid()
    if sub["fractured"].isna().any():
        raise Invalid()
    sub = sub.sort_values("row_id")
    ans = ans.sort_values("row_id")
    if (sub["row_id"].values != ans["row_id"].values).any():
        raise Invalid()
    y_true = unmelt(ans).values.astype(float)
    y_pred = unmelt(sub).values.astype(float)
    pos = np.array([14, 2, 2, 2, 2, 2, 2, 2], dtype=np.float32)
    neg = np.array([7, 1, 1, 1, 1, 1, 1, 1], dtype=np.float32)
    p = np.clip(y_pred, 1e-15, 1 - 1e-15)
    loss = -(y_true * np.log(p) + (1 - y_true) * np.log(1 - p))
    w = y_true * pos + (1 - y_true) * neg
    return np.mean(np.sum(loss * w, axis=1) / np.sum(w, axis=1))


ans = pd.read_csv(d / "answers.csv")
rows = list(ans["row_id"])
ys = list(ans["fractured"])
n = len(rows)


def csv(vals, ids=None, header="row_id,fractured"):
    ids = rows if ids is None else ids
    return header + "\n" + "".join(f"{a},{b}\n" for a, b in zip(ids, vals))


cases = {
    "perfect": csv(ys),
    "sample": csv([0.5] * n),
    "inverse": csv([1 - y for y in ys]),
    "noisy": csv([round(0.2 + 0.6 * y + ((i * 37) % 13) / 65, 6) for i, y in enumerate(ys)]),
    "reversed rows": csv(ys[::-1], rows[::-1]),
    "bools": csv(["True" if y else "False" for y in ys]),
    "extra column": "row_id,x,fractured\n" + "".join(f"{a},q,{b}\n" for a, b in zip(rows, ys)),
    "bounds 0 and 1": csv([0 if i % 2 else 1 for i in range(n)]),
    "missing row_id": csv(ys, header="id,fractured"),
    "missing fractured": csv(ys, header="row_id,target"),
    "above one": csv([1.5] + ys[1:]),
    "negative": csv([-0.1] + ys[1:]),
    "NaN": csv([""] + ys[1:]),
    "text": csv(["yes"] + ys[1:]),
    "wrong id": csv(ys, rows[:-1] + ["x_C1"]),
    "one row": csv([0.5], rows[:1]),
    "one row short": csv(ys[:-1], rows[:-1]),
}
out = {}
for name, text in cases.items():
    (d / f"{name}.csv").write_text(text)
    sub = pd.read_csv(d / f"{name}.csv")
    try:
        out[name] = {"outcome": "valid", "score": float(grade(sub, ans))}
    except Invalid:
        out[name] = {"outcome": "invalid"}
    except Exception as e:
        out[name] = {"outcome": "error", "exception": type(e).__name__}
(d / "cases.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
print(json.dumps(out, indent=1, sort_keys=True))
