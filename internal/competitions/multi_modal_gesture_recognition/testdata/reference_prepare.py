"""Independent reference for multi-modal-gesture-recognition.

Prepare: the spec's steps with shutil.unpack_archive, pathlib glob, pandas,
Python's random; plus a cross-check of the fake data's nested archives: every
SampleNNNNN_data.mat inside every training tar's zips is loaded with
scipy.io.loadmat (a MAT reader independent of ours) and its Video.Labels
names must spell the sample's training.csv Sequence.

Grade: the spec's rules with Python's str(), str.split(), int() and hash()
(rapidfuzz's key: -1 special, else hash(n)) and a plain Levenshtein DP, on
the prepared data (sample, gold, a fixed "1..20" submission) and on the
hand-made cases of testdata/grade_cases.json.

    go test ./internal/competitions/multi_modal_gesture_recognition/ -run TestWriteFakeRaw -args -fakeraw-out DIR
    /usr/bin/python3 testdata/reference_prepare.py DIR testdata
"""
import hashlib
import io
import json
import random
import shutil
import sys
import tarfile
import zipfile
from io import StringIO
from pathlib import Path

import numpy as np
import pandas as pd
import scipy.io

GESTURES = ["vattene", "vieniqui", "perfetto", "furbo", "cheduepalle", "chevuoi", "daccordo", "seipazzo",
            "combinato", "freganiente", "ok", "cosatifarei", "basta", "prendere", "noncenepiu", "fame",
            "tantotempo", "buonissimo", "messidaccordo", "sonostufo"]

base, out_dir = Path(sys.argv[1]), Path(sys.argv[2])
raw = base / "raw"
work = base / "work"  # unpack here, not into raw/
prep = base / "prepared"
for d in (prep, work):
    if d.exists():
        shutil.rmtree(d)
public, private = prep / "public", prep / "private"
public.mkdir(parents=True)
private.mkdir(parents=True)

shutil.unpack_archive(raw / "training4.tar.gz", work / "training4")
test_ids = sorted(p.stem[-4:] for p in (work / "training4").glob("*.zip"))
old = pd.read_csv(raw / "training.csv", dtype={"Id": str, "Sequence": str})
new_train = old[~old["Id"].isin(test_ids)]
new_test = old[old["Id"].isin(test_ids)]
assert len(new_train) == len(old) - len(test_ids)
assert len(new_test) == len(test_ids)
new_train.to_csv(public / "training.csv", index=False)
new_test.to_csv(private / "test.csv", index=False)
pd.DataFrame({"Id": test_ids}).to_csv(public / "test.csv", index=False)
random.seed(0)
preds = [" ".join(str(x) for x in random.sample(range(1, 21), 20)) for _ in test_ids]
pd.DataFrame({"Id": test_ids, "Sequence": preds}).to_csv(public / "randomPredictions.csv", index=False)
shutil.copyfile(raw / "training4.tar.gz", public / "test.tar.gz")
for name in ["training1.tar.gz", "training2.tar.gz", "training3.tar.gz", "validation1.tar.gz", "validation2.tar.gz",
             "validation3.tar.gz", "devel01-40.7z", "valid_all_files_combined.7z", "sample_code_mmrgc.zip"]:
    shutil.copyfile(raw / name, public / name)

# Nested archives: .mat labels agree with training.csv.
sequences = dict(zip(old["Id"], old["Sequence"]))
checked = 0
for t in ["training1.tar.gz", "training2.tar.gz", "training3.tar.gz", "training4.tar.gz"]:
    with tarfile.open(raw / t) as tf:
        for m in tf.getmembers():
            if not m.name.endswith(".zip"):
                continue
            stem = Path(m.name).stem
            with zipfile.ZipFile(io.BytesIO(tf.extractfile(m).read())) as z:
                names = sorted(z.namelist())
                assert names == [f"{stem}_{s}" for s in ["audio.wav", "color.mp4", "data.mat", "depth.mp4", "user.mp4"]], names
                mat = scipy.io.loadmat(io.BytesIO(z.read(f"{stem}_data.mat")), squeeze_me=True, struct_as_record=False)
            video = mat["Video"]
            labels = np.atleast_1d(video.Labels)
            got = " ".join(str(GESTURES.index(l.Name) + 1) for l in labels)
            assert got == sequences[stem[-4:]], (stem, got, sequences[stem[-4:]])
            assert video.NumFrames > max(l.End for l in labels)
            checked += 1
assert checked == len(old), (checked, len(old))

golden = {str(p.relative_to(prep)): hashlib.md5(p.read_bytes()).hexdigest() for p in sorted(prep.rglob("*")) if p.is_file()}
(out_dir / "golden_md5.json").write_text(json.dumps(golden, indent=2, sort_keys=True) + "\n")


class Invalid(Exception):
    pass


def key(n):
    return ("minus-one",) if n == -1 else hash(n)


def levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
        prev = cur
    return prev[len(b)]


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("rows")
    if "Id" not in sub.columns or "Sequence" not in sub.columns:
        raise Invalid("columns")
    sub = sub.sort_values("Id").reset_index(drop=True)
    ans = ans.sort_values("Id").reset_index(drop=True)
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids")
    truth = [[key(int(t)) for t in s.split()] for s in ans["Sequence"].astype(str)]
    try:
        pred = [[key(int(t)) for t in s.split()] for s in sub["Sequence"].astype(str)]
    except ValueError as e:
        raise Invalid(str(e))
    d = np.sum([levenshtein(a, b) for a, b in zip(truth, pred)])
    return float(d / sum(len(a) for a in truth))


def outcome(sub, ans):
    try:
        return grade(sub, ans)
    except Invalid:
        return "invalid"
    except Exception as e:
        return "error: " + type(e).__name__


answers = pd.read_csv(private / "test.csv")
fixed = answers[["Id"]].copy()
fixed["Sequence"] = " ".join(str(i) for i in range(1, 21))
spec = json.loads((out_dir / "grade_cases.json").read_text())
case_answers = pd.read_csv(StringIO(spec["answers"]))
scores = {
    "Sample": grade(pd.read_csv(public / "randomPredictions.csv"), answers),
    "Gold": grade(answers, answers),
    "Fixed": grade(fixed, answers),
    "Cases": {k: outcome(pd.read_csv(StringIO(v)), case_answers) for k, v in spec["cases"].items()},
}
(out_dir / "reference_scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
print(json.dumps(scores, indent=1, ensure_ascii=False))
