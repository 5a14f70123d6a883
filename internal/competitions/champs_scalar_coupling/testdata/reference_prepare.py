"""Independent reference for champs-scalar-coupling's prepare (spec:
shared/spec/competitions/champs-scalar-coupling.md), run once on the seed-0
fake raw data:

    python3 reference_prepare.py RAW_DIR PREPARED_DIR > golden_md5.json
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

AUX = ["structures.csv", "dipole_moments.csv", "magnetic_shielding_tensors.csv",
       "mulliken_charges.csv", "potential_energy.csv", "scalar_coupling_contributions.csv"]
raw, prepared = Path(sys.argv[1]), Path(sys.argv[2])
public, private = prepared / "public", prepared / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

df = pd.read_csv(raw / "train.csv", float_precision="round_trip")
groups = [g for _, g in df.groupby("molecule_name")]
train_groups, test_groups = train_test_split(groups, test_size=0.1, random_state=0)
new_train = pd.concat(train_groups)
answers = pd.concat(test_groups)
new_test = answers.drop(columns=["scalar_coupling_constant"])
sample = new_test[["id"]].copy()
sample["scalar_coupling_constant"] = 0

train_mols = set(new_train["molecule_name"])
aux = {}
for name in AUX:
    t = pd.read_csv(raw / name, float_precision="round_trip")
    t = t[t["molecule_name"].isin(train_mols)]
    assert set(t["molecule_name"]) == train_mols
    aux[name] = t
assert not train_mols & set(answers["molecule_name"])
assert not set(new_train["id"]) & set(answers["id"])
assert sample.shape[1] == 2 and len(sample) == len(new_test)
assert new_test.shape[1] == 5 and answers.shape[1] == 6 and new_train.shape[1] == 6

(public / "structures").mkdir()
for m in new_train["molecule_name"].unique():
    shutil.copy(raw / "structures" / f"{m}.xyz", public / "structures" / f"{m}.xyz")

answers.to_csv(private / "answers.csv", index=False)
new_train.to_csv(public / "train.csv", index=False)
new_test.to_csv(public / "test.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)
for name, t in aux.items():
    t.to_csv(public / name, index=False)
assert len(list((public / "structures").glob("*.xyz"))) == new_train["molecule_name"].nunique()

out = {}
for p in sorted(prepared.rglob("*")):
    if p.is_file():
        out[str(p.relative_to(prepared))] = hashlib.md5(p.read_bytes()).hexdigest()
json.dump(out, sys.stdout, indent=2, sort_keys=True)
print()
