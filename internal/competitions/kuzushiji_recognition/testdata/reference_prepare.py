# Reference preparation of kuzushiji-recognition, written from the spec's
# "Prepare" steps with pandas + scikit-learn + zipfile, run once on the
# seed-0 fake raw data:
#   go test ./internal/competitions/kuzushiji_recognition/ -run TestWriteFakeRaw -args -fakeraw-out /tmp/kuz/raw
#   /usr/bin/python3 reference_prepare.py /tmp/kuz
# It writes /tmp/kuz/prepared/{public,private} and golden_md5.json: the md5
# of every CSV, and for the two public zips (whose timestamps and member
# order are not reproducible upstream) the md5 of each member, keyed
# "public/<zip>:<member>".
import hashlib
import json
import os
import shutil
import sys
import zipfile

import pandas as pd
from sklearn.model_selection import train_test_split

base = sys.argv[1]
raw = os.path.join(base, "raw")
public = os.path.join(base, "prepared", "public")
private = os.path.join(base, "prepared", "private")
for d in (public, private):
    os.makedirs(d, exist_ok=True)

with zipfile.ZipFile(os.path.join(raw, "train_images.zip")) as z:
    z.extractall(os.path.join(raw, "train"))
df = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
train, test = train_test_split(df, test_size=0.1, random_state=0)
train.to_csv(os.path.join(public, "train.csv"), index=False)
test.to_csv(os.path.join(private, "test.csv"), index=False)
for part, t in (("train", train), ("test", test)):
    os.makedirs(os.path.join(public, part), exist_ok=True)
    for i in t["image_id"]:
        shutil.copy(os.path.join(raw, "train", f"{i}.jpg"), os.path.join(public, part, f"{i}.jpg"))
    shutil.make_archive(os.path.join(public, f"{part}_images"), "zip", os.path.join(public, part))
    shutil.rmtree(os.path.join(public, part))
shutil.copy(os.path.join(raw, "unicode_translation.csv"), os.path.join(public, "unicode_translation.csv"))
sample = pd.DataFrame({"image_id": test["image_id"], "labels": "U+003F 1 1 U+FF2F 2 2"})
sample.to_csv(os.path.join(public, "sample_submission.csv"), index=False)
gold = []
for labels in test["labels"]:
    t = labels.split()
    assert len(t) % 5 == 0
    gold.append(" ".join(f"{t[k]} {int(t[k + 1]) + 1} {int(t[k + 2]) + 1}" for k in range(0, len(t), 5)))
pd.DataFrame({"image_id": test["image_id"], "labels": gold}).to_csv(os.path.join(private, "gold_submission.csv"), index=False)

sums = {}
root = os.path.join(base, "prepared")
for dirpath, _, files in os.walk(root):
    for f in files:
        p = os.path.join(dirpath, f)
        rel = os.path.relpath(p, root)
        if f.endswith(".zip"):
            with zipfile.ZipFile(p) as z:
                for m in z.namelist():
                    sums[rel + ":" + m] = hashlib.md5(z.read(m)).hexdigest()
            continue
        with open(p, "rb") as fh:
            sums[rel] = hashlib.md5(fh.read()).hexdigest()
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden_md5.json"), "w") as fh:
    json.dump(dict(sorted(sums.items())), fh, indent=2)
    fh.write("\n")
print(len(sums), "entries", len(train), len(test))
