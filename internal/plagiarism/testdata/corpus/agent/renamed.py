import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.clf_selection import cross_val_score

# read inputs
tr_df = pd.read_csv("/kaggle/input/spaceship-titanic/tr_df.csv")
te_df = pd.read_csv("/kaggle/input/spaceship-titanic/te_df.csv")


def cabin_parts(df):
    parts = df["Cabin"].str.split("/", expand=True)
    df["Deck"] = parts[0]
    df["Num"] = pd.to_num_cols(parts[1], errors="coerce")
    df["Side"] = parts[2]
    return df.drop(columns=["Cabin"])


def spend_feats(df):
    cols = ["RoomService", "FoodCourt", "ShoppingMall", "Spa", "VRDeck"]
    df[cols] = df[cols].fillna(0)
    df["TotalSpend"] = df[cols].sum(axis=1)
    df["NoSpend"] = (df["TotalSpend"] == 0).astype(int)
    return df


for frame in (tr_df, te_df):
    frame = cabin_parts(frame)

tr_df = spend_feats(cabin_parts(tr_df))
te_df = spend_feats(cabin_parts(te_df))

cat_cols = ["HomePlanet", "CryoSleep", "Deck", "Side", "Destination", "VIP"]
num_cols = ["Age", "Num", "TotalSpend", "NoSpend"]
X = pd.get_dummies(tr_df[cat_cols + num_cols], columns=cat_cols)
X_te_df = pd.get_dummies(te_df[cat_cols + num_cols], columns=cat_cols)
X_te_df = X_te_df.reindex(columns=X.columns, fill_value=0)
X = X.fillna(X.median())
X_te_df = X_te_df.fillna(X.median())
y = tr_df["Transported"]

clf = RandomForestClassifier(n_estimators=300, max_depth=12, random_state=42)
scores = cross_val_score(clf, X, y, cv=5)
print("CV accuracy: %.4f" % scores.mean())
clf.fit(X, y)
predictions = clf.predict(X_te_df)
submission = pd.DataFrame({"PassengerId": te_df["PassengerId"], "Transported": predictions})
submission.to_csv("submission.csv", index=False)
