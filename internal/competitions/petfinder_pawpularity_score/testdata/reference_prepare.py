"""Independent reference for petfinder-pawpularity-score's prepare (spec: Prepare 1-8).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train,test,sample_submission}.csv, public/{train,test}/
images and OUT_DIR/private/test.csv, then prints {relative path: md5} for
every file as JSON. Debian pandas 1.5 / scikit-learn 1.2 / numpy 1.24 behave
as the pinned releases here.
"""
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = Path(sys.argv[1]), Path(sys.argv[2])
pub, priv = out / "public", out / "private"
pub.mkdir(parents=True, exist_ok=True)
priv.mkdir(parents=True, exist_ok=True)

old = pd.read_csv(raw / "train.csv", float_precision="round_trip")
np_rng = np.random.default_rng(0)
new_train, new_test = train_test_split(old, test_size=0.1, random_state=0)
new_test_without_labels = new_test.drop(columns=["Pawpularity"])
sample = new_test[["Id", "Pawpularity"]].copy()
sample["Pawpularity"] = np_rng.uniform(1, 100, len(new_test)).round(2)
new_train.to_csv(pub / "train.csv", index=False)
new_test.to_csv(priv / "test.csv", index=False)
new_test_without_labels.to_csv(pub / "test.csv", index=False)
sample.to_csv(pub / "sample_submission.csv", index=False)
for name, df in (("train", new_train), ("test", new_test)):
    (pub / name).mkdir(exist_ok=True)
    for i in df["Id"]:
        shutil.copyfile(raw / "train" / f"{i}.jpg", pub / name / f"{i}.jpg")
    assert len(list((pub / name).glob("*.jpg"))) == len(df)
assert list(new_test_without_labels.columns) == list(new_train.columns[:-1])
assert set(new_train["Id"]).isdisjoint(set(new_test["Id"]))

sums = {}
for root, _, files in os.walk(out):
    for f in files:
        p = os.path.join(root, f)
        with open(p, "rb") as fh:
            sums[os.path.relpath(p, out)] = hashlib.md5(fh.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
