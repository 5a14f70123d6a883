"""Independent reference for new-york-city-taxi-fare-prediction's prepare
(spec: shared/spec/competitions/new-york-city-taxi-fare-prediction.md), run
once on the seed-0 fake raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR

Debian's pandas 1.5.3 / scikit-learn 1.2.1 match the pinned pandas 2.2 /
scikit-learn 1.5 for what is used here.
"""
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw, public, private = (Path(p) for p in sys.argv[1:4])
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

old_train = pd.read_csv(raw / "train.csv", float_precision="round_trip")
new_train, new_test = train_test_split(old_train, test_size=9914, random_state=0)
new_test_without_labels = new_test.drop(columns=["fare_amount"])
sample = new_test[["key"]].copy()
sample["fare_amount"] = 11.35

new_train.to_csv(public / "labels.csv", index=False)
new_test_without_labels.to_csv(public / "test.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)
new_test.to_csv(private / "test.csv", index=False)
shutil.copy(raw / "GCP-Coupons-Instructions.rtf", public / "GCP-Coupons-Instructions.rtf")

assert set(new_train["key"]).isdisjoint(set(new_test["key"]))
assert new_test.shape[1] == 8 and new_test_without_labels.shape[1] == 7
assert new_train.shape[1] == 8
assert sample.shape[1] == 2 and len(sample) == len(new_test)
