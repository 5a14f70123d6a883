"""Reference preparer for herbarium-2021-fgvc8, written from the spec
(../shared/spec/competitions/herbarium-2021-fgvc8.md) with json, random,
shutil, scikit-learn's train_test_split and pandas. Run once with Debian's
/usr/bin/python3 on the seed-0 fake raw data:

    go test ./internal/competitions/herbarium_2021_fgvc8/ -run TestWriteFakeRaw -args -fakeraw-out /tmp/h21/raw
    /usr/bin/python3 testdata/reference_prepare.py /tmp/h21/raw /tmp/h21/prepared > testdata/golden.json

It prints {relative path: md5} for the metadata and CSV files and, per image
tree ("public/train/images/"), the md5 of the manifest "<relative path>
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
raw_train = os.path.join(raw, "train")
with open(os.path.join(raw_train, "metadata.json"), encoding="utf-8") as f:
    meta = json.load(f)

groups = {}
for ann, img in zip(meta["annotations"], meta["images"]):
    assert ann["image_id"] == img["id"]
    groups.setdefault(ann["category_id"], []).append({"annotation": ann, "image": img})

train_parts, test_parts = {}, {}
for cid, items in groups.items():
    n = len(items)
    if n == 1:
        train_parts[cid], test_parts[cid] = items, []
    elif n < 5:
        k = max(1, int(n * 0.2))
        train_parts[cid], test_parts[cid] = items[:-k], items[-k:]
    else:
        train_parts[cid], test_parts[cid] = train_test_split(items, test_size=0.2, random_state=0)

pub_train = os.path.join(public, "train")
train_meta = meta.copy()
train_meta["annotations"], train_meta["images"] = [], []
for cid, items in train_parts.items():
    os.makedirs(os.path.join(pub_train, "images", f"{cid // 100:03d}", f"{cid % 100:02d}"), exist_ok=True)
    for it in items:
        train_meta["annotations"].append(it["annotation"].copy())
        train_meta["images"].append(it["image"].copy())
        shutil.copy(os.path.join(raw_train, it["image"]["file_name"]), os.path.join(pub_train, it["image"]["file_name"]))
with open(os.path.join(pub_train, "metadata.json"), "w") as f:
    json.dump(train_meta, f, indent=4, sort_keys=True)
assert len(glob.glob(os.path.join(pub_train, "images", "**", "*.jpg"), recursive=True)) == len(train_meta["images"])

test_items = [it for items in test_parts.values() for it in items]
random.Random(0).shuffle(test_items)
pub_test = os.path.join(public, "test")
test_images, rows = [], []
for idx, it in enumerate(test_items):
    name = f"images/{idx // 1000:03d}/{idx}.jpg"
    img = it["image"].copy()
    img["id"], img["file_name"] = str(idx), name
    test_images.append(img)
    os.makedirs(os.path.dirname(os.path.join(pub_test, name)), exist_ok=True)
    shutil.copy(os.path.join(raw_train, it["image"]["file_name"]), os.path.join(pub_test, name))
    rows.append({"Id": idx, "Predicted": it["annotation"]["category_id"]})
test_meta = meta.copy()
del test_meta["categories"], test_meta["institutions"], test_meta["annotations"]
test_meta["images"] = test_images
assert set(test_meta) == {"images", "info", "licenses"}
with open(os.path.join(pub_test, "metadata.json"), "w") as f:
    json.dump(test_meta, f, indent=4, sort_keys=True)
assert len(train_meta["annotations"]) + len(test_items) == len(meta["annotations"])
answers = pd.DataFrame(rows)
answers.to_csv(os.path.join(private, "answers.csv"), index=False)
sample = answers.copy()
sample["Predicted"] = 0
sample.to_csv(os.path.join(public, "sample_submission.csv"), index=False)


def md5(path):
    with open(path, "rb") as f:
        return hashlib.md5(f.read()).hexdigest()


result = {}
for rel in ["private/answers.csv", "public/sample_submission.csv", "public/train/metadata.json", "public/test/metadata.json"]:
    result[rel] = md5(os.path.join(out, rel))
for rel in ["public/train/images/", "public/test/images/"]:
    root = os.path.join(out, rel)
    paths = sorted(os.path.relpath(os.path.join(d, n), root) for d, _, ns in os.walk(root) for n in ns)
    manifest = "".join(f"{p} {md5(os.path.join(root, p))}\n" for p in paths)
    result[rel] = hashlib.md5(manifest.encode()).hexdigest()
json.dump(result, sys.stdout, indent=2, sort_keys=True)
print()
