"""Independent reference for jigsaw-toxic-comment-classification-challenge's
prepare (spec: shared/spec/competitions/jigsaw-toxic-comment-classification-challenge.md),
run once on the seed-0 fake raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR

Version notes: Debian's pandas 1.5.3 does not treat the text "None" as NA
(pandas >= 2.0 does) and Debian's Python 3.11.2 csv module does not quote a
field holding a bare "\r" (CPython >= 3.11.9 does); the fake data contains
neither, so the output is what the pinned versions write.
"""
import sys
import tempfile
import zipfile
from pathlib import Path

import pandas as pd

CLASSES = ["toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"]
raw_in, public, private = (Path(p) for p in sys.argv[1:4])
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)
raw = Path(tempfile.mkdtemp())
for name in ["train.csv.zip", "test.csv.zip", "test_labels.csv.zip", "sample_submission.csv.zip"]:
    with zipfile.ZipFile(raw_in / name) as z:
        z.extractall(raw)

train = pd.read_csv(raw / "train.csv", float_precision="round_trip")
test = pd.read_csv(raw / "test.csv", float_precision="round_trip")
answers = pd.read_csv(raw / "test_labels.csv", float_precision="round_trip")
sample = pd.read_csv(raw / "sample_submission.csv", float_precision="round_trip")
sample[CLASSES] = 0.5

train.to_csv(public / "train.csv", index=False)
test.to_csv(public / "test.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)
answers.to_csv(private / "test.csv", index=False)

assert len(answers) == len(sample)
assert sorted(answers["id"]) == sorted(test["id"]) == sorted(sample["id"])
assert set(train["id"]).isdisjoint(set(test["id"]))
