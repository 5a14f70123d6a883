"""Reference for the spec's prepare steps (pandas + PIL), run once on the
seed-0 fake raw data:

    /usr/bin/python3 reference_prepare.py RAWDIR OUTDIR > golden_md5.json
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import pandas as pd
from PIL import Image

raw, out = Path(sys.argv[1]), Path(sys.argv[2])
public, private = out / "public", out / "private"
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)

for f in ["1", "2"]:
    shutil.copytree(raw / "train" / f, public / "train" / f)
frag = raw / "train" / "3"
answers = pd.read_csv(frag / "inklabels_rle.csv", float_precision="round_trip")
assert len(answers) == 1
width, height = Image.open(frag / "ir.png").size
answers["width"] = width
answers["height"] = height
answers["Id"] = "a"
answers.to_csv(private / "inklabels_rle.csv", index=False)
answers.drop(columns=["width", "height"]).to_csv(private / "gold_submission.csv", index=False)
for p in frag.rglob("*"):
    if p.is_dir():
        continue
    assert p.suffix in [".png", ".csv", ".tif"]
    if p.name in ["inklabels.png", "inklabels_rle.csv", "ir.png"]:
        continue
    dst = public / "test" / "a" / p.relative_to(frag)
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(p, dst)
pd.DataFrame({"Id": ["a"], "Predicted": ["1 1 5 1"]}).to_csv(public / "sample_submission.csv", index=False)
assert len(list((public / "test" / "a").rglob("*"))) == len(list(frag.rglob("*"))) - 3

md5 = {}
for p in sorted(out.rglob("*")):
    if p.is_file():
        md5[str(p.relative_to(out))] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(md5, indent=1, sort_keys=True))
