"""Independent reference for imet-2020-fgvc7's prepare (spec steps 1-7).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Prints JSON: md5 of every CSV ("files") and of every copied image ("dirs").
"""
import hashlib
import json
import os
import shutil
import sys

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

old = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
new_train, answers = train_test_split(old, test_size=0.15, random_state=0)
sample = answers.copy()
sample["attribute_ids"] = "0 1 2"
assert len(new_train) + len(answers) == len(old)
for d in (new_train, answers, sample):
    assert list(d.columns) == list(old.columns)
assert not set(new_train["id"]) & set(answers["id"])
answers.to_csv(os.path.join(priv, "answers.csv"), index=False)
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
shutil.copyfile(os.path.join(raw, "labels.csv"), os.path.join(pub, "labels.csv"))
for part, d in (("train", new_train), ("test", answers)):
    os.makedirs(os.path.join(pub, part))
    for i in d["id"]:
        shutil.copy(os.path.join(raw, "train", f"{i}.png"), os.path.join(pub, part, f"{i}.png"))
    assert len(os.listdir(os.path.join(pub, part))) == len(d)

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
