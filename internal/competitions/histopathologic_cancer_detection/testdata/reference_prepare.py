"""Independent reference for histopathologic-cancer-detection's prepare (spec steps 1-9).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Prints JSON: md5 of the CSVs ("files") and of every copied image ("dirs").
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

old = pd.read_csv(os.path.join(raw, "train_labels.csv"))
num_test = len(glob.glob(os.path.join(raw, "test", "*.tif")))
ratio = num_test / (len(old) + num_test)
train_ids, test_ids = train_test_split(old["id"], test_size=ratio, random_state=0)
new_train = old[old["id"].isin(train_ids)]
new_test = old[old["id"].isin(test_ids)]
assert set(new_train["id"]).isdisjoint(set(new_test["id"]))
assert len(new_train) + len(new_test) == len(old)
for part, ids in (("train", train_ids), ("test", test_ids)):
    os.makedirs(os.path.join(pub, part), exist_ok=True)
    for i in ids:
        shutil.copy(os.path.join(raw, "train", f"{i}.tif"), os.path.join(pub, part, f"{i}.tif"))
sample = new_test.copy()
sample["label"] = 0
new_train.to_csv(os.path.join(pub, "train_labels.csv"), index=False)
new_test.to_csv(os.path.join(priv, "answers.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
assert len(glob.glob(os.path.join(pub, "train", "*.tif"))) == len(train_ids)
assert len(glob.glob(os.path.join(pub, "test", "*.tif"))) == len(test_ids)

md5 = lambda p: hashlib.md5(open(p, "rb").read()).hexdigest()
result = {"files": {}, "dirs": {}}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        path = os.path.join(out, sub, name)
        if os.path.isdir(path):
            result["dirs"][f"{sub}/{name}"] = {f: md5(os.path.join(path, f)) for f in sorted(os.listdir(path))}
        else:
            result["files"][f"{sub}/{name}"] = md5(path)
print(json.dumps(result, indent=2, sort_keys=True))
