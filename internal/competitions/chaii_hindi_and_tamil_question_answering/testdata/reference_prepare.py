"""Independent reference for chaii-hindi-and-tamil-question-answering's prepare
(spec: Prepare 1-7).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train,test,sample_submission}.csv and
OUT_DIR/private/test.csv, then prints {relative path: md5} as JSON.

Written with Debian's pandas 1.5 / scikit-learn 1.2, which behave as pandas
2.2 / scikit-learn 1.5 here (the fake data has no "None" cell and no '\r').
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
test_wo = new_test.drop(columns=["answer_start", "answer_text"])
answers = new_test[["id", "answer_text"]].rename(columns={"answer_text": "PredictionString"})
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
test_wo.to_csv(os.path.join(pub, "test.csv"), index=False)
answers.to_csv(os.path.join(priv, "test.csv"), index=False)
sample = answers.copy()
sample["PredictionString"] = "dummy text"
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
assert len(sample) == len(answers)

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
