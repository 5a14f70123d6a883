"""Independent reference for icecube-neutrinos-in-deep-ice (spec: prepare and grade).

Debian's Python here has no parquet reader (no pyarrow/fastparquet), so the
raw meta file is read from DIR/train_meta.json, the dump the Go test helper
writes next to DIR/raw (columns with their numpy dtype and values):

    go test ./internal/competitions/icecube_neutrinos_in_deep_ice/ -run TestWriteFakeRaw -args -fakeraw-out DIR
    /usr/bin/python3 testdata/reference_prepare.py DIR testdata

Writes to testdata/:
  golden_md5.json              md5 of every prepared CSV and copied batch file
  golden_parquet_content.json  md5 of a canonical rendering of each parquet
                               output ("name:dtype" header line, then the rows
                               as to_csv writes them without header)
  reference_scores.json        numpy scores: sample, gold and a random
                               submission on the prepared data, and the
                               hand-made grade cases of the Go test
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

base = Path(sys.argv[1])
out_dir = Path(sys.argv[2])
raw = base / "raw"
prep = base / "prepared"
public, private = prep / "public", prep / "private"
if prep.exists():
    shutil.rmtree(prep)
public.mkdir(parents=True)
private.mkdir(parents=True)

dump = json.loads((base / "train_meta.json").read_text())
old = pd.DataFrame({c["name"]: np.array(c["values"], dtype=c["dtype"]) for c in dump["columns"]})

batch_ids = old["batch_id"].unique()
train_batches, test_batches = train_test_split(batch_ids, test_size=0.1, random_state=0)
new_train = old[old["batch_id"].isin(train_batches)].reset_index(drop=True)
new_test = old[old["batch_id"].isin(test_batches)].reset_index(drop=True)
public_test = new_test.drop(columns=["azimuth", "zenith"])
private_test = new_test[["event_id", "azimuth", "zenith"]].copy()
sample = private_test.copy()
sample["azimuth"] = 1
sample["zenith"] = 1

private_test.to_csv(private / "test.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)
shutil.copyfile(raw / "sensor_geometry.csv", public / "sensor_geometry.csv")
(public / "train").mkdir()
(public / "test").mkdir()
for f in sorted((raw / "train").glob("*.parquet")):
    b = int(f.stem.split("_")[-1])
    if b in set(train_batches):
        shutil.copyfile(f, public / "train" / f.name)
    elif b in set(test_batches):
        shutil.copyfile(f, public / "test" / f.name)

assert len(list((public / "train").iterdir())) == len(train_batches)
assert len(list((public / "test").iterdir())) == len(test_batches)
assert len(new_train) + len(new_test) == len(old)
assert set(new_train["event_id"]).isdisjoint(set(new_test["event_id"]))

md5 = lambda b: hashlib.md5(b).hexdigest()
golden = {}
for p in sorted(prep.rglob("*")):
    if p.is_file():
        golden[str(p.relative_to(prep))] = md5(p.read_bytes())
(out_dir / "golden_md5.json").write_text(json.dumps(golden, indent=2, sort_keys=True) + "\n")


def canonical(df):
    head = ",".join(f"{c}:{df[c].dtype}" for c in df.columns) + "\n"
    return md5((head + df.to_csv(index=False, header=False)).encode())


content = {
    "public/train_meta.parquet": canonical(new_train),
    "public/test_meta.parquet": canonical(public_test),
}
(out_dir / "golden_parquet_content.json").write_text(json.dumps(content, indent=2, sort_keys=True) + "\n")


def angular_dist_score(az_true, zen_true, az_pred, zen_pred):
    sa1, ca1 = np.sin(az_true), np.cos(az_true)
    sz1, cz1 = np.sin(zen_true), np.cos(zen_true)
    sa2, ca2 = np.sin(az_pred), np.cos(az_pred)
    sz2, cz2 = np.sin(zen_pred), np.cos(zen_pred)
    scalar_prod = sz1 * sz2 * (ca1 * ca2 + sa1 * sa2) + (cz1 * cz2)
    scalar_prod = np.clip(scalar_prod, -1, 1)
    return np.average(np.abs(np.arccos(scalar_prod)))


def score(sub, ans):
    sub = sub.sort_values("event_id").reset_index(drop=True)
    ans = ans.sort_values("event_id").reset_index(drop=True)
    return float(angular_dist_score(ans["azimuth"].values.astype(float), ans["zenith"].values.astype(float),
                                    sub["azimuth"].values.astype(float), sub["zenith"].values.astype(float)))


answers = pd.read_csv(private / "test.csv")
rand = pd.DataFrame({"event_id": answers["event_id"],
                     "azimuth": (answers["event_id"] % 628) / 100,
                     "zenith": (answers["event_id"] % 314) / 100})
from io import StringIO

grade_answers = pd.read_csv(StringIO("event_id,azimuth,zenith\n20,3.0,2.0\n10,0.5,1.0\n30,6.0,0.1\n"))
cases = {
    "perfect": "event_id,azimuth,zenith\n10,0.5,1.0\n20,3.0,2.0\n30,6.0,0.1\n",
    "ones": "event_id,azimuth,zenith\n10,1,1\n20,1,1\n30,1,1\n",
    "wild": "zenith,event_id,azimuth\n-2.5,30,100\n4,10,-7\n0,20,3.5\n",
    "opposite": "event_id,azimuth,zenith\n10,3.641592653589793,2.141592653589793\n20,6.141592653589793,1.141592653589793\n30,2.858407346410207,3.041592653589793\n",
}
scores = {
    "Sample": score(pd.read_csv(public / "sample_submission.csv"), answers),
    "Gold": score(answers, answers),
    "Random": score(rand, answers),
    "Cases": {k: score(pd.read_csv(StringIO(v)), grade_answers) for k, v in cases.items()},
}
(out_dir / "reference_scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(json.dumps(scores, indent=2))
