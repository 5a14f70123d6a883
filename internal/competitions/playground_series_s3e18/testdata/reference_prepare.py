"""Independent reference for playground-series-s3e18's prepare (spec:
Prepare 1-7).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train,test,sample_submission}.csv and
OUT_DIR/private/test.csv, then prints {relative path: md5} as JSON.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2; the steps
used (read_csv round-trip, train_test_split, to_csv) behave the same in
pandas 2.2 / scikit-learn 1.5.
"""
import hashlib
import json
import os
import sys

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

old = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
train, test = train_test_split(old, test_size=0.1, random_state=0)
sample = test.copy()
sample["EC1"] = 0.5
sample["EC2"] = 0.5
sample = sample[["id", "EC1", "EC2"]]
public_test = test.drop(["EC1", "EC2", "EC3", "EC4", "EC5", "EC6"], axis="columns")
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
test.to_csv(os.path.join(priv, "test.csv"), index=False)
train.to_csv(os.path.join(pub, "train.csv"), index=False)
public_test.to_csv(os.path.join(pub, "test.csv"), index=False)
assert len(public_test.columns) == 32 and len(train.columns) == 38
assert len(train) + len(test) == len(old)

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
