"""Independent reference for paddy-disease-classification's prepare (spec:
Prepare 1-6).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train.csv,sample_submission.csv,train_images/,
test_images/} and OUT_DIR/private/test.csv, then prints the
reference_prepared.json layout {"files": {path: md5}}, every file listed.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2; the
steps used (read_csv, train_test_split with train_size only, to_csv,
shutil.copy) behave the same in pandas 2.2 / scikit-learn 1.5.
"""
import glob
import hashlib
import json
import os
import shutil
import sys

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

old = pd.read_csv(os.path.join(raw, "train.csv"))
raw_sample = pd.read_csv(os.path.join(raw, "sample_submission.csv"))
new_train, new_test = train_test_split(old, train_size=0.75, random_state=0)
sample = new_test[["image_id", "label"]].copy()
sample["label"] = ""
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
new_test.to_csv(os.path.join(priv, "test.csv"), index=False)


def copy(src, dst):
    assert os.path.exists(src) and not os.path.exists(dst)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copy(src, dst)


for _, row in new_train.iterrows():
    copy(os.path.join(raw, "train_images", row["label"], row["image_id"]),
         os.path.join(pub, "train_images", row["label"], row["image_id"]))
for _, row in new_test.iterrows():
    copy(os.path.join(raw, "train_images", row["label"], row["image_id"]),
         os.path.join(pub, "test_images", row["image_id"]))
assert len(new_train) + len(new_test) == len(old)
assert set(new_train["image_id"]).isdisjoint(set(new_test["image_id"]))
assert set(new_train.columns) == set(old.columns)
assert set(sample.columns) == set(raw_sample.columns)
assert len(glob.glob(os.path.join(pub, "train_images", "*", "*.jpg"))) == len(new_train)
assert len(glob.glob(os.path.join(pub, "test_images", "*.jpg"))) == len(new_test)

files = {}
for root, _, names in os.walk(out):
    for name in names:
        p = os.path.join(root, name)
        with open(p, "rb") as f:
            files[os.path.relpath(p, out)] = hashlib.md5(f.read()).hexdigest()
print(json.dumps({"files": files}, indent=2, sort_keys=True))
