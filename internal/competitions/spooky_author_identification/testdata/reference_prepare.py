"""Independent reference for spooky-author-identification's prepare (spec: Prepare 1-7).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Extracts RAW_DIR/train.zip into a scratch directory, writes
OUT_DIR/public/{train,test,sample_submission}.csv and OUT_DIR/private/test.csv,
then prints {relative path: md5} as JSON.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2. Where they
differ from the pinned pandas 2.2 / scikit-learn 1.5 the spec wins:
"None" is a default NA string since pandas 2.0, so it is added here.
"""
import hashlib
import json
import os
import sys
import tempfile
import zipfile

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

scratch = tempfile.mkdtemp()
zipfile.ZipFile(os.path.join(raw, "train.zip")).extractall(scratch)
df = pd.read_csv(os.path.join(scratch, "train.csv"), float_precision="round_trip", na_values=["None"])

new_train, new_test = train_test_split(df, test_size=0.1, random_state=0)
classes = ["EAP", "HPL", "MWS"]

answers = new_test[["id"]].copy()
for c in classes:
    answers[c] = 0
for c in classes:
    answers.loc[new_test["author"] == c, c] = 1

sample = answers.copy()
sample["EAP"] = 0.403493538995863
sample["HPL"] = 0.287808366106543
sample["MWS"] = 0.308698094897594

new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
new_test.drop(columns=["author"]).to_csv(os.path.join(pub, "test.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
answers.to_csv(os.path.join(priv, "test.csv"), index=False)

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
