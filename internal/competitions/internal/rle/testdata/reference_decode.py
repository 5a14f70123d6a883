# Reference outcomes of the RLE decoder for decode_cases.json, computed with
# NumPy by a direct implementation of the rules in the competition specs
# (hubmap-kidney-segmentation.md, Grade step 7): int() of every token, the
# three asserts on the start/length lists, ends = np.array(starts) - 1 +
# lengths (NumPy dtypes and broadcasting), then the runs set in order into a
# flat boolean array with the overlap assert, reshaped column-major.
# Output: decode_reference.json, per case either {"error": "<class>"} or
# {"runs": [[lo, hi], ...]} (maximal runs of set flat indices).
import json
import numpy as np


def decode(s, h, w):
    assert isinstance(s, str)
    assert isinstance(h, int) and isinstance(w, int)
    if not s.strip():
        return np.zeros((h, w), dtype=bool)
    toks = [int(t) for t in s.split()]
    starts, lengths = toks[0::2], toks[1::2]
    assert starts == sorted(starts), "sorted"
    assert all(x > 0 for x in starts), "positive"
    assert all(x > 0 for x in lengths), "positive"
    lo_arr = np.array(starts) - 1
    hi_arr = lo_arr + lengths
    flat = np.zeros(h * w, dtype=bool)
    for lo, hi in zip(lo_arr, hi_arr):
        assert not flat[lo:hi].any(), "overlap"
        flat[lo:hi] = True
    return flat.reshape((w, h)).T


def runs(mask):
    flat = mask.T.flatten()
    out = []
    for p in np.flatnonzero(flat):
        p = int(p)
        if out and out[-1][1] == p:
            out[-1][1] = p + 1
        else:
            out.append([p, p + 1])
    return out


with open("decode_cases.json") as f:
    cases = json.load(f)
ref = {}
for c in cases:
    try:
        ref[c["name"]] = {"runs": runs(decode(c["rle"], c["height"], c["width"]))}
    except Exception as e:  # noqa: BLE001 - the class is the outcome
        ref[c["name"]] = {"error": type(e).__name__}
with open("decode_reference.json", "w") as f:
    json.dump(ref, f, indent=1, sort_keys=True)
    f.write("\n")
print(np.__version__)
