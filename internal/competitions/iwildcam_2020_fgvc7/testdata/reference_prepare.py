"""Independent reference for iwildcam-2020-fgvc7's prepare (spec: Prepare
1-11).

Usage: /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public and OUT_DIR/private, then prints the
reference_prepared.json layout {"files": {path: md5}}, every file listed.

Written from the spec with Debian's pandas 1.5 / numpy 1.24 / scikit-learn
1.2; DataFrame(list_of_dicts), to_dict("records"), train_test_split and the
legacy numpy RNG behave the same in pandas 2.2 / scikit-learn 1.5.
"""
import hashlib
import json
import os
import shutil
import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)
with open(os.path.join(raw, "iwildcam2020_train_annotations.json")) as f:
    train_json = json.load(f)
with open(os.path.join(raw, "iwildcam2020_test_information.json")) as f:
    test_json = json.load(f)

annotations = pd.DataFrame(train_json["annotations"])
images = pd.DataFrame(train_json["images"])
categories = pd.DataFrame(train_json["categories"])
test_categories = pd.DataFrame(test_json["categories"])

locations = images["location"].unique()
train_locs, test_locs = train_test_split(locations, test_size=0.22, random_state=0)
new_train_images = images[images["location"].isin(train_locs)]
new_test_images = images[images["location"].isin(test_locs)]
N = len(images)


def ratio():
    return len(new_test_images) / (N + len(new_test_images))


while ratio() < 0.22:
    loc = train_locs[-1]
    train_locs = train_locs[:-1]
    test_locs = np.append(test_locs, loc)
    new_train_images = images[images["location"].isin(train_locs)]
    new_test_images = images[images["location"].isin(test_locs)]
while ratio() > 0.22:
    loc = test_locs[-1]
    test_locs = test_locs[:-1]
    train_locs = np.append(train_locs, loc)
    new_train_images = images[images["location"].isin(train_locs)]
    new_test_images = images[images["location"].isin(test_locs)]

new_train_ids = new_train_images["id"].unique()
new_test_ids = new_test_images["id"].unique()
new_train_annotations = annotations[annotations["image_id"].isin(new_train_ids)]
new_test_annotations = annotations[annotations["image_id"].isin(new_test_ids)]
answers = new_test_annotations[["image_id", "category_id"]].rename(columns={"image_id": "Id", "category_id": "Category"})
sample = answers.copy()
np.random.seed(0)
sample["Category"] = np.random.randint(0, 676, size=len(sample))
assert not new_train_annotations["image_id"].isin(new_test_ids).any()
assert len(new_train_ids) + len(new_test_ids) == len(images)
assert set(train_locs).isdisjoint(set(test_locs))

new_train = {
    "annotations": new_train_annotations.to_dict(orient="records"),
    "images": new_train_images.to_dict(orient="records"),
    "categories": categories.to_dict(orient="records"),
    "info": train_json["info"],
}
assert set(new_train) == set(train_json)
new_test = {
    "images": new_test_images.to_dict(orient="records"),
    "categories": test_categories.to_dict(orient="records"),
    "info": test_json["info"],
}
assert set(new_test) == set(test_json)
answers.to_csv(os.path.join(priv, "answers.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)
with open(os.path.join(pub, "iwildcam2020_train_annotations.json"), "w") as f:
    json.dump(new_train, f)
with open(os.path.join(pub, "iwildcam2020_test_information.json"), "w") as f:
    json.dump(new_test, f)
shutil.copy(os.path.join(raw, "iwildcam2020_megadetector_results.json"), os.path.join(pub, "iwildcam2020_megadetector_results.json"))
for part, ids in (("train", new_train_ids), ("test", new_test_ids)):
    os.makedirs(os.path.join(pub, part), exist_ok=True)
    for i in ids:
        shutil.copy(os.path.join(raw, "train", f"{i}.jpg"), os.path.join(pub, part, f"{i}.jpg"))
    assert len(os.listdir(os.path.join(pub, part))) == len(ids)
print("locations", len(locations), "test", len(new_test_images), "of", N, file=sys.stderr)

files = {}
for root, _, names in os.walk(out):
    for name in names:
        p = os.path.join(root, name)
        with open(p, "rb") as f:
            files[os.path.relpath(p, out)] = hashlib.md5(f.read()).hexdigest()
print(json.dumps({"files": files}, indent=2, sort_keys=True))
