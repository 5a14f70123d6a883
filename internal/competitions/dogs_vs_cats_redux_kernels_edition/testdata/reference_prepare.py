"""Independent reference for dogs-vs-cats-redux-kernels-edition's prepare (spec steps 1-10).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Works on a scratch copy of RAW_DIR (it extracts and deletes there). Prints
JSON: md5 of the CSVs ("files"), of every image in public/train and
public/test ("dirs") and of the members of the public zips ("zips").
"""
import hashlib
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw_in, out = Path(sys.argv[1]), Path(sys.argv[2])
raw = out / "raw-copy"
shutil.copytree(raw_in, raw)
pub, priv = out / "public", out / "private"
pub.mkdir(parents=True, exist_ok=True)
priv.mkdir(parents=True, exist_ok=True)

for z in ("train.zip", "test.zip"):
    with zipfile.ZipFile(raw / z) as f:
        f.extractall(raw)
all_train = sorted((raw / "train").glob("*.jpg"))
train_images, test_images = train_test_split(all_train, test_size=0.1, random_state=0)
(pub / "train").mkdir()
cat_ctr = dog_ctr = 0
for p in train_images:
    if "cat" in p.name:
        shutil.copy(p, pub / "train" / f"cat.{cat_ctr}.jpg")
        cat_ctr += 1
    else:
        shutil.copy(p, pub / "train" / f"dog.{dog_ctr}.jpg")
        dog_ctr += 1
assert cat_ctr + dog_ctr == len(train_images)
(pub / "test").mkdir()
for i, p in enumerate(test_images, start=1):
    shutil.copy(p, pub / "test" / f"{i}.jpg")
for part in ("train", "test"):
    with zipfile.ZipFile(pub / f"{part}.zip", "w", zipfile.ZIP_DEFLATED) as z:
        for root, _, files in os.walk(pub / part):
            for f in files:
                z.write(os.path.join(root, f), os.path.relpath(os.path.join(root, f), pub / part))
shutil.rmtree(raw / "train")
shutil.rmtree(raw / "test")
answers = pd.DataFrame({"id": range(1, len(test_images) + 1), "label": [1 if "dog" in p.name else 0 for p in test_images]})
answers.to_csv(priv / "answers.csv", index=False)
pd.DataFrame({"id": answers["id"], "label": 0.5}).to_csv(pub / "sample_submission.csv", index=False)

md5 = lambda p: hashlib.md5(open(p, "rb").read()).hexdigest()
result = {"files": {}, "dirs": {}, "zips": {}}
for sub in ("public", "private"):
    for name in sorted(os.listdir(out / sub)):
        path = out / sub / name
        if path.is_dir():
            result["dirs"][f"{sub}/{name}"] = {f: md5(path / f) for f in sorted(os.listdir(path))}
        elif name.endswith(".zip"):
            with zipfile.ZipFile(path) as z:
                result["zips"][f"{sub}/{name}"] = {m: hashlib.md5(z.read(m)).hexdigest() for m in z.namelist()}
        else:
            result["files"][f"{sub}/{name}"] = md5(path)
print(json.dumps(result, indent=2, sort_keys=True))
