"""Independent reference for tabular-playground-series-may-2022's prepare.

A straightforward pandas / scikit-learn implementation of the spec's prepare
steps (../../../../../shared/spec/competitions/tabular-playground-series-may-2022.md),
run once on the seed-0 fake raw data to produce golden_md5.json. Usage:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR

Debian's pandas 1.5.3 / scikit-learn 1.2.1 behave like the pinned pandas 2.2 /
scikit-learn 1.5 for everything used here (read_csv round_trip, low_memory
chunked inference, to_csv, train_test_split with an int test_size), except
that pandas < 2.0 does not treat the text "None" as missing (not present in
the fake data).
"""
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw, public, private = (Path(p) for p in sys.argv[1:4])
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

old_train = pd.read_csv(raw / "train.csv", float_precision="round_trip")
new_train, new_test = train_test_split(old_train, test_size=100_000, random_state=0)
new_train = new_train.copy()
new_test = new_test.copy()
new_train["id"] = range(len(new_train))
new_test["id"] = range(len(new_train), len(new_train) + len(new_test))

new_test_without_labels = new_test.drop(columns=["target"])
gold_submission = new_test[["id", "target"]].copy()
sample_submission = gold_submission.copy()
sample_submission["target"] = 0.5

new_train.to_csv(public / "train.csv", index=False)
new_test.to_csv(private / "test.csv", index=False)
new_test_without_labels.to_csv(public / "test.csv", index=False)
gold_submission.to_csv(private / "gold_submission.csv", index=False)
sample_submission.to_csv(public / "sample_submission.csv", index=False)

assert len(new_train) + len(new_test) == len(old_train)
assert len(sample_submission) == len(new_test) == len(gold_submission)
assert set(new_train["id"]).isdisjoint(set(new_test["id"]))
