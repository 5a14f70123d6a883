"""Independent pandas/numpy/sklearn implementation of the cassava prepare
step (../shared/spec/competitions/cassava-leaf-disease-classification.md),
run once on the seed-0 fake raw data to produce golden_md5.json.

TensorFlow is not available on Debian, so the TFRecord framing (with both
masked CRC32C checks) and the tf.train.Example protobuf are decoded by hand
here, written from the record format description rather than from the Go code.

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
"""
import hashlib
import json
import os
import shutil
import struct
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

_T = []
for i in range(256):
    c = i
    for _ in range(8):
        c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
    _T.append(c)


def crc32c(b):
    c = 0xFFFFFFFF
    for x in b:
        c = _T[(c ^ x) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def masked(b):
    c = crc32c(b)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def varint(b, i):
    v = s = 0
    while True:
        x = b[i]
        i += 1
        v |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return v, i


def fields(b):
    i, out = 0, []
    while i < len(b):
        tag, i = varint(b, i)
        num, wt = tag >> 3, tag & 7
        if wt == 0:
            _, i = varint(b, i)
            out.append((num, wt, None))
        elif wt == 1:
            i += 8
            out.append((num, wt, None))
        elif wt == 5:
            i += 4
            out.append((num, wt, None))
        elif wt == 2:
            n, i = varint(b, i)
            out.append((num, wt, b[i:i + n]))
            i += n
        else:
            raise ValueError("wire type")
    return out


def image_name(payload):
    feats = {}
    for num, wt, features in fields(payload):
        if num == 1 and wt == 2:
            for n2, w2, entry in fields(features):
                if n2 == 1 and w2 == 2:
                    kv = {n3: d for n3, w3, d in fields(entry) if w3 == 2}
                    feats[kv[1].decode()] = kv.get(2, b"")
    values = []
    for num, wt, data in fields(feats["image_name"]):
        if num == 1 and wt == 2:
            values += [d for n, w, d in fields(data) if n == 1 and w == 2]
    return values[0].decode("utf-8")


def records(path):
    data = Path(path).read_bytes()
    i = 0
    while i < len(data):
        (n,) = struct.unpack("<Q", data[i:i + 8])
        assert struct.unpack("<I", data[i + 8:i + 12])[0] == masked(data[i:i + 8])
        payload = data[i + 12:i + 12 + n]
        assert len(payload) == n
        assert struct.unpack("<I", data[i + 12 + n:i + 16 + n])[0] == masked(payload)
        i += 16 + n
        yield payload


raw, out = Path(sys.argv[1]), Path(sys.argv[2])
pub, priv = out / "public", out / "private"
pub.mkdir(parents=True, exist_ok=True)
priv.mkdir(parents=True, exist_ok=True)

tfrecs = sorted(p for p in (raw / "train_tfrecords").iterdir() if p.is_file() and p.suffix == ".tfrec")
train_files, test_files = train_test_split(tfrecs, test_size=0.1, random_state=0)
test_ids = set()
for p in test_files:
    for payload in records(p):
        test_ids.add(image_name(payload))

old = pd.read_csv(raw / "train.csv", float_precision="round_trip")
is_test = old["image_id"].isin(test_ids)
new_train, new_test = old[~is_test], old[is_test]
sample = new_test.copy()
sample["label"] = 4
new_train.to_csv(pub / "train.csv", index=False)
new_test.to_csv(priv / "test.csv", index=False)
sample.to_csv(pub / "sample_submission.csv", index=False)
for sub, prefix, files in (("train_tfrecords", "ld_train", train_files), ("test_tfrecords", "ld_test", test_files)):
    (pub / sub).mkdir(exist_ok=True)
    for i, p in enumerate(files):
        shutil.copy(p, pub / sub / f"{prefix}{i:02d}-{p.stem.split('-')[1]}.tfrec")
for sub, df in (("train_images", new_train), ("test_images", new_test)):
    (pub / sub).mkdir(exist_ok=True)
    for i in df["image_id"]:
        shutil.copy(raw / "train_images" / i, pub / sub / i)
shutil.copy(raw / "label_num_to_disease_map.json", pub / "label_num_to_disease_map.json")
assert len(list((pub / "train_images").iterdir())) == len(new_train)
assert len(list((pub / "test_images").iterdir())) == len(new_test)
assert len(new_test) > 0 and len(new_train) + len(new_test) == len(old)

golden = {}
for p in sorted(out.rglob("*")):
    if p.is_file():
        golden[str(p.relative_to(out))] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(golden, indent=2, sort_keys=True))
