"""Independent reference for whale-categorization-playground's prepare (spec steps 1-10).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Prints JSON: md5 of every CSV ("files") and of every copied image ("dirs").
"""
import hashlib
import json
import os
import shutil
import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

df = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
df["split"] = "undecided"
g = np.random.default_rng(0)
for whale_id in df["Id"].unique():
    rows = df[df["Id"] == whale_id]
    if len(rows) >= 2:
        picked = rows.sample(2, random_state=0)
        df.loc[picked.index[0], "split"] = "train"
        df.loc[picked.index[1], "split"] = "test"
    else:
        df.loc[rows.index[0], "split"] = g.choice(["train", "test"], p=[1 - 0.1, 0.1])
remaining = df[df["split"] == "undecided"]
tr, te = train_test_split(remaining, test_size=0.1, random_state=0)
df.loc[tr.index, "split"] = "train"
df.loc[te.index, "split"] = "test"
new_train = df[df["split"] == "train"].drop(columns=["split"])
answers = df[df["split"] == "test"].drop(columns=["split"]).copy()
answers.loc[~answers["Id"].isin(set(new_train["Id"])), "Id"] = "new_whale"
sample = answers.copy()
sample["Id"] = "new_whale w_1287fbc w_98baff9 w_7554f44 w_1eafe46"
assert len(new_train.columns) == 2 and len(sample.columns) == 2 and len(answers.columns) == 2
assert "new_whale" in set(answers["Id"])
assert len(new_train) + len(answers) == len(df)
answers.to_csv(os.path.join(priv, "test.csv"), index=False)
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
for part, d in (("train", new_train), ("test", answers)):
    os.makedirs(os.path.join(pub, part))
    for name in d["Image"]:
        shutil.copy(os.path.join(raw, "train", name), os.path.join(pub, part, name))
    assert len([f for f in os.listdir(os.path.join(pub, part)) if f.endswith(".jpg")]) == len(d)

md5 = lambda p: hashlib.md5(open(p, "rb").read()).hexdigest()
result = {"files": {}, "dirs": {}}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        path = os.path.join(out, sub, name)
        if os.path.isdir(path):
            result["dirs"][f"{sub}/{name}"] = {f: md5(os.path.join(path, f)) for f in sorted(os.listdir(path))}
        else:
            result["files"][f"{sub}/{name}"] = md5(path)
print(json.dumps(result, indent=2, sort_keys=True))
