"""Independent reference for nfl-player-contact-detection's prepare (spec:
shared/spec/competitions/nfl-player-contact-detection.md), run once with
Debian's python3 (pandas 1.5, scikit-learn 1.2; both read floats with the
default "high" converter and split as the spec says) on the seed-0 fake raw
data:

    go test ./internal/competitions/nfl_player_contact_detection -run TestWriteFakeRaw -args -fakeraw-out /tmp/nfl/raw
    /usr/bin/python3 reference_prepare.py /tmp/nfl/raw /tmp/nfl/prepared > golden_md5.json
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split

raw, out = Path(sys.argv[1]), Path(sys.argv[2])
public, private = out / "public", out / "private"
for d in (public / "train", public / "test", private):
    d.mkdir(parents=True, exist_ok=True)

labels = pd.read_csv(raw / "train_labels.csv")
games = labels["game_play"].unique()
train_games, test_games = train_test_split(games, test_size=0.1, random_state=0)
new_train = labels[labels["game_play"].isin(train_games)]
new_test = labels[labels["game_play"].isin(test_games)]
assert set(new_train["contact_id"]).isdisjoint(set(new_test["contact_id"]))
new_train.to_csv(public / "train_labels.csv", index=False)
new_test.to_csv(private / "test.csv", index=False)

for name in ("baseline_helmets", "player_tracking", "video_metadata"):
    df = pd.read_csv(raw / f"train_{name}.csv")
    df[df["game_play"].isin(train_games)].to_csv(public / f"train_{name}.csv", index=False)
    df[df["game_play"].isin(test_games)].to_csv(public / f"test_{name}.csv", index=False)

for view in ("All29", "Endzone", "Sideline"):
    for gp in new_train["game_play"].unique():
        shutil.copy(raw / "train" / f"{gp}_{view}.mp4", public / "train" / f"{gp}_{view}.mp4")
    for gp in new_test["game_play"].unique():
        shutil.copy(raw / "train" / f"{gp}_{view}.mp4", public / "test" / f"{gp}_{view}.mp4")
assert len(list((public / "train").glob("*.mp4"))) == 3 * len(new_train["game_play"].unique())
assert len(list((public / "test").glob("*.mp4"))) == 3 * len(new_test["game_play"].unique())

pd.DataFrame({"contact_id": new_test["contact_id"], "contact": 0}).to_csv(
    public / "sample_submission.csv", index=False
)

sums = {}
for p in sorted(out.rglob("*")):
    if p.is_file():
        sums[str(p.relative_to(out))] = hashlib.md5(p.read_bytes()).hexdigest()
print(json.dumps(sums, indent=2, sort_keys=True))
