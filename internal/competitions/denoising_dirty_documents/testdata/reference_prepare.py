"""Independent reference for denoising-dirty-documents' prepare (spec steps 1-9).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Prints JSON: md5 of every file of public/ and private/ ("files"), and for the
image folders the md5 of each file ("dirs"). Uses zipfile, pathlib, Pillow
and scikit-learn as the spec describes.
"""
import hashlib
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd
from PIL import Image
from sklearn.model_selection import train_test_split

raw, out = Path(sys.argv[1]), Path(sys.argv[2])
pub, priv = out / "public", out / "private"
pub.mkdir(parents=True, exist_ok=True)
priv.mkdir(parents=True, exist_ok=True)

with zipfile.ZipFile(raw / "train.zip") as z:
    z.extractall(pub)
paths = sorted((pub / "train").glob("*.png"))
train_paths, test_paths = train_test_split(paths, test_size=0.2, random_state=0)
test_names = {p.name for p in test_paths}
(pub / "test").mkdir()
for p in test_paths:
    shutil.move(p, pub / "test" / p.name)
with zipfile.ZipFile(raw / "train_cleaned.zip") as z:
    z.extractall(pub)
(priv / "train_cleaned").mkdir()
for p in sorted((pub / "train_cleaned").glob("*.png")):
    if p.name in test_names:
        shutil.move(p, priv / "train_cleaned" / p.name)
frames = []
for p in sorted((priv / "train_cleaned").glob("*.png")):
    a = np.array(Image.open(p).convert("L")) / 255.0
    h, w = a.shape
    ids = [f"{p.stem}_{r + 1}_{c + 1}" for r in range(h) for c in range(w)]
    frames.append(pd.DataFrame({"id": ids, "value": a.reshape(-1)}))
answers = pd.concat(frames)
answers.to_csv(priv / "answers.csv", index=False)
shutil.rmtree(priv / "train_cleaned")
sample = answers.copy()
sample["value"] = 1
sample.to_csv(pub / "sampleSubmission.csv", index=False)
assert len(list((pub / "train").glob("*.png"))) == len(train_paths)
assert len(list((pub / "test").glob("*.png"))) == len(test_paths)

md5 = lambda p: hashlib.md5(open(p, "rb").read()).hexdigest()
result = {"files": {}, "dirs": {}}
for root, dirs, files in os.walk(out):
    for f in files:
        rel = os.path.relpath(os.path.join(root, f), out)
        d = os.path.dirname(rel)
        if d in ("public", "private"):
            result["files"][rel] = md5(os.path.join(root, f))
        else:
            result["dirs"].setdefault(d, {})[f] = md5(os.path.join(root, f))
print(json.dumps(result, indent=2, sort_keys=True))
