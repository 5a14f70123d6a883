"""Golden prepared files for hms-harmful-brain-activity-classification (run
once; tests never need Python).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
RAW_DIR is the seed-0 fake raw data (go test ./internal/competitions/
hms_harmful_brain_activity_classification -run TestWriteFakeRaw -args
-fakeraw-out RAW_DIR). Writes OUT_DIR/public, OUT_DIR/private and prints
{relative path: md5} of every file written (golden_md5.json).

A straightforward pandas / scikit-learn / shutil rendering of the spec's
Prepare steps (Debian pandas 1.5 and scikit-learn 1.2: read_csv, isin,
to_csv and train_test_split behave here as in the original's pins).
"""
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = Path(sys.argv[1]), Path(sys.argv[2])
public, private = out / "public", out / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

targets = ["seizure_vote", "lpd_vote", "gpd_vote", "lrda_vote", "grda_vote", "other_vote"]
old = pd.read_csv(raw / "train.csv", float_precision="round_trip")
unique_specs = old["spectrogram_id"].unique()
train_specs, test_specs = train_test_split(unique_specs, test_size=0.1, random_state=0)
new_train = old[old["spectrogram_id"].isin(train_specs)]
new_test = old[old["spectrogram_id"].isin(test_specs)]

new_train.to_csv(public / "train.csv", index=False)
new_test.to_csv(private / "test.csv", index=False)
new_test[["spectrogram_id", "eeg_id", "patient_id"]].to_csv(public / "test.csv", index=False)
gold = new_test[["eeg_id"] + targets].copy()
gold[targets] = gold[targets].div(gold[targets].sum(axis=1), axis=0)
gold.to_csv(private / "gold_submission.csv", index=False)
sample = gold.copy()
sample[targets] = 1 / 6
sample.to_csv(public / "sample_submission.csv", index=False)

shutil.copytree(raw / "example_figures", public / "example_figures")
for sub, ids, src in [
    ("train_eegs", new_train["eeg_id"].unique(), "train_eegs"),
    ("test_eegs", new_test["eeg_id"].unique(), "train_eegs"),
    ("train_spectrograms", train_specs, "train_spectrograms"),
    ("test_spectrograms", test_specs, "train_spectrograms"),
]:
    (public / sub).mkdir(exist_ok=True)
    for i in ids:
        shutil.copy(raw / src / f"{i}.parquet", public / sub / f"{i}.parquet")
    assert len(list((public / sub).glob("**/*"))) == len(ids), sub

assert set(train_specs).isdisjoint(test_specs)
assert set(new_train["eeg_id"]).isdisjoint(new_test["eeg_id"])
assert len(new_train.columns) == len(new_test.columns) == 15
assert len(new_train) + len(new_test) == len(old)
assert len(gold) == len(sample) == len(new_test)

sums = {}
for root, _, files in os.walk(out):
    for f in files:
        p = Path(root) / f
        sums[str(p.relative_to(out))] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(dict(sorted(sums.items())), indent=2))
