"""Independent reference for cdiscount-image-classification-challenge.

Follows the spec's prepare steps literally with pandas, scikit-learn and
pymongo's bson module (Debian's python3-bson, pymongo 3.11: decode_file_iter
and BSON.encode behave as in the original's pymongo >= 4.8 for these
documents), on the fake raw data the Go test helper writes:

    go test ./internal/competitions/cdiscount_image_classification_challenge/ -run TestWriteFakeRaw -args -fakeraw-out DIR
    /usr/bin/python3 testdata/reference_prepare.py DIR testdata

Writes testdata/golden_md5.json (every prepared file) and
testdata/reference_scores.json (accuracy of the sample submission, the
answers and a "random" submission: category = CATEGORIES[_id % 8]).
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import bson
import pandas as pd
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split

base, out_dir = Path(sys.argv[1]), Path(sys.argv[2])
raw = base / "raw"
prep = base / "prepared"
public, private = prep / "public", prep / "private"
if prep.exists():
    shutil.rmtree(prep)
public.mkdir(parents=True)
private.mkdir(parents=True)

rows = []
with open(raw / "train.bson", "rb") as f:
    for doc in bson.decode_file_iter(f):
        rows.append({"_id": doc["_id"], "category_id": doc["category_id"]})
old_train = pd.DataFrame(rows)
new_train, new_test = train_test_split(old_train, test_size=0.1, random_state=0)
answers = new_test.sort_values("_id")
sample = answers[["_id"]].copy()
sample["category_id"] = 1000010653
assert len(new_train) + len(new_test) == len(old_train)
assert set(new_train["_id"]).isdisjoint(set(new_test["_id"]))
answers.to_csv(private / "answers.csv", index=False)
sample.to_csv(public / "sample_submission.csv", index=False)


def write_filtered(dst, ids, drop=None, limit=None):
    n = 0
    with open(raw / "train.bson", "rb") as f, open(dst, "wb") as out:
        for doc in bson.decode_file_iter(f):
            if limit is not None and n >= limit:
                break
            if doc["_id"] in ids:
                if drop:
                    del doc[drop]
                out.write(bson.BSON.encode(doc))
                n += 1


train_ids, test_ids = set(new_train["_id"]), set(new_test["_id"])
write_filtered(public / "train.bson", train_ids)
write_filtered(public / "test.bson", test_ids, drop="category_id")
write_filtered(public / "train_example.bson", train_ids, limit=100)
for name in ["train.bson", "test.bson"]:
    with open(public / name, "rb") as f:
        for _ in bson.decode_file_iter(f):
            pass
shutil.copyfile(raw / "category_names.csv", public / "category_names.csv")

read_ids = lambda p: pd.DataFrame([{"_id": d["_id"], "category_id": d.get("category_id")} for d in bson.decode_file_iter(open(p, "rb"))])
assert read_ids(public / "train.bson").head(100).equals(read_ids(public / "train_example.bson"))

golden = {str(p.relative_to(prep)): hashlib.md5(p.read_bytes()).hexdigest() for p in sorted(prep.rglob("*")) if p.is_file()}
(out_dir / "golden_md5.json").write_text(json.dumps(golden, indent=2, sort_keys=True) + "\n")

CATEGORIES = [1000010653, 1000010667, 1000004079, 1000018290, 1000000041, 1000005613, 1000014202, 1000012993]
ans = pd.read_csv(private / "answers.csv").sort_values("_id")
sub = pd.read_csv(public / "sample_submission.csv").sort_values("_id")
rand = ans[["_id"]].copy()
rand["category_id"] = [CATEGORIES[i % 8] for i in rand["_id"]]
scores = {
    "Sample": accuracy_score(ans["category_id"], sub["category_id"]),
    "Gold": accuracy_score(ans["category_id"], ans["category_id"]),
    "Random": accuracy_score(ans["category_id"], rand["category_id"]),
}
(out_dir / "reference_scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(json.dumps(scores), len(old_train), len(new_test))
