"""Independent reference for random-acts-of-pizza's prepare (spec:
shared/spec/competitions/random-acts-of-pizza.md), run once on the seed-0
fake raw data to produce golden_md5.json:

    python3 reference_prepare.py RAW_DIR PUBLIC_DIR PRIVATE_DIR

The zips (public/train.zip, public/test.zip) carry file times and are not
part of the golden set; their member lists are checked by the Go test.
"""
import json
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw, public, private = (Path(p) for p in sys.argv[1:4])
public.mkdir(parents=True, exist_ok=True)
private.mkdir(parents=True, exist_ok=True)
with open(raw / "train.json") as f:
    old_train = json.load(f)
with open(raw / "test.json") as f:
    old_test = json.load(f)

test_ratio = len(old_test) / (len(old_train) + len(old_test))
all_fields = list(old_train[0].keys())
assert all(set(x.keys()) == set(all_fields) for x in old_train)
test_fields = list(old_test[0].keys())
assert all(set(x.keys()) == set(test_fields) for x in old_test)

new_train, new_test = train_test_split(old_train, test_size=test_ratio, random_state=0)
new_test_without_labels = [{k: x[k] for k in test_fields} for x in new_test]

with open(public / "train.json", "w") as f:
    json.dump(new_train, f, indent=4)
with open(public / "test.json", "w") as f:
    json.dump(new_test_without_labels, f, indent=4)
shutil.make_archive(str(public / "train"), "zip", public, "train.json")
shutil.make_archive(str(public / "test"), "zip", public, "test.json")

answers = pd.DataFrame(
    [{"request_id": x["request_id"], "requester_received_pizza": int(x["requester_received_pizza"])} for x in new_test]
)
answers.to_csv(private / "test.csv", index=False)
sample = answers.copy()
sample["requester_received_pizza"] = 0
sample.to_csv(public / "sampleSubmission.csv", index=False)

assert len(new_train) + len(new_test) == len(old_train)
assert len(new_test) == len(new_test_without_labels) == len(answers) == len(sample)
