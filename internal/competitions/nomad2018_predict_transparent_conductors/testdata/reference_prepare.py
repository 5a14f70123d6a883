"""Independent reference for nomad2018-predict-transparent-conductors'
prepare (spec: shared/spec/competitions/nomad2018-predict-transparent-conductors.md),
run once on the seed-0 fake raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR

The zips are extracted into a temporary copy of RAW_DIR (the Go port reads
them in place). Geometry files are listed with glob.glob (a non-recursive
"**" behaves as "*" and skips hidden names), sorted as strings.
"""
import glob
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw_in, public, private = (Path(p) for p in sys.argv[1:4])
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)
raw = Path(tempfile.mkdtemp())
for name in ["train.zip", "train.csv.zip", "test.zip", "test.csv.zip"]:
    with zipfile.ZipFile(raw_in / name) as z:
        z.extractall(raw / name[: -len(".zip")])

df = pd.read_csv(raw / "train.csv" / "train.csv", float_precision="round_trip")
new_train, new_test = train_test_split(df, test_size=0.1, random_state=0)
new_train = new_train.copy()
new_test = new_test.copy()
train_map = {old: new for new, old in enumerate(new_train["id"], start=1)}
test_map = {old: new for new, old in enumerate(new_test["id"], start=1)}
new_train["id"] = range(1, len(new_train) + 1)
new_test["id"] = range(1, len(new_test) + 1)

new_train.to_csv(public / "train.csv", index=False)
new_test.to_csv(private / "test.csv", index=False)
new_test.drop(columns=["formation_energy_ev_natom", "bandgap_energy_ev"]).to_csv(public / "test.csv", index=False)

paths = sorted(glob.glob(str(raw / "train" / "train" / "**" / "*.xyz")))
ids = [int(Path(p).parent.name) for p in paths]
for dest, mapping in [(public / "train", train_map), (public / "test", test_map)]:
    for p, old in zip(paths, ids):
        if old in mapping:
            out = dest / str(mapping[old])
            out.mkdir(parents=True, exist_ok=True)
            shutil.copy(p, out / "geometry.xyz")
assert len(list((public / "train").rglob("*.xyz"))) == len(new_train)
assert len(list((public / "test").rglob("*.xyz"))) == len(new_test)

sample = pd.DataFrame({"id": range(1, len(new_test) + 1)})
sample["formation_energy_ev_natom"] = 0.1779
sample["bandgap_energy_ev"] = 1.8892
sample.to_csv(public / "sample_submission.csv", index=False)
assert len(sample) == len(new_test)
shutil.rmtree(raw)
