# Reference grading, run once with Debian's /usr/bin/python3:
#   /usr/bin/python3 reference_grade.py   (from testdata/; writes grade/)
# pycocotools is not installable here, so this is a line-by-line numpy
# transcription of the parts of pycocotools' COCOeval (bbox; evaluate,
# evaluateImg, accumulate, summarize stats[0]) that the VinBigData kernel
# uses, with the kernel's COCO set-up (ids from 0, xyxy boxes read as xywh)
# as the spec describes. grade/answers.csv holds the first 30 images of the
# seed-0 fake answers. Each case is written to grade/<name>.csv, read with
# pandas defaults and graded; cases.json has the outcomes.
import json
import warnings
from collections import defaultdict
from pathlib import Path

import numpy as np
import pandas as pd

warnings.simplefilter("ignore")
d = Path("grade")


class Invalid(Exception):
    pass


def bb_iou(dt, gt):
    out = np.zeros((len(dt), len(gt)))
    for i, a in enumerate(dt):
        for j, b in enumerate(gt):
            w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
            if w <= 0:
                continue
            h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
            if h <= 0:
                continue
            inter = w * h
            out[i, j] = inter / (a[2] * a[3] + b[2] * b[3] - inter)
    return out


def cocoeval_stats0(gts, dts, n_images, cat_ids):
    iou_thrs = np.array([0.4])
    rec_thrs = np.linspace(.0, 1.00, int(np.round((1.00 - .0) / .01)) + 1)
    max_det = 100
    a_rng = [0 ** 2, 1e5 ** 2]
    img_ids = list(range(n_images))
    cat_ids = list(np.unique(cat_ids))
    _gts, _dts = defaultdict(list), defaultdict(list)
    for g in gts:
        if g["category_id"] in cat_ids:
            _gts[g["image_id"], g["category_id"]].append(dict(g, ignore=0))
    for dt in dts:
        if dt["category_id"] in cat_ids:
            _dts[dt["image_id"], dt["category_id"]].append(dt)

    def evaluate_img(img, cat):
        gt, dt = _gts[img, cat], _dts[img, cat]
        if len(gt) == 0 and len(dt) == 0:
            return None
        for g in gt:
            g["_ignore"] = 1 if (g["ignore"] or g["area"] < a_rng[0] or g["area"] > a_rng[1]) else 0
        gtind = np.argsort([g["_ignore"] for g in gt], kind="mergesort")
        gt = [gt[i] for i in gtind]
        dtind = np.argsort([-x["score"] for x in dt], kind="mergesort")
        dt = [dt[i] for i in dtind[0:max_det]]
        ious = bb_iou([x["bbox"] for x in dt], [g["bbox"] for g in gt]) if len(gt) and len(dt) else []
        T, G, D = len(iou_thrs), len(gt), len(dt)
        gtm, dtm = np.zeros((T, G)), np.zeros((T, D))
        gt_ig = np.array([g["_ignore"] for g in gt])
        dt_ig = np.zeros((T, D))
        if not len(ious) == 0:
            for tind, t in enumerate(iou_thrs):
                for dind, x in enumerate(dt):
                    iou = min([t, 1 - 1e-10])
                    m = -1
                    for gind, g in enumerate(gt):
                        if gtm[tind, gind] > 0:
                            continue
                        if m > -1 and gt_ig[m] == 0 and gt_ig[gind] == 1:
                            break
                        if ious[dind, gind] < iou:
                            continue
                        iou = ious[dind, gind]
                        m = gind
                    if m == -1:
                        continue
                    dt_ig[tind, dind] = gt_ig[m]
                    dtm[tind, dind] = gt[m]["id"]
                    gtm[tind, m] = x["id"]
        a = np.array([x["area"] < a_rng[0] or x["area"] > a_rng[1] for x in dt]).reshape((1, len(dt)))
        dt_ig = np.logical_or(dt_ig, np.logical_and(dtm == 0, np.repeat(a, T, 0)))
        return {"dtScores": [x["score"] for x in dt], "dtMatches": dtm, "dtIgnore": dt_ig, "gtIgnore": gt_ig}

    K, R = len(cat_ids), len(rec_thrs)
    precision = -np.ones((1, R, K))
    for k, cat in enumerate(cat_ids):
        E = [evaluate_img(i, cat) for i in img_ids]
        E = [e for e in E if e is not None]
        if len(E) == 0:
            continue
        dt_scores = np.concatenate([e["dtScores"][0:max_det] for e in E])
        inds = np.argsort(-dt_scores, kind="mergesort")
        dtm = np.concatenate([e["dtMatches"][:, 0:max_det] for e in E], axis=1)[:, inds]
        dt_ig = np.concatenate([e["dtIgnore"][:, 0:max_det] for e in E], axis=1)[:, inds]
        gt_ig = np.concatenate([e["gtIgnore"] for e in E])
        npig = np.count_nonzero(gt_ig == 0)
        if npig == 0:
            continue
        tps = np.logical_and(dtm, np.logical_not(dt_ig))
        fps = np.logical_and(np.logical_not(dtm), np.logical_not(dt_ig))
        tp_sum = np.cumsum(tps, axis=1).astype(dtype=float)
        fp_sum = np.cumsum(fps, axis=1).astype(dtype=float)
        for t, (tp, fp) in enumerate(zip(tp_sum, fp_sum)):
            tp, fp = np.array(tp), np.array(fp)
            nd = len(tp)
            rc = tp / npig
            pr = tp / (fp + tp + np.spacing(1))
            q = np.zeros((R,))
            pr, q = pr.tolist(), q.tolist()
            for i in range(nd - 1, 0, -1):
                if pr[i] > pr[i - 1]:
                    pr[i - 1] = pr[i]
            inds = np.searchsorted(rc, rec_thrs, side="left")
            try:
                for ri, pi in enumerate(inds):
                    q[ri] = pr[pi]
            except IndexError:
                pass
            precision[t, :, k] = np.array(q)
    s = precision[precision > -1]
    return -1 if len(s) == 0 else np.mean(s)


