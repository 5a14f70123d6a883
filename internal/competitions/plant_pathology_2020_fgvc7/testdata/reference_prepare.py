"""Independent reference for plant-pathology-2020-fgvc7's prepare (spec:
shared/spec/competitions/plant-pathology-2020-fgvc7.md), run once on the
seed-0 fake raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR
"""
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

COLUMNS = ["image_id", "healthy", "multiple_diseases", "rust", "scab"]
raw, public, private = (Path(p) for p in sys.argv[1:4])
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

old_train = pd.read_csv(raw / "train.csv", float_precision="round_trip")
new_train, answers = train_test_split(old_train, test_size=0.1, random_state=0)
assert set(new_train.columns) == set(COLUMNS) and set(answers.columns) == set(COLUMNS)

mapping = {old: f"Train_{i}" for i, old in enumerate(new_train["image_id"].unique())}
mapping.update({old: f"Test_{i}" for i, old in enumerate(answers["image_id"].unique())})
new_train = new_train.copy()
answers = answers.copy()
new_train["image_id"] = new_train["image_id"].replace(mapping)
answers["image_id"] = answers["image_id"].replace(mapping)

new_test = answers[["image_id"]].copy()
sample = answers[["image_id"]].copy()
for c in COLUMNS[1:]:
    sample[c] = 0.25

(public / "images").mkdir()
for old in old_train["image_id"]:
    assert old.startswith("Train_")
    src = raw / "images" / f"{old}.jpg"
    assert src.exists()
    shutil.copy(src, public / "images" / f"{mapping[old]}.jpg")

answers.to_csv(private / "test.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)
new_test.to_csv(public / "test.csv", index=False)
new_train.to_csv(public / "train.csv", index=False)
