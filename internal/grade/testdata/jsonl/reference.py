"""Expected reading of paths.jsonl (run once with /usr/bin/python3): per
line, str() of the submission_path value as json.loads gives it, and the
text of pathlib.Path of that (what the report holds and the checks use),
tab-separated, one line each."""
import json
from pathlib import Path

with open("paths.jsonl") as f, open("paths.golden", "w") as out:
    for line in f:
        v = json.loads(line.strip())["submission_path"]
        s = str(v)
        out.write(json.dumps([s, str(Path(s))]) + "\n")
