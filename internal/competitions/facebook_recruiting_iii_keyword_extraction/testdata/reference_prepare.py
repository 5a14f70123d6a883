"""Independent reference for facebook-recruiting-iii-keyword-extraction's prepare
(spec: Prepare 1-7).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train,test,sample_submission}.csv and
OUT_DIR/private/test.csv, then prints {relative path: md5} as JSON.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2; the steps
used (read_csv, train_test_split, to_csv) behave the same in pandas 2.2 /
scikit-learn 1.5 for the fake data (which avoids "None", an NA string only
since pandas 2.0).
"""
import hashlib
import json
import os
import sys
import zipfile

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

with zipfile.ZipFile(os.path.join(raw, "Train.zip")) as z:
    z.extractall(os.path.join(out, "raw"))
df = pd.read_csv(os.path.join(out, "raw", "Train.csv"), float_precision="round_trip", dtype={"Id": str, "Tags": str})
new_train, new_test = train_test_split(df, test_size=0.1, random_state=0)
test_wo = new_test.drop(columns=["Tags"])
sample = test_wo.copy()
sample["Tags"] = "javascript c# python php java"
assert len(sample) == len(test_wo) == len(new_test)
assert len(new_train) + len(new_test) == len(df)
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
test_wo.to_csv(os.path.join(pub, "test.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
new_test.to_csv(os.path.join(priv, "test.csv"), index=False)

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
