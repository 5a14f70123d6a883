# Reference for the spec's prepare steps, run once with Debian's
# /usr/bin/python3 (pandas 1.5, sklearn 1.2: same results for these
# inputs) on the seed-0 fake raw data:
#   go test ./internal/competitions/siim_covid19_detection/ \
#       -run TestWriteFakeRaw -args -fakeraw-out /tmp/siim/raw
#   /usr/bin/python3 reference_prepare.py /tmp/siim > reference_prepared.json
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
    assert ds.PatientID == p.parent.parent.name, p
    assert ds.pixel_array.shape == (ds.Rows, ds.Columns)
    n_dcm += 1
print(f"pydicom read {n_dcm} files", file=sys.stderr)

study = pd.read_csv(raw / "train_study_level.csv", float_precision="round_trip")
train_s, test_s = train_test_split(study, test_size=0.1, random_state=0)
train_s = train_s.sort_values("id")
test_s = test_s.sort_values("id")
train_s.to_csv(public / "train_study_level.csv", index=False)

image = pd.read_csv(raw / "train_image_level.csv", float_precision="round_trip")
key = image["StudyInstanceUID"] + "_study"
train_i = image[key.isin(train_s["id"])].sort_values("id")
test_i = image[key.isin(test_s["id"])].sort_values("id")
assert len(train_i) + len(test_i) == len(image)
train_i.to_csv(public / "train_image_level.csv", index=False)

for split, df in (("train", train_s), ("test", test_s)):
    for sid in df["id"]:
        s = sid.replace("_study", "")
        shutil.copytree(raw / "train" / s, public / split / s)
    assert len(list(public.glob(f"{split}/*"))) == len(df)

labels = ["negative", "typical", "indeterminate", "atypical"]
rows, sample = [], []
for _, r in test_s.iterrows():
    lab = labels[int(r.iloc[1:].values.astype(float).argmax())]
    rows.append((r["id"], f"{lab} 1 0 0 1 1"))
    sample.append((r["id"], "negative 1 0 0 1 1"))
for _, r in test_i.iterrows():
    rows.append((r["id"], r["label"]))
    sample.append((r["id"], "none 1 0 0 1 1"))
pd.DataFrame(rows, columns=["id", "PredictionString"]).to_csv(private / "test.csv", index=False)
pd.DataFrame(sample, columns=["id", "PredictionString"]).to_csv(public / "sample_submission.csv", index=False)


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
