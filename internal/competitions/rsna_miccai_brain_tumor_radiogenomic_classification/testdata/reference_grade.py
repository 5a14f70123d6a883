# Reference grading for the spec's rules, run once with Debian's
# /usr/bin/python3 (sklearn 1.2's roc_auc_score: same binary AUC as 1.5):
#   /usr/bin/python3 reference_grade.py   (from testdata/; writes grade/)
# grade/answers.csv is the seed-0 fake data's private/test.csv. Each case
# is written to grade/<name>.csv and graded as the harness does (both files
# read with default pandas inference); grade/cases.json holds the outcomes.
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

ID, TARGET = "BraTS21ID", "MGMT_value"
d = Path("grade")
answers_text = (d / "answers.csv").read_text()
rows = [l.split(",") for l in answers_text.strip().split("\n")[1:]]
ids = [r[0] for r in rows]
ys = [int(r[1]) for r in rows]
n = len(ids)


class Invalid(Exception):
    pass


def grade(sub, ans):
    # prepare_for_auroc_metric, in the spec's order
    if ID not in sub.columns:
        raise Invalid("no id column")
    if TARGET not in sub.columns:
        raise Invalid("no target column")
    if len(sub) != len(ans):
        raise Invalid("row count")
    try:
        pd.to_numeric(sub[TARGET])
    except ValueError:
        raise Invalid("not numeric")
    if sub[TARGET].min() < 0 or sub[TARGET].max() > 1:
        raise Invalid("out of [0, 1]")
    sub = sub.sort_values(ID)
    ans = ans.sort_values(ID)
    if (sub[ID].values != ans[ID].values).any():
        raise Invalid("ids differ")
    return roc_auc_score(ans[TARGET], sub[TARGET])


def csv(pairs, header=f"{ID},{TARGET}"):
    return header + "\n" + "".join(f"{a},{b}\n" for a, b in pairs)


cases = {
    "perfect": csv(zip(ids, ys)),
    "perfect reversed": csv(list(zip(ids, ys))[::-1]),
    "inverse": csv(zip(ids, [1 - y for y in ys])),
    "sample": csv(zip(ids, ["0.5"] * n)),
    "noisy": csv(zip(ids, [round(0.15 * y + ((i * 37) % 11) / 11, 6) for i, y in enumerate(ys)])),
    "ties": csv(zip(ids, [0.25 if i % 2 else 0.75 for i in range(n)])),
    "unpadded ids": csv(zip([str(int(i)) for i in ids], [0.1 + 0.8 * y for y in ys])),
    "float ids": csv(zip([f"{int(i)}.0" for i in ids], ys)),
    "bool scores": csv(zip(ids, ["True" if i % 3 else "False" for i in range(n)])),
    "bounds": csv(zip(ids, ["0", "1", "1.0", "0.0", "1e-300", "0.999999"][:n] + ["0.5"] * max(0, n - 6))),
    "1. no id column": csv(zip(ids, ys), header=f"id,{TARGET}"),
    "2. no target column": csv(zip(ids, ys), header=f"{ID},mgmt_value"),
    "3. one row short": csv(list(zip(ids, ys))[:-1]),
    "3. one row extra": csv(list(zip(ids, ys)) + [("99999", "0.5")]),
    "4. text score": csv(zip(ids, ["0.5"] * (n - 1) + ["high"])),
    "5. above one": csv(zip(ids, ["0.5"] * (n - 1) + ["1.5"])),
    "5. negative": csv(zip(ids, ["-0.1"] + ["0.5"] * (n - 1))),
    "5. inf": csv(zip(ids, ["inf"] + ["0.5"] * (n - 1))),
    "5. NaN passes then sklearn raises": csv(zip(ids, [""] + ["0.5"] * (n - 1))),
    "6. wrong id": csv(zip(ids[:-1] + ["99999"], ys)),
    "6. duplicate id": csv(zip(ids[:-1] + [ids[0]], ys)),
    "6. text ids": csv(zip([f"case{i}" for i in ids], ys)),
}
# an extra column between id and target is ignored
cases["extra column"] = f"{ID},extra,{TARGET}\n" + "".join(f"{a},x,{b}\n" for a, b in zip(ids, ys))

ans = pd.read_csv(d / "answers.csv")
out = {}
for name, text in cases.items():
    (d / f"{name}.csv").write_text(text)
    sub = pd.read_csv(d / f"{name}.csv")
    try:
        out[name] = {"outcome": "valid", "score": float(grade(sub, ans))}
    except Invalid:
        out[name] = {"outcome": "invalid", "score": None}
    except Exception as e:
        out[name] = {"outcome": "error", "score": None, "exception": type(e).__name__}
(d / "cases.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
print(json.dumps(out, indent=1, sort_keys=True))
