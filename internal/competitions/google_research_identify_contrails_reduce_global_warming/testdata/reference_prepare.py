"""Reference for the spec's prepare steps (numpy + scikit-learn + json),
run once on the seed-0 fake raw data:

    /usr/bin/python3 reference_prepare.py RAWDIR OUTDIR > golden_md5.json
"""
import hashlib
import json
import os
import random
import shutil
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = Path(sys.argv[1]), Path(sys.argv[2])
public, private = out / "public", out / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

train_meta = json.load(open(raw / "train_metadata.json"))
val_meta = json.load(open(raw / "validation_metadata.json"))
new_train, new_test = train_test_split(train_meta, test_size=len(val_meta), random_state=0)


def rle_encode(mask):
    pixels = mask.T.flatten()
    idx = np.where(pixels == 1)[0]
    runs = []
    for i in idx:
        if runs and runs[-1][0] + runs[-1][1] == i:
            runs[-1][1] += 1
        else:
            runs.append([i, 1])
    return " ".join(f"{s + 1} {n}" for s, n in runs)


rows = []
for rec in new_test:
    rid = rec["record_id"]
    enc = rle_encode(np.load(raw / "train" / rid / "human_pixel_masks.npy")) or "-"
    h, w, _ = np.load(raw / "train" / rid / "band_08.npy").shape
    rows.append((rid, enc, h, w))
answers = pd.DataFrame(rows, columns=["record_id", "encoded_pixels", "height", "width"])

bands = [f"band_{i:02d}.npy" for i in range(8, 17)]
for rec in new_train:
    d = public / "train" / rec["record_id"]
    d.mkdir(parents=True, exist_ok=True)
    for f in bands + ["human_individual_masks.npy", "human_pixel_masks.npy"]:
        shutil.copy(raw / "train" / rec["record_id"] / f, d / f)
for rec in new_test:
    d = public / "test" / rec["record_id"]
    d.mkdir(parents=True, exist_ok=True)
    for f in bands:
        shutil.copy(raw / "train" / rec["record_id"] / f, d / f)
(raw / "validation").mkdir(exist_ok=True)
shutil.copytree(raw / "validation", public / "validation", dirs_exist_ok=True)
shutil.copy(raw / "validation_metadata.json", public / "validation_metadata.json")
with open(public / "train_metadata.json", "w") as f:
    f.write(json.dumps(new_train))
answers.to_csv(private / "answers.csv", index=False)
sample = answers.copy()
random.seed(0)
sample["encoded_pixels"] = [random.choice(["1 3 10 5", "-"]) for _ in range(len(sample))]
sample.to_csv(public / "sample_submission.csv", index=False)

md5 = {}
for p in sorted(out.rglob("*")):
    if p.is_file():
        md5[str(p.relative_to(out))] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(md5, indent=1, sort_keys=True))
