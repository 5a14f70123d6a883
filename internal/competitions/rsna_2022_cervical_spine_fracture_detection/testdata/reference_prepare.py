# Reference for the spec's prepare steps, run once with Debian's
# /usr/bin/python3 (3.11: random.sample as in the original; pandas 1.5)
# on the seed-0 fake raw data:
#   go test ./internal/competitions/rsna_2022_cervical_spine_fracture_detection/ \
#       -run TestWriteFakeRaw -args -fakeraw-out /tmp/spine/raw
#   /usr/bin/python3 reference_prepare.py /tmp/spine > reference_prepared.json
# It also opens every fake .dcm file with pydicom (python3-pydicom 2.3) and
# checks the NIfTI headers.
import hashlib, json, random, shutil, struct, sys
from pathlib import Path

import pandas as pd
import pydicom

base = Path(sys.argv[1])
raw, public, private = base / "raw", base / "public", base / "private"
shutil.rmtree(public, ignore_errors=True)
shutil.rmtree(private, ignore_errors=True)
public.mkdir(parents=True)
private.mkdir(parents=True)

n_dcm = 0
for p in sorted(raw.rglob("*.dcm")):
    ds = pydicom.dcmread(p)
    assert ds.StudyInstanceUID == p.parent.name and ds.pixel_array.shape == (8, 8), p
    n_dcm += 1
for p in raw.glob("segmentations/*.nii"):
    b = p.read_bytes()
    assert struct.unpack("<i", b[:4])[0] == 348 and b[344:348] == b"n+1\0" and len(b) == 352 + 32
print(f"pydicom read {n_dcm} files", file=sys.stderr)

R = 0.1
rng = random.Random(0)
train = pd.read_csv(raw / "train.csv", float_precision="round_trip")
bbox = pd.read_csv(raw / "train_bounding_boxes.csv", float_precision="round_trip")
num_train = round(len(train) * R)
bbox_ids = sorted(bbox["StudyInstanceUID"].unique())
nb = round(len(bbox_ids) * R)
seg_ids = sorted(p.stem for p in (raw / "segmentations").glob("*.nii"))
ns = round(len(seg_ids) * R)
overlap = [u for u in bbox_ids if u in seg_ids]
no = round(len(overlap) * R)
new_overlap = rng.sample(overlap, no)
add_seg = rng.sample([u for u in seg_ids if u not in overlap], ns - no)
add_bbox = rng.sample([u for u in bbox_ids if u not in overlap], nb - no)
new_train_ids = new_overlap + add_seg + add_bbox
new_bbox_ids = new_overlap + add_bbox
new_seg_ids = new_overlap + add_seg
fill = rng.sample([u for u in train["StudyInstanceUID"] if u not in new_train_ids], num_train - len(new_train_ids))
new_train_ids += fill

new_train = train[train["StudyInstanceUID"].isin(new_train_ids)]
new_bbox = bbox[bbox["StudyInstanceUID"].isin(new_bbox_ids)]
test = train[~train["StudyInstanceUID"].isin(new_train_ids)]
answers = test.melt(id_vars="StudyInstanceUID", var_name="prediction_type", value_name="fractured")
answers["row_id"] = answers["StudyInstanceUID"] + "_" + answers["prediction_type"]
sample = answers[["row_id"]].copy()
sample["fractured"] = 0.5
public_test = answers[["StudyInstanceUID", "prediction_type", "row_id"]]

new_train.to_csv(public / "train.csv", index=False)
new_bbox.to_csv(public / "train_bounding_boxes.csv", index=False)
answers.to_csv(private / "answers.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)
public_test.to_csv(public / "test.csv", index=False)
assert answers["StudyInstanceUID"].nunique() * 8 == len(answers)
assert len(new_train) + answers["StudyInstanceUID"].nunique() == len(train)

(public / "segmentations").mkdir()
for u in new_seg_ids:
    shutil.copyfile(raw / "segmentations" / f"{u}.nii", public / "segmentations" / f"{u}.nii")
for u in new_train["StudyInstanceUID"]:
    shutil.copytree(raw / "train_images" / u, public / "train_images" / u)
for u in answers["StudyInstanceUID"].unique():
    shutil.copytree(raw / "train_images" / u, public / "test_images" / u)
assert len(list((public / "segmentations").glob("*.nii"))) == len(new_seg_ids)
assert len(list((public / "train_images").glob("*"))) == len(new_train)
assert len(list((public / "test_images").glob("*"))) == answers["StudyInstanceUID"].nunique()


def md5(p):
    return hashlib.md5(p.read_bytes()).hexdigest()


prepared = {"files": {}, "dirs": {}}
for p in sorted(base.rglob("*")):
    if not p.is_file() or p.is_relative_to(raw):
        continue
    rel = p.relative_to(base).as_posix()
    parts = rel.split("/")
    if len(parts) > 2:
        top = "/".join(parts[:2])
        prepared["dirs"].setdefault(top, {})[rel[len(top) + 1:]] = md5(p)
    else:
        prepared["files"][rel] = md5(p)
print(json.dumps(prepared, indent=1, sort_keys=True))
