"""Independent reference for iwildcam-2019-fgvc6's prepare (spec steps 1-11).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR > reference_prepared.json
Writes OUT_DIR/public and OUT_DIR/private as the spec describes (extracting
raw/train_images.zip into a scratch copy of RAW_DIR), then prints JSON with
the md5 of every CSV and, for each public zip, {member name: md5 of its
content} (zip bytes hold timestamps and are not comparable).
"""
import glob
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
locations = old["location"].unique()
_, test_locations = train_test_split(locations, test_size=0.1, random_state=8)
is_test = old["location"].isin(test_locations)
answers = old[is_test]
train = old[~is_test]
new_test = answers.drop(columns=["category_id"])
gold = answers[["id", "category_id"]].rename(columns={"id": "Id", "category_id": "Category"})

with zipfile.ZipFile(os.path.join(raw, "train_images.zip")) as z:
    z.extractall(os.path.join(raw, "train_images"))
assert len(glob.glob(os.path.join(raw, "train_images", "*.jpg"))) == old["id"].nunique()

sample = answers[["id"]].rename(columns={"id": "Id"})
sample["Category"] = 0

assert set(train["id"]).isdisjoint(set(answers["id"]))
assert len(train) + len(answers) == len(old)
assert list(train.columns) == list(old.columns)
assert set(train["location"]).isdisjoint(set(answers["location"]))

answers.to_csv(os.path.join(priv, "test.csv"), index=False)
gold.to_csv(os.path.join(priv, "answers.csv"), index=False)
train.to_csv(os.path.join(pub, "train.csv"), index=False)
new_test.to_csv(os.path.join(pub, "test.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"))  # with the index

for part, df in (("train_images", train), ("test_images", answers)):
    d = os.path.join(pub, part)
    os.makedirs(d)
    for i in df["id"]:
        shutil.copy(os.path.join(raw, "train_images", i + ".jpg"), os.path.join(d, i + ".jpg"))
    assert len(os.listdir(d)) == df["id"].nunique()
    shutil.make_archive(d, "zip", root_dir=d)
    shutil.rmtree(d)

result = {"files": {}, "zips": {}}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        path = os.path.join(out, sub, name)
        if name.endswith(".csv"):
            result["files"][f"{sub}/{name}"] = hashlib.md5(open(path, "rb").read()).hexdigest()
        elif name.endswith(".zip"):
            with zipfile.ZipFile(path) as z:
                result["zips"][f"{sub}/{name}"] = {
                    m: hashlib.md5(z.read(m)).hexdigest() for m in z.namelist() if not m.endswith("/")
                }
print(json.dumps(result, indent=1, sort_keys=True))
