"""Independent reference for smartphone-decimeter-2022's grader (spec:
shared/spec/competitions/smartphone-decimeter-2022.md), run once with
Debian's python3 (numpy's quantile 'linear' and deg2rad as the original
uses them). It writes submissions derived from the seed-0 answers
(answers.csv, prepared by reference_prepare.py) and their scores:

    /usr/bin/python3 reference_grade.py answers.csv . > reference_scores.json
"""
import json
import sys
from pathlib import Path

import mpmath
import numpy as np
import pandas as pd

# numpy's float64 sin, cos and arcsin are the C library's (glibc: correctly
# rounded in all but rare cases) on most machines, but SIMD versions a few
# ulps off on AVX-512 machines such as the one this ran on; one ulp of a
# 3,000 km distance exceeds 1e-9 m. The reference therefore uses correctly
# rounded values (mpmath at 300 bits, rounded once), element by element.
mpmath.mp.prec = 300


def cr(f):
    return np.vectorize(lambda v: float(f(mpmath.mpf(float(v)))), otypes=[np.float64])


sin, cos, arcsin = cr(mpmath.sin), cr(mpmath.cos), cr(mpmath.asin)

COLS = ["tripId", "UnixTimeMillis", "LatitudeDegrees", "LongitudeDegrees"]


class InvalidSubmissionError(Exception):
    pass


def trip_score(pred, gt):
    p_lat, p_lon = np.deg2rad(pred["LatitudeDegrees"].to_numpy()), np.deg2rad(pred["LongitudeDegrees"].to_numpy())
    g_lat, g_lon = np.deg2rad(gt["LatitudeDegrees"].to_numpy()), np.deg2rad(gt["LongitudeDegrees"].to_numpy())
    a = sin((g_lat - p_lat) / 2) ** 2 + cos(p_lat) * cos(g_lat) * sin((g_lon - p_lon) / 2) ** 2
    with np.errstate(invalid="ignore"):
        d = 2 * 6_371_000 * np.where(np.sqrt(a) > 1, np.nan, arcsin(np.minimum(np.sqrt(a), 1)))
    return np.mean([np.quantile(d, 0.5), np.quantile(d, 0.95)])


def grade(sub, ans):
    for c in COLS:
        assert c in ans.columns
    for c in COLS:
        if c not in sub.columns:
            raise InvalidSubmissionError(c)
    if len(sub) != len(ans):
        raise InvalidSubmissionError("rows")
    scores = []
    for trip in ans["tripId"].unique():
        a = ans[ans["tripId"] == trip]
        s = sub[sub["tripId"] == trip]
        if len(a) != len(s):
            raise InvalidSubmissionError("trip rows")
        scores.append(trip_score(s, a))
    return np.mean(scores)


answers_path, out = Path(sys.argv[1]), Path(sys.argv[2])
answers = pd.read_csv(answers_path)
rng = np.random.RandomState(11)
n = len(answers)
subs = {}
subs["perfect"] = answers
subs["sample"] = answers.assign(LatitudeDegrees=37.904611315634504, LongitudeDegrees=-86.48107806249548)
subs["noise_1e-5_degrees"] = answers.assign(
    LatitudeDegrees=answers["LatitudeDegrees"] + rng.normal(0, 1e-5, n),
    LongitudeDegrees=answers["LongitudeDegrees"] + rng.normal(0, 1e-5, n),
)
subs["noise_1_degree"] = answers.assign(
    LatitudeDegrees=answers["LatitudeDegrees"] + rng.normal(0, 1, n),
    LongitudeDegrees=answers["LongitudeDegrees"] + rng.normal(0, 1, n),
)
subs["antipodes"] = answers.assign(LatitudeDegrees=-answers["LatitudeDegrees"], LongitudeDegrees=answers["LongitudeDegrees"] + 180)
noisy = subs["noise_1e-5_degrees"]
subs["trips_interleaved_order_kept"] = (
    noisy.assign(k=noisy.groupby("tripId").cumcount()).sort_values("k", kind="stable").drop(columns="k")
)
subs["rows_reversed_within_trips"] = noisy.groupby("tripId", sort=False, group_keys=False).apply(lambda g: g.iloc[::-1])
subs["millis_ignored_extra_column"] = noisy.assign(UnixTimeMillis=0, extra="x")
subs["integer_degrees"] = answers.assign(LatitudeDegrees=37, LongitudeDegrees=-122)
nan = noisy.copy()
nan.iloc[5, 2] = np.nan
subs["nan_latitude_valid_nan"] = nan
subs["huge_latitude"] = noisy.assign(LatitudeDegrees=np.where(np.arange(n) == 0, 1e308, noisy["LatitudeDegrees"]))
text = noisy.astype({"LatitudeDegrees": object})
text.iloc[0, 2] = "north"
subs["text_latitude"] = text
for c in ["tripId", "UnixTimeMillis", "LatitudeDegrees", "LongitudeDegrees"]:
    subs[f"missing_{c}"] = noisy.drop(columns=[c])
subs["a_row_missing"] = noisy.iloc[1:]
subs["a_row_extra"] = pd.concat([noisy, noisy.iloc[:1]])
moved = noisy.copy()
first_trip, other_trip = answers["tripId"].unique()[:2]
moved.iloc[0, 0] = other_trip  # same total, one trip short, another long
subs["trip_row_counts_differ"] = moved

(out / "submissions").mkdir(exist_ok=True)
scores = {}
for name, sub in subs.items():
    path = out / "submissions" / f"{name}.csv"
    sub.to_csv(path, index=False)
    s = pd.read_csv(path)
    try:
        v = grade(s, answers)
        if np.isnan(v):
            print(f"{name}: NaN (valid), checked by TestGradeNaN", file=sys.stderr)
            continue
        scores[path.name] = {"score": float(v), "error": None}
    except InvalidSubmissionError:
        scores[path.name] = {"score": None, "error": "invalid"}
    except Exception as e:  # noqa: BLE001 - any other exception is a null score
        scores[path.name] = {"score": None, "error": type(e).__name__}
print(json.dumps(scores, indent=2, sort_keys=True))