def grade(sub, ans):
    for c in ["class_id", "x_min", "y_min", "x_max", "y_max", "image_id"]:
        assert c in ans.columns
    if "PredictionString" not in sub.columns:
        raise Invalid("no PredictionString")
    if "image_id" not in sub.columns:
        raise Invalid("no image_id")
    if set(sub["image_id"]) != set(ans["image_id"]):
        raise Invalid("image sets differ")
    try:
        images = list(ans["image_id"].unique())
        idx = {im: i for i, im in enumerate(images)}
        gts = []
        for im in images:
            for r in ans[ans["image_id"] == im].itertuples():
                b = [r.x_min, r.y_min, r.x_max, r.y_max]
                gts.append(dict(id=len(gts), image_id=idx[im], category_id=int(r.class_id), bbox=b,
                                area=(b[2] - b[0]) * (b[3] - b[1]), iscrowd=0))
        dts = []
        for r in sub.itertuples():
            vals = np.array([float(x) for x in r.PredictionString.split(" ")]).reshape(-1, 6)
            for v in vals:
                b = list(v[2:6])
                dts.append(dict(id=len(dts), image_id=idx[r.image_id], category_id=int(v[0]), score=v[1], bbox=b,
                                area=(b[2] - b[0]) * (b[3] - b[1])))
        cats = sorted(ans["class_id"].unique())
        return cocoeval_stats0(gts, dts, len(images), cats)
    except Exception as e:
        raise Invalid(repr(e))


ans = pd.read_csv(d / "answers.csv")
images = list(ans["image_id"].unique())
gold = {im: " ".join(f"{int(r.class_id)} 1.0 {r.x_min!r} {r.y_min!r} {r.x_max!r} {r.y_max!r}"
                     for r in ans[ans["image_id"] == im].itertuples()) for im in images}
rng = np.random.RandomState(7)


def noisy(im, k):
    out = []
    for j, r in enumerate(ans[ans["image_id"] == im].itertuples()):
        jit = [round(float(v), 3) for v in rng.uniform(-30, 30, 4)]
        conf = round(float(rng.uniform(0.05, 1)), 4)
        out.append(f"{int(r.class_id)} {conf} {r.x_min + jit[0]} {r.y_min + jit[1]} {r.x_max + jit[2]} {r.y_max + jit[3]}")
        if (k + j) % 3 == 0:
            out.append(f"{int(r.class_id)} {round(conf / 2, 4)} 10.0 10.0 300.0 300.0")
    return " ".join(out)


def csv(pairs, header="image_id,PredictionString"):
    return header + "\n" + "".join(f"{a},{b}\n" for a, b in pairs)


many = " ".join(f"{c % 15} {round(0.01 * (i % 97), 2)} {i}.0 {i}.0 {i + 500}.0 {i + 500}.0" for i, c in enumerate(range(130)))
cases = {
    "gold": csv(gold.items()),
    "gold reversed": csv(list(gold.items())[::-1]),
    "sample": csv((im, "14 1 0 0 1 1") for im in images),
    "noisy": csv((im, noisy(im, k)) for k, im in enumerate(images)),
    "duplicated rows": csv(list(gold.items()) + list(gold.items())[:5]),
    "float class tokens": csv((im, " ".join(f"{t}.7" if i % 6 == 0 else t for i, t in enumerate(p.split(" ")))) for im, p in gold.items()),
    "over 100 detections": csv((im, many if k == 2 else gold[im]) for k, im in enumerate(images)),
    "negative area and unknown class": csv((im, gold[im] + " 3 0.9 500.0 10.0 100.0 400.0 20 0.99 0.0 0.0 1.0 1.0") for im in images),
    "tied scores": csv((im, " ".join(f"{t}" if i % 6 != 1 else "0.5" for i, t in enumerate(p.split(" ")))) for im, p in gold.items()),
    "missing PredictionString": csv(gold.items(), header="image_id,prediction"),
    "missing image_id": csv(gold.items(), header="id,PredictionString"),
    "missing image": csv(list(gold.items())[1:]),
    "extra image": csv(list(gold.items()) + [("ffff", "14 1 0 0 1 1")]),
    "empty cell": csv([(images[0], "")] + list(gold.items())[1:]),
    "double space": csv([(images[0], gold[images[0]].replace(" ", "  ", 1))] + list(gold.items())[1:]),
    "token count": csv([(images[0], gold[images[0]] + " 1")] + list(gold.items())[1:]),
    "text token": csv([(images[0], "14 high 0 0 1 1")] + list(gold.items())[1:]),
}
out = {}
for name, text in cases.items():
    (d / f"{name}.csv").write_text(text)
    sub = pd.read_csv(d / f"{name}.csv")
    try:
        out[name] = {"outcome": "valid", "score": float(grade(sub, ans))}
    except Invalid as e:
        out[name] = {"outcome": "invalid", "reason": str(e)}
(d / "cases.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
print(json.dumps(out, indent=1, sort_keys=True))
