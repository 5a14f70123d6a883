"""Independent reference for the-icml-2013-whale-challenge-right-whale-redux's
prepare (spec: Prepare 1-10), following its steps literally with shutil.

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Copies RAW_DIR/train2.zip to a scratch raw directory, prepares into OUT_DIR
and prints {relative path: md5} as JSON: the CSVs by file, the public zips by
member ("public/<zip>:<member>"), since zip bytes carry timestamps.
Also checks that every fake clip is a readable AIFF file (aifc module).
"""
import glob
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

import pandas as pd

raw_in, out = sys.argv[1], Path(sys.argv[2])
raw = Path(tempfile.mkdtemp())
shutil.copy(os.path.join(raw_in, "train2.zip"), raw / "train2.zip")
public, private = out / "public", out / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

shutil.unpack_archive(raw / "train2.zip", raw)
entries = list((raw / "train2").iterdir())
by_date = {}
for e in entries:
    by_date.setdefault(e.name.split("_")[0], []).append(e)
assert len(by_date) == 4, by_date.keys()
dates = sorted(by_date)
new_train = sorted(by_date[dates[0]] + by_date[dates[1]])
new_test = sorted(by_date[dates[2]] + by_date[dates[3]])

(public / "train2").mkdir()
for idx, f in enumerate(new_train):
    shutil.copy(f, public / "train2" / re.sub(r"TRAIN\d+", f"TRAIN{idx}", f.name))
(public / "test2").mkdir()
rows = []
for idx, f in enumerate(new_test):
    name = f.name.split("TRAIN")[0] + f"Test{idx}.aif"
    shutil.copy(f, public / "test2" / name)
    rows.append({"clip": name, "probability": 1 if f.stem.endswith("_1") else 0})
assert len(glob.glob(str(public / "train2" / "*.aif"))) == len(new_train)
assert len(glob.glob(str(public / "test2" / "*.aif"))) == len(new_test)
assert len(new_train) + len(new_test) == len(entries)

try:
    import aifc

    for f in new_train + new_test:
        with aifc.open(str(f)) as a:
            assert a.getnchannels() == 1 and a.getsampwidth() == 2 and a.getframerate() == 2000
            assert len(a.readframes(a.getnframes())) == 2 * a.getnframes()
except ImportError:
    pass

for d in ("train2", "test2"):
    shutil.make_archive(str(public / d), "zip", root_dir=public, base_dir=d)
    shutil.rmtree(public / d)
shutil.rmtree(raw / "train2")

answers = pd.DataFrame(rows)
answers.to_csv(private / "test.csv", index=False)
sample = answers.copy()
sample["probability"] = 0
sample.to_csv(public / "sampleSubmission.csv", index=False)
assert set(answers.columns) == {"clip", "probability"} == set(sample.columns)

sums = {}
for p in sorted(out.rglob("*")):
    if not p.is_file():
        continue
    rel = str(p.relative_to(out))
    if p.suffix == ".zip":
        with zipfile.ZipFile(p) as zf:
            for info in zf.infolist():
                sums[f"{rel}:{info.filename}"] = hashlib.md5(zf.read(info)).hexdigest()
    else:
        sums[rel] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
