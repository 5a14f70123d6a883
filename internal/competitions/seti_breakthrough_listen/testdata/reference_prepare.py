"""Independent pandas/sklearn implementation of the spec's prepare steps.

Run once on the seed-0 fake raw data:
    /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes golden_md5.json (every prepared file, .npy copies included) and
scores.json (sklearn roc_auc_score of the sample, the answers and a random
submission written to random.csv).
"""
import hashlib, json, os, shutil, sys
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

raw, out = sys.argv[1], sys.argv[2]
pub, priv = f"{out}/public", f"{out}/private"
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)
df = pd.read_csv(f"{raw}/train_labels.csv", float_precision="round_trip")
new_train, new_test = train_test_split(df, test_size=0.1, random_state=0)
new_train.to_csv(f"{pub}/train_labels.csv", index=False)
new_test.to_csv(f"{priv}/test.csv", index=False)
shutil.copytree(f"{raw}/old_leaky_data", f"{pub}/old_leaky_data", dirs_exist_ok=True)
for part, ids in (("train", new_train.id), ("test", new_test.id)):
    for i in ids:
        os.makedirs(f"{pub}/{part}/{i[0]}", exist_ok=True)
        shutil.copy(f"{raw}/train/{i[0]}/{i}.npy", f"{pub}/{part}/{i[0]}/{i}.npy")
sample = new_test.copy()
sample["target"] = 0.5
sample.to_csv(f"{pub}/sample_submission.csv", index=False)
assert not set(new_train.id) & set(new_test.id)

md5 = {}
for root, _, files in os.walk(out):
    for f in files:
        p = os.path.join(root, f)
        md5[os.path.relpath(p, out)] = hashlib.md5(open(p, "rb").read()).hexdigest()
json.dump(md5, open("golden_md5.json", "w"), indent=2, sort_keys=True)

ans = new_test.copy()
ans.to_csv("answers.csv", index=False)
rs = np.random.RandomState(3)
rnd = pd.DataFrame({"id": ans.id, "target": np.round(rs.rand(len(ans)), 2)}).iloc[rs.permutation(len(ans))]
rnd.to_csv("random.csv", index=False)
sample.to_csv("sample.csv", index=False)

def grade(sub):
    s, a = sub.sort_values("id"), ans.sort_values("id")
    assert (s.id.values == a.id.values).all()
    return float(roc_auc_score(a.target.values, s.target.values))

json.dump({n: grade(pd.read_csv(n + ".csv", float_precision="round_trip")) for n in ("answers", "sample", "random")},
          open("scores.json", "w"), indent=2, sort_keys=True)
