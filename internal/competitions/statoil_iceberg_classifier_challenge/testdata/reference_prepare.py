"""Independent reference for statoil-iceberg-classifier-challenge's prepare
(spec: shared/spec/competitions/statoil-iceberg-classifier-challenge.md), run
once on the seed-0 fake raw data (needs python3-py7zr):

    python3 reference_prepare.py RAW_DIR PREPARED_DIR > golden_md5.json

7z archives are not byte-reproducible: the golden map records the md5 of
each member's extracted content under "public/x.7z:member".
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import pandas as pd
import py7zr
from sklearn.model_selection import train_test_split

raw, prepared = Path(sys.argv[1]), Path(sys.argv[2])
public, private = prepared / "public", prepared / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

for name in ["train.json.7z", "test.json.7z"]:
    with py7zr.SevenZipFile(raw / name) as z:
        z.extractall(raw)
train = json.loads((raw / "data/processed/train.json").read_text())
test = json.loads((raw / "data/processed/test.json").read_text())
train_fields, test_fields = list(train[0].keys()), list(test[0].keys())
assert all(set(o.keys()) == set(train_fields) for o in train)
assert all(set(o.keys()) == set(test_fields) for o in test)

new_train, new_test = train_test_split(train, test_size=0.2, random_state=0)
new_test_nolabel = [{k: o[k] for k in test_fields} for o in new_test]

tmp = private / "tmp_data"
tmp.mkdir()
for name, data in [("train.json", new_train), ("test.json", new_test_nolabel)]:
    with open(tmp / name, "w") as f:
        json.dump(data, f)
    with py7zr.SevenZipFile(public / (name + ".7z"), "w") as z:
        z.write(tmp / name, arcname=name)

answers = pd.DataFrame({"id": [o["id"] for o in new_test], "is_iceberg": [o["is_iceberg"] for o in new_test]})
answers.to_csv(private / "test.csv", index=False)
sample = answers.copy()
sample["is_iceberg"] = 0.5
sample.to_csv(private / "sample_submission.csv", index=False)
with py7zr.SevenZipFile(public / "sample_submission.csv.7z", "w") as z:
    z.write(private / "sample_submission.csv", arcname="sample_submission.csv")
shutil.rmtree(tmp)
assert len(new_train) + len(new_test) == len(train)
assert not set(o["id"] for o in new_train) & set(answers["id"])

out = {}
for p in sorted(prepared.rglob("*")):
    if not p.is_file():
        continue
    rel = str(p.relative_to(prepared))
    if p.suffix == ".7z":
        with py7zr.SevenZipFile(p) as z:
            for m, bio in z.readall().items():
                out[rel + ":" + m] = hashlib.md5(bio.read()).hexdigest()
    else:
        out[rel] = hashlib.md5(p.read_bytes()).hexdigest()
json.dump(out, sys.stdout, indent=2, sort_keys=True)
print()
