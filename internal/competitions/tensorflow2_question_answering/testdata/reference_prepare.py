"""Reference preparation for tensorflow2-question-answering (spec: Prepare),
written independently of the Go code with pandas (read_json in chunks,
to_json) and scikit-learn's train_test_split, run ONCE with Debian's
/usr/bin/python3 on the seed-0 fake raw data:

    go test ./internal/competitions/tensorflow2_question_answering -run TestWriteFakeRaw -args -fakeraw-out RAW
    /usr/bin/python3 reference_prepare.py RAW OUT

Writes golden_md5.json next to this script ({relative path: md5} of every
prepared file). pandas 1.5's read_json/to_json (ujson) and scikit-learn
1.2's train_test_split give here what the pinned versions give.
"""
import hashlib
import json
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split


def prepare(raw: Path, public: Path, private: Path):
    src = raw / "simplified-nq-train.jsonl"
    with open(src) as f:
        n_lines = sum(1 for _ in f)
    n_train = n_test = 0
    gold_rows = []
    reader = pd.read_json(src, orient="records", lines=True, chunksize=1000)
    for chunk in reader:
        chunk["example_id"] = chunk["example_id"].astype(str)
        train, test = train_test_split(chunk, test_size=0.1, random_state=0)
        with open(public / "simplified-nq-train.jsonl", "a") as f:
            f.write(train.to_json(orient="records", lines=True))
        with open(private / "test.jsonl", "a") as f:
            f.write(test.to_json(orient="records", lines=True))
        view = test[["example_id", "question_text", "document_text", "long_answer_candidates"]]
        with open(public / "simplified-nq-test.jsonl", "a") as f:
            f.write(view.to_json(orient="records", lines=True))
        n_train += len(train)
        n_test += len(test)
        for _, row in test.iterrows():
            anns = row["annotations"]
            assert len(anns) == 1
            a = anns[0]
            if a["yes_no_answer"] != "NONE":
                short = a["yes_no_answer"]
            elif a["short_answers"]:
                short = f'{a["short_answers"][0]["start_token"]}:{a["short_answers"][0]["end_token"]}'
            else:
                short = ""
            la = a["long_answer"]
            long = f'{la["start_token"]}:{la["end_token"]}' if la["start_token"] != -1 else ""
            gold_rows.append((row["example_id"] + "_short", short))
            gold_rows.append((row["example_id"] + "_long", long))
    assert n_train + n_test == n_lines
    gold = pd.DataFrame(gold_rows, columns=["example_id", "PredictionString"])
    gold.to_csv(private / "gold_submission.csv", index=False)
    sample = gold.assign(PredictionString="")
    sample.to_csv(public / "sample_submission.csv", index=False)
    assert len(gold) == len(sample) == 2 * n_test
    return n_lines, n_train, n_test


def main():
    raw, out = Path(sys.argv[1]), Path(sys.argv[2])
    prepared = out / "prepared"
    public, private = prepared / "public", prepared / "private"
    public.mkdir(parents=True)
    private.mkdir(parents=True)
    print("lines, train, test:", prepare(raw, public, private))
    sums = {}
    for p in sorted(prepared.rglob("*")):
        if p.is_file():
            sums[str(p.relative_to(prepared))] = hashlib.md5(p.read_bytes()).hexdigest()
    (Path(__file__).parent / "golden_md5.json").write_text(json.dumps(sums, indent=2, sort_keys=True) + "\n")


main()
