"""Independent reference for herbarium-2020-fgvc7's prepare (spec: Prepare
1-13).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public and OUT_DIR/private, then prints the
reference_prepared.json layout {"files": {path: md5}}, every file listed.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2; the steps
used (train_test_split with a float test_size, to_csv) behave the same in
pandas 2.2 / scikit-learn 1.5.
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
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)
src = os.path.join(raw, "nybg2020", "train")
with open(os.path.join(src, "metadata.json"), encoding="latin-1") as f:
    meta = json.load(f)

groups = {}
for a, im in zip(meta["annotations"], meta["images"]):
    assert a["image_id"] == im["id"]
    groups.setdefault(a["category_id"], []).append((a, im))

split = {}
for cid, pairs in groups.items():
    n = len(pairs)
    if n == 1:
        split[cid] = (pairs, [])
    elif n < 5:
        k = max(1, int(n * 0.2))
        split[cid] = (pairs[:-k], pairs[-k:])
    else:
        split[cid] = tuple(train_test_split(pairs, test_size=0.2, random_state=0))

train_meta = meta.copy()
train_meta["annotations"], train_meta["images"] = [], []
pub_train = os.path.join(pub, "nybg2020", "train")
for cid, (tr, _) in split.items():
    os.makedirs(os.path.join(pub_train, "images", f"{cid // 100:03d}", f"{cid % 100:02d}"), exist_ok=True)
    for a, im in tr:
        train_meta["annotations"].append(a.copy())
        train_meta["images"].append(im.copy())
        shutil.copy(os.path.join(src, im["file_name"]), os.path.join(pub_train, im["file_name"]))
with open(os.path.join(pub_train, "metadata.json"), "w") as f:
    json.dump(train_meta, f, indent=4, sort_keys=True)
assert len(glob.glob(os.path.join(pub_train, "images", "**", "*.jpg"), recursive=True)) == len(train_meta["images"])

test_meta = meta.copy()
del test_meta["categories"], test_meta["regions"]
test_meta["annotations"], test_meta["images"] = [], []
flat = [p for _, (_, te) in split.items() for p in te]
random.Random(0).shuffle(flat)
pub_test = os.path.join(pub, "nybg2020", "test")
for idx, (a, im) in enumerate(flat):
    new_name = f"images/{idx // 1000:03d}/{idx}.jpg"
    a2, im2 = a.copy(), im.copy()
    a2["image_id"] = str(idx)
    im2["id"] = str(idx)
    im2["file_name"] = new_name
    test_meta["annotations"].append(a2)
    test_meta["images"].append(im2)
    os.makedirs(os.path.dirname(os.path.join(pub_test, new_name)), exist_ok=True)
    shutil.copy(os.path.join(src, im["file_name"]), os.path.join(pub_test, new_name))
public_test = {k: v for k, v in test_meta.items() if k != "annotations"}
assert set(public_test) == {"images", "info", "licenses"}
with open(os.path.join(pub_test, "metadata.json"), "w") as f:
    json.dump(public_test, f, indent=4, sort_keys=True)
assert len(glob.glob(os.path.join(pub_test, "images", "**", "*.jpg"), recursive=True)) == len(test_meta["images"])
assert len(train_meta["annotations"]) + len(test_meta["annotations"]) == len(meta["annotations"])

answers = pd.DataFrame({"Id": [im["id"] for im in test_meta["images"]],
                        "Predicted": [a["category_id"] for a in test_meta["annotations"]]})
answers.to_csv(os.path.join(priv, "answers.csv"), index=False)
sample = pd.DataFrame({"Id": answers["Id"], "Predicted": 0})
assert len(sample) == len(answers) and (sample["Id"] == answers["Id"]).all()
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)

files = {}
for root, _, names in os.walk(out):
    for name in names:
        p = os.path.join(root, name)
        with open(p, "rb") as f:
            files[os.path.relpath(p, out)] = hashlib.md5(f.read()).hexdigest()
print(json.dumps({"files": files}, indent=2, sort_keys=True))
