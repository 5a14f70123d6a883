# Reference for the spec's prepare steps, run once with Debian's
# /usr/bin/python3 (pandas 1.5, sklearn 1.2: same read_csv, groupby.first,
# train_test_split and to_csv results for these inputs) on the seed-0 fake
# raw data:
#   go test ./internal/competitions/rsna_breast_cancer_detection/ \
#       -run TestWriteFakeRaw -args -fakeraw-out /tmp/breast/raw
#   /usr/bin/python3 reference_prepare.py /tmp/breast > reference_prepared.json
# It also opens every fake .dcm file with pydicom (python3-pydicom 2.3).
import hashlib, json, shutil, sys
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
    assert ds.PatientID == p.parent.name, p
    assert ds.pixel_array.shape == (ds.Rows, ds.Columns)
    n_dcm += 1
print(f"pydicom read {n_dcm} files", file=sys.stderr)

old_train = pd.read_csv(raw / "train.csv", float_precision="round_trip")
patient_ids = old_train["patient_id"].unique()
train_patients, test_patients = train_test_split(patient_ids, test_size=0.1, random_state=42)
train_patients, test_patients = set(train_patients), set(test_patients)
assert not (train_patients & test_patients)

new_train = old_train[old_train["patient_id"].isin(train_patients)]
answers = old_train[old_train["patient_id"].isin(test_patients)][
    ["site_id", "patient_id", "image_id", "laterality", "view", "age", "implant", "machine_id", "cancer"]].copy()
answers["prediction_id"] = answers["patient_id"].astype(str) + "_" + answers["laterality"]
new_test = answers.drop(columns=["cancer"])
answers = answers[["prediction_id", "cancer"]].groupby("prediction_id").first().reset_index()
sample = answers.copy()
sample["cancer"] = new_train["cancer"].mean()

assert len(sample) == len(answers)
assert len(new_test) + len(new_train) == len(old_train)
assert len(answers) < len(new_test)
assert list(new_test.columns) == ["site_id", "patient_id", "image_id", "laterality", "view", "age", "implant", "machine_id", "prediction_id"]

new_train.to_csv(public / "train.csv", index=False)
new_test.to_csv(public / "test.csv", index=False)
answers.to_csv(private / "answers.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)

for split, df in (("train_images", new_train), ("test_images", new_test)):
    for pid, image_id in zip(df["patient_id"], df["image_id"]):
        (public / split / str(pid)).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(raw / "train_images" / str(pid) / f"{image_id}.dcm", public / split / str(pid) / f"{image_id}.dcm")
    assert len(list((public / split).glob("*/*.dcm"))) == len(df)


def md5(p):
    return hashlib.md5(p.read_bytes()).hexdigest()


prepared = {"files": {}, "dirs": {}}
for p in sorted(base.rglob("*")):
    if not p.is_file() or p.is_relative_to(raw):
        continue
    rel = p.relative_to(base).as_posix()
    if rel.startswith(("public/train_images/", "public/test_images/")):
        top = "/".join(rel.split("/")[:2])
        prepared["dirs"].setdefault(top, {})[rel[len(top) + 1:]] = md5(p)
    else:
        prepared["files"][rel] = md5(p)
print(json.dumps(prepared, indent=1, sort_keys=True))
