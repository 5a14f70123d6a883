"""Independent pandas/sklearn implementation of the spec's prepare steps.

Run once on the seed-0 fake raw data:
    /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
and record the MD5s of OUT_DIR/{public,private}/* in golden_md5.json.
"""
import hashlib, json, os, sys
import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
os.makedirs(f"{out}/public", exist_ok=True)
os.makedirs(f"{out}/private", exist_ok=True)
dtypes = {"id": "int32", "breath_id": "int32", "R": "int8", "C": "int8",
          "time_step": "float64", "u_in": "float64", "u_out": "int8", "pressure": "float64"}
df = pd.read_csv(f"{raw}/train.csv", dtype=dtypes, float_precision="round_trip")
groups = [list(g.index) for _, g in df.groupby("breath_id")]
train_g, test_g = train_test_split(groups, test_size=0.1, random_state=0)
new_train = df.loc[[i for g in train_g for i in g]].copy()
new_test = df.loc[[i for g in test_g for i in g]].copy()
new_train["id"] = range(1, len(new_train) + 1)
new_test["id"] = range(1, len(new_test) + 1)
assert set(new_train.breath_id).isdisjoint(set(new_test.breath_id))
no_labels = new_test.drop(columns=["pressure"])
sample = new_test[["id"]].copy()
sample["pressure"] = 0
kw = dict(index=False, float_format="%.10g")
new_train.to_csv(f"{out}/public/train.csv", **kw)
no_labels.to_csv(f"{out}/public/test.csv", **kw)
sample.to_csv(f"{out}/public/sample_submission.csv", **kw)
new_test.to_csv(f"{out}/private/test.csv", **kw)
md5 = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(f"{out}/{sub}")):
        md5[f"{sub}/{name}"] = hashlib.md5(open(f"{out}/{sub}/{name}", "rb").read()).hexdigest()
json.dump(md5, open("golden_md5.json", "w"), indent=2, sort_keys=True)
# MAE of the all-zero sample over u_out == 0 rows (sklearn).
from sklearn.metrics import mean_absolute_error
ans = pd.read_csv(f"{out}/private/test.csv")
keep = ans[ans.u_out == 0]
print("sample MAE", repr(mean_absolute_error(keep.pressure, [0] * len(keep))))
