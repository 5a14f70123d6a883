# Reference for the spec's prepare steps, run once with Debian's
# /usr/bin/python3 (pandas 1.5, sklearn 1.2: same results for these
# inputs) on the seed-0 fake raw data:
#   go test ./internal/competitions/vinbigdata_chest_xray_abnormalities_detection/ \
#       -run TestWriteFakeRaw -args -fakeraw-out /tmp/vin/raw
#   /usr/bin/python3 reference_prepare.py /tmp/vin > reference_prepared.json
# Output: the CSVs' MD5s and, per image folder, the MD5 of its manifest
# ("<name> <md5>\n" per file in name order). It also opens a sample of the
# fake .dicom files with pydicom (python3-pydicom 2.3).
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

for p in sorted(raw.glob("train/*.dicom"))[::500]:
    ds = pydicom.dcmread(p)
    assert ds.PatientID == p.stem and ds.pixel_array.shape == (4, 4), p

old = pd.read_csv(raw / "train.csv", float_precision="round_trip")
ids = old["image_id"].unique()
train_ids, test_ids = train_test_split(ids, test_size=0.1, random_state=0)
assert len(train_ids) == 13500 and len(test_ids) == 1500
new_train = old[old["image_id"].isin(train_ids)]
answers = old[old["image_id"].isin(test_ids)]
sample = pd.DataFrame({"image_id": test_ids, "PredictionString": "14 1 0 0 1 1"})
assert set(new_train["image_id"]).isdisjoint(set(answers["image_id"]))
assert len(new_train) + len(answers) == len(old)

answers = answers.groupby(["image_id", "class_id"]).first().reset_index()
answers = answers.fillna(0)
answers.loc[answers["class_id"] == 14, ["x_max", "y_max"]] = 1.0
gold_rows = []
for image_id, g in answers.groupby("image_id"):
    s = " ".join(f"{int(r.class_id)} 1.0 {r.x_min!r} {r.y_min!r} {r.x_max!r} {r.y_max!r}" for r in g.itertuples())
    gold_rows.append((image_id, s))
gold = pd.DataFrame(gold_rows, columns=["image_id", "PredictionString"])

new_train.to_csv(public / "train.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)
answers.to_csv(private / "answers.csv", index=False)
gold.to_csv(private / "gold_submission.csv", index=False)
for split, idl in (("train", train_ids), ("test", test_ids)):
    (public / split).mkdir()
    for i in idl:
        shutil.copyfile(raw / "train" / f"{i}.dicom", public / split / f"{i}.dicom")
    assert len(list((public / split).glob("*.dicom"))) == len(idl)


def md5(b):
    return hashlib.md5(b).hexdigest()


out = {"files": {}, "manifests": {}}
for p in sorted(public.glob("*.csv")) + sorted(private.glob("*.csv")):
    out["files"][p.relative_to(base).as_posix()] = md5(p.read_bytes())
for split in ("train", "test"):
    lines = "".join(f"{p.name} {md5(p.read_bytes())}\n" for p in sorted((public / split).iterdir()))
    out["manifests"][f"public/{split}/"] = md5(lines.encode())
print(json.dumps(out, indent=1, sort_keys=True))
