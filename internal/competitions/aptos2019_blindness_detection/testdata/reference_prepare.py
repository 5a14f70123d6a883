"""Independent reference for aptos2019-blindness-detection's prepare (spec steps 1-8).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Prints JSON: md5 of every CSV ("files") and of every copied image ("dirs").
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
new_train, new_test = train_test_split(old, test_size=0.1, random_state=0)
new_test_without_labels = new_test.drop(columns=["diagnosis"])
for part, df in (("train_images", new_train), ("test_images", new_test)):
    os.makedirs(os.path.join(pub, part))
    for i in df["id_code"]:
        shutil.copy(os.path.join(raw, "train_images", f"{i}.png"), os.path.join(pub, part, f"{i}.png"))
assert set(new_train["id_code"]).isdisjoint(set(new_test["id_code"]))
assert len(os.listdir(os.path.join(pub, "train_images"))) == len(new_train)
assert len(os.listdir(os.path.join(pub, "test_images"))) == len(new_test)
sample = new_test.copy()
sample["diagnosis"] = 0
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
new_test.to_csv(os.path.join(priv, "test.csv"), index=False)
new_test_without_labels.to_csv(os.path.join(pub, "test.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)

result = {"files": {}, "dirs": {}}
md5 = lambda p: hashlib.md5(open(p, "rb").read()).hexdigest()
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        path = os.path.join(out, sub, name)
        if os.path.isdir(path):
            result["dirs"][f"{sub}/{name}"] = {f: md5(os.path.join(path, f)) for f in sorted(os.listdir(path))}
        else:
            result["files"][f"{sub}/{name}"] = md5(path)
print(json.dumps(result, indent=2, sort_keys=True))
