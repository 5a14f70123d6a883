"""Writes grading cases from the seed-0 prepared answers and grades them with
a straightforward numpy + scikit-learn version of the spec's Grade:

    /usr/bin/python3 reference_grade.py ANSWERS.csv SAMPLE.csv > reference_scores.json

(submissions/ is written next to this script.)
"""
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import fbeta_score

here = Path(__file__).parent
subs = here / "submissions"
subs.mkdir(exist_ok=True)
ans = pd.read_csv(sys.argv[1])
truth = ans["Predicted"][0]
W, H = int(ans["width"][0]), int(ans["height"][0])


class Invalid(Exception):
    pass


def rle_decode(s, h, w):
    mask = np.zeros(h * w, dtype=bool)
    if s.strip() == "":
        return mask
    toks = [int(x) for x in s.split()]
    starts, lengths = toks[0::2], toks[1::2]
    assert starts == sorted(starts)
    assert all(x > 0 for x in starts)
    assert all(x > 0 for x in lengths)
    ends = np.array(starts) - 1 + np.array(lengths)
    for lo, hi in zip(np.array(starts) - 1, ends):
        assert not mask[lo:hi].any()
        mask[lo:hi] = True
    return mask  # row-major flat order; F0.5 does not depend on orientation


def grade(sub, answers):
    if len(sub) != len(answers):
        raise Invalid()
    scores = []
    for (_, s), (_, a) in zip(sub.iterrows(), answers.iterrows()):
        if len(sub.columns) != 2 or not {"Id", "Predicted"} <= set(sub.columns):
            raise Invalid()
        assert s["Id"] == a["Id"]
        if not isinstance(s["Predicted"], str):
            raise Invalid()
        try:
            p = rle_decode(s["Predicted"], a["height"], a["width"])
        except AssertionError:
            raise Invalid()
        t = rle_decode(a["Predicted"], a["height"], a["width"])
        scores.append(fbeta_score(t, p, beta=0.5, zero_division=0))
    return float(np.mean(scores))


def write(name, pred, header="Id,Predicted", idv="a"):
    (subs / name).write_text(f"{header}\n{idv},{pred}\n")


toks = [int(x) for x in truth.split()]
half = " ".join(str(x) for x in toks[: len(toks) // 2])
shifted = " ".join(str(x + 3 if i % 2 == 0 else x) for i, x in enumerate(toks))
write("perfect.csv", truth)
(subs / "sample.csv").write_text(open(sys.argv[2]).read())
write("half_the_runs.csv", half)
write("shifted_runs.csv", shifted)
write("everything.csv", f"1 {W * H}")
write("empty_mask_whitespace.csv", '"  "')
write("empty_cell_is_nan.csv", "")
write("numeric_predicted.csv", "5")
write("wrong_id.csv", truth, idv="b")
write("extra_column.csv", truth + ",1", header="Id,Predicted,x")
write("missing_predicted.csv", truth, header="Id,Pred")
(subs / "two_rows.csv").write_text(f"Id,Predicted\na,{truth}\na,{truth}\n")
(subs / "no_rows.csv").write_text("Id,Predicted\n")
write("unsorted_starts.csv", "50 2 10 2")
write("zero_start.csv", "0 2")
write("lone_zero.csv", "0 x".split()[0] + " ")
write("zero_length.csv", "5 0")
write("overlapping_runs.csv", "5 10 8 2")
write("non_integer_token.csv", "5 2.5")
write("three_tokens.csv", f"{toks[0]} 30 {toks[2]}")
write("five_tokens.csv", "1 2 5 2 9")
write("five_tokens_unsorted.csv", "9 2 5 2 1")
write("run_past_end.csv", f"{W * H - 5} 100")
write("start_past_end.csv", f"{toks[0]} 5 {W * H + 10} 5")

out = {}
for p in sorted(subs.glob("*.csv")):
    try:
        sub = pd.read_csv(p)
        out[p.name] = {"score": grade(sub, pd.read_csv(sys.argv[1]))}
    except Invalid:
        out[p.name] = {"score": None, "error": "invalid"}
    except Exception as e:
        out[p.name] = {"score": None, "error": type(e).__name__}
print(json.dumps(out, indent=1, sort_keys=True))
