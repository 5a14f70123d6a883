"""Independent reference for stanford-covid-vaccine's prepare (spec: Prepare steps 1-10).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train.json,test.json,sample_submission.csv} and
OUT_DIR/private/test.csv, then prints {relative path: md5} as JSON.

Written from the spec with Debian's pandas 1.5.3 / numpy 1.24: read_json
(lines=True, ujson, precise_float=False, dtype inference), DataFrame.sample,
to_json(orient="records", lines=True) and to_csv(float_format="%.10f")
behave here as the spec describes for the pinned pandas 2.2, except that
pandas 1.5's to_json(lines=True) does not end the last line with "\n"
(pandas >= 2.0 does, as the spec says), so the script adds it.
"""
import hashlib
import json
import os
import sys

import pandas as pd

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

targets = ["reactivity", "deg_Mg_pH10", "deg_pH10", "deg_Mg_50C", "deg_50C"]
train = pd.read_json(os.path.join(raw, "train.json"), lines=True)
test = pd.read_json(os.path.join(raw, "test.json"), lines=True)
sample = pd.read_csv(os.path.join(raw, "sample_submission.csv"))

n_test = int(len(train) * 0.1)
drawn = train[train["SN_filter"] > 0].sample(n=n_test, random_state=0)
is_test = train.index.isin(drawn.index)
new_train = train[~is_test].copy()
new_test = train[is_test].copy()

records = []
for _, row in new_test.iterrows():
    n, k = row["seq_scored"], row["seq_length"]
    assert n < k
    for t in targets:
        assert len(row[t]) == n
    for j in range(k):
        rec = {"id_seqpos": f"{row['id']}_{j}"}
        for t in targets:
            rec[t] = row[t][j] if j < n else 0.0
        rec["keep"] = j < n
        records.append(rec)
answers = pd.DataFrame(records)
sample_cols = ["id_seqpos"] + targets
assert set(sample.columns) == set(sample_cols)
new_sample = answers[sample_cols].copy()
for t in targets:
    new_sample[t] = 0.0
assert len(answers) == len(new_sample) == len(new_test) * new_test["seq_length"].iloc[0]

new_train["index"] = range(len(new_train))
public_test = new_test[list(test.columns)].copy()
public_test["index"] = range(len(public_test))
assert set(new_train.columns) == set(train.columns)
assert set(public_test.columns) == set(test.columns)
assert not set(targets) & set(public_test.columns)
assert len(new_train) + len(new_test) == len(train)

answers.to_csv(os.path.join(priv, "test.csv"), index=False, float_format="%.10f")
new_sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False, float_format="%.10f")
for frame, name in ((new_train, "train.json"), (public_test, "test.json")):
    text = frame.to_json(orient="records", lines=True)
    if not text.endswith("\n"):
        text += "\n"
    with open(os.path.join(pub, name), "w") as f:
        f.write(text)

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
