#!/usr/bin/python3
"""Independent reference for the 3d-object-detection-for-autonomous-vehicles
grader (spec "Grade"), written from the spec and the documented formulas of
the libraries the original uses:

- pyquaternion is not packaged in Debian: the two functions the grader uses
  are re-implemented below from pyquaternion's documented formulas
  (Quaternion(axis=..., radians=...) and .rotation_matrix: normalise when
  |1 - q.q| >= 1e-14, then the 4x4 product Q . Qbar^T with numpy);
- the footprint intersection uses shapely (Debian python3-shapely 1.8.5,
  GEOS 3.11), Polygon.intersection(...).area, as the Lyft devkit does;
- means and sums use numpy (pairwise summation), sorting Python's sorted.

Usage: /usr/bin/python3 reference_grade.py   (from testdata/)

Writes grade/answers.csv, grade/<case>.csv and grade/cases.json
({case: {"outcome": "valid"|"invalid"|"error", "score": float|null}}),
and geometry.json: quaternion rotation entries (as float hex) and, for box
pairs, the intersection ring's vertices (float hex), area and 3-D IoU, for
bit-level checks of the Go port.
"""
import json
import math
import os

import numpy as np
import pandas as pd
from shapely.geometry import Polygon

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "grade")
os.makedirs(OUT, exist_ok=True)


class InvalidSubmissionError(Exception):
    pass


# ---- pyquaternion, the parts used -------------------------------------
class Quaternion:
    def __init__(self, q):
        self.q = np.array(q, dtype=float)

    @classmethod
    def from_axis_angle(cls, axis, angle):
        axis = np.array(axis, dtype=float)
        mag_sq = np.dot(axis, axis)
        if abs(1.0 - mag_sq) > 1e-12:
            axis = axis / math.sqrt(mag_sq)
        theta = angle / 2.0
        r = math.cos(theta)
        i = axis * math.sin(theta)
        return cls([r, i[0], i[1], i[2]])

    def _normalise(self):
        ss = np.dot(self.q, self.q)
        if not abs(1.0 - ss) < 1e-14:
            n = math.sqrt(ss)
            if n > 0:
                self.q = self.q / n

    def _q_matrix(self):
        q = self.q
        return np.array([[q[0], -q[1], -q[2], -q[3]], [q[1], q[0], -q[3], q[2]], [q[2], q[3], q[0], -q[1]], [q[3], -q[2], q[1], q[0]]])

    def _q_bar_matrix(self):
        q = self.q
        return np.array([[q[0], -q[1], -q[2], -q[3]], [q[1], q[0], q[3], -q[2]], [q[2], -q[3], q[0], q[1]], [q[3], q[2], -q[1], q[0]]])

    @property
    def rotation_matrix(self):
        self._normalise()
        m = np.dot(self._q_matrix(), self._q_bar_matrix().conj().transpose())
        return m[1:][:, 1:]


# ---- Lyft devkit mAP_evaluation (from the spec) ------------------------
class Box3D:
    def __init__(self, translation, size, rotation, name, score):
        if np.any(np.isnan(translation)) or np.any(np.isnan(size)) or np.any(np.isnan(rotation)):
            raise ValueError("NaN")
        assert all(x > 0 for x in size)
        self.translation, self.size, self.rotation, self.name, self.score = translation, size, rotation, name, score
        self.width, self.length, self.height = size
        self.center_x, self.center_y, self.center_z = translation
        self.volume = np.prod(size)
        self.min_z = self.center_z - self.height / 2
        self.max_z = self.center_z + self.height / 2
        self.ground = self.footprint()

    @staticmethod
    def orthogonal(a, b, c):
        return np.isclose((b[0] - a[0]) * (c[0] - a[0]) + (b[1] - a[1]) * (c[1] - a[1]), 0)

    def footprint(self):
        m = Quaternion(self.rotation).rotation_matrix
        cos, sin = m[0, 0], m[1, 0]
        cx, cy, L, W = self.center_x, self.center_y, self.length, self.width
        p0 = (cx + L / 2 * cos + W / 2 * sin, cy + L / 2 * sin - W / 2 * cos)
        p1 = (cx + L / 2 * cos - W / 2 * sin, cy + L / 2 * sin + W / 2 * cos)
        p2 = (cx - L / 2 * cos - W / 2 * sin, cy - L / 2 * sin + W / 2 * cos)
        p3 = (cx - L / 2 * cos + W / 2 * sin, cy - L / 2 * sin - W / 2 * cos)
        assert self.orthogonal(p0, p1, p3)
        assert self.orthogonal(p1, p0, p2)
        assert self.orthogonal(p2, p1, p3)
        assert self.orthogonal(p3, p0, p2)
        return Polygon([p0, p1, p2, p3, p0])

    def iou(self, other):
        min_z = max(other.min_z, self.min_z)
        max_z = min(other.max_z, self.max_z)
        h = max(0, max_z - min_z)
        inter = self.ground.intersection(other.ground).area * h
        union = self.volume + other.volume - inter
        return np.clip(inter / union, 0, 1)


