"""Independent reference for plant-pathology-2021-fgvc8's prepare (spec:
shared/spec/competitions/plant-pathology-2021-fgvc8.md), run once on the
seed-0 fake raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PREPARED_DIR
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw, prepared = Path(sys.argv[1]), Path(sys.argv[2])
public, private = prepared / "public", prepared / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

old_train = pd.read_csv(raw / "train.csv", float_precision="round_trip")
new_train, answers = train_test_split(old_train, test_size=0.2, random_state=0)
sample = answers.copy()
sample["labels"] = "healthy"

assert len(answers) == len(sample)
assert set(new_train["image"]).isdisjoint(set(answers["image"]))
assert "image" in new_train.columns and "labels" in new_train.columns
assert "image" in sample.columns and "labels" in sample.columns
assert len(new_train) + len(answers) == len(old_train)

answers.to_csv(private / "answers.csv", index=False)
new_train.to_csv(public / "train.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)

for part, sub in [(new_train, "train_images"), (answers, "test_images")]:
    (public / sub).mkdir(exist_ok=True)
    for name in part["image"]:
        shutil.copy(raw / "train_images" / name, public / sub / name)
    assert len(list((public / sub).glob("*.jpg"))) == len(part)

out = {}
for p in sorted(prepared.rglob("*")):
    if p.is_file():
        out[str(p.relative_to(prepared))] = hashlib.md5(p.read_bytes()).hexdigest()
json.dump(out, sys.stdout, indent=2, sort_keys=True)
print()
