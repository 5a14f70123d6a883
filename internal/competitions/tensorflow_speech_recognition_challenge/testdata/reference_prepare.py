"""Reference preparation for tensorflow-speech-recognition-challenge (spec:
Prepare), written independently of the Go code with pathlib + shutil +
pandas + scikit-learn, run ONCE with Debian's /usr/bin/python3 on the seed-0
fake raw data:

    go test ./internal/competitions/tensorflow_speech_recognition_challenge -run TestWriteFakeRaw -args -fakeraw-out DIR
    /usr/bin/python3 reference_prepare.py DIR OUT

Debian's Python has no py7zr, so step 1 (extracting raw/train.7z) is taken
from DIR/extracted, which the Go test helper extracted with internal/archive;
everything after it is done here. train_test_split(list, test_size=0.1,
random_state=0) is the same in scikit-learn 1.2 and 1.5. Writes
golden_md5.json next to this script (the CSVs' MD5s) and
golden_listing_md5.json: for the audio folders, the MD5 of the sorted listing
"<path> <md5>" of every file under public/train and public/test (keys
"public/train/" and "public/test/").
Also checks that every clip is readable by Python's wave module.
"""
import hashlib
import json
import math
import shutil
import sys
import wave
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split


def prepare(raw: Path, public: Path, private: Path):
    items = []
    for p in (raw / "train" / "audio").rglob("*.wav"):
        items.append((p.parent.name, p.name, p))
    items.sort(key=lambda x: f"{x[0]}_{x[1]}")
    train, test = train_test_split(items, test_size=0.1, random_state=0)
    assert len(test) == math.ceil(0.1 * len(items))
    for label, name, p in train:
        (public / "train" / "audio" / label).mkdir(parents=True, exist_ok=True)
        shutil.copy(p, public / "train" / "audio" / label / name)
    (public / "test" / "audio").mkdir(parents=True, exist_ok=True)
    rows = []
    for idx, (label, name, p) in enumerate(test):
        new = f"clip_{idx:08d}.wav"
        shutil.copy(p, public / "test" / "audio" / new)
        rows.append({"fname": new, "label": label})
    answers = pd.DataFrame(rows)
    answers.to_csv(private / "test.csv", index=False)
    sample = answers.copy()
    sample["label"] = "silence"
    sample.to_csv(public / "sample_submission.csv", index=False)
    assert len(list((public / "test" / "audio").glob("*.wav"))) == len(sample)


def listing_md5(root: Path, base: Path):
    lines = []
    for p in sorted(root.rglob("*")):
        if p.is_file():
            lines.append(f"{p.relative_to(base)} {hashlib.md5(p.read_bytes()).hexdigest()}\n")
    return hashlib.md5("".join(lines).encode()).hexdigest(), len(lines)


def main():
    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    raw = out / "raw"
    shutil.copytree(src / "extracted", raw)
    n = 0
    for p in raw.rglob("*.wav"):
        with wave.open(str(p)) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2 and w.getframerate() == 16000 and w.getnframes() > 0
            n += 1
    print("wav clips readable:", n)
    prepared = out / "prepared"
    public, private = prepared / "public", prepared / "private"
    public.mkdir(parents=True)
    private.mkdir(parents=True)
    prepare(raw, public, private)
    sums = {}
    for p in [private / "test.csv", public / "sample_submission.csv"]:
        sums[str(p.relative_to(prepared))] = hashlib.md5(p.read_bytes()).hexdigest()
    (Path(__file__).parent / "golden_md5.json").write_text(json.dumps(sums, indent=2, sort_keys=True) + "\n")
    listings = {}
    for d in ["train", "test"]:
        listings[f"public/{d}/"], count = listing_md5(public / d, prepared)
        print(d, count, "files")
    (Path(__file__).parent / "golden_listing_md5.json").write_text(json.dumps(listings, indent=2, sort_keys=True) + "\n")


main()
