"""Independent reference for predict-volcanic-eruptions-ingv-oe's prepare
(spec: prepare steps 1-6).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train.csv,sample_submission.csv,train/,test/} and
OUT_DIR/private/test.csv, then prints {relative path: md5} of every file as
JSON. Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2;
read_csv, train_test_split, to_csv and shutil.copy behave the same in the
pinned pandas 2.2 / scikit-learn 1.5.
"""
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

old = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
new_train, answers = train_test_split(old, test_size=0.1, random_state=0)
sample = answers.copy()
sample["time_to_eruption"] = 0
cols = ["segment_id", "time_to_eruption"]
assert list(new_train.columns) == cols and list(answers.columns) == cols and list(sample.columns) == cols
assert not set(new_train["segment_id"]) & set(answers["segment_id"])
assert len(new_train) + len(answers) == len(old)

answers.to_csv(os.path.join(priv, "test.csv"), index=False)
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
for part, df in (("train", new_train), ("test", answers)):
    os.makedirs(os.path.join(pub, part), exist_ok=True)
    for sid in df["segment_id"]:
        shutil.copy(os.path.join(raw, "train", f"{sid}.csv"), os.path.join(pub, part, f"{sid}.csv"))
    assert len(os.listdir(os.path.join(pub, part))) == len(df)

sums = {}
for root, _, files in os.walk(out):
    for name in files:
        p = os.path.join(root, name)
        with open(p, "rb") as f:
            sums[os.path.relpath(p, out)] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
