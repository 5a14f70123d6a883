"""Independent reference for detecting-insults-in-social-commentary's prepare.

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Follows the spec's steps 1-6 with shutil and pandas; prints {"files": md5s}.
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
read = lambda p: pd.read_csv(p, float_precision="round_trip")

shutil.copy(os.path.join(raw, "train.csv"), os.path.join(pub, "train.csv"))
shutil.copy(os.path.join(raw, "test_with_solutions.csv"), os.path.join(priv, "test.csv"))
test = read(os.path.join(priv, "test.csv"))
gold = test[["Insult", "Date", "Comment"]]
gold.to_csv(os.path.join(priv, "gold_submission.csv"), index=False)
gold.drop(columns=["Insult"]).to_csv(os.path.join(pub, "test.csv"), index=False)
sample = gold.copy()
sample["Insult"] = 0
sample.to_csv(os.path.join(pub, "sample_submission_null.csv"), index=False)

train_r = read(os.path.join(pub, "train.csv"))
test_r = read(os.path.join(pub, "test.csv"))
sample_r = read(os.path.join(pub, "sample_submission_null.csv"))
gold_r = read(os.path.join(priv, "gold_submission.csv"))
priv_r = read(os.path.join(priv, "test.csv"))
assert list(train_r.columns) == ["Insult", "Date", "Comment"]
assert list(test_r.columns) == ["Date", "Comment"]
assert list(sample_r.columns) == list(gold_r.columns) == ["Insult", "Date", "Comment"]
assert list(priv_r.columns) == ["Insult", "Date", "Comment", "Usage"]
assert set(train_r["Comment"]).isdisjoint(set(test_r["Comment"]))
assert test_r.equals(priv_r.drop(columns=["Insult", "Usage"]))
assert set(test_r["Comment"]) == set(sample_r["Comment"]) == set(gold_r["Comment"])

md5 = lambda p: hashlib.md5(open(p, "rb").read()).hexdigest()
result = {"files": {}}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        result["files"][f"{sub}/{name}"] = md5(os.path.join(out, sub, name))
print(json.dumps(result, indent=2, sort_keys=True))
