"""Independent pandas/numpy implementation of the AI4Code prepare step
(../../../../../shared/spec/competitions/AI4Code.md), run once on the seed-0
fake raw data to produce golden_md5.json.

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
"""
import hashlib
import json
import os
import shutil
import sys

import numpy as np
import pandas as pd

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

anc = pd.read_csv(os.path.join(raw, "train_ancestors.csv"), float_precision="round_trip")
anc = anc.sample(frac=1, random_state=0).reset_index(drop=True)
assert list(np.random.RandomState(0).permutation(10)) == [2, 8, 4, 9, 1, 6, 7, 3, 0, 5]

test_ids, train_ids, c = [], [], 0
for _, g in anc.groupby("ancestor_id", sort=False):
    ids = list(g["id"])
    if c + len(ids) <= 20000:
        test_ids += ids
        c += len(ids)
    else:
        train_ids += ids
assert len(test_ids) == 20000 and len(train_ids) == len(anc) - 20000

for name, ids in (("train", train_ids), ("test", test_ids)):
    os.makedirs(os.path.join(pub, name), exist_ok=True)
    for i in ids:
        shutil.copyfile(os.path.join(raw, "train", i + ".json"), os.path.join(pub, name, i + ".json"))

orders = pd.read_csv(os.path.join(raw, "train_orders.csv"), float_precision="round_trip")
orders[orders["id"].isin(set(train_ids))].to_csv(os.path.join(pub, "train_orders.csv"), index=False)
test_orders = orders[orders["id"].isin(set(test_ids))]
test_orders.to_csv(os.path.join(priv, "test_orders.csv"), index=False)
anc[~anc["id"].isin(set(test_ids))].to_csv(os.path.join(pub, "train_ancestors.csv"), index=False)

rows = []
for i in test_orders["id"]:
    with open(os.path.join(pub, "test", i + ".json")) as f:
        rows.append({"id": i, "cell_order": " ".join(json.load(f)["cell_type"].keys())})
sample = pd.DataFrame(rows, columns=["id", "cell_order"])
assert len(sample) == len(test_ids)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)


def md5(p):
    with open(p, "rb") as f:
        return hashlib.md5(f.read()).hexdigest()


golden = {}
for top in ("public", "private"):
    for dp, _, fs in os.walk(os.path.join(out, top)):
        for fn in fs:
            p = os.path.join(dp, fn)
            rel = os.path.relpath(p, out)
            if rel.startswith(("public/train/", "public/test/")):
                continue
            golden[rel] = md5(p)
for name in ("train", "test"):
    listing = "".join(s + "\n" for s in sorted(os.listdir(os.path.join(pub, name))))
    golden["listing:public/" + name] = hashlib.md5(listing.encode()).hexdigest()
print(json.dumps(golden, indent=1, sort_keys=True))
