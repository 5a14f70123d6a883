import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import cross_val_score

# Load the data
train = pd.read_csv("/kaggle/input/spaceship-titanic/train.csv")
test = pd.read_csv("/kaggle/input/spaceship-titanic/test.csv")


def split_cabin(df):
    parts = df["Cabin"].str.split("/", expand=True)
    df["Deck"] = parts[0]
    df["Num"] = pd.to_numeric(parts[1], errors="coerce")
    df["Side"] = parts[2]
    return df.drop(columns=["Cabin"])


def age_band(df):
    df["AgeBand"] = pd.cut(df["Age"], bins=[0, 12, 18, 30, 50, 80], labels=False)
    return df


def add_spending(df):
    cols = ["RoomService", "FoodCourt", "ShoppingMall", "Spa", "VRDeck"]
    df[cols] = df[cols].fillna(0)
    df["TotalSpend"] = df[cols].sum(axis=1)
    df["NoSpend"] = (df["TotalSpend"] == 0).astype(int)
    return df


for frame in (train, test):
    frame = split_cabin(frame)

train = add_spending(split_cabin(train))
test = add_spending(split_cabin(test))

features = ["HomePlanet", "CryoSleep", "Deck", "Side", "Destination", "VIP"]
numeric = ["Age", "Num", "TotalSpend", "NoSpend"]
X = pd.get_dummies(train[features + numeric], columns=features)
X_test = pd.get_dummies(test[features + numeric], columns=features)
X_test = X_test.reindex(columns=X.columns, fill_value=0)
X = X.fillna(X.median())
X_test = X_test.fillna(X.median())
y = train["Transported"]

model = RandomForestClassifier(n_estimators=500, min_samples_leaf=2, random_state=0)
model.set_params(n_jobs=-1)
scores = cross_val_score(model, X, y, cv=5)
print(scores)
print(np.mean(scores), np.std(scores))
model.fit(X, y)
predictions = model.predict(X_test)
submission = pd.DataFrame({"PassengerId": test["PassengerId"], "Transported": predictions})
submission.to_csv("submission.csv", index=False)
