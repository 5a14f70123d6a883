"""Independent reference for aerial-cactus-identification's prepare (spec steps 1-8).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public and OUT_DIR/private as the spec describes (extracting
raw/train.zip into a scratch copy of RAW_DIR), then prints JSON with the md5
of every CSV and, for each public zip, {member name: md5 of its content}
(zip bytes hold timestamps and are not comparable).
"""
import hashlib
import json
import os
import shutil
import sys
import zipfile

import pandas as pd
from sklearn.model_selection import train_test_split

raw_in, out = sys.argv[1], sys.argv[2]
raw = os.path.join(out, "raw-copy")
shutil.copytree(raw_in, raw)
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

old = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
train, test = train_test_split(old, test_size=0.19, random_state=0)
train.to_csv(os.path.join(pub, "train.csv"), index=False)
test.to_csv(os.path.join(priv, "test.csv"), index=False)
sample = test.copy()
sample["has_cactus"] = 0.5
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)

with zipfile.ZipFile(os.path.join(raw, "train.zip")) as z:
    z.extractall(raw)
for part, df in (("train", train), ("test", test)):
    d = os.path.join(pub, part)
    os.makedirs(d)
    for i in df["id"]:
        shutil.copy(os.path.join(raw, "train", i), os.path.join(d, i))
    with zipfile.ZipFile(os.path.join(pub, part + ".zip"), "w", zipfile.ZIP_DEFLATED) as z:
        for root, _, files in os.walk(d):
            for f in files:
                z.write(os.path.join(root, f), os.path.relpath(os.path.join(root, f), d))
    shutil.rmtree(d)
shutil.rmtree(os.path.join(raw, "train"))

assert len(train) + len(test) == len(old) and len(train) > len(test)
assert len(sample) == len(test)
assert list(train.columns) == list(test.columns) == list(old.columns) == list(sample.columns)
assert set(train["id"]).isdisjoint(set(test["id"]))
assert train["id"].is_unique and test["id"].is_unique

result = {"files": {}, "zips": {}}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        path = os.path.join(out, sub, name)
        if name.endswith(".csv"):
            result["files"][f"{sub}/{name}"] = hashlib.md5(open(path, "rb").read()).hexdigest()
        elif name.endswith(".zip"):
            with zipfile.ZipFile(path) as z:
                result["zips"][f"{sub}/{name}"] = {m: hashlib.md5(z.read(m)).hexdigest() for m in sorted(z.namelist())}
print(json.dumps(result, indent=2, sort_keys=True))
