"""Independent reference for google-quest-challenge's prepare (spec: Prepare 1-8).

Usage: python3 reference_prepare.py RAW_DIR OUT_DIR
Writes OUT_DIR/public/{train,test,sample_submission}.csv and
OUT_DIR/private/test.csv, then prints {relative path: md5} as JSON.
Debian pandas 1.5 / scikit-learn 1.2 behave as pandas 2.2 / sklearn 1.5 here.
"""
import hashlib
import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = sys.argv[1], sys.argv[2]
pub, priv = os.path.join(out, "public"), os.path.join(out, "private")
os.makedirs(pub, exist_ok=True)
os.makedirs(priv, exist_ok=True)

CLASSES = """question_asker_intent_understanding question_body_critical question_conversational
question_expect_short_answer question_fact_seeking question_has_commonly_accepted_answer question_interestingness_others
question_interestingness_self question_multi_intent question_not_really_a_question question_opinion_seeking
question_type_choice question_type_compare question_type_consequence question_type_definition question_type_entity
question_type_instructions question_type_procedure question_type_reason_explanation question_type_spelling
question_well_written answer_helpful answer_level_of_information answer_plausible answer_relevance
answer_satisfaction answer_type_instructions answer_type_procedure answer_type_reason_explanation answer_well_written""".split()
old_train = pd.read_csv(os.path.join(raw, "train.csv"), float_precision="round_trip")
new_train, new_test = train_test_split(old_train, test_size=0.1, random_state=0)
if new_test["question_type_spelling"].nunique() == 1:
    r = new_train[new_train["question_type_spelling"] != 0].index[0]
    saved = new_test.iloc[0].copy()
    new_test.iloc[0] = new_train.loc[r]
    new_train.loc[r] = saved
    print("swapped", file=sys.stderr)
public_test = new_test.drop(columns=CLASSES)
private_test = new_test[["qa_id"] + CLASSES]
sample = private_test.copy()
for c in CLASSES:
    sample[c] = np.linspace(0, 1, len(sample))
assert public_test.shape[1] == 11 and new_train.shape[1] == 41
for c in CLASSES:
    assert private_test[c].nunique() > 1, c
assert len(new_train) + len(new_test) == len(old_train)
private_test.to_csv(os.path.join(priv, "test.csv"), index=False)
new_train.to_csv(os.path.join(pub, "train.csv"), index=False)
public_test.to_csv(os.path.join(pub, "test.csv"), index=False)
sample.to_csv(os.path.join(pub, "sample_submission.csv"), index=False)

sums = {}
for sub in ("public", "private"):
    for name in sorted(os.listdir(os.path.join(out, sub))):
        with open(os.path.join(out, sub, name), "rb") as f:
            sums[f"{sub}/{name}"] = hashlib.md5(f.read()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
