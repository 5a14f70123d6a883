"""Independent reference for movie-review-sentiment-analysis-kernels-only's
prepare (spec: Prepare 1-8).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train.tsv.zip,test.tsv.zip,sampleSubmission.csv} and
OUT_DIR/private/answers.csv, then prints the reference_prepared.json layout:
{"files": {path: md5}, "zips": {path: {member: md5}}}.

Written from the spec with Debian's pandas 1.5 / scikit-learn 1.2 (Python
3.11). Differences from the pinned versions: pandas >= 2 also treats "None"
as NA (the fake data has no "None" phrase), and CPython >= 3.11.9's csv
module quotes a field holding a lone "\r" (no fake phrase has one).
"""
import hashlib
import json
import os
import shutil
import sys
import zipfile

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)
work = os.path.join(out, "raw_extracted")
with zipfile.ZipFile(os.path.join(raw, "train.tsv.zip")) as z:
    z.extractall(work)
old = pd.read_csv(os.path.join(work, "train.tsv"), sep="\t")
shutil.rmtree(work)
new_train, answers = train_test_split(old, test_size=0.3, random_state=0)
new_test = answers.drop("Sentiment", axis="columns")
sample = answers[["PhraseId"]].copy()
sample["Sentiment"] = 2
assert new_train["PhraseId"].is_unique and new_test["PhraseId"].is_unique
assert set(new_train["PhraseId"]).isdisjoint(set(new_test["PhraseId"]))
assert len(new_train) + len(new_test) == len(old)
assert new_train.columns.tolist() == old.columns.tolist()
assert new_test.columns.tolist() == ["PhraseId", "SentenceId", "Phrase"]
answers.to_csv(os.path.join(priv, "answers.csv"), index=False)
new_train.to_csv(os.path.join(pub, "train.tsv"), sep="\t", index=False)
new_test.to_csv(os.path.join(pub, "test.tsv"), sep="\t", index=False)
sample.to_csv(os.path.join(pub, "sampleSubmission.csv"), index=False)
for name in ("train.tsv", "test.tsv"):
    shutil.make_archive(os.path.join(pub, name), "zip", root_dir=pub, base_dir=name)
    os.remove(os.path.join(pub, name))


def md5(b):
    return hashlib.md5(b).hexdigest()


ref = {"files": {}, "zips": {}}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        p = os.path.join(out, sub, name)
        if name.endswith(".zip"):
            with zipfile.ZipFile(p) as z:
                ref["zips"][f"{sub}/{name}"] = {m: md5(z.read(m)) for m in z.namelist()}
        else:
            with open(p, "rb") as f:
                ref["files"][f"{sub}/{name}"] = md5(f.read())
print(json.dumps(ref, indent=2, sort_keys=True))
