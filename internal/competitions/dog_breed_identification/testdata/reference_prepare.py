"""Independent reference for dog-breed-identification's prepare (spec steps 1-7).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Prints JSON: md5 of every CSV ("files") and of every copied image ("dirs").
DOGS_LIST is read from the spec (../../../../../shared/spec/competitions/
dog-breed-identification.md, the line listing the 120 classes).
"""
import hashlib
import json
import os
import shutil
import sys

import pandas as pd
from sklearn.model_selection import train_test_split

here = os.path.dirname(os.path.abspath(__file__))
spec = os.path.join(here, *[".."] * 5, "shared", "spec", "competitions", "dog-breed-identification.md")
DOGS_LIST = [l for l in open(spec) if l.startswith("affenpinscher, ")][0].strip().split(", ")
assert len(DOGS_LIST) == 120

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

old = pd.read_csv(os.path.join(raw, "labels.csv"), float_precision="round_trip")
train, test = train_test_split(old, test_size=0.1, random_state=0)
one_hot = pd.DataFrame(0, index=test.index, columns=["id"] + DOGS_LIST)
one_hot["id"] = test["id"]
for i, row in test.iterrows():
    one_hot.loc[i, row["breed"]] = 1
train.to_csv(os.path.join(pub, "labels.csv"), index=False)
one_hot.to_csv(os.path.join(priv, "test.csv"), index=False)
for part, df in (("train", train), ("test", test)):
    os.makedirs(os.path.join(pub, part))
    for i in df["id"]:
        shutil.copy(os.path.join(raw, "train", f"{i}.jpg"), os.path.join(pub, part, f"{i}.jpg"))
    assert len(os.listdir(os.path.join(pub, part))) == len(df)
sample = one_hot.copy()
sample[DOGS_LIST] = sample[DOGS_LIST].astype(float)
sample[DOGS_LIST] = 1 / 120
assert sample.shape == (len(test), 121)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)

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