def get_ap(recalls, precisions):
    recalls = np.concatenate(([0.0], recalls, [1.0]))
    precisions = np.concatenate(([0.0], precisions, [0.0]))
    for i in range(precisions.size - 1, 0, -1):
        precisions[i - 1] = np.maximum(precisions[i - 1], precisions[i])
    i = np.where(recalls[1:] != recalls[:-1])[0]
    return np.sum((recalls[i + 1] - recalls[i]) * precisions[i + 1])


def recall_precision(gt, preds, thr):
    gt_boxes = [Box3D(**b) for b in gt]
    checked = np.zeros(len(gt_boxes))
    preds = sorted(preds, key=lambda b: b["score"], reverse=True)
    tp, fp = np.zeros(len(preds)), np.zeros(len(preds))
    for k, p in enumerate(preds):
        pb = Box3D(**p)
        overlaps = [pb.iou(g) for g in gt_boxes]
        mx, j = np.max(overlaps), np.argmax(overlaps)
        if mx > thr and checked[j] == 0:
            tp[k] = 1.0
            checked[j] = 1
        else:
            fp[k] = 1.0
    tp, fp = np.cumsum(tp), np.cumsum(fp)
    recalls = tp / float(len(gt))
    precisions = tp / np.maximum(tp + fp, np.finfo(np.float64).eps)
    return get_ap(recalls, precisions)


THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]


def sample_map(gt, preds, thr):
    classes = sorted({b["name"] for b in gt})
    aps = np.zeros(len(classes))
    for ci, c in enumerate(classes):
        pc = [b for b in preds if b["name"] == c]
        if pc:
            aps[ci] = recall_precision([b for b in gt if b["name"] == c], pc, thr)
    return np.mean(aps)


def parse(ps):
    if not ps.strip():
        return []
    toks = ps.split(" ")
    if len(toks) % 9 != 0:
        raise InvalidSubmissionError("token count")
    out = []
    for i in range(0, len(toks), 9):
        conf, cx, cy, cz, w, l, h, yaw = (float(t) for t in toks[i : i + 8])
        q = Quaternion.from_axis_angle([0, 0, 1], yaw)
        out.append(dict(translation=[cx, cy, cz], size=[w, l, h], rotation=list(q.q), name=toks[i + 8], score=conf))
    return out


def grade(sub, ans):
    if len(sub) != len(ans):
        raise InvalidSubmissionError("length")
    if "Id" not in sub.columns or "PredictionString" not in sub.columns:
        raise InvalidSubmissionError("columns")
    sub = sub.sort_values("Id").reset_index(drop=True)
    ans = ans.sort_values("Id").reset_index(drop=True)
    if (sub["Id"].values != ans["Id"].values).any():
        raise InvalidSubmissionError("ids")
    sub["PredictionString"] = sub["PredictionString"].fillna("")
    preds = [parse(s) for s in sub["PredictionString"]]
    gts = [parse(s) for s in ans["PredictionString"]]
    maps = []
    for g, p in zip(gts, preds):
        for thr in THRESHOLDS:
            maps.append(sample_map(g, p, thr))
    return np.mean(maps)


