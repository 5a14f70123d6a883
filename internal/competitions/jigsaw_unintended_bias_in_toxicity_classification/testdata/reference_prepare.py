"""Independent reference for jigsaw-unintended-bias-in-toxicity-classification's
prepare (spec: Prepare 1-6).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train,test,sample_submission}.csv and
OUT_DIR/private/test.csv, then prints {relative path: md5} as JSON.

Debian's pandas 1.5 writes these files as pandas 2.2 does for the fake data
(no bare '\r' in comments, no "None" comment).
"""
import hashlib
import json
import os
import shutil
import sys

import pandas as pd

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

test = pd.read_csv(os.path.join(raw, "test_private_expanded.csv"), float_precision="round_trip")
shutil.copy(os.path.join(raw, "test_private_expanded.csv"), os.path.join(priv, "test.csv"))
shutil.copy(os.path.join(raw, "train.csv"), os.path.join(pub, "train.csv"))
test[["id", "comment_text"]].to_csv(os.path.join(pub, "test.csv"), index=False)
sample = test[["id"]].copy()
sample["prediction"] = 0.0
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
assert test.shape[1] == 45

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
