"""Independent reference for plant-seedlings-classification's prepare (spec:
Prepare 1-7).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/private/answers.csv, OUT_DIR/public/sample_submission.csv,
public/train/<species>/ and public/test/, then prints the
reference_prepared.json layout {"files": {path: md5}}, every file listed.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2; the
steps used behave the same in pandas 2.2 / scikit-learn 1.5.
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

rows = []
src = os.path.join(raw, "train")
for species in sorted(os.listdir(src)):
    if not os.path.isdir(os.path.join(src, species)):
        continue
    for name in sorted(os.listdir(os.path.join(src, species))):
        if name.endswith(".png"):
            rows.append({"file": name, "species": species})
df = pd.DataFrame(rows, columns=["file", "species"])
train, test = train_test_split(df, test_size=0.14, random_state=0)
sample = test.copy()
sample["species"] = "Sugar beet"
assert len(train) + len(test) == len(df)
assert set(train["file"]).isdisjoint(set(test["file"]))
test.to_csv(os.path.join(priv, "answers.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
for species in train["species"].unique():
    os.makedirs(os.path.join(pub, "train", species), exist_ok=True)
for _, row in train.iterrows():
    shutil.copy(os.path.join(src, row["species"], row["file"]), os.path.join(pub, "train", row["species"], row["file"]))
os.makedirs(os.path.join(pub, "test"), exist_ok=True)
for _, row in test.iterrows():
    shutil.copy(os.path.join(src, row["species"], row["file"]), os.path.join(pub, "test", row["file"]))
assert len(glob.glob(os.path.join(pub, "train", "**", "*.png"), recursive=True)) == len(train)
assert len(glob.glob(os.path.join(pub, "test", "*.png"))) == len(test)

files = {}
for root, _, names in os.walk(out):
    for name in names:
        p = os.path.join(root, name)
        with open(p, "rb") as f:
            files[os.path.relpath(p, out)] = hashlib.md5(f.read()).hexdigest()
print(json.dumps({"files": files}, indent=2, sort_keys=True))
