# Reference for the spec's prepare steps, run once with Debian's
# /usr/bin/python3 (pandas 1.5, sklearn 1.2: same read_csv/train_test_split/
# to_csv behaviour for these inputs) on the seed-0 fake raw data:
#   go test ./internal/competitions/rsna_miccai_brain_tumor_radiogenomic_classification/ \
#       -run TestWriteFakeRaw -args -fakeraw-out /tmp/miccai/raw
#   /usr/bin/python3 reference_prepare.py /tmp/miccai > reference_prepared.json
# It also opens every fake .dcm file with pydicom (python3-pydicom 2.3) to
# prove they are readable DICOM, and checks PatientID against the folder.
import hashlib, json, os, shutil, sys
from pathlib import Path

import pandas as pd
import pydicom
from sklearn.model_selection import train_test_split

base = Path(sys.argv[1])
raw, public, private = base / "raw", base / "public", base / "private"
shutil.rmtree(public, ignore_errors=True)
shutil.rmtree(private, ignore_errors=True)
public.mkdir(parents=True)
private.mkdir(parents=True)

n_dcm = 0
for p in sorted(raw.rglob("*.dcm")):
    ds = pydicom.dcmread(p)
    assert ds.PatientID == p.parent.parent.name, p
    assert ds.pixel_array.shape == (ds.Rows, ds.Columns)
    n_dcm += 1
print(f"pydicom read {n_dcm} files", file=sys.stderr)

old_train = pd.read_csv(raw / "train_labels.csv", float_precision="round_trip",
                        dtype={"BraTS21ID": str, "MGMT_value": int})
new_train, new_test = train_test_split(old_train, test_size=0.1, random_state=0)

for split, df in (("train", new_train), ("test", new_test)):
    for id_ in df["BraTS21ID"]:
        dst = public / split / id_
        dst.mkdir(parents=True, exist_ok=True)
        shutil.copytree(raw / "train" / id_, dst, dirs_exist_ok=True)
    assert len(list(public.glob(f"{split}/*"))) == len(df)

sample = new_test.copy()
sample["MGMT_value"] = 0.5
new_train.to_csv(public / "train_labels.csv", index=False)
new_test.to_csv(private / "test.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)


def md5(p):
    return hashlib.md5(p.read_bytes()).hexdigest()


prepared = {"files": {}, "dirs": {}}
for p in sorted(base.rglob("*")):
    if not p.is_file() or p.is_relative_to(raw):
        continue
    rel = p.relative_to(base).as_posix()
    if rel.startswith(("public/train/", "public/test/")):
        top = "/".join(rel.split("/")[:2])
        prepared["dirs"].setdefault(top, {})[rel[len(top) + 1:]] = md5(p)
    else:
        prepared["files"][rel] = md5(p)
print(json.dumps(prepared, indent=1, sort_keys=True))
