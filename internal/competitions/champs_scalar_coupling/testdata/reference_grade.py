"""Golden scores for champs-scalar-coupling's grader (spec:
shared/spec/competitions/champs-scalar-coupling.md). Run once:

    python3 reference_grade.py > scores.json

answers.csv is private/answers.csv of the seed-0 fake data; the sub_*.csv
submissions are written here (one has duplicated ids, which the grader
accepts and counts twice).
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import mean_absolute_error

here = Path(__file__).parent
answers = pd.read_csv(here / "answers.csv")
rng = np.random.RandomState(3)
subs = {}
s = answers[["id"]].copy()
s["scalar_coupling_constant"] = 0
subs["sub_sample"] = s
s = answers[["id", "scalar_coupling_constant"]].sample(frac=1, random_state=4).reset_index(drop=True)
s["scalar_coupling_constant"] = s["scalar_coupling_constant"] + rng.normal(size=len(s)).round(4)
subs["sub_noisy_shuffled"] = s
s = pd.concat([subs["sub_noisy_shuffled"], subs["sub_noisy_shuffled"].iloc[:5].assign(scalar_coupling_constant=7.5)])
subs["sub_duplicated_ids"] = s
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)


def score(sub):
    merged = pd.merge(answers, sub[["id", "scalar_coupling_constant"]], on="id", suffixes=("_true", "_pred"))
    logs = []
    for _, g in merged.groupby("type"):
        mae = mean_absolute_error(g["scalar_coupling_constant_true"], g["scalar_coupling_constant_pred"])
        logs.append(np.log(mae))
    return float(np.mean(logs))


print(json.dumps({n: score(pd.read_csv(here / f"{n}.csv")) for n in subs}, indent=2, sort_keys=True))
