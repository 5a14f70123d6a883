"""Builds the aggregate fixture (project/) and the expected stdout of each
case (<case>.stdout) from environment-and-agents.md §3.2: report files in
sorted path order, each file's reports sorted by competition id; seed k =
the k-th report of every split competition; percentages n / T * 100;
numpy mean, scipy sem (ddof 1), mean -+ 1.96 sem; printed as
"Seed <k+1>: SeedMetrics(...)", "------", "Average metrics across seeds:",
json.dumps(indent=2). Run with Debian's /usr/bin/python3 from this
directory."""
import json
import os
import random
from pathlib import Path

import numpy as np
from scipy import stats

root = Path("project")
runs = root / "runs"
split_ids = ["comp-b", "comp-a", "comp-d", "comp-c", "comp-e", "comp-g", "comp-f"]
rng = random.Random(7)


def report(cid):
    exists = rng.random() < 0.9
    valid = exists and rng.random() < 0.9
    medal = rng.choice(["gold", "silver", "bronze", None, None]) if valid else None
    return {
        "competition_id": cid,
        "score": 0.5,
        "gold_threshold": 1.0, "silver_threshold": 0.9, "bronze_threshold": 0.8, "median_threshold": 0.5,
        "any_medal": medal is not None,
        "gold_medal": medal == "gold", "silver_medal": medal == "silver", "bronze_medal": medal == "bronze",
        "above_median": valid and rng.random() < 0.6,
        "submission_exists": exists, "valid_submission": valid,
        "is_lower_better": False, "created_at": "2024-10-08T00:00:00", "submission_path": "x.csv",
    }


def write_group(name, seeds, skip=()):
    reps = [report(c) for _ in range(seeds) for c in split_ids if c not in skip]
    reps.append(report("not-in-split"))
    d = runs / name
    d.mkdir(parents=True, exist_ok=True)
    doc = {"total_runs": len(reps), "competition_reports": reps}
    (d / "2024-10-08T10-00-00-GMT_grading_report.json").write_text(json.dumps(doc, indent=2))


write_group("2024-10-08T00-00-00-GMT_run-group_a", 2)
write_group("2024-10-09T00-00-00-GMT_run-group_b", 1, skip=("comp-f",))
(runs / "empty-group").mkdir(parents=True, exist_ok=True)
(runs / "empty-group" / "README").write_text("no grading report here\n")
(runs / "run_group_experiments.csv").write_text(
    "experiment_id,run_group\n"
    "exp1,2024-10-09T00-00-00-GMT_run-group_b\n"
    "\n"
    "exp1 , 2024-10-08T00-00-00-GMT_run-group_a \n"
    "exp1,missing-group\n"
    "exp1,empty-group\n"
    "exp2,2024-10-08T00-00-00-GMT_run-group_a\n"
)
(root / "experiments" / "splits").mkdir(parents=True, exist_ok=True)
(root / "experiments" / "splits" / "custom.txt").write_text("\n".join(f"  {c} " for c in split_ids) + "\n\n")

FLAGS = ["gold_medal", "silver_medal", "bronze_medal", "above_median", "submission_exists", "valid_submission"]


def load(paths):
    out = []
    for p in sorted(paths):
        doc = json.loads(Path(p).read_text())
        for r in sorted(doc["competition_reports"], key=lambda r: str(r["competition_id"])):
            out.append({"id": str(r["competition_id"]), **{k: bool(r[k]) for k in FLAGS}})
    return out


def aggregate(reports, ids, num_seeds=-1, pad=False, notices=()):
    per = {}
    for r in reports:
        per.setdefault(r["id"], []).append(r)
    counts = [len(per.get(c, [])) for c in ids]
    avail = max(counts) if pad else min(counts)
    n_seeds = avail if num_seeds == -1 else min(num_seeds, avail)
    lines = list(notices)
    seeds = []
    for k in range(n_seeds):
        rows = [per[c][k] if k < len(per.get(c, [])) else {f: False for f in FLAGS} for c in ids]
        t = len(rows)
        cnt = lambda f: sum(1 for r in rows if f(r))
        m = {
            "total_competitions": t,
            "submission_exists_percentage": cnt(lambda r: r["submission_exists"]) / t * 100,
            "valid_submissions_percentage": cnt(lambda r: r["valid_submission"]) / t * 100,
            "above_median_percentage": cnt(lambda r: r["above_median"]) / t * 100,
            "gold_medal_percentage": cnt(lambda r: r["gold_medal"]) / t * 100,
            "silver_medal_percentage": cnt(lambda r: r["silver_medal"]) / t * 100,
            "bronze_medal_percentage": cnt(lambda r: r["bronze_medal"]) / t * 100,
            "any_medal_percentage": cnt(lambda r: r["gold_medal"] or r["silver_medal"] or r["bronze_medal"]) / t * 100,
        }
        seeds.append(m)
        lines.append(f"Seed {k + 1}: SeedMetrics(" + ", ".join(f"{key}={val!r}" for key, val in m.items()) + ")")
    metrics = {}
    for key in seeds[0]:
        vals = [float(s[key]) for s in seeds]
        mean = float(np.mean(vals))
        sem = float(stats.sem(vals, ddof=1)) if len(vals) > 1 else 0.0
        metrics[key] = {"mean": mean, "ci_lower": mean - 1.96 * sem, "ci_upper": mean + 1.96 * sem, "standard_error": sem}
    lines.append("------\nAverage metrics across seeds:")
    lines.append(json.dumps({"num_seeds_averaged": len(seeds), "num_competitions_per_seed": len(ids), "metrics": metrics}, indent=2))
    return "\n".join(lines) + "\n"


ids = [c.strip() for c in (root / "experiments/splits/custom.txt").read_text().splitlines() if c.strip()]
a = str(runs / "2024-10-08T00-00-00-GMT_run-group_a" / "2024-10-08T10-00-00-GMT_grading_report.json")
b = str(runs / "2024-10-09T00-00-00-GMT_run-group_b" / "2024-10-08T10-00-00-GMT_grading_report.json")
cases = {
    # run groups sorted: 2024-10-08..._a, 2024-10-09..._b, empty-group, missing-group
    "experiment-id": aggregate(load([a, b]), ids, pad=True, notices=[
        "No grading report found for run group empty-group; skipping.",
        "Run group directory missing, skipping: missing-group",
    ]),
    "grading-reports": aggregate(load([b, a]), ids, pad=True),
    "num-seeds": aggregate(load([a, b]), ids, num_seeds=2, pad=True),
    "complete-seeds": aggregate(load([a]), ids),
}
for name, out in cases.items():
    Path(f"{name}.stdout").write_text(out)
