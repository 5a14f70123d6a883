# Reference grading for the spec's rules (VOC-style mAP with sklearn's
# average_precision_score), run once with Debian's /usr/bin/python3:
#   /usr/bin/python3 reference_grade.py   (from testdata/; writes grade/)
# grade/answers.csv is the seed-0 fake data's private/test.csv and
# grade/sample.csv its sample submission; grade/answers_one_box.csv is a
# one-row answer key for the all-true-positive assert. Each case is written
# to grade/<name>.csv, read with pandas defaults and graded; cases.json has
# the outcomes.
import json
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import average_precision_score

d = Path("grade")


class Invalid(Exception):
    pass


def parse(s):
    toks = s.strip().split()
    out = []
    for k in range(0, len(toks), 6):
        out.append((toks[k], float(toks[k + 1]), [float(t) for t in toks[k + 2:k + 6]]))
        if len(toks[k + 2:k + 6]) != 4:
            raise IndexError("list index out of range")
    return out


def iou(a, b):
    iw = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    ih = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return 0 if union <= 0 else inter / union


def metric(sub_rows, ans_rows):
    classes = sorted({g[0] for row in ans_rows for g in row})
    if not ans_rows or not classes:
        return 0.0
    aps = []
    for c in classes:
        y, s = [], []
        for sub, ans in zip(sub_rows, ans_rows):
            gts = [g[2] for g in ans if g[0] == c]
            used = [False] * len(gts)
            n = 0
            for lab, conf, box in sorted(sub, key=lambda g: g[1], reverse=True):
                if lab != c:
                    continue
                best, bi = 0.5, -1
                for j, gt in enumerate(gts):
                    if not used[j] and iou(box, gt) > best:
                        best, bi = iou(box, gt), j
                if bi >= 0:
                    used[bi] = True
                    y.append(1)
                else:
                    y.append(0)
                s.append(conf)
                n += 1
            for j in range(len(gts)):
                if not used[j]:
                    y.append(1)
                    s.append(0)
                    n += 1
            if n == 0:
                y.append(0)
                s.append(0)
        assert not all(v == 1 for v in y)
        aps.append(average_precision_score(y, s))
    return np.mean(aps)


def grade(sub, ans):
    if len(sub) != len(ans):
        raise Invalid()
    if "id" not in sub.columns or "PredictionString" not in sub.columns:
        raise Invalid()
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid()
    try:
        sub_rows = [parse(s) for s in sub["PredictionString"]]
        ans_rows = [parse(s) for s in ans["PredictionString"]]
        return metric(sub_rows, ans_rows)
    except Exception as e:  # every grading failure is invalid
        raise Invalid(repr(e))


ans_lines = (d / "answers.csv").read_text().strip().split("\n")[1:]
ids = [l.split(",")[0] for l in ans_lines]
ps = [l.split(",", 1)[1] for l in ans_lines]
n = len(ids)
sample_ps = [l.split(",", 1)[1] for l in (d / "sample.csv").read_text().strip().split("\n")[1:]]


def shift(p, dx, conf=None):
    g = p.split()
    out = []
    for k in range(0, len(g), 6):
        lab, c, *box = g[k:k + 6]
        box = [float(b) for b in box]
        if box != [0, 0, 1, 1]:
            box = [box[0] + dx, box[1], box[2] + dx, box[3]]
        out += [lab, c if conf is None else conf] + [repr(b) for b in box]
    return " ".join(out)


def csv(vals, idlist=None, header="id,PredictionString"):
    idlist = ids if idlist is None else idlist
    return header + "\n" + "".join(f"{a},{b}\n" for a, b in zip(idlist, vals))


(d / "answers_one_box.csv").write_text("id,PredictionString\nx_image,opacity 1 0 0 10 10\n")
cases = {
    "perfect": (csv(ps), "answers.csv"),
    "sample": (csv(sample_ps), "answers.csv"),
    "shifted boxes": (csv([shift(p, 600 if i % 3 else 40) for i, p in enumerate(ps)]), "answers.csv"),
    "confidences and false positives": (csv([shift(p, 0, conf=str(0.1 + 0.07 * i)) + f" opacity {round(0.05 + 0.09 * i, 6)} 10 10 400 400 negative 0.3 0 0 1 1" for i, p in enumerate(ps)]), "answers.csv"),
    "tied confidences": (csv([p + " opacity 0.5 0 0 2000 2000 opacity 0.5 1000 1000 3000 3000" for p in sample_ps]), "answers.csv"),
    "unknown labels ignored": (csv([p + " cat 0.9 0 0 1 1" for p in ps]), "answers.csv"),
    "reversed rows": ("id,PredictionString\n" + "".join(f"{a},{b}\n" for a, b in list(zip(ids, ps))[::-1]), "answers.csv"),
    "all true positives assert": ("id,PredictionString\nx_image,opacity 0.9 0 0 10 10\n", "answers_one_box.csv"),
    "row count": (csv(ps[:-1], ids[:-1]), "answers.csv"),
    "missing id": (csv(ps, header="image,PredictionString"), "answers.csv"),
    "missing PredictionString": (csv(ps, header="id,prediction"), "answers.csv"),
    "wrong id": (csv(ps, ids[:-1] + ["zzz_image"]), "answers.csv"),
    "float failure": (csv(["none x 0 0 1 1"] + ps[1:]), "answers.csv"),
    "token count": (csv(["none 1 0 0 1"] + ps[1:]), "answers.csv"),
    "empty cell": (csv([""] + ps[1:]), "answers.csv"),
    "NaN confidence": (csv(["negative nan 0 0 1 1" if p.startswith(("negative", "atypical", "indeterminate")) else p for p in ps]), "answers.csv"),
    "inf confidence": (csv([p.replace("opacity 1 ", "opacity inf ", 1) for p in ps]), "answers.csv"),
    "NaN confidence on an unknown label": (csv([p + " cat nan 0 0 1 1" for p in ps]), "answers.csv"),
}

out = {}
for name, (text, answers_file) in cases.items():
    (d / f"{name}.csv").write_text(text)
    sub = pd.read_csv(d / f"{name}.csv")
    ans = pd.read_csv(d / answers_file)
    entry = {"answers": answers_file}
    try:
        entry.update(outcome="valid", score=float(grade(sub, ans)))
    except Invalid as e:
        entry.update(outcome="invalid", reason=str(e))
    except Exception as e:
        entry.update(outcome="error", exception=type(e).__name__)
    out[name] = entry
(d / "cases.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
print(json.dumps(out, indent=1, sort_keys=True))
