"""Golden grading cases for freesound-audio-tagging-2019 (spec: Grade).
Writes grade/answers.csv, grade/<case>.csv and grade/cases.json next to this
script; the Go test grades the same files. Each case is graded by a direct
transcription of the spec's checks followed by scikit-learn's
label_ranking_average_precision_score (the same code in Debian's 1.2 as in
the pinned 1.5), and every valid score is cross-checked against an
independent numpy lwlrap (per-class precision weighted by label counts, as
in the competition's reference code). Outcomes: "valid" (with the score),
"invalid" (InvalidSubmissionError) or "error" (any other exception).
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import label_ranking_average_precision_score

here = Path(__file__).parent / "grade"
here.mkdir(exist_ok=True)

# The vocabulary, in order (code-point sorted; see the spec).
CLASSES = sorted("""Accelerating_and_revving_and_vroom Accordion Acoustic_guitar Applause Bark Bass_drum
Bass_guitar Bathtub_(filling_or_washing) Bicycle_bell Burping_and_eructation Bus Buzz Car_passing_by
Cheering Chewing_and_mastication Child_speech_and_kid_speaking Chink_and_clink Chirp_and_tweet
Church_bell Clapping Computer_keyboard Crackle Cricket Crowd Cupboard_open_or_close
Cutlery_and_silverware Dishes_and_pots_and_pans Drawer_open_or_close Drip Electric_guitar Fart
Female_singing Female_speech_and_woman_speaking Fill_(with_liquid) Finger_snapping Frying_(food) Gasp
Glockenspiel Gong Gurgling Harmonica Hi-hat Hiss Keys_jangling Knock Male_singing
Male_speech_and_man_speaking Marimba_and_xylophone Mechanical_fan Meow Microwave_oven Motorcycle
Printer Purr Race_car_and_auto_racing Raindrop Run Scissors Screaming Shatter Sigh
Sink_(filling_or_washing) Skateboard Slam Sneeze Squeak Stream Strum Tap Tick-tock Toilet_flush
Traffic_noise_and_roadway_noise Trickle_and_dribble Walk_and_footsteps Water_tap_and_faucet
Waves_and_surf Whispering Writing Yell Zipper_(clothing)""".split())
assert len(CLASSES) == 80

rs = np.random.RandomState(2019)
n = 60
fnames = sorted({"%08x.wav" % rs.randint(0, 2**31) for _ in range(n)})
assert len(fnames) == n
truth = np.zeros((n, 80), dtype=int)
for i in range(n):
    k = rs.randint(1, 6)
    truth[i, rs.choice(80, k, replace=False)] = 1
truth[7] = 0  # a clip without any label: weight 0, dropped
order = rs.permutation(n)
answers = pd.DataFrame(truth[order], columns=CLASSES)
answers.insert(0, "fname", np.array(fnames)[order])
answers.to_csv(here / "answers.csv", index=False)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("rows")
    if sub.columns[0] != "fname":
        raise Invalid("fname first")
    if not (sub.columns[1:] == CLASSES).all():
        raise Invalid("classes")
    sub = sub.sort_values("fname").reset_index(drop=True)
    ans = ans.sort_values("fname").reset_index(drop=True)
    if (sub["fname"] != ans["fname"]).any():
        raise Invalid("fnames")
    try:
        sub[CLASSES] = sub[CLASSES].apply(pd.to_numeric)
    except (ValueError, TypeError):
        raise Invalid("numeric")
    t = ans[CLASSES].values
    s = sub[CLASSES].values
    w = np.sum(t > 0, axis=1)
    keep = np.flatnonzero(w > 0)
    score = label_ranking_average_precision_score(t[keep] > 0, s[keep], sample_weight=w[keep])
    check = independent_lwlrap(t[keep], s[keep].astype(float))
    assert abs(score - check) < 1e-12, (score, check)
    return score


def independent_lwlrap(t, s):
    """Per-class lwlrap: for each (clip, positive class), the precision of
    the clip's ranking at that class (ties ranked against the submission),
    averaged over all positive labels."""
    num, den = 0.0, 0
    for i in range(len(t)):
        pos = np.flatnonzero(t[i] > 0)
        for j in pos:
            above = s[i] >= s[i, j]
            num += np.sum(above & (t[i] > 0)) / np.sum(above)
            den += 1
    return num / den


cases = {}


def case(name, df=None, text=None):
    path = here / f"{name}.csv"
    if df is not None:
        df.to_csv(path, index=False)
    else:
        path.write_text(text)
    try:
        sub = pd.read_csv(path, float_precision="round_trip")
    except pd.errors.EmptyDataError:
        sub = pd.DataFrame()
    ans = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    try:
        cases[name] = {"outcome": "valid", "score": float(grade(sub, ans))}
    except Invalid:
        cases[name] = {"outcome": "invalid"}
    except Exception as e:  # noqa: BLE001
        cases[name] = {"outcome": "error", "python_error": f"{type(e).__name__}: {e}"}


def frame(fn, values):
    df = pd.DataFrame(values, columns=CLASSES)
    df.insert(0, "fname", fn)
    return df


scores = np.round(rs.rand(n, 80), 3)
scores = np.where(truth[order] > 0, scores + 0.4 * rs.rand(n, 80), scores)
case("perfect", answers)
case("sample_zeros", frame(answers["fname"], np.zeros((n, 80), dtype=int)))
case("random", frame(answers["fname"], scores))
perm = rs.permutation(n)
case("random_shuffled", frame(answers["fname"].values[perm], scores[perm]))
case("ties_one_decimal", frame(answers["fname"], np.round(scores, 1)))
case("outside_unit_interval", frame(answers["fname"], scores * 1000 - 300))
case("inverted", frame(answers["fname"], 1 - truth[order]))
nan_unlabelled = scores.copy()
nan_unlabelled[list(order).index(7), 3] = np.nan
case("nan_in_unlabelled_clip", frame(answers["fname"], nan_unlabelled))
nan = scores.copy()
nan[0, 0] = np.nan
case("nan_score", frame(answers["fname"], nan))
inf = scores.copy()
inf[1, 1] = np.inf
case("inf_score", frame(answers["fname"], inf))
case("bool_scores", frame(answers["fname"], scores > 0.5))
mixed_bool = frame(answers["fname"], scores)
mixed_bool[CLASSES[0]] = scores[:, 0] > 0.5
case("one_bool_column", mixed_bool)
txt = frame(answers["fname"], scores)
txt[CLASSES[4]] = txt[CLASSES[4]].astype(object)
txt.loc[3, CLASSES[4]] = "high"
case("text_score", txt)
case("too_few_rows", frame(answers["fname"][:-1], scores[:-1]))
case("first_column_not_fname", frame(answers["fname"], scores).rename(columns={"fname": "id"}))
case("fname_not_first", frame(answers["fname"], scores)[CLASSES[:1] + ["fname"] + CLASSES[1:]])
case("class_renamed", frame(answers["fname"], scores).rename(columns={CLASSES[10]: "Buzzing"}))
case("classes_out_of_order", frame(answers["fname"], scores)[["fname"] + CLASSES[1:] + CLASSES[:1]])
case("class_missing", frame(answers["fname"], scores).drop(columns=[CLASSES[79]]))
case("extra_column", frame(answers["fname"], scores).assign(extra=1))
other = answers["fname"].copy()
other[0] = "ffffffff.wav"
case("unknown_fname", frame(other, scores))
dup = answers["fname"].copy()
dup[1] = dup[0]
case("duplicate_fname", frame(dup, scores))
case("empty_file", text="")
case("header_only", text=",".join(["fname"] + CLASSES) + "\n")

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True) + "\n")
print(json.dumps(cases, indent=1))
