# Reference preparation of uw-madison-gi-tract-image-segmentation, written
# from the spec's "Prepare" steps with pandas + scikit-learn + shutil, run
# once on the seed-0 fake raw data:
#   go test ./internal/competitions/uw_madison_gi_tract_image_segmentation/ -run TestWriteFakeRaw -args -fakeraw-out /tmp/uw/raw
#   /usr/bin/python3 reference_prepare.py /tmp/uw
# It writes /tmp/uw/prepared/{public,private} and golden_md5.json
# ({relative path: md5} of every prepared file, scans included).
import glob
import hashlib
import json
import os
import shutil
import sys

import pandas as pd
from sklearn.model_selection import train_test_split

base = sys.argv[1]
raw = os.path.join(base, "raw")
public = os.path.join(base, "prepared", "public")
private = os.path.join(base, "prepared", "private")
for d in (public, private):
    os.makedirs(d, exist_ok=True)

df = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
parts = df["id"].str.split("_")
df["case"] = parts.str[0]
df["day"] = parts.str[1]
df["slice"] = parts.str[-1]
cases = list(dict.fromkeys(df["case"]))
train_cases, test_cases = train_test_split(cases, test_size=0.1, random_state=42)
df["set"] = ["test" if c in test_cases else "train" for c in df["case"]]
for case in sorted(set(df.loc[df["set"] == "train", "case"])):
    days = sorted(set(df.loc[(df["case"] == case), "day"]), key=lambda d: int(d[3:]))
    if len(days) > 4:
        df.loc[(df["case"] == case) & df["day"].isin(days[4:]), "set"] = "test"

tr, te = os.path.join(public, "train"), os.path.join(public, "test")
os.makedirs(tr, exist_ok=True)
os.makedirs(te, exist_ok=True)
for case in cases:
    shutil.copytree(os.path.join(raw, "train", case), os.path.join(tr if case in train_cases else te, case), dirs_exist_ok=True)
for _, r in df[df["set"] == "test"].iterrows():
    day_dir = os.path.join(r["case"], f"{r['case']}_{r['day']}")
    if os.path.exists(os.path.join(tr, day_dir)):
        os.makedirs(os.path.dirname(os.path.join(te, day_dir)), exist_ok=True)
        shutil.move(os.path.join(tr, day_dir), os.path.join(te, day_dir))

train = df[df["set"] == "train"].copy()
test = df[df["set"] == "test"].copy()
w, h = [], []
for _, r in test.iterrows():
    found = glob.glob(os.path.join(raw, "train", r["case"], f"{r['case']}_{r['day']}", "scans", f"slice_{r['slice']}_*.png"))
    assert len(found) == 1
    f = os.path.basename(found[0])[: -len(".png")].split("_")
    w.append(float(int(f[2])))
    h.append(float(int(f[3])))
test["image_width"] = w
test["image_height"] = h
train = train.drop(columns=["set", "case", "day", "slice"])
test = test.drop(columns=["set", "case", "day", "slice"])

sample = test[["id", "class"]].copy()
sample["predicted"] = "1 1 5 2"
sample.to_csv(os.path.join(public, "sample_submission.csv"), index=False)
test = test.rename(columns={"segmentation": "predicted"})
test.to_csv(os.path.join(private, "test.csv"), index=False)
train.to_csv(os.path.join(public, "train.csv"), index=False)
test[["id", "class"]].to_csv(os.path.join(public, "test.csv"), index=False)
print(len(train), len(test), "test cases", test_cases)

sums = {}
root = os.path.join(base, "prepared")
for dirpath, _, files in os.walk(root):
    for f in files:
        p = os.path.join(dirpath, f)
        with open(p, "rb") as fh:
            sums[os.path.relpath(p, root)] = hashlib.md5(fh.read()).hexdigest()
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden_md5.json"), "w") as fh:
    json.dump(dict(sorted(sums.items())), fh, indent=2)
    fh.write("\n")
print(len(sums), "files")
