"""Independent reference for the Text Normalization Challenges' prepare
(specs: text-normalization-challenge-{english,russian}-language.md, Prepare 1-12).

Usage: python3 reference_prepare.py LANG RAW_DIR OUT_DIR     (LANG = en or ru)
Writes OUT_DIR/private/{answers,sample_submission}.csv and the three public
zips, then prints {relative path: md5} as JSON: the private CSVs by file, the
public zips by member ("public/<zip>:<member>"), since zip bytes carry
timestamps and are not reproducible.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2. Where they
differ from the pinned pandas 2.2 / scikit-learn 1.5 the spec wins: "None" is
a default NA string since pandas 2.0, so it is added to na_values here.
"""
import csv
import hashlib
import json
import os
import sys
import tempfile
import zipfile

import pandas as pd
from sklearn.model_selection import train_test_split

lang, raw, out = sys.argv[1], sys.argv[2], sys.argv[3]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

scratch = tempfile.mkdtemp()
for z in (f"{lang}_test_2.csv.zip", f"{lang}_train.csv.zip", f"{lang}_sample_submission_2.csv.zip"):
    zipfile.ZipFile(os.path.join(raw, z)).extractall(scratch)

df = pd.read_csv(os.path.join(scratch, f"{lang}_train.csv"), float_precision="round_trip", na_values=["None"])
unique_ids = df["sentence_id"].unique()
train_ids, test_ids = train_test_split(unique_ids, test_size=0.1, random_state=0)
new_train = df[df["sentence_id"].isin(train_ids)].copy()
answers = df[df["sentence_id"].isin(test_ids)].copy()
assert set(new_train["sentence_id"]).isdisjoint(set(answers["sentence_id"]))

# renumber sentence ids per part in order of first appearance
new_train["sentence_id"] = pd.factorize(new_train["sentence_id"])[0]
answers["sentence_id"] = pd.factorize(answers["sentence_id"])[0]

new_test = answers.drop(columns=["after", "class"])
answers["id"] = answers["sentence_id"].astype(str) + "_" + answers["token_id"].astype(str)
answers = answers[["id", "after"]]
sample = pd.DataFrame({
    "id": new_test["sentence_id"].astype(str) + "_" + new_test["token_id"].astype(str),
    "after": new_test["before"],
})
assert list(new_train.columns) == ["sentence_id", "token_id", "class", "before", "after"]
assert list(new_test.columns) == ["sentence_id", "token_id", "before"]
assert list(sample.columns) == ["id", "after"]
assert list(answers.columns) == ["id", "after"]
assert len(new_test) + len(new_train) == len(df)

kw = dict(index=False, quoting=csv.QUOTE_NONNUMERIC, quotechar='"')
answers.to_csv(os.path.join(priv, "answers.csv"), **kw)
sample.to_csv(os.path.join(priv, "sample_submission.csv"), **kw)
new_train.to_csv(os.path.join(pub, f"{lang}_train.csv"), **kw)
new_test.to_csv(os.path.join(pub, f"{lang}_test_2.csv"), **kw)
sample.to_csv(os.path.join(pub, f"{lang}_sample_submission_2.csv"), **kw)
for name in (f"{lang}_train.csv", f"{lang}_test_2.csv", f"{lang}_sample_submission_2.csv"):
    with zipfile.ZipFile(os.path.join(pub, name + ".zip"), "w") as zf:
        zf.write(os.path.join(pub, name), arcname=name)
    os.remove(os.path.join(pub, name))

sums = {}
for name in sorted(os.listdir(priv)):
    with open(os.path.join(priv, name), "rb") as f:
        sums[f"private/{name}"] = hashlib.md5(f.read()).hexdigest()
for name in sorted(os.listdir(pub)):
    with zipfile.ZipFile(os.path.join(pub, name)) as zf:
        for info in zf.infolist():
            assert info.compress_type == zipfile.ZIP_STORED
            sums[f"public/{name}:{info.filename}"] = hashlib.md5(zf.read(info)).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
