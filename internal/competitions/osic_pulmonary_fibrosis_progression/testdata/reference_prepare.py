"""Independent pandas/sklearn implementation of the spec's prepare steps and
metric. Run once on the seed-0 fake raw data:
    /usr/bin/python3 reference_prepare.py RAW_DIR OUT_DIR
Writes golden_md5.json (every prepared file, DICOM copies included),
answers.csv, sample.csv, random.csv, partial.csv and scores.json.
"""
import hashlib, json, os, shutil, sys
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = f"{out}/public", f"{out}/private"
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)
df = pd.read_csv(f"{raw}/train.csv", float_precision="round_trip")
groups = [(p, g) for p, g in df.groupby("Patient")]
train_g, test_g = train_test_split(groups, test_size=0.1, random_state=0)
new_train = pd.concat([g for _, g in train_g])
new_test = pd.concat([g for _, g in test_g])
public_test = new_test.sort_values("Weeks").groupby("Patient").first().reset_index()
public_test = public_test[["Patient", "Weeks", "FVC", "Percent", "Age", "Sex", "SmokingStatus"]]
wmin, wmax = new_test.Weeks.min(), new_test.Weeks.max()
grid = pd.DataFrame([(p, w) for p in new_test.Patient.unique() for w in range(wmin, wmax + 1)],
                    columns=["Patient", "Weeks"])
private = grid.merge(new_test, on=["Patient", "Weeks"], how="left")
private["Patient_Week"] = private.Patient + "_" + private.Weeks.astype(str)
private["Confidence"] = 100
assert private.Patient.value_counts().nunique() == 1
sample = pd.DataFrame({"Patient_Week": private.Patient_Week, "FVC": 2000, "Confidence": 100})
new_train.to_csv(f"{pub}/train.csv", index=False)
public_test.to_csv(f"{pub}/test.csv", index=False)
private.to_csv(f"{priv}/test.csv", index=False)
sample.to_csv(f"{pub}/sample_submission.csv", index=False)
for part, gs in (("train", train_g), ("test", test_g)):
    for p, _ in gs:
        shutil.copytree(f"{raw}/train/{p}", f"{pub}/{part}/{p}")

md5 = {}
for root, _, files in os.walk(out):
    for f in files:
        p = os.path.join(root, f)
        md5[os.path.relpath(p, out)] = hashlib.md5(open(p, "rb").read()).hexdigest()
json.dump(md5, open("golden_md5.json", "w"), indent=2, sort_keys=True)

# Metric, as the spec describes it.
def grade(sub, ans):
    sub = sub.copy()
    sub["Confidence"] = sub.Confidence.fillna(0)
    a = ans.dropna(subset=["FVC"]).copy()
    a["w"] = a.Patient_Week.str.rsplit("_", n=1).str[-1].astype(int)
    a = a.sort_values("w", kind="stable").groupby("Patient").tail(3)
    s = sub[sub.Patient_Week.isin(a.Patient_Week)].sort_values("Patient_Week")
    a = a.sort_values("Patient_Week")
    t = a[a.Patient_Week.isin(s.Patient_Week)].FVC.values
    sigma = np.maximum(s.Confidence.values, 70)
    delta = np.minimum(np.abs(t - s.FVC.values), 1000)
    return float(np.mean(-(np.sqrt(2) * delta) / sigma - np.log(np.sqrt(2) * sigma)))

ans = pd.read_csv(f"{priv}/test.csv")
ans.to_csv("answers.csv", index=False)
sample.to_csv("sample.csv", index=False)
rs = np.random.RandomState(7)
rnd = pd.DataFrame({"Patient_Week": ans.Patient_Week,
                    "FVC": np.round(rs.normal(2500, 600, len(ans)), 3),
                    "Confidence": np.round(rs.uniform(-50, 400, len(ans)), 2)}).iloc[rs.permutation(len(ans))]
rnd.to_csv("random.csv", index=False)
part = rnd.iloc[::3].copy()
part.loc[part.index[0], "Confidence"] = np.nan
part.to_csv("partial.csv", index=False)
scores = {n: grade(pd.read_csv(n + ".csv"), ans) for n in ("answers", "sample", "random", "partial")}
json.dump(scores, open("scores.json", "w"), indent=2, sort_keys=True)
print(scores)
