"""Independent reference for mlsp-2013-birds' prepare (spec:
shared/spec/competitions/mlsp-2013-birds.md), run once on the seed-0 fake
raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR
"""
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

import pandas as pd

raw_in, public, private = (Path(p) for p in sys.argv[1:4])
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)
tmp = Path(tempfile.mkdtemp())
with zipfile.ZipFile(raw_in / "mlsp_contest_dataset.zip") as z:
    z.extractall(tmp)
S = tmp / "mlsp_contest_dataset"
pe, ps = public / "essential_data", public / "supplemental_data"
pe.mkdir()
ps.mkdir()

folds = pd.read_csv(S / "essential_data" / "CVfolds_2.txt", float_precision="round_trip")
folds = folds[folds["fold"] == 0].reset_index(drop=True)
test_rows = folds.sample(frac=0.2, random_state=0)
folds.loc[test_rows.index, "fold"] = 1
mapping = {old: new for new, old in enumerate(folds["rec_id"])}
folds["rec_id"] = range(len(folds))
folds.to_csv(pe / "CVfolds_2.txt", index=False)
test_ids = sorted(folds[folds["fold"] == 1]["rec_id"])
assert len(test_ids) == 64

names = pd.read_csv(S / "essential_data" / "rec_id2filename.txt", float_precision="round_trip")
names = names[names["rec_id"].isin(mapping.keys())].copy()
names["rec_id"] = names["rec_id"].map(mapping)
names.to_csv(pe / "rec_id2filename.txt", index=False)
assert len(names) == len(folds)


def lines_of(path):
    with open(path) as f:
        return f.read().splitlines()[1:]


kept = []
for line in lines_of(S / "essential_data" / "rec_labels_test_hidden.txt"):
    head, _, rest = line.partition(",")
    rid = int(head)
    if rid in mapping:
        kept.append((mapping[rid], rest))
test_set = set(test_ids)
with open(pe / "rec_labels_test_hidden.txt", "w") as f:
    f.write("rec_id,[labels]\n")
    for rid, labels in kept:
        shown = "?" if rid in test_set else labels
        f.write(f"{rid}\n" if shown == "" else f"{rid},{shown}\n")
rows = []
for rid, labels in kept:
    if rid in test_set:
        species = {int(t) for t in labels.split(",") if t != ""}
        for s in range(19):
            rows.append({"Id": rid * 100 + s, "Probability": int(s in species)})
answers = pd.DataFrame(rows)
answers.to_csv(private / "answers.csv", index=False)
assert len(answers) == 64 * 19
sample = pd.DataFrame([{"Id": rid * 100 + s, "Probability": 0} for rid in test_ids for s in range(19)])
sample.to_csv(public / "sample_submission.csv", index=False)
shutil.copy(S / "essential_data" / "species_list.txt", pe / "species_list.txt")

(pe / "src_wavs").mkdir()
for f in names["filename"]:
    shutil.copy(S / "essential_data" / "src_wavs" / f"{f}.wav", pe / "src_wavs" / f"{f}.wav")
dirs = ["filtered_spectrograms", "segmentation_examples", "spectrograms", "supervised_segmentation"]
for d in dirs:
    (ps / d).mkdir()
for f in names["filename"]:
    for d in dirs:
        src = S / "supplemental_data" / d / f"{f}.bmp"
        if d == "segmentation_examples" and not src.exists():
            continue
        shutil.copy(src, ps / d / f"{f}.bmp")
for name in ["segment_clusters.bmp", "segment_mosaic.bmp"]:
    shutil.copy(S / "supplemental_data" / name, ps / name)

for name in ["histogram_of_segments.txt", "segment_features.txt", "segment_rectangles.txt"]:
    parsed = []
    for line in lines_of(S / "supplemental_data" / name):
        head, _, rest = line.partition(",")
        parsed.append((int(head), rest))
    with open(ps / name, "w") as f:
        f.write("rec_id,[histogram of segment features]\n")
        for rid, rest in parsed:
            if rid in mapping:
                f.write(f"{mapping[rid]},{rest}\n")
shutil.rmtree(tmp)

