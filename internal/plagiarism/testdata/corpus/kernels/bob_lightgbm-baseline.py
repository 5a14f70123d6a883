import lightgbm as lgb
import pandas as pd
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("../input/spaceship-titanic/train.csv")
test = pd.read_csv("../input/spaceship-titanic/test.csv")
target = train.pop("Transported").astype(int)

for df in [train, test]:
    df["Group"] = df["PassengerId"].str[:4].astype(int)
    df["CryoSleep"] = df["CryoSleep"].astype(float)
    df["VIP"] = df["VIP"].astype(float)
    for c in ["HomePlanet", "Destination", "Cabin"]:
        df[c] = df[c].astype("category")

feats = [c for c in train.columns if c not in ("PassengerId", "Name")]
oof = pd.Series(0.0, index=train.index)
preds = pd.Series(0.0, index=test.index)
folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
params = {"objective": "binary", "learning_rate": 0.03, "num_leaves": 31, "verbose": -1}
for fold, (tr, va) in enumerate(folds.split(train, target)):
    dtr = lgb.Dataset(train.loc[tr, feats], target[tr])
    dva = lgb.Dataset(train.loc[va, feats], target[va])
    booster = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[va] = booster.predict(train.loc[va, feats])
    preds += booster.predict(test[feats]) / folds.n_splits
    print(f"fold {fold}: {((oof[va] > 0.5) == target[va]).mean():.4f}")

print("OOF accuracy", ((oof > 0.5) == target).mean())
pd.DataFrame({"PassengerId": test["PassengerId"], "Transported": preds > 0.5}).to_csv("submission.csv", index=False)
