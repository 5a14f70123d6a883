# Reference preparation of tgs-salt-identification-challenge, written from
# the spec's "Prepare" steps with pandas + scikit-learn + zipfile, run once on
# the seed-0 fake raw data:
#   go test ./internal/competitions/tgs_salt_identification_challenge/ -run TestWriteFakeRaw -args -fakeraw-out /tmp/tgs/raw
#   /usr/bin/python3 reference_prepare.py /tmp/tgs
# It writes /tmp/tgs/prepared/{public,private} and golden_md5.json
# ({relative path: md5} of every prepared file).
import glob
import hashlib
import json
import os
import shutil
import sys
import zipfile

import pandas as pd
from sklearn.model_selection import train_test_split

base = sys.argv[1]
raw = os.path.join(base, "raw")
public = os.path.join(base, "prepared", "public")
private = os.path.join(base, "prepared", "private")
for d in (public, private):
    os.makedirs(d, exist_ok=True)

with zipfile.ZipFile(os.path.join(raw, "competition_data.zip")) as z:
    z.extractall(raw)
data = os.path.join(raw, "competition_data")
old = pd.read_csv(os.path.join(data, "train.csv"), float_precision="round_trip").fillna("")
train, test = train_test_split(old, test_size=0.25, random_state=0)
train.sort_values("id").to_csv(os.path.join(public, "train.csv"), index=False)
test.sort_values("id").to_csv(os.path.join(private, "test.csv"), index=False)

train_ids, test_ids = set(train["id"]), set(test["id"])
pngs = glob.glob(os.path.join(data, "train", "images", "*.png"))
assert len(pngs) == len(old)
for sub in ("train/images", "train/masks", "test/images"):
    os.makedirs(os.path.join(public, sub), exist_ok=True)
for p in pngs:
    name = os.path.basename(p)
    stem = name[: -len(".png")]
    if stem in train_ids:
        shutil.copyfile(p, os.path.join(public, "train", "images", name))
        shutil.copyfile(os.path.join(data, "train", "masks", name), os.path.join(public, "train", "masks", name))
    else:
        assert stem in test_ids
        shutil.copyfile(p, os.path.join(public, "test", "images", name))

sample = test[["id"]].copy()
sample["rle_mask"] = "1 1"
sample.sort_values("id").to_csv(os.path.join(public, "sample_submission.csv"), index=False)

depths = pd.read_csv(os.path.join(raw, "depths.csv"), float_precision="round_trip")
depths[depths["id"].isin(train_ids)].sort_values("id").to_csv(os.path.join(public, "depths.csv"), index=False)

sums = {}
root = os.path.join(base, "prepared")
for dirpath, _, files in os.walk(root):
    for f in files:
        p = os.path.join(dirpath, f)
        with open(p, "rb") as fh:
            sums[os.path.relpath(p, root)] = hashlib.md5(fh.read()).hexdigest()
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden_md5.json"), "w") as fh:
    json.dump(dict(sorted(sums.items())), fh, indent=2)
    fh.write("\n")
print(len(sums), "files", len(train), len(test))
