"""Writes golden_md5.json and golden_dirs.json from a prepared tree (the
output of reference_prepare.py): golden_md5.json lists every file except
those under the five recording/image folders, golden_dirs.json summarises
each of these folders as its file count and the MD5 of the sorted lines
"<name> <md5>\\n".

    python3 golden_from_tree.py PREPARED_DIR   # holding public/ and private/
"""
import hashlib
import json
import os
import sys
from pathlib import Path

root = Path(sys.argv[1])
here = Path(__file__).parent
DIRS = ["public/essential_data/src_wavs/", "public/supplemental_data/filtered_spectrograms/",
        "public/supplemental_data/segmentation_examples/", "public/supplemental_data/spectrograms/",
        "public/supplemental_data/supervised_segmentation/"]
sums = {}
for top in ["public", "private"]:
    for dp, _, fn in os.walk(root / top):
        for f in fn:
            p = Path(dp) / f
            sums[p.relative_to(root).as_posix()] = hashlib.md5(p.read_bytes()).hexdigest()
golden = {k: v for k, v in sums.items() if not any(k.startswith(d) for d in DIRS)}
dirs = {}
for d in DIRS:
    lines = sorted(f"{k[len(d):]} {v}\n" for k, v in sums.items() if k.startswith(d))
    dirs[d] = {"files": len(lines), "md5": hashlib.md5("".join(lines).encode()).hexdigest()}
(here / "golden_md5.json").write_text(json.dumps(golden, indent=2, sort_keys=True) + "\n")
(here / "golden_dirs.json").write_text(json.dumps(dirs, indent=2, sort_keys=True) + "\n")