# ---- test data ------------------------------------------------------------
rs = np.random.RandomState(20240601)
CLASSES = ["car", "pedestrian", "truck", "bicycle"]


def fmt(x):
    return repr(float(x))


def group(conf, cx, cy, cz, w, l, h, yaw, name, with_conf=True):
    vals = ([fmt(conf)] if with_conf else []) + [fmt(v) for v in (cx, cy, cz, w, l, h, yaw)] + [name]
    return " ".join(vals)


ids = ["%064x" % rs.randint(0, 2**62) for _ in range(12)]
truth = {}
for k, i in enumerate(ids):
    n = 1 + rs.randint(5)
    boxes = []
    for j in range(n):
        name = CLASSES[rs.randint(len(CLASSES))] if j else "car"
        cx, cy, cz = 1000 + 8 * j + rs.rand(), 800 + rs.rand() * 2, -18 + rs.rand()
        w, l, h = 0.6 + 2 * rs.rand(), 1 + 4 * rs.rand(), 1 + rs.rand()
        yaw = rs.rand() * 2 * math.pi - math.pi
        boxes.append((cx, cy, cz, w, l, h, yaw, name))
    if k == 3:  # two overlapping cars: the second prediction finds the best GT taken
        cx, cy, cz, w, l, h, yaw, name = boxes[0]
        boxes.append((cx + 0.3, cy, cz, w, l, h, yaw, "car"))
    truth[i] = boxes
answers = pd.DataFrame({"Id": ids, "PredictionString": [" ".join(group(1.0, *b) for b in truth[i]) for i in ids]})
answers.to_csv(os.path.join(OUT, "answers.csv"), index=False)
ans_text = open(os.path.join(OUT, "answers.csv")).read()


def noisy(scale, seed, extra=True, drop=True, nan_conf=False, ties=False):
    r = np.random.RandomState(seed)
    rows = []
    for i in ids:
        gs = []
        for b in truth[i]:
            if drop and r.rand() < 0.15:
                continue
            cx, cy, cz, w, l, h, yaw, name = b
            conf = r.rand()
            if ties:
                conf = float(r.randint(3)) / 2
            if nan_conf and r.rand() < 0.3:
                conf = float("nan")
            gs.append(group(conf, cx + scale * r.randn(), cy + scale * r.randn(), cz + scale * r.randn(), w * (1 + scale * r.randn() / 3), l * (1 + scale * r.randn() / 3), h, yaw + scale * r.randn(), name))
        if extra:
            for _ in range(r.randint(3)):
                gs.append(group(r.rand(), 1000 + r.rand() * 40, 800 + r.rand() * 3, -18, 1 + r.rand(), 2 + r.rand(), 1.5, r.rand() * 3, CLASSES[r.randint(4)]))
        rows.append(" ".join(gs))
    return pd.DataFrame({"Id": ids, "PredictionString": rows})


cases = {}


def case(name, text):
    with open(os.path.join(OUT, name + ".csv"), "w") as f:
        f.write(text)


def frame(df):
    return df.to_csv(index=False)


def swap_first(text, old, new):
    return text.replace(old, new, 1)


first_row = ids[0]
case("perfect", ans_text)
case("sample", "Id,PredictionString\n" + "".join(i + ",\n" for i in ids))
case("reversed rows extra column", frame(answers.iloc[::-1].assign(extra=1)))
for k, s in enumerate([0.02, 0.1, 0.3, 1.0]):
    case("noisy %g" % s, frame(noisy(s, k)))
case("tied confidences", frame(noisy(0.1, 7, ties=True)))
case("NaN confidences", frame(noisy(0.1, 8, nan_conf=True, extra=True)))
case("absent classes only", frame(pd.DataFrame({"Id": ids, "PredictionString": [group(0.5, 1000, 800, -18, 1, 2, 1, 0.3, "zebra")] * len(ids)})))
g0 = truth[first_row][0]
good0 = group(0.9, *g0)
# the duplicate-GT quirk: two predictions of the first GT box of sample 3
d3 = ids[3]
b3 = truth[d3][0]
case("best GT already taken", frame(pd.DataFrame({"Id": ids, "PredictionString": [" ".join([group(0.9, *b3), group(0.8, b3[0] + 0.3, *b3[1:])]) if i == d3 else "" for i in ids]})))


