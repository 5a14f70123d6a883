"""Golden grading values for nomad2018-predict-transparent-conductors,
computed once with scikit-learn: RMSLE per target as
sqrt(mean_squared_log_error) (Debian's 1.2.1; the pinned 1.5's
root_mean_squared_log_error is the same formula with the same negative-value
check), score = (formation + bandgap) / 2. Writes answers.csv, sub_*.csv and
scores.json next to this script.
"""
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_log_error

here = Path(__file__).parent
rs = np.random.RandomState(5)
n = 120
answers = pd.DataFrame({
    "id": np.arange(1, n + 1),
    "formation_energy_ev_natom": np.round(rs.rand(n) * 0.5, 4),
    "bandgap_energy_ev": np.round(rs.rand(n) * 5, 4),
})
answers.to_csv(here / "answers.csv", index=False)
subs = {
    "sub_sample": pd.DataFrame({"id": answers.id, "formation_energy_ev_natom": 0.1779, "bandgap_energy_ev": 1.8892}),
    "sub_noisy": pd.DataFrame({
        "id": answers.id,
        "formation_energy_ev_natom": np.abs(answers.formation_energy_ev_natom + rs.randn(n) * 0.05),
        "bandgap_energy_ev": np.abs(answers.bandgap_energy_ev + rs.randn(n) * 0.5),
    }),
    # no id column, columns in another order, zeros allowed
    "sub_noid_zeros": pd.DataFrame({"bandgap_energy_ev": np.zeros(n), "formation_energy_ev_natom": rs.rand(n)}),
}
scores = {}
for name, df in subs.items():
    df.to_csv(here / f"{name}.csv", index=False)
    s = pd.read_csv(here / f"{name}.csv", float_precision="round_trip")
    a = pd.read_csv(here / "answers.csv", float_precision="round_trip")
    parts = [np.sqrt(mean_squared_log_error(a[c], s[c])) for c in ["formation_energy_ev_natom", "bandgap_energy_ev"]]
    scores[name] = float((parts[0] + parts[1]) / 2)
(here / "scores.json").write_text(json.dumps(scores, indent=2, sort_keys=True) + "\n")
print(scores)
