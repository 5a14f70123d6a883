"""Reference preparer for herbarium-2022-fgvc9, written from the spec
(../shared/spec/competitions/herbarium-2022-fgvc9.md) with json, random,
shutil, scikit-learn's train_test_split and pandas. Run once with Debian's
/usr/bin/python3 on the seed-0 fake raw data:

    go test ./internal/competitions/herbarium_2022_fgvc9/ -run TestWriteFakeRaw -args -fakeraw-out /tmp/h22/raw
    /usr/bin/python3 testdata/reference_prepare.py /tmp/h22/raw /tmp/h22/prepared > testdata/golden.json

It prints {relative path: md5} for the metadata and CSV files and, per image
tree ("public/train_images/"), the md5 of the manifest "<relative path>
<md5>\n" over its files in path order.
"""
import glob
import hashlib
import json
import os
import random
import shutil
import sys

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
public, private = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(private, exist_ok=True)
with open(os.path.join(raw, "train_metadata.json"), encoding="utf-8") as f:
    meta = json.load(f)

groups = {}
for ann, img in zip(meta["annotations"], meta["images"]):
    assert ann["image_id"] == img["image_id"]
    groups.setdefault(ann["category_id"], []).append({"annotation": ann, "image": img})

train_meta = meta.copy()
train_meta["annotations"], train_meta["images"] = [], []
test_items = []
for cid, items in groups.items():
    train, test = train_test_split(items, test_size=0.2, random_state=0)
    assert train and test
    sub = f"{cid // 100:03d}/{cid % 100:02d}"
    for idx, it in enumerate(train):
        iid = f"{cid:05d}__{idx + 1:03d}"
        name = f"{sub}/{iid}.jpg"
        ann = it["annotation"].copy()
        ann["image_id"] = iid
        img = it["image"].copy()
        img["image_id"], img["file_name"] = iid, name
        train_meta["annotations"].append(ann)
        train_meta["images"].append(img)
        dst = os.path.join(public, "train_images", name)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy(os.path.join(raw, "train_images", it["image"]["file_name"]), dst)
    test_items.extend(test)
with open(os.path.join(public, "train_metadata.json"), "w") as f:
    json.dump(train_meta, f, indent=4, sort_keys=True)
n = len(glob.glob(os.path.join(public, "train_images", "**", "*.jpg"), recursive=True))
assert n == len(train_meta["images"]) == len(train_meta["annotations"])

random.Random(0).shuffle(test_items)
test_images, rows = [], []
for idx, it in enumerate(test_items):
    name = f"{idx // 1000:03d}/test-{idx:06d}.jpg"
    img = it["image"].copy()
    img["image_id"], img["file_name"] = str(idx), name
    test_images.append(img)
    dst = os.path.join(public, "test_images", name)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copy(os.path.join(raw, "train_images", it["image"]["file_name"]), dst)
    rows.append({"Id": idx, "Predicted": it["annotation"]["category_id"]})
with open(os.path.join(public, "test_metadata.json"), "w") as f:
    json.dump(test_images, f, indent=4, sort_keys=True)
assert len(glob.glob(os.path.join(public, "test_images", "**", "*.jpg"), recursive=True)) == len(test_images)
assert len(train_meta["annotations"]) + len(test_items) == len(meta["annotations"])
answers = pd.DataFrame(rows)
answers.to_csv(os.path.join(private, "answers.csv"), index=False)
sample = answers.copy()
sample["Predicted"] = 42
sample.to_csv(os.path.join(public, "sample_submission.csv"), index=False)


def md5(path):
    with open(path, "rb") as f:
        return hashlib.md5(f.read()).hexdigest()


result = {}
for rel in ["private/answers.csv", "public/sample_submission.csv", "public/train_metadata.json", "public/test_metadata.json"]:
    result[rel] = md5(os.path.join(out, rel))
for rel in ["public/train_images/", "public/test_images/"]:
    root = os.path.join(out, rel)
    paths = sorted(os.path.relpath(os.path.join(d, n), root) for d, _, ns in os.walk(root) for n in ns)
    manifest = "".join(f"{p} {md5(os.path.join(root, p))}\n" for p in paths)
    result[rel] = hashlib.md5(manifest.encode()).hexdigest()
json.dump(result, sys.stdout, indent=2, sort_keys=True)
print()
