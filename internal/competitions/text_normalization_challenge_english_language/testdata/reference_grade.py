"""Golden grading cases for the Text Normalization Challenges (spec: Grade).

Usage: python3 reference_grade.py LANG    (en or ru)
Writes grade/answers.csv, grade/<case>.csv and grade/cases.json into the
LANG competition's testdata directory; the Go test grades the same files.
Each case is graded here by a direct transcription of the spec:
prepare_for_accuracy_metric's checks, str() of both `after` columns, then
sklearn.metrics.accuracy_score, catching InvalidSubmission vs other
exceptions. Files are read with pandas plus na_values=["None"] (pandas >= 2.0
default NA string; Debian's pandas is 1.5).
"""
import csv
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score

lang = sys.argv[1]
name = {"en": "english", "ru": "russian"}[lang]
here = Path(__file__).parent.parent / f"text-normalization-challenge-{name}-language" / "grade"
here.mkdir(exist_ok=True)
rs = np.random.RandomState(5 if lang == "en" else 6)

words = {
    "en": ["the", "of", "two thousand six", "forty two", "b b c", "is", "naïve", "a,b", 'say "hi"'],
    "ru": ["по", "в", "году", "сорок два", "две тысячи двенадцатом", "с с с р", "ё", "a,b", 'он "да"'],
}[lang]
n = 50
sids = np.repeat(np.arange(10), 5)
tids = np.tile(np.arange(5), 10)
ids = [f"{s}_{t}" for s, t in zip(sids, tids)]
after = rs.choice(words, n).astype(object)
after[3] = np.nan  # a true NA token (written as "")
after[7] = np.nan
after[11] = "1"  # numeric-looking text in a text block
after[12] = "3.50"
answers = pd.DataFrame({"id": ids, "after": after})
kw = dict(index=False, quoting=csv.QUOTE_NONNUMERIC)
answers.to_csv(here / "answers.csv", **kw)


class Invalid(Exception):
    pass


def read(path):
    try:
        return pd.read_csv(path, float_precision="round_trip", na_values=["None"])
    except pd.errors.EmptyDataError:
        return pd.DataFrame()


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("length")
    if "after" not in sub.columns:
        raise Invalid("after")
    if "id" not in sub.columns:
        raise Invalid("id")
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids")
    return accuracy_score(ans["after"].astype(str), sub["after"].astype(str))


cases = {}


def case(name, df=None, text=None, quoting=csv.QUOTE_NONNUMERIC):
    path = here / f"{name}.csv"
    if df is not None:
        df.to_csv(path, index=False, quoting=quoting)
    else:
        path.write_text(text)
    try:
        cases[name] = {"outcome": "valid", "score": float(grade(read(path), read(here / "answers.csv")))}
    except Invalid:
        cases[name] = {"outcome": "invalid"}
    except Exception as e:  # noqa: BLE001
        cases[name] = {"outcome": "error", "python_error": f"{type(e).__name__}: {e}"}


case("perfect", answers)
case("perfect_minimal_quoting", answers, quoting=csv.QUOTE_MINIMAL)
guess = after.copy()
flip = rs.rand(n) < 0.4
guess[flip] = rs.choice(words, flip.sum())
perm = rs.permutation(n)
case("random_shuffled", pd.DataFrame({"id": np.array(ids)[perm], "after": guess[perm]}))
case("extra_columns", pd.DataFrame({"x": 1, "after": guess, "id": ids, "y": "z"}))
# every pandas NA spelling matches a true NA token, and so does the text "nan"
for k, na in enumerate(["NA", "null", "None", "nan", "N/A", "#N/A", "NaN"]):
    rows = ['"{}","{}"'.format(i, a.replace('"', '""')) if isinstance(a, str) else f'"{i}",{na}' for i, a in zip(ids, after)]
    case(f"na_spelling_{k}", text='"id","after"\n' + "\n".join(rows) + "\n")
empty = ['"{}","{}"'.format(i, a.replace('"', '""')) if isinstance(a, str) else f'"{i}",' for i, a in zip(ids, after)]
case("na_as_empty_field", text='"id","after"\n' + "\n".join(empty) + "\n")
# the text "nan" predicted for a real word is wrong
wrongnan = after.copy()
wrongnan[0] = np.nan
case("nan_for_a_word", pd.DataFrame({"id": ids, "after": wrongnan}))
# a whole numeric `after` column: ints print "1" (matches the text "1"),
# floats "3.5" (does not match "3.50"), NaN among ints makes them floats
case("numeric_column_ints", text='"id","after"\n' + "\n".join(f'"{i}",1' for i in ids) + "\n")
case("numeric_column_floats", text='"id","after"\n' + "\n".join(f'"{i}",3.50' for i in ids) + "\n")
case("numeric_column_with_na", text='"id","after"\n' + "\n".join(f'"{i}",{"" if k == 3 else 1}' for k, i in enumerate(ids)) + "\n")
case("too_few_rows", answers.iloc[:-1])
case("missing_after", answers.rename(columns={"after": "After"}))
case("missing_id", answers.rename(columns={"id": "ID"}))
bad = answers.copy()
bad.loc[4, "id"] = "99_0"
case("unknown_id", bad)
dup = answers.copy()
dup.loc[4, "id"] = dup.loc[5, "id"]
case("duplicate_id", dup)
case("empty_file", text="")
case("header_only", text='"id","after"\n')

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
print(json.dumps(cases, indent=1, ensure_ascii=False))
