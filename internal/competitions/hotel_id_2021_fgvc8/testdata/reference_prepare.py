"""Independent reference for hotel-id-2021-fgvc8's prepare (spec steps 1-8).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Prints JSON: md5 of every CSV ("files") and of every copied image, grouped
by folder ("dirs").
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

df = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
df = df[df["image"] != "ce27d36c9147cc19.jpg"]
new_train, new_test = train_test_split(df, test_size=0.1, random_state=0)
sample = new_test[["image"]].copy()
sample["hotel_id"] = "36363 53586 18807 64314 60181"
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
for _, row in new_train.iterrows():
    dst = os.path.join(pub, "train_images", str(row["chain"]), row["image"])
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copy(os.path.join(raw, "train_images", str(row["chain"]), row["image"]), dst)
os.makedirs(os.path.join(pub, "test_images"), exist_ok=True)
for _, row in new_test.iterrows():
    shutil.copy(os.path.join(raw, "train_images", str(row["chain"]), row["image"]), os.path.join(pub, "test_images", row["image"]))
new_test.to_csv(os.path.join(priv, "test.csv"), index=False)
assert len(new_train) + len(new_test) == len(df)
assert list(sample.columns) == ["image", "hotel_id"]
assert not set(new_train["image"]) & set(new_test["image"])

md5 = lambda p: hashlib.md5(open(p, "rb").read()).hexdigest()
result = {"files": {}, "dirs": {}}
for root, dirs, files in os.walk(out):
    rel = os.path.relpath(root, out)
    for f in files:
        if rel in ("public", "private"):
            result["files"][f"{rel}/{f}"] = md5(os.path.join(root, f))
        else:
            result["dirs"].setdefault(rel, {})[f] = md5(os.path.join(root, f))
print(json.dumps(result, indent=2, sort_keys=True))
