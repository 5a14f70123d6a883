"""Independent reference for tweet-sentiment-extraction's prepare (spec: Prepare 1-4).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train,test,sample_submission}.csv and
OUT_DIR/private/test.csv, then prints {relative path: md5} as JSON.
Debian pandas 1.5 / scikit-learn 1.2 behave as pandas 2.2 / sklearn 1.5 here.
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

train = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
new_train, new_test = train_test_split(train, test_size=0.1, random_state=0)
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
new_test.to_csv(os.path.join(priv, "test.csv"), index=False)
new_test.drop(columns=["selected_text"]).to_csv(os.path.join(pub, "test.csv"), index=False)
sample = new_test[["textID"]].copy()
sample["selected_text"] = ""
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
assert len(new_train) + len(new_test) == len(train)

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