def only_first(extra):
    return frame(pd.DataFrame({"Id": ids, "PredictionString": [good0 + " " + extra if i == first_row else "" for i in ids]}))


case("NaN yaw in an absent class", only_first(group(0.5, 1, 2, 3, 1, 1, 1, float("nan"), "zebra")))
case("negative size in an absent class", only_first(group(0.5, 1, 2, 3, -1, 1, 1, 0.1, "zebra")))
case("NaN yaw in a truth class", only_first(group(0.5, 1, 2, 3, 1, 1, 1, float("nan"), "car")))
case("zero size in a truth class", only_first(group(0.5, 1, 2, 3, 1, 0, 1, 0.1, "car")))
case("NaN center in a truth class", only_first(group(0.5, float("nan"), 2, 3, 1, 1, 1, 0.1, "car")))
case("inf yaw in an absent class", only_first(group(0.5, 1, 2, 3, 1, 1, 1, float("inf"), "zebra")))
case("inf center_x in a truth class", only_first(group(0.5, float("inf"), 2, 3, 1, 1, 1, 0.1, "car")))
case("inf center_z in a truth class", only_first(group(0.5, 1000, 800, float("inf"), 1, 1, 1, 0.1, "car")))
case("inf height in a truth class", only_first(group(0.5, g0[0], g0[1], g0[2], g0[3], g0[4], float("inf"), g0[6], "car")))
case("far box", only_first(group(0.5, 1e6, 1e6, 0, 1000, 1000, 1, 0.3, "car")))
case("large rotated box not orthogonal", only_first(group(0.5, 1000, 800, -18, 1e5, 1e5, 1, 0.3, "car")))
case("large rotated box in an absent class", only_first(group(0.5, 1000, 800, -18, 1e5, 1e5, 1, 0.3, "zebra")))
case("huge axis-aligned box", only_first(group(0.5, 1000, 800, -18, 1e6, 1e6, 10, 0.0, "car")))
case("python float forms", only_first(group(0.5, 1000, 800, -18, 1, 1, 1, 0.1, "car").replace("0.5", "5e-1", 1).replace("1000.0", "1_000.0", 1)))
case("nan and inf confidences", only_first(" ".join([group(float("nan"), *g0), group(float("inf"), *g0), group(float("-inf"), *g0)])))
case("whitespace-only cells", "Id,PredictionString\n" + "".join(i + ", \n" for i in ids))
tok0 = good0.split(" ")
case("double space", only_first("").replace(good0 + " ", " ".join(tok0[:1] + [""] + tok0[2:])))
case("leading space", only_first("").replace(good0 + " ", " " + " ".join(tok0[1:])))
case("trailing space", only_first("").replace(good0 + " ", good0 + "  "))
case("token count", only_first("").replace(good0 + " ", good0 + " extra"))
case("text token", only_first("").replace(good0 + " ", good0.replace("0.9", "high", 1)))
case("numeric PredictionString", "Id,PredictionString\n" + "".join(i + ",5\n" for i in ids))
case("one row short", "Id,PredictionString\n" + "".join(i + ",\n" for i in ids[1:]))
case("missing Id", "Idx,PredictionString\n" + "".join(i + ",\n" for i in ids))
case("missing PredictionString", "Id,Prediction\n" + "".join(i + ",\n" for i in ids))
case("unknown Id", "Id,PredictionString\n" + "".join(i + ",\n" for i in ids[1:]) + "x,\n")
case("duplicated Id", "Id,PredictionString\n" + "".join(i + ",\n" for i in ids[1:]) + ids[1] + ",\n")
case("empty file", "")

