"""Independent reference for bms-molecular-translation's prepare (spec: Prepare steps 1-8).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train_labels.csv,sample_submission.csv,
extra_approved_InChIs.csv,train/,test/} and OUT_DIR/private/test.csv, then
prints {relative path: md5} as JSON for every file (the fake data has few
images, so each is listed).

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2; the
steps used here (read_csv, train_test_split with shuffling, to_csv,
shutil.copy) behave the same in the pinned pandas 2.2 / scikit-learn 1.5.
"""
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = Path(sys.argv[1]), Path(sys.argv[2])
pub, priv = out / "public", out / "private"
pub.mkdir(parents=True, exist_ok=True)
priv.mkdir(parents=True, exist_ok=True)

old = pd.read_csv(raw / "train_labels.csv")
new_train, new_test = train_test_split(old, test_size=0.2, random_state=0)
new_train.to_csv(pub / "train_labels.csv", index=False)
new_test.to_csv(priv / "test.csv", index=False)

for frame, split in ((new_train, "train"), (new_test, "test")):
    for image_id in frame["image_id"]:
        rel = Path(image_id[0]) / image_id[1] / image_id[2] / f"{image_id}.png"
        (pub / split / rel.parent).mkdir(parents=True, exist_ok=True)
        shutil.copy(raw / "train" / rel, pub / split / rel)

sample = new_test.copy()
sample["InChI"] = "InChI=1S/H2O/h1H2"
sample.to_csv(pub / "sample_submission.csv", index=False)
shutil.copyfile(raw / "extra_approved_InChIs.csv", pub / "extra_approved_InChIs.csv")

assert len(new_train) + len(new_test) == len(old)
assert len(list((pub / "train").glob("**/*.png"))) == len(new_train)
assert len(list((pub / "test").glob("**/*.png"))) == len(new_test)
assert list(sample.columns) == ["image_id", "InChI"] and len(sample) == len(new_test)

sums = {}
for root, _, files in os.walk(out):
    for name in files:
        p = Path(root) / name
        sums[str(p.relative_to(out))] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
