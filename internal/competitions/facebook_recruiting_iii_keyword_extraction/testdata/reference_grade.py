"""Golden grading values for facebook-recruiting-iii-keyword-extraction (run once;
tests never need Python).

Usage: python3 reference_grade.py PREPARED_DIR OUT_DIR
PREPARED_DIR holds private/test.csv and public/sample_submission.csv made from
the seed-0 fake raw data (md5s pinned in golden_md5.json). Writes
OUT_DIR/submissions/*.csv and OUT_DIR/reference_scores.json.

The grader is rebuilt from the spec: Id / Tags columns, row count, sorted-id
match -> InvalidSubmissionError; then MultiLabelBinarizer over the answers'
sorted tag vocabulary (unknown submitted tags dropped) and
sklearn.metrics.f1_score(average="micro"). Any exception gives null.
"""
import json
import os
import sys
import warnings

import numpy as np
import pandas as pd
from sklearn.metrics import f1_score
from sklearn.preprocessing import MultiLabelBinarizer

warnings.simplefilter("ignore")
prepared, out = sys.argv[1], sys.argv[2]
subdir = os.path.join(out, "submissions")
os.makedirs(subdir, exist_ok=True)
answers = pd.read_csv(os.path.join(prepared, "private", "test.csv"), float_precision="round_trip")
sample = pd.read_csv(os.path.join(prepared, "public", "sample_submission.csv"), float_precision="round_trip")
n = len(answers)
rs = np.random.RandomState(1)


class Invalid(Exception):
    pass


def grade(sub, ans):
    if "Id" not in sub.columns:
        raise Invalid("id")
    if "Tags" not in sub.columns:
        raise Invalid("tags")
    if len(sub) != len(ans):
        raise Invalid("length")
    sub = sub.sort_values("Id").reset_index(drop=True)
    ans = ans.sort_values("Id").reset_index(drop=True)
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids")
    vocab = sorted({t for v in ans["Tags"] if isinstance(v, str) for t in v.split()})
    mlb = MultiLabelBinarizer(classes=vocab)
    y_true = mlb.fit_transform(ans["Tags"].fillna("").str.split())
    y_pred = mlb.transform(sub["Tags"].fillna("").str.split())
    return float(f1_score(y_true, y_pred, average="micro"))


ids = answers["Id"]
truth = answers["Tags"].fillna("")
vocab = sorted({t for v in truth for t in v.split()})
perm = rs.permutation(n)


def half(v):
    toks = v.split()
    keep = [t for k, t in enumerate(toks) if k % 2 == 0]
    extra = [vocab[rs.randint(len(vocab))]]
    return " ".join(keep + extra)


rand_tags = [" ".join(rs.choice(vocab, size=rs.randint(0, 4), replace=False)) for _ in range(n)]
subs = {
    "perfect.csv": answers[["Id", "Tags"]],
    "sample.csv": sample,
    "random_shuffled.csv": pd.DataFrame({"Id": ids, "Tags": rand_tags}).iloc[perm],
    "half_plus_one.csv": pd.DataFrame({"Tags": [half(v) for v in truth], "Id": ids}),
    "unknown_tags.csv": pd.DataFrame({"Id": ids, "Tags": [v + " not-a-real-tag zzz" for v in truth]}),
    "only_unknown.csv": pd.DataFrame({"Id": ids, "Tags": "zzz qqq"}),
    "numeric_tags.csv": pd.DataFrame({"Id": ids, "Tags": np.arange(n)}),
    "extra_column.csv": pd.DataFrame({"x": 1, "Id": ids, "Tags": truth}),
}
texts = {
    "all_empty_tags.csv": "Id,Tags\n" + "".join(f"{i},\n" for i in ids),
    "some_empty.csv": "Id,Tags\n" + "".join(f"{i},{'' if k % 3 == 0 else t}\n" for k, (i, t) in enumerate(zip(ids, truth))),
    "whitespace_tabs.csv": "Id,Tags\n" + "".join(f'{i},"  {chr(9).join(t.split())}  {t} "\n' for i, t in zip(ids, truth)),
    "missing_id.csv": "id,Tags\n" + "".join(f"{i},java\n" for i in ids),
    "missing_tags.csv": "Id,tags\n" + "".join(f"{i},java\n" for i in ids),
    "short.csv": "Id,Tags\n" + "".join(f"{i},java\n" for i in ids[:-1]),
    "duplicate_id.csv": "Id,Tags\n" + "".join(f"{ids.iloc[0] if k == 1 else i},java\n" for k, i in enumerate(ids)),
    "wrong_id.csv": "Id,Tags\n" + "".join(f"{99999999 if k == 1 else i},java\n" for k, i in enumerate(ids)),
    "text_id.csv": "Id,Tags\n" + "".join(f"{'abc' if k == 1 else i},java\n" for k, i in enumerate(ids)),
    "bool_tags.csv": "Id,Tags\n" + "".join(f"{i},{k % 2 == 0}\n" for k, i in enumerate(ids)),
    "empty.csv": "",
}
for name, df in subs.items():
    df.to_csv(os.path.join(subdir, name), index=False)
for name, text in texts.items():
    with open(os.path.join(subdir, name), "w") as f:
        f.write(text)

scores = {}
for name in sorted(os.listdir(subdir)):
    path = os.path.join(subdir, name)
    try:
        try:
            sub = pd.read_csv(path, float_precision="round_trip")
        except pd.errors.EmptyDataError:
            sub = pd.DataFrame()
        scores[name] = {"score": grade(sub, answers), "error": None}
    except Invalid as e:
        scores[name] = {"score": None, "error": "invalid"}
    except Exception as e:
        scores[name] = {"score": None, "error": type(e).__name__}
with open(os.path.join(out, "reference_scores.json"), "w") as f:
    json.dump(scores, f, indent=2, sort_keys=True)
    f.write("\n")
print(json.dumps(scores, indent=2, sort_keys=True))
