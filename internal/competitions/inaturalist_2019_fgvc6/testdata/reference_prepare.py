"""Reference preparer for inaturalist-2019-fgvc6, written from the spec
(../shared/spec/competitions/inaturalist-2019-fgvc6.md) with json, random,
shutil, tarfile, scikit-learn's train_test_split and pandas. Run once with
Debian's /usr/bin/python3 on the seed-0 fake raw data (it extracts the raw
tar into raw/ as the original does, so use a scratch copy):

    go test ./internal/competitions/inaturalist_2019_fgvc6/ -run TestWriteFakeRaw -args -fakeraw-out /tmp/inat/raw
    /usr/bin/python3 testdata/reference_prepare.py /tmp/inat/raw /tmp/inat/prepared > testdata/golden.json

It prints {relative path: md5} for the JSON and CSV files and, per tar
("public/test2019.tar.gz"), the md5 of the manifest "<member name> <md5>\n"
over its members in name order (tar bytes themselves hold mtimes, owners
and the file system's order, which the spec leaves free).
"""
import glob
import hashlib
import json
import os
import random
import shutil
import sys
import tarfile
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
public, private = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(public, exist_ok=True)
os.makedirs(private, exist_ok=True)
if not os.path.exists(os.path.join(raw, "train_val2019")):
    shutil.unpack_archive(os.path.join(raw, "train_val2019.tar.gz"), raw)
with open(os.path.join(raw, "train2019.json"), encoding="utf-8") as f:
    meta = json.load(f)

groups = {}
for ann, img in zip(meta["annotations"], meta["images"]):
    assert ann["image_id"] == img["id"]
    groups.setdefault(ann["category_id"], []).append({"annotation": ann, "image": img})

train_items, test_items = [], []
train_meta = meta.copy()
train_meta["annotations"], train_meta["images"] = [], []
for cid, items in groups.items():
    n = len(items)
    if n == 1:
        train, test = items, []
    elif n < 5:
        k = max(1, int(n * 0.12))
        train, test = items[:-k], items[-k:]
    else:
        train, test = train_test_split(items, test_size=0.12, random_state=0)
    for it in train:
        train_meta["annotations"].append(it["annotation"].copy())
        train_meta["images"].append(it["image"].copy())
    train_items.extend(train)
    test_items.extend(test)
with open(os.path.join(public, "train2019.json"), "w") as f:
    json.dump(train_meta, f, indent=4, sort_keys=True)
shutil.copy(os.path.join(raw, "val2019.json"), os.path.join(public, "val2019.json"))

random.Random(0).shuffle(test_items)
test_meta = meta.copy()
del test_meta["categories"]
test_meta["annotations"], test_meta["images"] = [], []
renames = {}
for it in test_items:
    img = it["image"].copy()
    new = "test2019/" + img["file_name"].split("/")[-1]
    renames[new] = img["file_name"]
    img["file_name"] = new
    test_meta["annotations"].append(it["annotation"].copy())
    test_meta["images"].append(img)
public_test = test_meta.copy()
del public_test["annotations"]
assert set(public_test) == {"images", "info", "licenses"}
with open(os.path.join(public, "test2019.json"), "w") as f:
    json.dump(public_test, f, indent=4, sort_keys=True)

rows = []
for img, ann in zip(test_meta["images"], test_meta["annotations"]):
    assert img["id"] == ann["image_id"]
    rows.append({"id": img["id"], "predicted": ann["category_id"]})
answers = pd.DataFrame(rows)
answers.to_csv(os.path.join(private, "answers.csv"), index=False)
sample = pd.DataFrame({"id": answers["id"], "predicted": [random.Random(42).randint(0, 1009) for _ in rows]})
sample.to_csv(os.path.join(public, "kaggle_sample_submission.csv"), index=False)

for it in train_items:
    dst = os.path.join(public, it["image"]["file_name"])
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copy(os.path.join(raw, it["image"]["file_name"]), dst)
os.makedirs(os.path.join(public, "test2019"), exist_ok=True)
for new, old in renames.items():
    shutil.copy(os.path.join(raw, old), os.path.join(public, new))
assert len(glob.glob(os.path.join(public, "train_val2019", "**", "*.jpg"), recursive=True)) == len(train_items)
assert len(glob.glob(os.path.join(public, "test2019", "**", "*.jpg"), recursive=True)) == len(test_items)
assert len(train_items) + len(test_items) == len(meta["annotations"])

for name in ["test2019", "train_val2019"]:
    folder = Path(public) / name
    files = [p for p in folder.rglob("*") if p.is_file()]
    with tarfile.open(str(folder) + ".tar.gz", "w") as tar:
        for p in files:
            tar.add(p, arcname=p.relative_to(folder))
    shutil.rmtree(folder)


def md5(path):
    with open(path, "rb") as f:
        return hashlib.md5(f.read()).hexdigest()


result = {}
for rel in ["private/answers.csv", "public/kaggle_sample_submission.csv", "public/train2019.json",
            "public/val2019.json", "public/test2019.json"]:
    result[rel] = md5(os.path.join(out, rel))
for rel in ["public/test2019.tar.gz", "public/train_val2019.tar.gz"]:
    with tarfile.open(os.path.join(out, rel)) as tar:  # plain tar despite the name
        members = tar.getmembers()
        assert all(m.isfile() for m in members)
        lines = sorted(f"{m.name} {hashlib.md5(tar.extractfile(m).read()).hexdigest()}\n" for m in members)
    result[rel] = hashlib.md5("".join(lines).encode()).hexdigest()
json.dump(result, sys.stdout, indent=2, sort_keys=True)
print()
