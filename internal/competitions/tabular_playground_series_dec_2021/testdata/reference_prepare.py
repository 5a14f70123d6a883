"""Independent reference for tabular-playground-series-dec-2021's prepare (spec: Prepare 1-5).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train,test,sample_submission}.csv and
OUT_DIR/private/test.csv, then prints {relative path: md5} as JSON.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2; the steps
used (read_csv of an all-integer file, train_test_split, to_csv) behave the
same in the pinned pandas 2.2 / scikit-learn 1.5.
"""
import hashlib
import json
import os
import sys

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

df = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
new_train, new_test = train_test_split(df, test_size=0.1, random_state=0)
assert len(new_train) + len(new_test) == len(df)
assert set(new_train["Id"]).isdisjoint(set(new_test["Id"]))

new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
new_test.to_csv(os.path.join(priv, "test.csv"), index=False)
public_test = new_test.drop(columns=["Cover_Type"])
public_test.to_csv(os.path.join(pub, "test.csv"), index=False)
sample = pd.DataFrame({"Id": new_test["Id"], "Cover_Type": 2})
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
assert len(public_test) == len(new_test)

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