for name in sorted(f[:-4] for f in os.listdir(OUT) if f.endswith(".csv") and f != "answers.csv"):
    path = os.path.join(OUT, name + ".csv")
    try:
        sub = pd.read_csv(path, float_precision="round_trip")
    except pd.errors.EmptyDataError:
        sub = pd.DataFrame()
    ans = pd.read_csv(os.path.join(OUT, "answers.csv"))
    try:
        s = grade(sub, ans)
        cases[name] = {"outcome": "valid", "score": float(s)}
    except InvalidSubmissionError:
        cases[name] = {"outcome": "invalid", "score": None}
    except Exception as e:  # noqa: BLE001 - any other exception: a null score
        cases[name] = {"outcome": "error", "score": None, "error": type(e).__name__}
with open(os.path.join(OUT, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, sort_keys=True)
    f.write("\n")

# ---- geometry vectors -------------------------------------------------------
geo = {"rotation": [], "pairs": []}
yaws = [0.0, -0.0, 1e-300, 0.5, -0.5, math.pi / 2, math.pi, -math.pi, 2.5, 3.0, 1e5, -123456.789, 1e22] + list(rs.uniform(-4, 4, 400))
for y in yaws:
    q = Quaternion.from_axis_angle([0, 0, 1], y)
    m = Quaternion(list(q.q)).rotation_matrix
    geo["rotation"].append({"yaw": float(y).hex(), "w": float(q.q[0]).hex(), "z": float(q.q[3]).hex(), "c": float(m[0, 0]).hex(), "s": float(m[1, 0]).hex()})
for _ in range(800):
    a = [rs.uniform(-3, 3), rs.uniform(-3, 3), rs.uniform(-1, 1), rs.uniform(0.5, 4), rs.uniform(0.5, 6), rs.uniform(0.5, 3), rs.uniform(-4, 4)]
    if rs.rand() < 0.2:
        b = list(a)
        b[0] += rs.choice([0, 1e-9, 0.5])
    else:
        b = [rs.uniform(-3, 3), rs.uniform(-3, 3), rs.uniform(-1, 1), rs.uniform(0.5, 4), rs.uniform(0.5, 6), rs.uniform(0.5, 3), rs.uniform(-4, 4)]
    kind = rs.randint(5)
    if kind == 1:  # the ground truth inside the prediction
        b = list(a)
        b[0] += rs.uniform(-0.1, 0.1)
        b[1] += rs.uniform(-0.1, 0.1)
        b[3], b[4] = a[3] * 0.5, a[4] * 0.5
    elif kind == 2:  # the prediction inside the ground truth
        b = list(a)
        a = list(a)
        a[3], a[4] = b[3] * 0.5, b[4] * 0.5
        a[0] += rs.uniform(-0.1, 0.1)
    elif kind == 3:  # nearly the same box, as good predictions are
        b = list(a)
        b[0] += rs.normal(0, 0.05)
        b[1] += rs.normal(0, 0.05)
        b[3] *= 1 + rs.normal(0, 0.02)
        b[4] *= 1 + rs.normal(0, 0.02)
        b[6] += rs.normal(0, 0.02)
    off = rs.choice([0.0, 1500.0, 2680.0])
    a[0] += off
    b[0] += off
    boxes = []
    for v in (a, b):
        q = Quaternion.from_axis_angle([0, 0, 1], v[6])
        boxes.append(Box3D(v[:3], v[3:6], list(q.q), "car", 1.0))
    pa, pb = boxes
    inter = pa.ground.intersection(pb.ground)
    ring = [] if inter.is_empty or inter.geom_type != "Polygon" else [[float(c).hex() for c in xy] for xy in inter.exterior.coords[:-1]]
    geo["pairs"].append({"a": [float(x).hex() for x in a], "b": [float(x).hex() for x in b], "area": float(inter.area), "iou": float(pa.iou(pb)), "ring": ring})
with open(os.path.join(HERE, "geometry.json"), "w") as f:
    json.dump(geo, f, indent=0)
    f.write("\n")
print(json.dumps(cases, indent=1, sort_keys=True))
