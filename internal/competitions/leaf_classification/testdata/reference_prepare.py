"""Independent reference for leaf-classification's prepare (spec:
shared/spec/competitions/leaf-classification.md), run once on the seed-0
fake raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR SPEC_MD

The 99 class names are read from the spec file (its class-list line).
"""
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw_in, public, private, spec = (Path(p) for p in sys.argv[1:5])
line = next(l for l in spec.read_text().splitlines() if l.strip().startswith("Acer_Capillipes"))
CLASSES = [c.strip() for c in line.split(",")]
assert len(CLASSES) == 99
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)
raw = Path(tempfile.mkdtemp())
for name in ["train.csv.zip", "images.zip"]:
    with zipfile.ZipFile(raw_in / name) as z:
        z.extractall(raw)

df = pd.read_csv(raw / "train.csv", float_precision="round_trip")
train, test = train_test_split(df, test_size=0.1, random_state=0)
test.drop(columns=["species"]).to_csv(public / "test.csv", index=False)

answers = pd.DataFrame({"id": test["id"].values})
for c in CLASSES:
    answers[c] = 0
for i, s in enumerate(test["species"].values):
    answers.loc[i, s] = 1
answers.to_csv(private / "test.csv", index=False)

(public / "images").mkdir()
(private / "images").mkdir()
for i in list(train["id"]) + list(test["id"]):
    shutil.copy(raw / "images" / f"{i}.jpg", public / "images" / f"{i}.jpg")
assert len(answers) == len(test)
assert len(list((public / "images").glob("*.jpg"))) == len(train) + len(test)

sample = answers.copy()
sample[CLASSES] = 1 / 99
sample.to_csv(public / "sample_submission.csv", index=False)
train.to_csv(public / "train.csv", index=False)
shutil.rmtree(raw)
