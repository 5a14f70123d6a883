"""Golden grading values for tweet-sentiment-extraction (run once; tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv made from the seed-0 fake raw data (md5
pinned in golden_md5.json). Writes OUT_DIR/submissions/*.csv and
OUT_DIR/reference_scores.json: {file: {"score": unrounded or null, "error"}}.
The grader is rebuilt from the spec (word-set Jaccard, np.mean).
"""
import json
import os
import sys

import numpy as np
import pandas as pd

prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def jaccard(a, b):
    a = set(a.lower().split())
    b = set(b.lower().split())
    c = a.intersection(b)
    return float(len(c)) / (len(a) + len(b) - len(c))


def grade(sub, ans):
    if "textID" not in sub.columns:
        raise Invalid("textID")
    if "selected_text" not in sub.columns:
        raise Invalid("selected_text")
    if len(sub) != len(ans):
        raise Invalid("length")
    sub = sub.sort_values("textID")
    ans = ans.sort_values("textID")
    if (sub["textID"].values != ans["textID"].values).any():
        raise Invalid("ids")
    p = sub["selected_text"].fillna("").astype(str)
    t = ans["selected_text"].fillna("").astype(str)
    return float(np.mean([jaccard(x, y) for x, y in zip(p, t)]))


ids = answers["textID"]
truth = answers["selected_text"]
text = answers["text"]
perm = rs.permutation(n)
subs = {
    "perfect.csv": answers[["textID", "selected_text"]],
    "full_text_shuffled.csv": pd.DataFrame({"textID": ids, "selected_text": text}).iloc[perm],
    "upper_first_word.csv": pd.DataFrame({"selected_text": [t.split()[0].upper() for t in truth], "textID": ids}),
    "floats.csv": pd.DataFrame({"textID": ids, "selected_text": np.where(np.arange(n) == 0, np.nan, 1.5)}),
}
texts = {
    "na_token.csv": "textID,selected_text\n" + "".join(f"{i},{'NA' if k == 0 else 'so'}\n" for k, i in enumerate(ids)),
    "whitespace_only.csv": "textID,selected_text\n" + "".join(f"{i},\"  \"\n" for i in ids),
    "missing_text.csv": "textID,pred\n" + "".join(f"{i},a\n" for i in ids),
    "missing_id.csv": "id,selected_text\n" + "".join(f"{i},a\n" for i in ids),
    "short.csv": "textID,selected_text\n" + "".join(f"{i},a\n" for i in ids[:-1]),
    "duplicate_id.csv": "textID,selected_text\n" + "".join(f"{ids.iloc[0] if k == 1 else i},a\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "textID,selected_text\n" + "".join(f"{'ffffffffff' if k == 1 else i},a\n" for k, i in enumerate(ids)),
    "empty.csv": "",
}
for name, df in subs.items():
    df.to_csv(os.path.join(subdir, name), index=False)
for name, t in texts.items():
    with open(os.path.join(subdir, name), "w") as f:
        f.write(t)

scores = {}
for name in sorted(os.listdir(subdir)):
    path = os.path.join(subdir, name)
    try:
        try:
            sub = pd.read_csv(path, float_precision="round_trip")
        except pd.errors.EmptyDataError:
            sub = pd.DataFrame()
        scores[name] = {"score": grade(sub, answers), "error": None}
    except Invalid:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
