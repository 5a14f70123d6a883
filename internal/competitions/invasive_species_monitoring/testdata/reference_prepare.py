"""Independent reference for invasive-species-monitoring's prepare (spec:
Prepare 2-8; the images and the 7z archives are checked by the Go test).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/private/{answers,sample_submission}.csv and the public zips,
then prints reference_prepared.json ({"files": {path: md5}, "zips":
{zip path: {member: md5}}}) for the CSV outputs.
"""
import hashlib
import json
import os
import shutil
import sys
import zipfile

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

with zipfile.ZipFile(os.path.join(raw, "train_labels.csv.zip")) as z:
    z.extractall(os.path.join(out, "raw"))
df = pd.read_csv(os.path.join(out, "raw", "train_labels.csv"), float_precision="round_trip")
new_train, answers = train_test_split(df, test_size=0.2, random_state=0)
sample = answers.copy()
sample["invasive"] = 0.5
assert answers["name"].is_unique and new_train["name"].is_unique
assert set(answers["name"]).isdisjoint(new_train["name"])
answers.to_csv(os.path.join(priv, "answers.csv"), index=False)
new_train.to_csv(os.path.join(pub, "train_labels.csv"), index=False)
sample.to_csv(os.path.join(priv, "sample_submission.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
for name in ("sample_submission.csv", "train_labels.csv"):
    shutil.make_archive(os.path.join(pub, name), "zip", root_dir=pub, base_dir=name)


def md5(b):
    return hashlib.md5(b).hexdigest()


ref = {"files": {}, "zips": {}}
for name in ("answers.csv", "sample_submission.csv"):
    with open(os.path.join(priv, name), "rb") as f:
        ref["files"][f"private/{name}"] = md5(f.read())
for name in ("sample_submission.csv", "train_labels.csv"):
    with zipfile.ZipFile(os.path.join(pub, name + ".zip")) as z:
        ref["zips"][f"public/{name}.zip"] = {m.filename: md5(z.read(m)) for m in z.infolist()}
print(json.dumps(ref, indent=2, sort_keys=True))
