# Reference preparation of hubmap-kidney-segmentation, written from the
# spec's "Prepare" steps with pandas + scikit-learn, run once on the seed-0
# fake raw data:
#   go test ./internal/competitions/hubmap_kidney_segmentation/ -run TestWriteFakeRaw -args -fakeraw-out /tmp/hubmap/raw
#   /usr/bin/python3 reference_prepare.py /tmp/hubmap
# It writes /tmp/hubmap/prepared/{public,private} and golden_md5.json
# ({relative path: md5} of every prepared file).
# Debian's pandas 1.5 defaults str.replace to regex=True; the spec (pandas 2)
# replaces the literal ".tiff", so regex=False is passed explicitly.
import hashlib
import json
import os
import shutil
import sys

import pandas as pd
from sklearn.model_selection import train_test_split

base = sys.argv[1]
raw = os.path.join(base, "raw")
public = os.path.join(base, "prepared", "public")
private = os.path.join(base, "prepared", "private")
for d in (public, private):
    os.makedirs(d, exist_ok=True)

train = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
info = pd.read_csv(os.path.join(raw, "HuBMAP-20-dataset_information.csv"), float_precision="round_trip")
new_train, new_test = train_test_split(train, train_size=12, test_size=3, random_state=0)

info["id"] = info["image_file"].str.replace(".tiff", "", regex=False)
info = info[info["id"].isin(train["id"])]
new_test = new_test.merge(info[["id", "width_pixels", "height_pixels"]], on="id")
info = info.drop(columns=["id"])

info.to_csv(os.path.join(public, "HuBMAP-20-dataset_information.csv"), index=False)
new_train.to_csv(os.path.join(public, "train.csv"), index=False)
new_test.to_csv(os.path.join(private, "test.csv"), index=False)
sample = pd.DataFrame({"id": new_test["id"], "predicted": ""})
sample.to_csv(os.path.join(public, "sample_submission.csv"), index=False)
gold = pd.DataFrame({"id": new_test["id"], "predicted": new_test["encoding"]})
gold.to_csv(os.path.join(private, "gold_submission.csv"), index=False)

for part, ids in (("train", new_train["id"]), ("test", new_test["id"])):
    os.makedirs(os.path.join(public, part), exist_ok=True)
    for i in ids:
        for name in (f"{i}.tiff", f"{i}.json", f"{i}-anatomical-structure.json"):
            shutil.copyfile(os.path.join(raw, "train", name), os.path.join(public, part, name))
shutil.copyfile(os.path.join(public, "sample_submission.csv"), os.path.join(public, "test", "sample_submission.csv"))

assert len(new_train) == 12 and len(new_test) == 3
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
print(len(sums), "files")
