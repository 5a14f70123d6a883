"""Golden scores for billion-word-imputation's grader (spec:
shared/spec/competitions/billion-word-imputation.md). Run once:

    python3 reference_grade.py > scores.json

answers.csv and sub_sample.csv are private/test.csv and
private/sample_submission.csv of the quirky data (TestBWIQuirkyGolden);
sub_perturbed.csv (written here, shuffled, every third sentence edited) is
scored too. Uses python-Levenshtein (Debian's 0.12; distance over code
points as in >= 0.25).
"""
import json
import random
from pathlib import Path

import Levenshtein
import numpy as np
import pandas as pd

here = Path(__file__).parent
answers = pd.read_csv(here / "answers.csv")
rng = random.Random(5)
p = answers.sample(frac=1, random_state=1).reset_index(drop=True)
p["sentence"] = [s if i % 3 else s[::-1] + " ünï" for i, s in enumerate(p["sentence"])]
p.to_csv(here / "sub_perturbed.csv", index=False)


def score(sub):
    sub = sub.sort_values("id").reset_index(drop=True)
    ans = answers.sort_values("id").reset_index(drop=True)
    assert (sub["id"] == ans["id"]).all()
    return float(np.mean([Levenshtein.distance(a, b) for a, b in zip(ans["sentence"], sub["sentence"])]))


out = {n: score(pd.read_csv(here / f"{n}.csv")) for n in ["sub_sample", "sub_perturbed"]}
print(json.dumps(out, indent=2, sort_keys=True))
