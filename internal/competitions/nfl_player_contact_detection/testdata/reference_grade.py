"""Independent reference for nfl-player-contact-detection's grader (spec:
shared/spec/competitions/nfl-player-contact-detection.md), run once with
Debian's python3 (pandas 1.5, scikit-learn 1.2, whose matthews_corrcoef is
the 1.5 formula). It writes the submissions (derived from the seed-0
answers, prepared by reference_prepare.py) and their scores:

    /usr/bin/python3 reference_grade.py /tmp/nfl/prepared/private/test.csv . > reference_scores.json
"""
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import matthews_corrcoef


class InvalidSubmissionError(Exception):
    pass


def grade(submission, answers):
    assert "contact_id" in answers.columns and "contact" in answers.columns
    if not {"contact_id", "contact"}.issubset(submission.columns):
        raise InvalidSubmissionError("columns")
    if set(submission["contact_id"]) != set(answers["contact_id"]):
        raise InvalidSubmissionError("ids")
    if len(submission) != len(answers):
        raise InvalidSubmissionError("length")
    submission = submission.sort_values("contact_id")
    answers = answers.sort_values("contact_id")
    return matthews_corrcoef(y_true=answers["contact"], y_pred=submission["contact"])


answers_path, out = Path(sys.argv[1]), Path(sys.argv[2])
answers = pd.read_csv(answers_path)
rng = np.random.RandomState(7)
n = len(answers)
base = answers[["contact_id", "contact"]].copy()
subs = {}
subs["perfect"] = base
subs["sample_all_zero"] = base.assign(contact=0)
subs["all_one"] = base.assign(contact=1)
subs["random"] = base.assign(contact=rng.randint(0, 2, n))
flip = base["contact"].copy()
idx = rng.choice(n, n // 5, replace=False)
flip.iloc[idx] = 1 - flip.iloc[idx]
subs["twenty_percent_flipped"] = base.assign(contact=flip)
subs["inverted"] = base.assign(contact=1 - base["contact"])
subs["shuffled_rows_extra_column"] = base.assign(contact=flip, extra="x").sample(frac=1, random_state=3)
subs["float_labels"] = base.assign(contact=flip.astype(float))
subs["bool_labels"] = base.assign(contact=flip.astype(bool))
subs["three_classes"] = base.assign(contact=np.where(rng.rand(n) < 0.1, 2, flip))
subs["probabilities"] = base.assign(contact=rng.rand(n))
subs["nan_label"] = base.assign(contact=flip.astype(float)).copy()
subs["nan_label"].iloc[3, 1] = np.nan
subs["text_labels"] = base.assign(contact=np.where(flip == 1, "yes", "no"))
subs["2_missing_contact_column"] = base.rename(columns={"contact": "prediction"})
subs["2_missing_id_column"] = base.rename(columns={"contact_id": "id"})
changed = base.copy()
changed.iloc[0, 0] = changed.iloc[0, 0] + "x"
subs["3_an_id_changed"] = changed
subs["3_a_row_missing"] = base.iloc[1:]
subs["3_empty_id_cell"] = changed.assign(contact_id=[""] + list(base["contact_id"][1:]))
subs["4_a_row_repeated"] = pd.concat([base, base.iloc[:1]])
subs["4_ids_only_duplicates_missing"] = pd.concat([base.iloc[:-1], base.iloc[:1]])

(out / "submissions").mkdir(exist_ok=True)
scores = {}
for name, sub in subs.items():
    path = out / "submissions" / f"{name}.csv"
    sub.to_csv(path, index=False)
    s = pd.read_csv(path)
    try:
        v = grade(s, answers)
        scores[path.name] = {"score": float(v), "error": None, "type": type(v).__name__}
    except InvalidSubmissionError:
        scores[path.name] = {"score": None, "error": "invalid"}
    except Exception as e:  # noqa: BLE001 - any other exception is a null score
        scores[path.name] = {"score": None, "error": type(e).__name__}
print(json.dumps(scores, indent=2, sort_keys=True))
