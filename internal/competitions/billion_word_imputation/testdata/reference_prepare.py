"""Independent reference for billion-word-imputation's prepare (spec:
shared/spec/competitions/billion-word-imputation.md), run once on fake raw
data to produce golden MD5s (zips compared by member contents):

    python3 reference_prepare.py RAW_DIR PREPARED_DIR [TOTAL] > golden.json

TOTAL defaults to the original's literal 30301028 (tests use smaller files
with a smaller total).
"""
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

import numpy as np

raw, prepared = Path(sys.argv[1]), Path(sys.argv[2])
total = int(sys.argv[3]) if len(sys.argv) > 3 else 30301028
public, private = prepared / "public", prepared / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)
rng = np.random.RandomState(0)

with zipfile.ZipFile(raw / "train_v2.txt.zip") as z:
    z.extractall(raw)

line_count = test_count = train_count = 0
with open(raw / "train_v2.txt") as fin, open(public / "train_v2.txt", "w") as ftrain, \
        open(public / "test_v2.txt", "w") as ftest, open(private / "test.csv", "w") as fans:
    ftest.write('"id","sentence"\n')
    fans.write('"id","sentence"\n')
    for line in fin:
        u = rng.uniform()
        if u <= 0.01 and len(line.strip().split()) > 2:
            s = line.strip().replace('"', '""')
            words = s.split()
            idx = rng.randint(1, len(words) - 1)
            removed = " ".join(words[:idx] + words[idx + 1:])
            fans.write(f'{test_count},"{s}"\n')
            ftest.write(f'{test_count},"{removed}"\n')
            test_count += 1
        else:
            ftrain.write(line)
            train_count += 1
        line_count += 1
        if line_count >= total:
            break

shutil.copy(public / "test_v2.txt", private / "sample_submission.csv")
for name in ["train_v2.txt", "test_v2.txt"]:
    with zipfile.ZipFile(public / (name + ".zip"), "w", zipfile.ZIP_DEFLATED) as z:
        z.write(public / name, arcname=name)
    (public / name).unlink()
(raw / "train_v2.txt").unlink()
assert test_count + train_count == total, (test_count, train_count)

out = {}
for p in sorted(prepared.rglob("*")):
    if not p.is_file():
        continue
    rel = str(p.relative_to(prepared))
    if p.suffix == ".zip":
        with zipfile.ZipFile(p) as z:
            for m in z.namelist():
                out[rel + ":" + m] = hashlib.md5(z.read(m)).hexdigest()
    else:
        out[rel] = hashlib.md5(p.read_bytes()).hexdigest()
out["_test_count"] = test_count
json.dump(out, sys.stdout, indent=2, sort_keys=True)
print()
