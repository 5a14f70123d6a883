"""Golden grading cases for tensorflow2-question-answering (spec: Grade).
Writes grade/test.jsonl (answers), grade/<case>.csv and grade/cases.json
next to this script; the Go test grades the same files. Each case is graded
by a transcription of the spec's checks and truth rules followed by
scikit-learn's f1_score(average="micro"). Outcomes: "valid" (with the
score), "invalid" (InvalidSubmissionError) or "error" (any other
exception, e.g. int() of "a").
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import f1_score

here = Path(__file__).parent / "grade"
here.mkdir(exist_ok=True)
rs = np.random.RandomState(5)
answers = []
for i in range(40):
    kind = rs.randint(0, 10)
    ann = {"yes_no_answer": "NONE",
           "long_answer": {"start_byte": -1, "end_byte": -1, "start_token": -1, "end_token": -1, "candidate_index": -1},
           "short_answers": [], "annotation_id": int(rs.randint(0, 2**62)) * 3}
    if kind >= 4:
        s = int(rs.randint(0, 500))
        e = s + int(rs.randint(5, 60))
        ann["long_answer"] = {"start_byte": s * 6, "end_byte": e * 6, "start_token": s, "end_token": e, "candidate_index": 2}
        if kind == 9:
            ann["yes_no_answer"] = "YES" if rs.rand() < 0.5 else "NO"
        elif kind >= 6:
            for _ in range(rs.randint(1, 3)):
                a = s + int(rs.randint(1, 4))
                ann["short_answers"].append({"start_byte": 0, "end_byte": 0, "start_token": a, "end_token": a + int(rs.randint(1, 3))})
    answers.append({"example_id": str(int(rs.randint(-2**62, 2**62)) * 2), "question_text": "q", "annotations": [ann]})
with open(here / "test.jsonl", "w") as f:
    for a in answers:
        f.write(json.dumps(a) + "\n")


class Invalid(Exception):
    pass


def grade(sub, answers):
    if len(sub) != 2 * len(answers):
        raise Invalid("rows")
    sub = sub.fillna("").astype(str)
    if "example_id" not in sub.columns or "PredictionString" not in sub.columns:
        raise Invalid("columns")
    expected = {f'{a["example_id"]}_{k}' for a in answers for k in ("long", "short")}
    if set(sub["example_id"]) != expected:
        raise Invalid("ids")
    if sub["example_id"].duplicated().any():
        raise Invalid("duplicates")
    by_id = {a["example_id"]: a["annotations"][0] for a in answers}
    y_true, y_pred = [], []
    for eid, p in zip(sub["example_id"], sub["PredictionString"]):
        p = p.strip()
        if ":" in p and len(p.split(":")) == 2:
            a, b = p.split(":")
            pred = (int(a), int(b))
        elif p in ("YES", "NO", ""):
            pred = p
        else:
            raise Invalid("prediction")
        if eid.endswith("_long"):
            ann = by_id[eid[: -len("_long")]]
            la = ann["long_answer"]
            valid = [(la["start_token"], la["end_token"])] if la["start_token"] != -1 else []
        elif eid.endswith("_short"):
            ann = by_id[eid[: -len("_short")]]
            valid = [(s["start_token"], s["end_token"]) for s in ann["short_answers"]]
            if ann["yes_no_answer"] != "NONE":
                valid.append(ann["yes_no_answer"])
        else:
            raise Invalid("suffix")
        y_pred.append(1 if pred != "" else 0)
        y_true.append(1 if (pred != "" and pred in valid) or (pred == "" and valid) else 0)
    return f1_score(y_true, y_pred, average="micro")


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
    ans = [json.loads(l) for l in open(here / "test.jsonl")]
    try:
        cases[name] = {"outcome": "valid", "score": float(grade(sub, ans))}
    except Invalid:
        cases[name] = {"outcome": "invalid"}
    except Exception as e:  # noqa: BLE001
        cases[name] = {"outcome": "error", "python_error": f"{type(e).__name__}: {e}"}


def gold_of(a):
    ann = a["annotations"][0]
    if ann["yes_no_answer"] != "NONE":
        short = ann["yes_no_answer"]
    elif ann["short_answers"]:
        short = f'{ann["short_answers"][0]["start_token"]}:{ann["short_answers"][0]["end_token"]}'
    else:
        short = ""
    la = ann["long_answer"]
    long = f'{la["start_token"]}:{la["end_token"]}' if la["start_token"] != -1 else ""
    return short, long


rows = []
for a in answers:
    short, long = gold_of(a)
    rows += [(a["example_id"] + "_short", short), (a["example_id"] + "_long", long)]
gold = pd.DataFrame(rows, columns=["example_id", "PredictionString"])
case("gold", gold)
case("sample_empty", gold.assign(PredictionString=""))
case("gold_shuffled", gold.iloc[rs.permutation(len(gold))])
noisy = gold.copy()
for i in range(0, len(noisy), 3):
    noisy.loc[i, "PredictionString"] = rs.choice(["1:2", "YES", "", "NO", "7:9"])
case("noisy", noisy)
case("yes_on_long_rows", gold.assign(PredictionString=["YES" if i.endswith("_long") else p for i, p in zip(gold.example_id, gold.PredictionString)]))
case("spaces_plus_underscores", gold.assign(PredictionString=[f" +{p.replace(':', ' : ')} " if ":" in p else p for p in gold.PredictionString]))
digits = gold.copy()
digits["PredictionString"] = [p.replace("1", "1_0") if ":" in p and "1" in p.split(":")[0][-1:] else p for p in digits.PredictionString]
case("digit_separators", digits)
case("three_parts", gold.assign(PredictionString=["1:2:3"] + list(gold.PredictionString[1:])))
case("text_prediction", gold.assign(PredictionString=["maybe"] + list(gold.PredictionString[1:])))
case("lower_case_yes", gold.assign(PredictionString=["yes"] + list(gold.PredictionString[1:])))
case("non_integer_span", gold.assign(PredictionString=["a:b"] + list(gold.PredictionString[1:])))
case("huge_span", gold.assign(PredictionString=["99999999999999999999999:1"] + list(gold.PredictionString[1:])))
case("too_few_rows", gold.iloc[:-1])
case("missing_column", gold.rename(columns={"PredictionString": "prediction"}))
wrong = gold.copy()
wrong.loc[0, "example_id"] = "123_long"
case("unknown_id", wrong)
dup = gold.copy()
dup.loc[1, "example_id"] = dup.loc[0, "example_id"]
case("duplicate_id", dup)
case("bare_ids", gold.assign(example_id=[i.rsplit("_", 1)[0] for i in gold.example_id]))
case("empty_file", text="")

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True) + "\n")
print(json.dumps(cases, indent=1))
