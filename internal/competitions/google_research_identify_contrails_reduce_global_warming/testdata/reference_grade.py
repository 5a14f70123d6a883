"""Writes grading cases from the seed-0 prepared answers and grades them with
a straightforward numpy version of the spec's Grade and rle_decode rules:

    /usr/bin/python3 reference_grade.py ANSWERS.csv SAMPLE.csv > reference_scores.json

(submissions/ is written next to this script.)
"""
import json
import random
import sys
from pathlib import Path

import numpy as np
import pandas as pd

here = Path(__file__).parent
subs = here / "submissions"
subs.mkdir(exist_ok=True)
answers_text = open(sys.argv[1]).read()
ans = pd.read_csv(sys.argv[1], dtype={"record_id": str})
lines = answers_text.strip("\n").split("\n")
header, body = lines[0], lines[1:]


class Invalid(Exception):
    pass


def rle_decode(s, h, w):
    assert isinstance(s, str), f"Expected a string, but got {type(s)}"
    mask = np.zeros(h * w, dtype=bool)
    if s.strip() == "":
        return mask.reshape((w, h)).T
    toks = [int(x) for x in s.split()]
    starts, lengths = toks[0::2], toks[1::2]
    assert starts == sorted(starts)
    assert all(x > 0 for x in starts)
    assert all(x > 0 for x in lengths)
    ends = np.array(starts) - 1 + np.array(lengths)
    for lo, hi in zip(np.array(starts) - 1, ends):
        assert not mask[lo:hi].any()
        mask[lo:hi] = True
    return mask.reshape((w, h)).T


def grade(sub, answers):
    for c in ["record_id", "encoded_pixels"]:
        if c not in sub.columns:
            raise Invalid()
    if len(sub) != len(answers):
        raise Invalid()
    sub = sub.sort_values("record_id").reset_index(drop=True)
    answers = answers.sort_values("record_id").reset_index(drop=True)
    if (sub["record_id"].values != answers["record_id"].values).any():
        raise Invalid()
    sub["encoded_pixels"] = sub["encoded_pixels"].replace("-", "")
    answers["encoded_pixels"] = answers["encoded_pixels"].replace("-", "")
    hw = list(zip(answers["height"], answers["width"]))
    trues = np.stack([rle_decode(s, h, w) for s, (h, w) in zip(answers["encoded_pixels"], hw)])
    preds = np.stack([rle_decode(s, h, w) for s, (h, w) in zip(sub["encoded_pixels"], hw)])
    x, y = preds.flatten(), trues.flatten()
    tot = x.sum() + y.sum()
    if tot == 0:
        return float("nan")
    return float(2 * (x & y).sum() / tot)


def write(name, text):
    (subs / name).write_text(text)


rng = random.Random(1)
enc = [l.split(",")[1] for l in body]
ids = [l.split(",")[0] for l in body]
tail = [",".join(l.split(",")[2:]) for l in body]
def rows(encs, idl=None):
    idl = idl or ids
    return header + "\n" + "".join(f"{i},{e},{t}\n" for i, e, t in zip(idl, encs, tail))

write("perfect.csv", answers_text)
write("sample.csv", open(sys.argv[2]).read())
rnd = []
for _ in body:
    s = rng.randint(110, 200)
    rnd.append(f"{s} {rng.randint(5, 40)}" if rng.random() < 0.7 else "-")
write("random.csv", rows(rnd))
write("all_empty.csv", rows(["-"] * len(body)))
write("only_two_columns.csv", "record_id,encoded_pixels\n" + "".join(f"{i},{e}\n" for i, e in zip(ids, enc)))
write("reversed_rows.csv", header + "\n" + "\n".join(reversed(body)) + "\n")
write("missing_record_id.csv", "id,encoded_pixels\n" + "".join(f"{i},{e}\n" for i, e in zip(ids, enc)))
write("missing_encoded_pixels.csv", "record_id,pixels\n" + "".join(f"{i},{e}\n" for i, e in zip(ids, enc)))
write("extra_row.csv", answers_text + body[0] + "\n")
write("missing_row.csv", header + "\n" + "\n".join(body[1:]) + "\n")
write("duplicated_id.csv", rows(enc, [ids[0]] + ids[1:-1] + [ids[0]]))
write("unknown_id.csv", rows(enc, ids[:-1] + ["123"]))
write("leading_zero_ids.csv", rows(enc, ["0" + i for i in ids]))
write("empty_cell_is_nan.csv", rows([""] + enc[1:]))
write("whitespace_cell_is_empty.csv", rows(["  "] + ["-"] * (len(body) - 1)))
write("space_dash_is_error.csv", rows([" -"] + enc[1:]))
write("unsorted_starts.csv", rows(["50 2 10 2"] + enc[1:]))
write("zero_start.csv", rows(["0 2"] + enc[1:]))
write("zero_length.csv", rows(["5 0"] + enc[1:]))
write("overlapping_runs.csv", rows(["5 10 8 2"] + enc[1:]))
write("non_integer_token.csv", rows(["5 2.5"] + enc[1:]))
write("three_tokens.csv", rows(["184 3 200"] * len(body)))
write("five_tokens.csv", rows(["1 2 5 2 9"] + enc[1:]))
write("one_token.csv", rows(["7"] * len(body)))
write("plus_and_underscore.csv", rows(["+1_84 3 200 3"] * len(body)))
write("run_past_end.csv", rows(["250 100"] * len(body)))
write("start_past_end.csv", rows(["300 5"] * len(body)))

out = {}
for p in sorted(subs.glob("*.csv")):
    try:
        sub = pd.read_csv(p)
        a = pd.read_csv(sys.argv[1])
        out[p.name] = {"score": grade(sub, a)}
    except Invalid:
        out[p.name] = {"score": None, "error": "invalid"}
    except Exception as e:
        out[p.name] = {"score": None, "error": type(e).__name__}
print(json.dumps(out, indent=1, sort_keys=True))
