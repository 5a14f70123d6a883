#!/usr/bin/python3
"""Independent reference for the 3d-object-detection-for-autonomous-vehicles
prepare (spec "Prepare", steps 1-21), written from the spec with the
standard stack: json, pandas, scikit-learn, shutil.

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR > golden_md5.json

It prepares RAW_DIR (the seed-0 fake raw data: go test -run TestWriteFakeRaw
-args -fakeraw-out RAW_DIR) into OUT_DIR/public and OUT_DIR/private and prints
{relative path: md5} of every file written. Debian's scikit-learn 1.2 gives
the same train_test_split as the spec (ShuffleSplit, RandomState(0)).
"""
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw = Path(sys.argv[1])
out = Path(sys.argv[2])
public, private = out / "public", out / "private"
for p in (public / "test_data", public / "train_data", private):
    p.mkdir(parents=True, exist_ok=True)
rd = raw / "train_data"


def load(name):
    with open(rd / name) as f:
        return json.load(f)


def dump(obj, path):
    with open(path, "w") as f:
        json.dump(obj, f)


def both(name, train, test):
    dump(train, public / "train_data" / name)
    dump(test, public / "test_data" / name)


logs = load("log.json")
log_ids = [l["token"] for l in logs]
assert len(set(log_ids)) == len(log_ids)
train_logs, test_logs = train_test_split(log_ids, test_size=0.2, random_state=0)
both("log.json", [l for l in logs if l["token"] in train_logs], [l for l in logs if l["token"] in test_logs])

samples = load("sample.json")
train_samples = [s for s in samples if s["scene_token"] in train_logs]
test_samples = [s for s in samples if s["scene_token"] in test_logs]
assert len(train_samples) + len(test_samples) == len(samples)
both("sample.json", train_samples, test_samples)

df = pd.read_csv(raw / "train.csv")
new_train = df[df["Id"].isin([s["token"] for s in train_samples])]
new_test = df[df["Id"].isin([s["token"] for s in test_samples])]
assert len(new_train) + len(new_test) == len(df)
assert len(new_train) == len(train_samples) and len(new_test) == len(test_samples)
new_train.to_csv(public / "train.csv", index=False)


def with_confidence(ps):
    toks = ps.split(" ")
    assert len(toks) % 8 == 0
    res = []
    for i in range(0, len(toks), 8):
        res.append("1.0")
        res.extend(toks[i : i + 8])
    return " ".join(res)


answers = new_test.copy()
answers["PredictionString"] = answers["PredictionString"].apply(with_confidence)
answers.to_csv(private / "test.csv", index=False)
pd.DataFrame({"Id": new_test["Id"], "PredictionString": ""}).to_csv(public / "sample_submission.csv", index=False)

train_ids, test_ids = set(new_train["Id"]), set(new_test["Id"])
sample_data = load("sample_data.json")
sd_train, sd_test = [], []
for sd in sample_data:
    if sd["sample_token"] in train_ids:
        sd_train.append(sd)
    elif sd["sample_token"] in test_ids:
        sd_test.append(sd)
    else:
        raise ValueError(sd)
assert len(sd_train) + len(sd_test) == len(sample_data)
both("sample_data.json", sd_train, sd_test)

for d in ("test_maps", "train_maps"):
    (public / d).mkdir(exist_ok=True)
    shutil.copy(raw / "train_maps" / "map_raster_palo_alto.png", public / d / "map_raster_palo_alto.png")

for name in ("attribute.json", "category.json", "sensor.json", "visibility.json"):
    shutil.copy(rd / name, public / "train_data" / name)
    shutil.copy(rd / name, public / "test_data" / name)

cals = load("calibrated_sensor.json")
by_tok = {c["token"]: c for c in cals}


def dedup(sds):
    seen, res = set(), []
    for sd in sds:
        t = sd["calibrated_sensor_token"]
        if t not in seen:
            seen.add(t)
            res.append(by_tok[t])
    return res, seen


ct, st = dedup(sd_train)
cs, ss = dedup(sd_test)
assert len(st | ss) == len(cals)
both("calibrated_sensor.json", ct, cs)

egos = load("ego_pose.json")
ego_by = {e["token"]: e for e in egos}
et = [ego_by[sd["ego_pose_token"]] for sd in sd_train]
es = [ego_by[sd["ego_pose_token"]] for sd in sd_test]
assert len({e["token"] for e in et} | {e["token"] for e in es}) == len(egos)
both("ego_pose.json", et, es)

maps = load("map.json")
assert len(maps) == 1
# The original's shallow-copy bug: both files get the test logs.
m = dict(maps[0])
m["log_tokens"] = list(test_logs)
both("map.json", [m], [m])

scenes = load("scene.json")
sc_train, sc_test = [], []
for s in scenes:
    if s["log_token"] in train_logs:
        sc_train.append(s)
    elif s["log_token"] in test_logs:
        sc_test.append(s)
    else:
        raise ValueError(s)
both("scene.json", sc_train, sc_test)

anns = load("sample_annotation.json")
an_train, an_test = [], []
for a in anns:
    if a["sample_token"] in train_ids:
        an_train.append(a)
    elif a["sample_token"] in test_ids:
        an_test.append(a)
    else:
        raise ValueError(a)
dump(an_train, public / "train_data" / "sample_annotation.json")

it_train = {a["instance_token"] for a in an_train}
it_test = {a["instance_token"] for a in an_test}
inst_train = []
for i in load("instance.json"):
    if i["token"] in it_train:
        inst_train.append(i)
    elif i["token"] not in it_test:
        raise ValueError(i)
dump(inst_train, public / "train_data" / "instance.json")

counts = {}
for d in ("test_images", "train_images", "test_lidar", "train_lidar"):
    (public / d).mkdir(exist_ok=True)
    counts[d] = 0
for sd in sample_data:
    base = os.path.basename(sd["filename"])
    split = "test" if sd["sample_token"] in test_ids else "train"
    if sd["fileformat"] == "jpeg":
        assert base.endswith("jpeg")
        src, d = raw / "train_images" / base, f"{split}_images"
    elif sd["fileformat"] == "bin":
        assert base.endswith("bin")
        src, d = raw / "train_lidar" / base, f"{split}_lidar"
    else:
        raise ValueError(sd["fileformat"])
    dst = public / d / base
    if dst.exists():
        continue
    shutil.copy(src, dst)
    counts[d] += 1
assert sum(counts.values()) == len({sd["filename"] for sd in sample_data})
for d, pat in (("train_images", "*.jpeg"), ("test_images", "*.jpeg"), ("train_lidar", "*.bin"), ("test_lidar", "*.bin")):
    assert len(list((public / d).glob(pat))) == counts[d]

sums = {}
for p in sorted(out.rglob("*")):
    if p.is_file():
        sums[str(p.relative_to(out))] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
