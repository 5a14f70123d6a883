"""Golden grading cases for h-and-m-personalized-fashion-recommendations
(spec: Grade). Writes grade/answers.csv, grade/<case>.csv and
grade/cases.json next to this script; the Go test grades the same files.
Each case is graded by a transcription of the spec's checks and processing,
with an independent AP@k written from the spec's definition. Outcomes:
"valid" (with the score), "invalid" (InvalidSubmissionError) or "error".
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd

here = Path(__file__).parent / "grade"
here.mkdir(exist_ok=True)
rs = np.random.RandomState(7)
articles = [f"{rs.randint(100000, 950000)}{rs.randint(1, 30):03d}" for _ in range(40)]
customers = sorted({"".join(rs.choice(list("0123456789abcdef"), 64)) for _ in range(70)})
buyers = list(rs.choice(customers, 45, replace=False))
rows = []
for c in buyers:
    k = rs.randint(1, 16)
    bought = list(rs.choice(articles, k))
    if rs.rand() < 0.3:
        bought.insert(rs.randint(0, len(bought) + 1), bought[0])  # a repeat purchase
    rows.append({"customer_id": c, "prediction": " ".join(bought)})
answers = pd.DataFrame(rows).sort_values("customer_id")
answers.to_csv(here / "answers.csv", index=False)


class Invalid(Exception):
    pass


def apk(actual, predicted, k=12):
    if len(predicted) > k:
        predicted = predicted[:k]
    score, hits = 0.0, 0.0
    for i, p in enumerate(predicted):
        if p in actual and p not in predicted[:i]:
            hits += 1.0
            score += hits / (i + 1.0)
    if not actual:
        return 0.0
    return score / min(len(actual), k)


def grade(sub, ans):
    assert set(ans.columns) == {"customer_id", "prediction"}
    if set(sub.columns) != {"customer_id", "prediction"}:
        raise Invalid("columns")
    if not set(sub["customer_id"]).issuperset(set(ans["customer_id"])):
        raise Invalid("customers")
    sub = sub[sub["customer_id"].isin(ans["customer_id"])]
    sub = sub.sort_values("customer_id", kind="stable").reset_index(drop=True)
    ans = ans.sort_values("customer_id").reset_index(drop=True)
    truth = [set(str(x).split(" ")) for x in ans["prediction"]]
    preds = [str(x).split(" ") for x in sub["prediction"]]
    return np.mean([apk(a, p) for a, p in zip(truth, preds)])


cases = {}


def case(name, df=None, text=None):
    path = here / f"{name}.csv"
    if df is not None:
        df.to_csv(path, index=False)
    else:
        path.write_text(text)
    try:
        sub = pd.read_csv(path, float_precision="round_trip")
    except pd.errors.EmptyDataError:
        sub = pd.DataFrame()
    ans = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    try:
        cases[name] = {"outcome": "valid", "score": float(grade(sub, ans))}
    except Invalid:
        cases[name] = {"outcome": "invalid"}
    except Exception as e:  # noqa: BLE001
        cases[name] = {"outcome": "error", "python_error": f"{type(e).__name__}: {e}"}


def frame(ids, preds):
    return pd.DataFrame({"customer_id": ids, "prediction": preds})


truth = {r["customer_id"]: r["prediction"].split(" ") for r in rows}
dedup = {c: " ".join(dict.fromkeys(v)) for c, v in truth.items()}
padded = " ".join("0" + a for a in articles[:12])
case("perfect", answers)
case("sample_zero_padded", frame(customers, [padded] * len(customers)))
case("distinct_in_order", frame(list(dedup), list(dedup.values())))
rand = {c: " ".join(rs.choice(articles, 12)) for c in customers}
case("random_all_customers", frame(list(rand), list(rand.values())))
perm = rs.permutation(len(customers))
case("random_shuffled", frame([customers[i] for i in perm], [rand[customers[i]] for i in perm]))
case("buyers_only", frame(buyers, [rand[c] for c in buyers]))
case("zero_padded_truth", frame(list(dedup), [" ".join("0" + a for a in v.split(" ")) for v in dedup.values()]))
case("double_spaces", frame(list(dedup), [v.replace(" ", "  ") for v in dedup.values()]))
case("leading_space", frame(list(dedup), [" " + v for v in dedup.values()]))
case("thirty_predictions", frame(list(rand), [" ".join(rs.choice(articles, 30)) for _ in rand]))
case("single_token_ints", frame(list(dedup), [v.split(" ")[0] for v in dedup.values()]))
nan = [v.split(" ")[0] for v in dedup.values()]
nan[2] = np.nan
case("nan_prediction", frame(list(dedup), nan))
dup = frame(list(rand), list(rand.values()))
dup = pd.concat([dup.iloc[:5], dup.iloc[[list(rand).index(buyers[0])]], dup.iloc[5:]])  # buyers[0] twice
case("duplicated_buyer", dup)
case("missing_buyer", frame([c for c in customers if c != buyers[3]], [rand[c] for c in customers if c != buyers[3]]))
case("extra_column", frame(list(rand), list(rand.values())).assign(rank=1))
case("missing_prediction", pd.DataFrame({"customer_id": customers}))
case("renamed_column", pd.DataFrame({"customer": customers, "prediction": [rand[c] for c in customers]}))
case("empty_file", text="")
case("header_only", text="customer_id,prediction\n")

(here / "cases.json").write_text(json.dumps(cases, indent=2, sort_keys=True) + "\n")
print(json.dumps(cases, indent=1))
