"""The pandas / scikit-learn path of the original's grading of a ROC-AUC
competition (tabular-playground-series-may-2022: read_csv of the
submission and the answers, prepare_for_auroc_metric's checks and id sort,
roc_auc_score), for whole-process timing next to `mlebench grade-sample`:

    /usr/bin/time -v /usr/bin/python3 pandas_grade_rocauc.py SUBMISSION ANSWERS
"""
import sys

import pandas as pd
from sklearn.metrics import roc_auc_score

sub = pd.read_csv(sys.argv[1])
ans = pd.read_csv(sys.argv[2])
assert "id" in ans.columns and "target" in ans.columns
assert "id" in sub.columns and "target" in sub.columns
assert len(sub) == len(ans)
pd.to_numeric(sub["target"])
assert sub["target"].min() >= 0 and sub["target"].max() <= 1
sub = sub.sort_values("id")
ans = ans.sort_values("id")
assert not (sub["id"].values != ans["id"].values).any()
print(roc_auc_score(ans["target"].to_numpy(), sub["target"].to_numpy()))
