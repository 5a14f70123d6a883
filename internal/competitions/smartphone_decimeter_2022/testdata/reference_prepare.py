"""Independent reference for smartphone-decimeter-2022's prepare (spec:
shared/spec/competitions/smartphone-decimeter-2022.md), run once with
Debian's python3 (pandas 1.5, scikit-learn 1.2: the same default "high" float
converter and train_test_split as the spec's versions) on the seed-0 fake
raw data:

    go test ./internal/competitions/smartphone_decimeter_2022 -run TestWriteFakeRaw -args -fakeraw-out /tmp/gsdc/raw
    /usr/bin/python3 reference_prepare.py /tmp/gsdc/raw /tmp/gsdc/prepared > golden_md5.json
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split


def date_of(drive):
    parts = drive.split("-")
    assert len(parts) >= 3
    y, m, d = parts[:3]
    assert y.isdigit() and m.isdigit() and d.isdigit()
    return f"{y}-{m.zfill(2)}-{d.zfill(2)}"


raw, out = Path(sys.argv[1]), Path(sys.argv[2])
public, private = out / "public", out / "private"
public.mkdir(parents=True)
private.mkdir(parents=True)

drives = sorted(p.name for p in (raw / "train").iterdir() if p.is_dir())
dates = sorted({date_of(d) for d in drives})
train_dates, test_dates = train_test_split(dates, test_size=0.1, random_state=0)
assert train_dates and test_dates
train_ids = [d for d in drives if date_of(d) in train_dates]
test_ids = [d for d in drives if date_of(d) in test_dates]
for d in train_ids:
    shutil.copytree(raw / "train" / d, public / "train" / d)
for d in test_ids:
    shutil.copytree(raw / "train" / d, public / "test" / d)

frames = []
for gt in sorted((public / "test").rglob("ground_truth.csv")):
    drive, phone = gt.parent.parent.name, gt.parent.name
    assert drive in test_ids
    df = pd.read_csv(gt)
    df["tripId"] = f"{drive}-{phone}"
    frames.append(df[["tripId", "UnixTimeMillis", "LatitudeDegrees", "LongitudeDegrees"]])
answers = pd.concat(frames, ignore_index=True)
answers.to_csv(private / "test.csv", index=False)
for gt in (public / "test").rglob("ground_truth.csv"):
    gt.unlink()
shutil.copytree(raw / "metadata", public / "metadata")
assert len({t.rsplit("-", 1)[0] for t in answers["tripId"]}) == len(test_ids)
sample = answers.copy()
sample["LatitudeDegrees"] = 37.904611315634504
sample["LongitudeDegrees"] = -86.48107806249548
sample.to_csv(public / "sample_submission.csv", index=False)

sums = {}
for p in sorted(out.rglob("*")):
    if p.is_file():
        sums[str(p.relative_to(out))] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
