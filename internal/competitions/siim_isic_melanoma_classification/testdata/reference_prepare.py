"""Independent reference for siim-isic-melanoma-classification's prepare
(spec: Prepare 1-7), following its steps literally with pandas and shutil.

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Prepares into OUT_DIR and prints {relative path: md5} of every file as JSON.

TensorFlow is not available here, so the TFRecord framing (with masked CRC32C
checks, as TensorFlow's reader does) and the tf.train.Example wire format are
parsed by hand. Also checks that the fake DICOM and JPEG files are readable
(pydicom, Pillow). Debian's pandas 1.5 is used; "None" (a default NA string
since pandas 2.0) is added to na_values.
"""
import hashlib
import json
import shutil
import struct
import sys
from pathlib import Path

import pandas as pd

raw, out = Path(sys.argv[1]), Path(sys.argv[2])
public, private = out / "public", out / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

POLY = 0x82F63B78
TABLE = []
for i in range(256):
    c = i
    for _ in range(8):
        c = (c >> 1) ^ POLY if c & 1 else c >> 1
    TABLE.append(c)


def crc32c(b):
    c = 0xFFFFFFFF
    for x in b:
        c = TABLE[(c ^ x) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def masked(b):
    c = crc32c(b)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def varint(b, i):
    shift = v = 0
    while True:
        x = b[i]
        i += 1
        v |= (x & 0x7F) << shift
        shift += 7
        if not x & 0x80:
            return v, i


def fields(b):
    i = 0
    while i < len(b):
        tag, i = varint(b, i)
        num, wire = tag >> 3, tag & 7
        if wire == 0:
            _, i = varint(b, i)
            yield num, wire, None
        elif wire == 2:
            n, i = varint(b, i)
            yield num, wire, b[i:i + n]
            i += n
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        else:
            raise ValueError(wire)


def image_name(example):
    feats = {}
    for num, wire, v in fields(example):
        if num == 1 and wire == 2:
            for n2, w2, entry in fields(v):
                if n2 == 1 and w2 == 2:
                    kv = {n3: v3 for n3, w3, v3 in fields(entry) if w3 == 2}
                    feats[kv[1].decode()] = kv.get(2, b"")
    values = [v2 for n, w, v in fields(feats["image_name"]) if n == 1 for n2, w2, v2 in fields(v) if n2 == 1]
    return values[0].decode("utf-8")


def read_ids(path):
    data = path.read_bytes()
    i, ids = 0, []
    while i < len(data):
        head = data[i:i + 8]
        (n,) = struct.unpack("<Q", head)
        assert struct.unpack("<I", data[i + 8:i + 12])[0] == masked(head)
        rec = data[i + 12:i + 12 + n]
        assert struct.unpack("<I", data[i + 12 + n:i + 16 + n])[0] == masked(rec)
        ids.append(image_name(rec))
        i += 16 + n
    return ids


df = pd.read_csv(raw / "train.csv", na_values=["None"])
test_ids = set()
for f in ("train00-2071.tfrec", "train06-2071.tfrec"):
    test_ids.update(read_ids(raw / "tfrecords" / f))
is_test = df["image_name"].isin(test_ids)
new_train, new_test = df[~is_test], df[is_test]

new_train.to_csv(public / "train.csv", index=False)
new_test[["image_name", "patient_id", "sex", "age_approx", "anatom_site_general_challenge"]].to_csv(public / "test.csv", index=False)
sample = new_test[["image_name"]].copy()
sample["target"] = 0
sample.to_csv(public / "sample_submission.csv", index=False)
new_test[["image_name", "target"]].to_csv(private / "test.csv", index=False)

for part, split in ((new_train, "train"), (new_test, "test")):
    (public / split).mkdir(exist_ok=True)
    (public / "jpeg" / split).mkdir(parents=True, exist_ok=True)
    for name in part["image_name"]:
        shutil.copy(raw / "train" / f"{name}.dcm", public / split / f"{name}.dcm")
        shutil.copy(raw / "jpeg" / "train" / f"{name}.jpg", public / "jpeg" / split / f"{name}.jpg")

(public / "tfrecords").mkdir()
k_test = k_train = 0
for p in sorted((raw / "tfrecords").glob("train*.tfrec")):
    count = p.stem.split("-")[1]
    if p.name in ("train00-2071.tfrec", "train06-2071.tfrec"):
        shutil.copy(p, public / "tfrecords" / f"test{k_test:02d}-{count}.tfrec")
        k_test += 1
    else:
        shutil.copy(p, public / "tfrecords" / f"train{k_train:02d}-{count}.tfrec")
        k_train += 1

assert len(list((public / "train").glob("*.dcm"))) == len(new_train)
assert len(list((public / "test").glob("*.dcm"))) == len(new_test)
assert len(list((public / "jpeg" / "train").glob("*.jpg"))) == len(new_train)
assert len(list((public / "jpeg" / "test").glob("*.jpg"))) == len(new_test)
assert set(new_train["image_name"]).isdisjoint(new_test["image_name"])
assert new_test["target"].nunique() == 2

try:
    import pydicom
    from PIL import Image

    for p in sorted(public.rglob("*.dcm")):
        ds = pydicom.dcmread(p)
        assert ds.pixel_array.shape == (ds.Rows, ds.Columns)
    for p in sorted(public.rglob("*.jpg")):
        Image.open(p).load()
except ImportError:
    pass

sums = {str(p.relative_to(out)): hashlib.md5(p.read_bytes()).hexdigest() for p in sorted(out.rglob("*")) if p.is_file()}
print(json.dumps(sums, indent=2, sort_keys=True))
