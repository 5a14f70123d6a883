"""Independent reference for ml2021spring-hw2's prepare (spec: Prepare 1-9).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{sampleSubmission.csv,timit_11/timit_11/*.npy} and
OUT_DIR/private/answers.csv, then prints {relative path: md5} as JSON.

Written from the spec with Debian's numpy 1.24 / pandas 1.5 / scikit-learn
1.2; np.save (format 1.0 header), train_test_split on a range and to_csv
behave the same in numpy 1.26 / pandas 2.2 / scikit-learn 1.5.
"""
import hashlib
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
src = os.path.join(raw, "timit_11", "timit_11")
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
pub_npy = os.path.join(pub, "timit_11", "timit_11")
os.makedirs(pub_npy, exist_ok=True)
os.makedirs(priv, exist_ok=True)

train = np.load(os.path.join(src, "train_11.npy"))
label = np.load(os.path.join(src, "train_label_11.npy"))
test = np.load(os.path.join(src, "test_11.npy"))
proportion = len(test) / (len(train) + len(test))
tr_idx, te_idx = train_test_split(range(len(train)), test_size=proportion, random_state=0)
new_train, new_train_label = train[tr_idx], label[tr_idx]
new_test, new_test_label = train[te_idx], label[te_idx]
answers = pd.DataFrame({"Id": range(len(new_test)), "ClassId": new_test_label})
sample = pd.DataFrame({"Id": range(len(new_test)), "ClassId": 0})
np.save(os.path.join(pub_npy, "train_11.npy"), new_train)
np.save(os.path.join(pub_npy, "train_label_11.npy"), new_train_label)
np.save(os.path.join(pub_npy, "test_11.npy"), new_test)
sample.to_csv(os.path.join(pub, "sampleSubmission.csv"), index=False)
answers.to_csv(os.path.join(priv, "answers.csv"), index=False)
assert len(new_train) + len(new_test) == len(train)

sums = {}
for root, _, files in os.walk(out):
    for name in files:
        p = os.path.join(root, name)
        with open(p, "rb") as f:
            sums[os.path.relpath(p, out)] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
