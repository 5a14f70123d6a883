"""Reference preparer for alaska2-image-steganalysis, written from the spec
(../shared/spec/competitions/alaska2-image-steganalysis.md) with the plain
library calls it names: glob + sorted, sklearn train_test_split(test_size=5000,
random_state=42), shutil.copy, random.seed(0)/shuffle/choice and pandas
to_csv. Run once with Debian's /usr/bin/python3 on the seed-0 fake raw data:

    go test ./internal/competitions/alaska2_image_steganalysis/ -run TestWriteFakeRaw -args -fakeraw-out /tmp/a2/raw
    /usr/bin/python3 testdata/reference_prepare.py /tmp/a2/raw /tmp/a2/prepared > testdata/golden.json

It prints {relative path: md5} for the CSVs and, per image folder,
{"<folder>/": md5 of the manifest "<name> <md5>\n" over its files in name
order}.
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

covers = sorted(glob.glob(os.path.join(raw, "Cover", "*.jpg")))
train, test = train_test_split(covers, test_size=5000, random_state=42)
algs = ["JMiPOD", "JUNIWARD", "UERD"]
for sub in ["Cover", "Test"] + algs:
    os.makedirs(os.path.join(public, sub), exist_ok=True)
for k, path in enumerate(train, start=1):
    name = f"{k:05d}.jpg"
    orig = os.path.basename(path)
    shutil.copy(path, os.path.join(public, "Cover", name))
    for alg in algs:
        shutil.copy(os.path.join(raw, alg, orig), os.path.join(public, alg, name))

random.seed(0)
random.shuffle(test)
rows = []
for idx, path in enumerate(test):
    iid = f"{idx + 1:04d}.jpg"
    orig = os.path.basename(path)
    if random.choice([True, False]):
        shutil.copy(path, os.path.join(public, "Test", iid))
        rows.append((iid, 0))
    else:
        alg = random.choice(algs)
        shutil.copy(os.path.join(raw, alg, orig), os.path.join(public, "Test", iid))
        rows.append((iid, 1))
answers = pd.DataFrame(rows, columns=["Id", "Label"])
answers.to_csv(os.path.join(private, "test.csv"), index=False)
sample = answers.copy()
sample["Label"] = 0
sample.to_csv(os.path.join(public, "sample_submission.csv"), index=False)


def md5(path):
    with open(path, "rb") as f:
        return hashlib.md5(f.read()).hexdigest()


result = {
    "private/test.csv": md5(os.path.join(private, "test.csv")),
    "public/sample_submission.csv": md5(os.path.join(public, "sample_submission.csv")),
}
for sub in ["Cover", "Test"] + algs:
    d = os.path.join(public, sub)
    manifest = "".join(f"{n} {md5(os.path.join(d, n))}\n" for n in sorted(os.listdir(d)))
    result[f"public/{sub}/"] = hashlib.md5(manifest.encode()).hexdigest()
json.dump(result, sys.stdout, indent=2, sort_keys=True)
print()
