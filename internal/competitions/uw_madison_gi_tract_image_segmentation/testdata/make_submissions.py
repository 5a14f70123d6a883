# Writes the grader test submissions (submissions/*.csv) from the prepared
# seed-0 answers: /usr/bin/python3 make_submissions.py /tmp/uw
import os
import sys

import numpy as np
import pandas as pd

ans = pd.read_csv(os.path.join(sys.argv[1], "prepared", "private", "test.csv"))
ids, cls = list(ans["id"]), list(ans["class"])
enc = list(ans["predicted"].fillna(""))
H = [int(x) for x in ans["image_height"]]
W = [int(x) for x in ans["image_width"]]
n = len(ids)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "submissions")


def write(name, preds, order=None, id_list=None, header="id,class,predicted"):
    order = order if order is not None else range(len(preds))
    id_list = id_list or ids
    with open(os.path.join(out, name + ".csv"), "w") as f:
        f.write(header + "\n" + "".join(f"{id_list[i]},{cls[i % n]},{preds[i]}\n" for i in order))


def decode(s, h, w):
    m = np.zeros(h * w, dtype=bool)
    t = [int(x) for x in s.split()]
    for a, b in zip(t[0::2], t[1::2]):
        m[a - 1 : a - 1 + b] = True
    return m.reshape((w, h)).T


def encode(m):
    flat = m.T.flatten()
    runs, prev = [], -2
    for p in np.flatnonzero(flat):
        if p > prev + 1:
            runs.extend([p + 1, 0])
        runs[-1] += 1
        prev = p
    return " ".join(str(x) for x in runs)


def transform(fn):
    res = []
    for i in range(n):
        m = decode(enc[i], H[i], W[i]) if enc[i] else np.zeros((H[i], W[i]), dtype=bool)
        res.append(encode(fn(m, i)))
    return res


def dilate(m, i):
    d = m.copy()
    d[1:, :] |= m[:-1, :]
    d[:, 1:] |= m[:, :-1]
    return d


def shift_down(m, i):
    d = np.zeros_like(m)
    d[2:, :] = m[:-2, :]
    return d


def erode_corner(m, i):
    d = m.copy()
    rows, cols = np.nonzero(m)
    if len(rows) > 1:
        d[rows[0], cols[0]] = False
    return d


def blob_everywhere(m, i):
    d = m.copy()
    if i % 7 == 0:
        d[:, :] = True
    return d


write("gold", enc)
write("sample", ["1 1 5 2"] * n)
write("all_empty", [""] * n)
write("dilated", transform(dilate))
write("shifted_down", transform(shift_down))
write("one_pixel_less", transform(erode_corner))
write("whole_slices_sometimes", transform(blob_everywhere))
write("only_stomach", [e if c == "stomach" else "" for e, c in zip(enc, cls)])
write("shorter", enc[:-10])
write("longer", enc + enc[:5], order=list(range(n + 5)), id_list=ids + ids[:5])
write("extra_column", [e + ",x" for e in enc], header="id,class,predicted,extra")
write("one_id_changed", enc, id_list=ids[:1] + [ids[1].replace("_slice_", "_slice_9")] + ids[2:])
write("three_tokens", ["1 2 5" if i == 1 else e for i, e in enumerate(enc)])
write("reversed_rows", enc, order=list(reversed(range(n))))
# invalid submissions
write("missing_class_column", [e for e in enc], header="id,klass,predicted")
write("missing_predicted_column", enc, header="id,class,segmentation")
# null scores that are not InvalidSubmissionError
write("text_token", ["1 x" if i == 0 else e for i, e in enumerate(enc)])
write("unsorted_starts", ["9 2 1 2" if i == 0 else e for i, e in enumerate(enc)])
write("overlap", ["1 5 3 2" if i == 0 else e for i, e in enumerate(enc)])
write("numeric_column", ["5" if i % 2 else "" for i in range(n)])
