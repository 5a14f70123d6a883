"""Golden values for the fast CSV path's pandas emulation (shared_c2.go),
computed once with pandas: per-chunk dtype inference of the C reader's
low_memory mode, mixed-type object columns, NA printing, and the one-column
`""` row. The Go test (TestC2FrameMatchesPandas) builds the same inputs.
Writes chunks_md5.json: {case: md5 of the to_csv output}.
"""
import hashlib
import io
import json
from pathlib import Path

import pandas as pd


def chunk_file():
    # 128 columns -> buffer_lines = 4096 rows per low_memory chunk
    cols = ["a", "b", "c", "d"] + ["e%d" % i for i in range(124)]
    lines = [",".join(cols)]
    for r in range(4106):
        a = "007" if r in (0, 4097) else ("x" if r == 4096 else str(r))
        b = "1.50" if r == 4100 else str(r % 7)
        c = "" if r < 4096 else ("y" if r % 2 else "NA")
        d = "2.50" if r % 3 == 0 else ("z" if r == 4099 else "-0")
        lines.append(",".join([a, b, c, d] + ["1"] * 124))
    return "\n".join(lines) + "\n"


def md5(s):
    return hashlib.md5(s.encode()).hexdigest()


out = {}
df = pd.read_csv(io.StringIO(chunk_file()), float_precision="round_trip")
out["chunks"] = md5(df.to_csv(index=False))
out["chunks_reversed"] = md5(df.iloc[::-1].to_csv(index=False))
single = pd.read_csv(io.StringIO("v\nNA\n1.5\n-0\n007\n1e299\n"), float_precision="round_trip")
out["single"] = md5(single.to_csv(index=False))
(Path(__file__).parent / "chunks_md5.json").write_text(json.dumps(out, indent=2, sort_keys=True) + "\n")
