"""Golden scores with scikit-learn (run once): writes scores.json.

random.csv: shuffled rows, float ids (1.0, ...), random pressures.
"""
import json
import numpy as np
import pandas as pd
from sklearn.metrics import mean_absolute_error

ans = pd.read_csv("answers.csv")
rs = np.random.RandomState(1)
rnd = pd.DataFrame({"id": ans.id.astype(float), "pressure": rs.normal(5, 10, len(ans))})
rnd = rnd.iloc[rs.permutation(len(rnd))]
rnd.to_csv("random.csv", index=False)

def grade(sub):
    s = sub.sort_values("id").reset_index(drop=True)
    a = ans.sort_values("id").reset_index(drop=True)
    assert (s.id.values == a.id.values).all()
    keep = a.u_out == 0
    return float(mean_absolute_error(a.pressure[keep], s.pressure[keep]))

scores = {n: grade(pd.read_csv(n + ".csv")) for n in ("answers", "sample", "random")}
json.dump(scores, open("scores.json", "w"), indent=2, sort_keys=True)
print(scores)
