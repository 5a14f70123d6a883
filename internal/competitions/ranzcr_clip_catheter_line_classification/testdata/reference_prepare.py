"""Independent reference for ranzcr-clip-catheter-line-classification's
prepare (spec: shared/spec/competitions/ranzcr-clip-catheter-line-classification.md),
run once on the seed-0 fake raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR
"""
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

CLASSES = ["ETT - Abnormal", "ETT - Borderline", "ETT - Normal", "NGT - Abnormal", "NGT - Borderline",
           "NGT - Incompletely Imaged", "NGT - Normal", "CVC - Abnormal", "CVC - Borderline"]
raw, public, private = (Path(p) for p in sys.argv[1:4])
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

old_train = pd.read_csv(raw / "train.csv", float_precision="round_trip")
new_train, new_test = train_test_split(old_train, test_size=0.1, random_state=0)
annotations = pd.read_csv(raw / "train_annotations.csv", float_precision="round_trip")
train_annotations = annotations[annotations["StudyInstanceUID"].isin(new_train["StudyInstanceUID"])]

for dest, part in [(public / "train", new_train), (public / "test", new_test)]:
    dest.mkdir()
    for uid in part["StudyInstanceUID"]:
        shutil.copy(raw / "train" / f"{uid}.jpg", dest / f"{uid}.jpg")
    assert len(list(dest.glob("*.jpg"))) == len(part)

sample = new_test[["StudyInstanceUID"] + CLASSES].copy()
sample[CLASSES] = 0

new_train.to_csv(public / "train.csv", index=False)
train_annotations.to_csv(public / "train_annotations.csv", index=False)
new_test.to_csv(private / "test.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)
