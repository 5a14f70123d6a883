"""Reference preparation for h-and-m-personalized-fashion-recommendations
(spec: Prepare), written independently of the Go code with pandas + shutil,
loading the whole file as the original does, run ONCE with Debian's
/usr/bin/python3 on the seed-0 fake raw data:

    go test ./internal/competitions/h_and_m_personalized_fashion_recommendations -run TestWriteFakeRaw -args -fakeraw-out RAW
    /usr/bin/python3 reference_prepare.py RAW OUT

Writes golden_md5.json next to this script ({relative path: md5} of every
prepared file, the image tree included). pandas 1.5's read_csv/to_csv,
groupby and to_datetime behave here as in the pinned 2.2.
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import pandas as pd


def prepare(raw: Path, public: Path, private: Path):
    df = pd.read_csv(raw / "transactions_train.csv", float_precision="round_trip")
    df["purchase_id"] = df["customer_id"] + "_" + df["article_id"].astype(str) + "_" + df["t_dat"]
    df["t_dat_parsed"] = pd.to_datetime(df["t_dat"])
    max_date = df["t_dat_parsed"].max()
    df["in_last_7_days"] = df["t_dat_parsed"] >= max_date - pd.Timedelta(days=7)
    train = df[~df["in_last_7_days"]]
    test = df[df["in_last_7_days"]]
    assert not test["purchase_id"].isin(train["purchase_id"]).any()
    train = train.drop(columns=["purchase_id", "t_dat_parsed", "in_last_7_days"])
    assert list(train.columns) == ["t_dat", "customer_id", "article_id", "price", "sales_channel_id"]
    answers = (
        test.groupby("customer_id")["article_id"]
        .apply(lambda s: " ".join(s.astype(str)))
        .reset_index()
        .rename(columns={"article_id": "prediction"})
    )
    assert answers["customer_id"].is_unique
    assert list(answers.columns) == ["customer_id", "prediction"]
    shutil.copy(raw / "sample_submission.csv", public / "sample_submission.csv")
    answers.to_csv(private / "answers.csv", index=False)
    train.to_csv(public / "transactions_train.csv", index=False)
    shutil.copy(raw / "articles.csv", public / "articles.csv")
    shutil.copy(raw / "customers.csv", public / "customers.csv")
    shutil.copytree(raw / "images", public / "images")
    return len(train), len(test), max_date


def main():
    raw, out = Path(sys.argv[1]), Path(sys.argv[2])
    prepared = out / "prepared"
    public, private = prepared / "public", prepared / "private"
    public.mkdir(parents=True)
    private.mkdir(parents=True)
    print("train, test, max date:", prepare(raw, public, private))
    sums = {}
    for p in sorted(prepared.rglob("*")):
        if p.is_file():
            sums[str(p.relative_to(prepared))] = hashlib.md5(p.read_bytes()).hexdigest()
    (Path(__file__).parent / "golden_md5.json").write_text(json.dumps(sums, indent=2, sort_keys=True) + "\n")


main()
