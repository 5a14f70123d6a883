#!/usr/bin/python3
"""Grade one submission the way the original harness does, with pandas,
numpy and scikit-learn: the reference path that `mlebench dev bench
--reference` measures beside `mlebench grade-sample`.

Usage: pandas_reference_grade.py COMPETITION_ID ANSWERS SUBMISSION

Prints the unrounded score (repr of a Python float) on the last line of
stdout. For a competition without a reference here it prints
"NOREF: <why>" and exits with status 3. An invalid submission raises.

Reference graders of other files merge in: EXTRA_REFERENCES names
sibling modules (benchmark/<name>.py, e.g. pandas_reference_text.py for the
edit-distance competitions and AI4Code) whose GRADERS table of grade(sub,
ans) functions is added to this one when the module imports.

Written from the project's spec (../shared/spec/competitions/<id>.md):
pd.read_csv of both files, the spec's checks and alignment, then the
metric. Where the spec follows a newer scikit-learn than Debian's (1.2), the
newer rule is written out in numpy here (log loss: clip to float64 epsilon,
no renormalisation). The checks that cannot fail for a prepared sample
submission are kept short; the point is the same reading, aligning and
scoring work as the original.
"""

import sys

import numpy as np
import pandas as pd

EPS = np.finfo(np.float64).eps


class Invalid(Exception):
    pass


def read(path, **kw):
    return pd.read_csv(path, float_precision="round_trip", **kw)


def need(df, *cols):
    for c in cols:
        if c not in df.columns:
            raise Invalid(f"missing column {c}")


def aligned(sub, ans, id_col, cols):
    """Sort both by id (pandas quicksort, as the helpers) and check the ids."""
    need(sub, id_col, *cols)
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    sub = sub.sort_values(by=id_col)
    ans = ans.sort_values(by=id_col)
    if (sub[id_col].values != ans[id_col].values).any():
        raise Invalid("ids differ")
    return sub, ans


# --- metric families -------------------------------------------------------


def auroc(id_col, target):
    def grade(sub, ans):
        from sklearn.metrics import roc_auc_score

        need(sub, id_col, target)
        if len(sub) != len(ans):
            raise Invalid("row count differs")
        pd.to_numeric(sub[target])
        if sub[target].min() < 0 or sub[target].max() > 1:
            raise Invalid("target out of [0, 1]")
        sub, ans = aligned(sub, ans, id_col, [target])
        return float(roc_auc_score(ans[target].values, sub[target].values))

    return grade


def accuracy(id_col, target, error=False):
    def grade(sub, ans):
        sub, ans = aligned(sub, ans, id_col, [target])
        y_true = ans[target].to_numpy()
        y_pred = sub[target].to_numpy()
        acc = float(np.mean(y_true == y_pred))
        return 1.0 - acc if error else acc

    return grade


def rmse(id_col, target):
    def grade(sub, ans):
        sub, ans = aligned(sub, ans, id_col, [target])
        d = ans[target].to_numpy(dtype=np.float64) - sub[target].to_numpy(dtype=np.float64)
        return float(np.sqrt(np.mean(d * d)))

    return grade


def mae(id_col, target):
    def grade(sub, ans):
        sub, ans = aligned(sub, ans, id_col, [target])
        d = ans[target].to_numpy(dtype=np.float64) - sub[target].to_numpy(dtype=np.float64)
        return float(np.mean(np.abs(d)))

    return grade


def log_loss_matrix(y_true, p):
    """scikit-learn >= 1.5 log_loss on an indicator matrix: clip to float64
    epsilon, no renormalisation, mean over rows."""
    p = np.clip(p.astype(np.float64), EPS, 1 - EPS)
    with np.errstate(invalid="ignore"):
        per = -(np.where(y_true != 0, y_true * np.log(p), 0.0)).sum(axis=1)
    return float(np.mean(per))


def multiclass_logloss(id_col, classes_from_answers=True, classes=None):
    def grade(sub, ans):
        cls = classes or [c for c in ans.columns if c != id_col]
        sub, ans = aligned(sub, ans, id_col, cls)
        s = sub[cls].sum(axis=1)
        if not np.isclose(s, 1, atol=1e-6).all():
            raise Invalid("rows do not sum to 1")
        return log_loss_matrix(ans[cls].to_numpy(dtype=np.float64), sub[cls].to_numpy(dtype=np.float64))

    return grade


def binary_logloss(id_col, target):
    def grade(sub, ans):
        need(sub, id_col, target)
        if set(sub[id_col]) != set(ans[id_col]):
            raise Invalid("id sets differ")
        sub, ans = aligned(sub, ans, id_col, [target])
        y = ans[target].to_numpy(dtype=np.float64)
        p = sub[target].to_numpy(dtype=np.float64)
        m = np.stack([1 - p, p], axis=1)
        t = np.stack([1 - y, y], axis=1)
        return log_loss_matrix(t, m)

    return grade


def columnwise_auroc(id_col, classes):
    def grade(sub, ans):
        from sklearn.metrics import roc_auc_score

        sub, ans = aligned(sub, ans, id_col, classes)
        return float(np.mean([roc_auc_score(ans[c].values, sub[c].values) for c in classes]))

    return grade


def f1(id_col, target, average):
    def grade(sub, ans):
        from sklearn.metrics import f1_score

        sub, ans = aligned(sub, ans, id_col, [target])
        return float(f1_score(ans[target].values, sub[target].values, average=average))

    return grade


def qwk(id_col, target):
    def grade(sub, ans):
        from sklearn.metrics import cohen_kappa_score

        sub, ans = aligned(sub, ans, id_col, [target])
        return float(cohen_kappa_score(ans[target].values, sub[target].values, weights="quadratic"))

    return grade


def pearson(id_col, target):
    def grade(sub, ans):
        sub, ans = aligned(sub, ans, id_col, [target])
        return float(np.corrcoef(ans[target].to_numpy(np.float64), sub[target].to_numpy(np.float64))[0, 1])

    return grade


def mcc(id_col, target):
    def grade(sub, ans):
        from sklearn.metrics import matthews_corrcoef

        sub, ans = aligned(sub, ans, id_col, [target])
        return float(matthews_corrcoef(ans[target].values, sub[target].values))

    return grade


def jigsaw_toxic(sub, ans):
    from sklearn.metrics import roc_auc_score

    classes = ["toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"]
    need(sub, "id", *classes)
    if len(sub) != len(ans):
        raise AssertionError("row count differs")
    sub = sub.set_index("id").sort_index()
    ans = ans.set_index("id").sort_index()
    keep = ans[classes].sum(axis=1) >= 0
    ans = ans[keep]
    sub = sub[keep]
    return float(roc_auc_score(ans.values, sub.values, average="macro"))


def champs(sub, ans):
    need(sub, "scalar_coupling_constant", "id")
    if set(sub["id"]) != set(ans["id"]):
        raise Invalid("id sets differ")
    m = ans.merge(sub[["id", "scalar_coupling_constant"]], on="id", suffixes=("_true", "_pred"))
    logs = []
    for _, g in m.groupby("type"):
        mae_ = np.mean(np.abs(g["scalar_coupling_constant_true"].to_numpy() - g["scalar_coupling_constant_pred"].to_numpy()))
        logs.append(np.log(mae_))
    return float(np.mean(logs))


def facebook(sub, ans):
    need(sub, "Id", "Tags")
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    sub = sub.sort_values("Id").reset_index(drop=True)
    ans = ans.sort_values("Id").reset_index(drop=True)
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids differ")
    tp = fp = fn = 0
    vocab = set()
    for t in ans["Tags"]:
        if isinstance(t, str):
            vocab.update(t.split())
    for t, p in zip(ans["Tags"].fillna(""), sub["Tags"].fillna("").str.split()):
        a = set(t.split())
        b = set(x for x in p if x in vocab)
        i = len(a & b)
        tp += i
        fp += len(b) - i
        fn += len(a) - i
    d = 2 * tp + fp + fn
    return 0.0 if d == 0 else float(2 * tp / d)


def ventilator(sub, ans):
    sub, ans = aligned(sub, ans, "id", ["pressure"])
    keep = (ans["u_out"] == 0).to_numpy()
    d = ans["pressure"].to_numpy(np.float64)[keep] - sub["pressure"].to_numpy(np.float64)[keep]
    return float(np.mean(np.abs(d)))


def text_accuracy(id_col, target):
    def grade(sub, ans):
        need(sub, target, id_col)
        if len(sub) != len(ans):
            raise Invalid("row count differs")
        sub = sub.sort_values(id_col)
        ans = ans.sort_values(id_col)
        if (sub[id_col].values != ans[id_col].values).any():
            raise Invalid("ids differ")
        a = ans[target].astype(str).to_numpy()
        b = sub[target].astype(str).to_numpy()
        return float(np.mean(a == b))

    return grade


def stanford_covid(sub, ans):
    cols = ["id_seqpos", "reactivity", "deg_Mg_pH10", "deg_Mg_50C", "deg_pH10", "deg_50C"]
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, *cols)
    sub = sub[cols].sort_values("id_seqpos")
    ans = ans.sort_values("id_seqpos")
    if (sub["id_seqpos"].values != ans["id_seqpos"].values).any():
        raise Invalid("ids differ")
    mask = ans["keep"]
    sub = sub[mask]  # label alignment, as upstream
    ans = ans[mask]
    scored = ["reactivity", "deg_Mg_pH10", "deg_Mg_50C"]
    return float(np.mean([np.sqrt(np.mean((ans[c].to_numpy(np.float64) - sub[c].to_numpy(np.float64)) ** 2)) for c in scored]))


def nomad(sub, ans):
    cols = ["formation_energy_ev_natom", "bandgap_energy_ev"]
    need(sub, *cols)
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    out = []
    for c in cols:
        t = ans[c].to_numpy(np.float64)
        p = sub[c].to_numpy(np.float64)
        if (t < 0).any() or (p < 0).any():
            raise ValueError("negative values")
        out.append(np.sqrt(np.mean((np.log1p(p) - np.log1p(t)) ** 2)))
    return float(sum(out) / 2)


def osic(sub, ans):
    need(sub, "Patient_Week", "FVC", "Confidence")
    if not sub["Patient_Week"].isin(ans["Patient_Week"]).all():
        raise Invalid("unknown Patient_Week")
    sub = sub.copy()
    sub["Confidence"] = sub["Confidence"].fillna(0)
    a = ans.dropna(subset=["FVC"]).copy()
    a["week"] = a["Patient_Week"].map(lambda s: int(s.rsplit("_", 1)[1]))
    a = a.sort_values("week").groupby("Patient").tail(3)
    sub = sub[sub["Patient_Week"].isin(a["Patient_Week"])].sort_values("Patient_Week")
    a = a[a["Patient_Week"].isin(sub["Patient_Week"])].sort_values("Patient_Week")
    sigma = np.maximum(sub["Confidence"].to_numpy(np.float64), 70)
    delta = np.minimum(np.abs(a["FVC"].to_numpy(np.float64) - sub["FVC"].to_numpy(np.float64)), 1000)
    m = -(np.sqrt(2) * delta) / sigma - np.log(np.sqrt(2) * sigma)
    return float(np.mean(m))


def google_quest(sub, ans):
    from scipy.stats import spearmanr

    classes = [c for c in ans.columns if c != "qa_id"]
    need(sub, "qa_id", *classes)
    if len(sub.columns) != 31 or len(sub) != len(ans):
        raise Invalid("shape")
    sub = sub.sort_values("qa_id")
    ans = ans.sort_values("qa_id")
    return float(np.mean([spearmanr(sub[c], ans[c]).correlation for c in classes]))


def apk(actual, predicted, k):
    predicted = predicted[:k]
    hits = 0
    score = 0.0
    for i, p in enumerate(predicted):
        if p in actual and p not in predicted[:i]:
            hits += 1
            score += hits / (i + 1.0)
    if not actual:
        return 0.0
    return score / min(len(actual), k)


def map_at_k(id_col, target, k, exact_columns=False):
    def grade(sub, ans):
        need(sub, id_col, target)
        if exact_columns and set(sub.columns) != {id_col, target}:
            raise Invalid("columns")
        if len(sub) != len(ans) or set(sub[id_col]) != set(ans[id_col]):
            raise Invalid("rows")
        sub = sub.sort_values(id_col).reset_index(drop=True)
        ans = ans.sort_values(id_col).reset_index(drop=True)
        actual = [set(str(a).split(" ")) for a in ans[target]]
        pred = [str(p).split(" ") for p in sub[target]]
        return float(np.mean([apk(a, p, k) for a, p in zip(actual, pred)]))

    return grade


def h_and_m(sub, ans):
    if set(sub.columns) != {"customer_id", "prediction"}:
        raise Invalid("columns")
    if not set(ans["customer_id"]).issubset(set(sub["customer_id"])):
        raise Invalid("missing customers")
    sub = sub[sub["customer_id"].isin(ans["customer_id"])]
    sub = sub.sort_values("customer_id").reset_index(drop=True)
    ans = ans.sort_values("customer_id").reset_index(drop=True)
    actual = [set(str(a).split(" ")) for a in ans["prediction"]]
    pred = [str(p).split(" ") for p in sub["prediction"]]
    return float(np.mean([apk(a, p, 12) for a, p in zip(actual, pred)]))


def jaccard_tweet(sub, ans):
    need(sub, "textID", "selected_text")
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    sub = sub.sort_values("textID")
    ans = ans.sort_values("textID")
    if (sub["textID"].values != ans["textID"].values).any():
        raise Invalid("ids differ")
    out = []
    for p, t in zip(sub["selected_text"].fillna("").astype(str), ans["selected_text"].fillna("").astype(str)):
        a = set(p.lower().split())
        b = set(t.lower().split())
        c = len(a & b)
        out.append(c / (len(a) + len(b) - c))
    return float(np.mean(out))


def alaska2(sub, ans):
    from sklearn.metrics import roc_curve

    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, "Id", "Label")
    sub = sub.sort_values("Id")
    ans = ans.sort_values("Id")
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids differ")
    y_pred = sub["Label"].astype(float).to_numpy()
    y_true = ans["Label"].astype(float).to_numpy()
    if np.isnan(y_pred).any():
        raise Invalid("NaN")
    from sklearn.metrics import auc

    fpr, tpr, _ = roc_curve(y_true, y_pred, pos_label=1)
    fpr, tpr = list(fpr), list(tpr)
    for th in [0.0, 0.4, 1.0]:
        if th in tpr:
            continue
        i = next(k for k, t in enumerate(tpr) if t > th)
        x = fpr[i - 1] + (fpr[i] - fpr[i - 1]) * (th - tpr[i - 1]) / (tpr[i] - tpr[i - 1])
        tpr.insert(i, th)
        fpr.insert(i, x)
    fpr, tpr = np.array(fpr), np.array(tpr)
    acc = 0
    for (lo, hi), w in zip([(0.0, 0.4), (0.4, 1.0)], [2, 1]):
        sel = (tpr >= lo) & (tpr <= hi)
        if not sel.any():
            continue
        x = np.concatenate([fpr[sel], [1.0]])
        y = np.concatenate([tpr[sel], [hi]]) - lo
        acc = acc + auc(x, y) * w
    return float(acc / np.dot([0.4, 1.0 - 0.4], [2, 1]))


def chaii(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, "PredictionString", "id")
    sub = sub.sort_values("id")
    ans = ans.sort_values("id")
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids differ")
    out = []
    for p, t in zip(sub["PredictionString"].fillna(""), ans["PredictionString"].fillna("")):
        a = set(str(p).lower().split())
        b = set(str(t).lower().split())
        u = len(a | b)
        out.append(0.0 if u == 0 else len(a & b) / u)
    return float(np.mean(out))


def hms(sub, ans):
    targets = ["seizure_vote", "lpd_vote", "gpd_vote", "lrda_vote", "grda_vote", "other_vote"]
    need(sub, "eeg_id", *targets)
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    if not (sub[targets].sum(axis=1).apply(lambda x: round(x, 5)) == 1).all():
        raise Invalid("rows do not sum to 1")
    if set(sub["eeg_id"]) != set(ans["eeg_id"]):
        raise Invalid("id sets differ")
    sub = sub.sort_values("eeg_id").reset_index(drop=True)
    ans = ans.sort_values("eeg_id").reset_index(drop=True)[["eeg_id"] + targets]
    ans[targets] = ans[targets].div(ans[targets].sum(axis=1), axis=0)
    sol = ans.drop(columns="eeg_id")
    sb = sub.drop(columns="eeg_id")
    total = 0
    for c in targets:
        p = np.clip(sb[c].to_numpy(np.float64), 1e-15, 1 - 1e-15)
        y = sol[c].to_numpy(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            term = np.where(y != 0, y * np.log(y / p), 0.0)
        total = total + pd.Series(term)
    return float(np.mean(total))


def multilabel_f1(id_col, target):
    def grade(sub, ans):
        need(sub, id_col, target)
        if len(sub) != len(ans):
            raise Invalid("row count differs")
        sub = sub.sort_values(id_col)
        ans = ans.sort_values(id_col)
        if (sub[id_col].values != ans[id_col].values).any():
            raise Invalid("ids differ")
        vocab = set()
        for t in ans[target].fillna("").astype(str):
            vocab.update(t.split())
        tp = fp = fn = 0
        for t, p in zip(ans[target].fillna("").astype(str), sub[target].fillna("").astype(str)):
            a = set(t.split())
            b = set(x for x in p.split() if x in vocab)
            i = len(a & b)
            tp += i
            fp += len(b) - i
            fn += len(a) - i
        d = 2 * tp + fp + fn
        return 0.0 if d == 0 else float(2 * tp / d)

    return grade


def rsna_breast(sub, ans):
    need(sub, "prediction_id", "cancer")
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    sub = sub.sort_values("prediction_id")
    ans = ans.sort_values("prediction_id")
    if (sub["prediction_id"].values != ans["prediction_id"].values).any():
        raise Invalid("ids differ")
    labels = ans["cancer"].to_numpy()
    preds = sub["cancer"].to_numpy()
    y_true_count = 0
    ctp = 0
    cfp = 0
    for i in range(len(labels)):
        p = min(max(preds[i], 0), 1)
        if labels[i]:
            y_true_count += 1
            ctp += p
        else:
            cfp += p
    precision = ctp / (ctp + cfp)
    recall = ctp / y_true_count
    if precision > 0 and recall > 0:
        return float(2 * (precision * recall) / (precision + recall))
    return 0.0


def ranzcr(sub, ans):
    classes = ["ETT - Abnormal", "ETT - Borderline", "ETT - Normal", "NGT - Abnormal", "NGT - Borderline",
               "NGT - Incompletely Imaged", "NGT - Normal", "CVC - Abnormal", "CVC - Borderline"]
    return float(np.mean([auroc("StudyInstanceUID", c)(sub, ans) for c in classes]))


def icecube(sub, ans):
    if set(sub.columns) != {"azimuth", "zenith", "event_id"}:
        raise Invalid("columns")
    if len(sub) != len(ans) or set(sub["event_id"]) != set(ans["event_id"]):
        raise Invalid("rows")
    sub = sub.sort_values("event_id")
    ans = ans.sort_values("event_id")
    a1, z1 = ans["azimuth"].to_numpy(np.float64), ans["zenith"].to_numpy(np.float64)
    a2, z2 = sub["azimuth"].to_numpy(np.float64), sub["zenith"].to_numpy(np.float64)
    sa1, ca1, sz1, cz1 = np.sin(a1), np.cos(a1), np.sin(z1), np.cos(z1)
    sa2, ca2, sz2, cz2 = np.sin(a2), np.cos(a2), np.sin(z2), np.cos(z2)
    dot = sz1 * sz2 * (ca1 * ca2 + sa1 * sa2) + cz1 * cz2
    dot = np.clip(dot, -1, 1)
    return float(np.average(np.abs(np.arccos(dot))))


def freesound(sub, ans):
    from sklearn.metrics import label_ranking_average_precision_score

    if len(sub) != len(ans):
        raise Invalid("row count differs")
    if sub.columns[0] != "fname" or list(sub.columns[1:]) != list(ans.columns[1:]):
        raise Invalid("columns")
    sub = sub.sort_values("fname").reset_index(drop=True)
    ans = ans.sort_values("fname").reset_index(drop=True)
    if (sub["fname"].values != ans["fname"].values).any():
        raise Invalid("ids differ")
    classes = list(ans.columns[1:])
    for c in classes:
        sub[c] = pd.to_numeric(sub[c])
    t = ans[classes].to_numpy() > 0
    w = t.sum(axis=1)
    keep = w > 0
    return float(label_ranking_average_precision_score(t[keep], sub[classes].to_numpy(np.float64)[keep], sample_weight=w[keep]))


def jigsaw_bias(sub, ans):
    from sklearn.metrics import roc_auc_score

    identities = ["male", "female", "homosexual_gay_or_lesbian", "christian", "jewish", "muslim", "black", "white",
                  "psychiatric_or_mental_illness"]
    need(sub, "id")
    sub = sub.sort_values("id").reset_index(drop=True)
    ans = ans.sort_values("id").reset_index(drop=True)
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids differ")
    sub = sub.rename(columns={"prediction": "toxicity"})
    pred = (sub["toxicity"] >= 0.5).astype(int).to_numpy()
    tox = (ans["toxicity"] >= 0.5).astype(int).to_numpy()
    overall = roc_auc_score(tox, pred)
    sg, bpsn, bnsp = [], [], []
    for g in identities:
        gi = (ans[g] >= 0.5).to_numpy()
        m = gi
        sg.append(roc_auc_score(tox[m], pred[m]))
        m = ((tox == 0) & gi) | ((tox == 1) & ~gi)
        bpsn.append(roc_auc_score(tox[m], pred[m]))
        m = ((tox == 1) & gi) | ((tox == 0) & ~gi)
        bnsp.append(roc_auc_score(tox[m], pred[m]))

    def power_mean(xs, p=-5):
        return np.power(np.mean(np.power(np.array(xs, dtype=np.float64), p)), 1 / p)

    return float(0.25 * overall + 0.25 * power_mean(sg) + 0.25 * power_mean(bpsn) + 0.25 * power_mean(bnsp))


def rsna_2022(sub, ans):
    need(sub, "row_id", "fractured")
    if not ((sub["fractured"] >= 0) & (sub["fractured"] <= 1)).all():
        raise Invalid("out of [0, 1]")
    sub = sub.sort_values("row_id")
    ans = ans.sort_values("row_id")
    if (sub["row_id"].values != ans["row_id"].values).any():
        raise Invalid("ids differ")
    cols = ["patient_overall", "C1", "C2", "C3", "C4", "C5", "C6", "C7"]

    def unmelt(df):
        parts = df["row_id"].str.split("_", n=1, expand=True)
        d = pd.DataFrame({"study": parts[0], "var": parts[1], "v": df["fractured"].to_numpy()})
        return d.pivot(index="study", columns="var", values="v").sort_index()[cols]

    y = unmelt(ans).to_numpy(np.float64)
    p = np.clip(unmelt(sub).to_numpy(np.float64), 1e-15, 1 - 1e-15)
    loss = -(y * np.log(p) + (1 - y) * np.log(1 - p))
    pos = np.array([14, 2, 2, 2, 2, 2, 2, 2])
    neg = np.array([7, 1, 1, 1, 1, 1, 1, 1])
    w = y * pos + (1 - y) * neg
    return float(np.mean((w * loss).sum(axis=1) / w.sum(axis=1)))


def smartphone(sub, ans):
    cols = ["tripId", "UnixTimeMillis", "LatitudeDegrees", "LongitudeDegrees"]
    need(sub, *cols)
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    scores = []
    for trip in ans["tripId"].unique():
        p = sub[sub["tripId"] == trip]
        g = ans[ans["tripId"] == trip]
        if len(p) != len(g):
            raise Invalid("trip rows differ")
        lat1 = np.radians(p["LatitudeDegrees"].to_numpy(np.float64))
        lon1 = np.radians(p["LongitudeDegrees"].to_numpy(np.float64))
        lat2 = np.radians(g["LatitudeDegrees"].to_numpy(np.float64))
        lon2 = np.radians(g["LongitudeDegrees"].to_numpy(np.float64))
        a = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
        d = 2 * 6_371_000 * np.arcsin(np.sqrt(a))
        scores.append((np.quantile(d, 0.5) + np.quantile(d, 0.95)) / 2)
    return float(np.mean(scores))


def volcanic(sub, ans):
    need(sub, "time_to_eruption", "segment_id")
    if set(sub["segment_id"]) != set(ans["segment_id"]):
        raise Invalid("id sets differ")
    m = ans.merge(sub[["segment_id", "time_to_eruption"]], on="segment_id", suffixes=("_true", "_pred"))
    d = m["time_to_eruption_true"].to_numpy(np.float64) - m["time_to_eruption_pred"].to_numpy(np.float64)
    return float(int(round(np.mean(np.abs(d)))))


# --- run-length masks -----------------------------------------------------


def rle_decode(s, n):
    """The original's RLE decoder on a flat mask of n pixels (the spec's
    rules: a string; blank -> empty; int() tokens; starts sorted, > 0,
    lengths > 0; numpy broadcasting of starts + lengths, so 1 token gives
    no run and 3 tokens share one length; no overlap; runs cut at n). The
    pixel order (row- or column-major) does not change any metric here."""
    assert isinstance(s, str)
    if not s.strip():
        return np.zeros(n, dtype=bool)
    toks = [int(t) for t in s.split()]
    starts = np.asarray(toks[0::2], dtype=np.int64)
    lengths = np.asarray(toks[1::2], dtype=np.int64)
    assert (np.diff(starts) >= 0).all()
    assert (starts > 0).all()
    assert (lengths > 0).all()
    starts = starts - 1
    ends = starts + lengths
    img = np.zeros(n, dtype=bool)
    for lo, hi in zip(starts, ends):
        assert not img[lo:hi].any()
        img[lo:hi] = True
    return img


def contrails(sub, ans):
    need(sub, "record_id", "encoded_pixels")
    sub, ans = aligned(sub, ans, "record_id", ["encoded_pixels"])
    dash = lambda v: "" if isinstance(v, str) and v == "-" else v
    hs, ws = ans["height"].to_numpy(), ans["width"].to_numpy()
    trues = np.stack([rle_decode(dash(v), int(h) * int(w)) for v, h, w in zip(ans["encoded_pixels"], hs, ws)])
    preds = np.stack([rle_decode(dash(v), int(h) * int(w)) for v, h, w in zip(sub["encoded_pixels"], hs, ws)])
    t, p = trues.ravel(), preds.ravel()
    total = t.sum() + p.sum()
    if total == 0:
        return float("nan")
    return float(2 * (t & p).sum() / total)


def hubmap(sub, ans):
    need(sub, "id", "predicted")
    if len(sub) != len(ans) or set(sub["id"]) != set(ans["id"]):
        raise Invalid("ids differ")
    sub = sub.sort_values("id").reset_index(drop=True)
    ans = ans.sort_values("id").reset_index(drop=True)
    sub["predicted"] = sub["predicted"].fillna("")
    dice = []
    for p, t, h, w in zip(sub["predicted"], ans["encoding"], ans["height_pixels"], ans["width_pixels"]):
        n = int(h) * int(w)
        pm, tm = rle_decode(p, n), rle_decode(t, n)
        s = pm.sum() + tm.sum()
        dice.append(1.0 if s == 0 else 2 * (pm & tm).sum() / s)
    return float(np.mean(dice))


def vesuvius(sub, ans):
    from sklearn.metrics import fbeta_score
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    scores = []
    for i in range(len(ans)):
        if len(sub.columns) != 2:
            raise Invalid("columns")
        need(sub, "Id", "Predicted")
        a, s = ans.iloc[i], sub.iloc[i]
        assert s["Id"] == a["Id"]
        if not isinstance(s["Predicted"], str):
            raise Invalid("Predicted not a string")
        n = int(a["width"]) * int(a["height"])
        p = rle_decode(s["Predicted"], n)
        t = rle_decode(a["Predicted"], n)
        scores.append(fbeta_score(t, p, beta=0.5))
    return float(np.mean(scores))


def tgs_salt(sub, ans):
    if set(sub.columns) != {"id", "rle_mask"}:
        raise Invalid("columns")
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    sub, ans = sub.fillna(""), ans.fillna("")
    sub = sub.sort_values("id").reset_index(drop=True)
    ans = ans.sort_values("id").reset_index(drop=True)
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids differ")
    n = 101 * 101
    preds = [rle_decode(v, n).reshape(101, 101) for v in sub["rle_mask"]]
    trues = [rle_decode(v, n).reshape(101, 101) for v in ans["rle_mask"]]
    thresholds = np.arange(0.5, 1.0, 0.05)
    out = []
    for t, p in zip(trues, preds):
        if t.sum() == 0:
            out.append(1.0 if p.sum() == 0 else 0.0)
            continue
        # the original's histogram binning (a constant mask lands in bin 1)
        inter = np.histogram2d(t.ravel(), p.ravel(), bins=(2, 2))[0]
        at = np.histogram(t.ravel(), bins=2)[0][:, None]
        ap = np.histogram(p.ravel(), bins=2)[0][None, :]
        union = at + ap - inter
        iou = inter[1:, 1:] / union[1:, 1:]
        out.append(np.mean([1.0 if iou[0, 0] > th else 0.0 for th in thresholds]))
    return float(np.mean(out))


def kuzushiji(sub, ans):
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, "image_id", "labels")
    sub = sub.sort_values("image_id").reset_index(drop=True)
    ans = ans.sort_values("image_id").reset_index(drop=True)
    if (sub["image_id"].values != ans["image_id"].values).any():
        raise Invalid("ids differ")
    for v in sub["labels"]:
        if isinstance(v, float) and np.isnan(v):
            continue
        toks = v.split(" ")
        if len(toks) % 3:
            raise Invalid("labels not in threes")
        for k in range(0, len(toks), 3):
            float(toks[k + 1]), float(toks[k + 2])
    tp = fp = fn = 0
    for preds, truth in zip(sub["labels"], ans["labels"]):
        pn, tn = not isinstance(preds, str), not isinstance(truth, str)
        if pn and tn:
            continue
        if tn:
            fp += len(preds.split(" ")) // 3
            continue
        if pn:
            fn += len(truth.split(" ")) // 5
            continue
        t = np.array(truth.split(" ")).reshape(-1, 5)
        tl = t[:, 0]
        tx, ty, tw, th = (t[:, i].astype(float) for i in range(1, 5))
        p = np.array(preds.split(" ")).reshape(-1, 3)
        pl = p[:, 0]
        px, py = p[:, 1].astype(float), p[:, 2].astype(float)
        unused = np.ones(len(pl), dtype=bool)
        for i in range(len(tl)):
            hit = unused & (tx[i] < px) & (px < tx[i] + tw[i]) & (ty[i] < py) & (py < ty[i] + th[i]) & (pl == tl[i])
            if not hit.any():
                fn += 1
            else:
                tp += 1
                unused[np.argmax(hit)] = False
        fp += int(unused.sum())
    if tp + fp == 0 or tp + fn == 0:
        return 0.0
    prec, rec = tp / (tp + fp), tp / (tp + fn)
    return 2 * prec * rec / (prec + rec) if prec > 0 and rec > 0 else 0.0


def siim_covid(sub, ans):
    from sklearn.metrics import average_precision_score
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, "id", "PredictionString")
    sub = sub.sort_values("id").reset_index(drop=True)
    ans = ans.sort_values("id").reset_index(drop=True)
    if (sub["id"].values != ans["id"].values).any():
        raise Invalid("ids differ")

    def parse(v):
        toks = v.strip().split()
        out = []
        for k in range(0, len(toks), 6):
            g = toks[k:k + 6]
            if len(g) < 6:
                raise IndexError("prediction string not in groups of 6")
            try:
                out.append((g[0], float(g[1]), float(g[2]), float(g[3]), float(g[4]), float(g[5])))
            except ValueError as e:
                raise Invalid(str(e))
        return out

    preds = [parse(v) for v in sub["PredictionString"]]
    trues = [parse(v) for v in ans["PredictionString"]]
    classes = sorted({g[0] for row in trues for g in row})

    def iou(a, b):
        iw = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
        ih = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
        inter = iw * ih
        union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
        return 0.0 if union <= 0 else inter / union

    aps = []
    for c in classes:
        y, sc = [], []
        for prow, trow in zip(preds, trues):
            gts = [g[2:] for g in trow if g[0] == c]
            matched = [False] * len(gts)
            n0 = len(y)
            for g in sorted(prow, key=lambda g: -g[1]):
                if g[0] != c:
                    continue
                best, bi = 0.5, -1
                for i, gt in enumerate(gts):
                    if not matched[i]:
                        v = iou(g[2:], gt)
                        if v > best:
                            best, bi = v, i
                if bi >= 0:
                    matched[bi] = True
                    y.append(1)
                else:
                    y.append(0)
                sc.append(g[1])
            for m in matched:
                if not m:
                    y.append(1)
                    sc.append(0.0)
            if len(y) == n0:
                y.append(0)
                sc.append(0.0)
        assert not all(v == 1 for v in y)
        aps.append(average_precision_score(np.array(y), np.array(sc)))
    return float(np.mean(aps)) if aps else 0.0


def tf2qa(sub, answers_path):
    """Answers are test.jsonl (one json.loads per line), not a CSV."""
    import json
    from sklearn.metrics import f1_score
    with open(answers_path) as f:
        ans = [json.loads(line) for line in f]
    if len(sub) != 2 * len(ans):
        raise Invalid("row count differs")
    sub = sub.fillna("").astype(str)
    need(sub, "example_id", "PredictionString")
    want = {f"{a['example_id']}_{k}" for a in ans for k in ("long", "short")}
    if set(sub["example_id"]) != want or sub["example_id"].duplicated().any():
        raise Invalid("example ids differ")
    valid = {}
    for a in ans:
        ann = a["annotations"][0]
        la = ann["long_answer"]
        valid[f"{a['example_id']}_long"] = [(la["start_token"], la["end_token"])] if la["start_token"] != -1 else []
        sv = [(x["start_token"], x["end_token"]) for x in ann["short_answers"]]
        if ann["yes_no_answer"] != "NONE":
            sv.append(ann["yes_no_answer"])
        valid[f"{a['example_id']}_short"] = sv
    y_true, y_pred = [], []
    for eid, ps in zip(sub["example_id"], sub["PredictionString"]):
        ps = ps.strip()
        if ":" in ps and len(ps.split(":")) == 2:
            a, b = ps.split(":")
            pred = (int(a), int(b))
        elif ps in ("YES", "NO", ""):
            pred = ps
        else:
            raise Invalid("bad PredictionString")
        v = valid[eid]
        y_pred.append(1 if pred != "" else 0)
        y_true.append(1 if (pred != "" and pred in v) or (pred == "" and v) else 0)
    return f1_score(y_true, y_pred, average="micro")


def lyft_3d(sub, ans):
    """Lyft devkit mAP over 3D IoU thresholds; footprint intersections by
    shapely (Debian's python3-shapely), as the devkit."""
    import math
    from shapely.geometry import Polygon
    if len(sub) != len(ans):
        raise Invalid("row count differs")
    need(sub, "Id", "PredictionString")
    sub = sub.sort_values("Id").reset_index(drop=True)
    ans = ans.sort_values("Id").reset_index(drop=True)
    if (sub["Id"].values != ans["Id"].values).any():
        raise Invalid("ids differ")
    sub["PredictionString"] = sub["PredictionString"].fillna("")

    def parse(v):
        if not v.strip():
            return []
        t = v.split(" ")
        if len(t) % 9:
            raise Invalid("not groups of 9")
        out = []
        for k in range(0, len(t), 9):
            conf, cx, cy, cz, w, l, h, yaw = (float(x) for x in t[k:k + 8])
            q = (math.cos(yaw / 2), 0.0, 0.0, math.sin(yaw / 2))
            out.append((conf, (cx, cy, cz), (w, l, h), q, t[k + 8]))
        return out

    class Box:
        def __init__(self, b):
            _, (cx, cy, cz), (w, l, h), q, _ = b
            if any(math.isnan(x) for x in (cx, cy, cz, w, l, h) + q):
                raise ValueError("NaN in a box")
            assert w > 0 and l > 0 and h > 0
            n = sum(x * x for x in q)
            if abs(1 - n) >= 1e-14:
                r = math.sqrt(n)
                q = tuple(x / r for x in q)
            q0, q1, q2, q3 = q
            c = q0 * q0 + q1 * q1 - q2 * q2 - q3 * q3
            s = 2 * (q1 * q2 + q0 * q3)
            pts = [(cx + l / 2 * c + w / 2 * s, cy + l / 2 * s - w / 2 * c),
                   (cx + l / 2 * c - w / 2 * s, cy + l / 2 * s + w / 2 * c),
                   (cx - l / 2 * c - w / 2 * s, cy - l / 2 * s + w / 2 * c),
                   (cx - l / 2 * c + w / 2 * s, cy - l / 2 * s - w / 2 * c)]
            p = np.array(pts)
            for a, b, d in ((0, 1, 3), (1, 0, 2), (2, 1, 3), (3, 0, 2)):
                assert np.isclose(np.dot(p[b] - p[a], p[d] - p[a]), 0, atol=1e-8)
            self.poly = Polygon(pts)
            self.min_z, self.max_z = cz - h / 2, cz + h / 2
            self.volume = w * l * h

        def iou(self, o):
            hz = max(0, min(self.max_z, o.max_z) - max(self.min_z, o.min_z))
            inter = self.poly.intersection(o.poly).area * hz
            return float(np.clip(inter / (self.volume + o.volume - inter), 0, 1))

    def ap(rec, prec):
        mrec = np.concatenate(([0.0], rec, [1.0]))
        mpre = np.concatenate(([0.0], prec, [0.0]))
        for i in range(len(mpre) - 1, 0, -1):
            mpre[i - 1] = max(mpre[i - 1], mpre[i])
        i = np.where(mrec[1:] != mrec[:-1])[0]
        return np.sum((mrec[i + 1] - mrec[i]) * mpre[i + 1])

    thresholds = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]
    maps = []
    preds = [parse(v) for v in sub["PredictionString"]]
    trues = [parse(v) for v in ans["PredictionString"]]
    for pr, gt in zip(preds, trues):
        classes = sorted({b[4] for b in gt})
        for th in thresholds:
            aps = []
            for c in classes:
                pc = [b for b in pr if b[4] == c]
                if not pc:
                    aps.append(0.0)
                    continue
                gb = [Box(b) for b in gt if b[4] == c]
                pc = sorted(pc, key=lambda b: -b[0])
                pb = [Box(b) for b in pc]
                taken = [False] * len(gb)
                tp = np.zeros(len(pb))
                fp = np.zeros(len(pb))
                for i, b in enumerate(pb):
                    ious = [b.iou(g) for g in gb]
                    j = int(np.argmax(ious))
                    if ious[j] > th and not taken[j]:
                        tp[i] = 1
                        taken[j] = True
                    else:
                        fp[i] = 1
                tp, fp = np.cumsum(tp), np.cumsum(fp)
                rec = tp / len(gb)
                prec = tp / np.maximum(tp + fp, np.finfo(np.float64).eps)
                aps.append(ap(rec, prec))
            maps.append(np.mean(aps))
    return float(np.mean(maps))


def uw_madison(sub, ans):
    """Dice per (slice, class) row and the 3-D Hausdorff of the union of
    classes per case-day (scipy's directed_hausdorff, as the original)."""
    from scipy.spatial.distance import directed_hausdorff
    need(sub, "id", "class", "predicted")
    sub = sub.copy()
    ans = ans.copy()
    sub["predicted"] = sub["predicted"].fillna("")
    ans["predicted"] = ans["predicted"].fillna("")
    hs = ans["image_height"].astype(int).tolist()
    ws = ans["image_width"].astype(int).tolist()

    def decode(v, h, w):
        return rle_decode(v, h * w).reshape(w, h).T

    pm = [decode(v, h, w) for v, h, w in zip(sub["predicted"], hs, ws)]
    tm = [decode(v, h, w) for v, h, w in zip(ans["predicted"], hs, ws)]
    dice = []
    for a, b in zip(pm, tm):
        assert a.shape == b.shape
        n = a.sum() + b.sum()
        dice.append(np.nan if n == 0 else 2 * (a & b).sum() / n)
    dice = np.nanmean(dice) if dice else np.nan

    def volumes(ids, masks):
        pairs = sorted(zip(ids, masks), key=lambda x: x[0])
        merged = {}
        order = []
        for i, m in pairs:
            if i in merged:
                merged[i] = merged[i] | m
            else:
                merged[i] = m.copy()
                order.append(i)
        groups = {}
        gorder = []
        for i in order:
            cd = i.split("_slice_")[0]
            if cd not in groups:
                groups[cd] = []
                gorder.append(cd)
            groups[cd].append(merged[i].astype(np.uint8))
        return [np.stack(groups[cd]) for cd in gorder]

    pv = volumes(list(sub["id"])[:len(pm)], pm)
    tv = volumes(list(ans["id"])[:len(tm)], tm)
    hd = []
    for p, t in zip(pv, tv):
        if p.sum() == 0 and t.sum() == 0:
            hd.append(np.nan)
        elif p.shape == t.shape and (p == t).all():
            hd.append(0.0)
        elif p.sum() == 0 or t.sum() == 0:
            hd.append(1.0)
        elif p.sum() > 10 * t.sum():
            hd.append(1.0)
        else:
            shape = np.array(t.shape)
            a = np.argwhere(t) / shape
            b = np.argwhere(p) / shape
            h = max(directed_hausdorff(a, b)[0], directed_hausdorff(b, a)[0])
            hd.append(h / np.sqrt(3))
    hd = np.nanmean(hd) if hd else np.nan
    return float(0.4 * dice + 0.6 * (1 - hd))


# --- the competitions ------------------------------------------------------

GRADERS = {
    # ROC AUC, one target column
    "aerial-cactus-identification": auroc("id", "has_cactus"),
    "detecting-insults-in-social-commentary": auroc("Comment", "Insult"),
    "histopathologic-cancer-detection": auroc("id", "label"),
    "invasive-species-monitoring": auroc("name", "invasive"),
    "mlsp-2013-birds": auroc("Id", "Probability"),
    "random-acts-of-pizza": auroc("request_id", "requester_received_pizza"),
    "rsna-miccai-brain-tumor-radiogenomic-classification": auroc("BraTS21ID", "MGMT_value"),
    "seti-breakthrough-listen": auroc("id", "target"),
    "siim-isic-melanoma-classification": auroc("image_name", "target"),
    "tabular-playground-series-may-2022": auroc("id", "target"),
    "the-icml-2013-whale-challenge-right-whale-redux": auroc("clip", "probability"),
    # accuracy
    "cassava-leaf-disease-classification": accuracy("image_id", "label"),
    "cdiscount-image-classification-challenge": accuracy("_id", "category_id"),
    "iwildcam-2020-fgvc7": accuracy("Id", "Category"),
    "ml2021spring-hw2": accuracy("Id", "ClassId"),
    "movie-review-sentiment-analysis-kernels-only": accuracy("PhraseId", "Sentiment"),
    "spaceship-titanic": accuracy("PassengerId", "Transported"),
    "tabular-playground-series-dec-2021": accuracy("Id", "Cover_Type"),
    "tensorflow-speech-recognition-challenge": accuracy("fname", "label"),
    "paddy-disease-classification": accuracy("image_id", "label"),
    "inaturalist-2019-fgvc6": accuracy("id", "predicted", error=True),
    # regression
    "new-york-city-taxi-fare-prediction": rmse("key", "fare_amount"),
    "petfinder-pawpularity-score": rmse("Id", "Pawpularity"),
    "denoising-dirty-documents": rmse("id", "value"),
    "predict-volcanic-eruptions-ingv-oe": volcanic,
    # log loss
    "dog-breed-identification": multiclass_logloss("id"),
    "leaf-classification": multiclass_logloss("id"),
    "lmsys-chatbot-arena": multiclass_logloss("id", classes=["winner_model_a", "winner_model_b", "winner_tie"]),
    "spooky-author-identification": multiclass_logloss("id", classes=["EAP", "HPL", "MWS"]),
    "dogs-vs-cats-redux-kernels-edition": binary_logloss("id", "label"),
    "statoil-iceberg-classifier-challenge": binary_logloss("id", "is_iceberg"),
    # others
    "plant-pathology-2020-fgvc7": columnwise_auroc("image_id", ["healthy", "multiple_diseases", "rust", "scab"]),
    "playground-series-s3e18": columnwise_auroc("id", ["EC1", "EC2"]),
    "herbarium-2020-fgvc7": f1("Id", "Predicted", "macro"),
    "herbarium-2021-fgvc8": f1("Id", "Predicted", "macro"),
    "herbarium-2022-fgvc9": f1("Id", "Predicted", "macro"),
    "iwildcam-2019-fgvc6": f1("Id", "Category", "macro"),
    "plant-seedlings-classification": f1("file", "species", "micro"),
    "aptos2019-blindness-detection": qwk("id_code", "diagnosis"),
    "learning-agency-lab-automated-essay-scoring-2": qwk("essay_id", "score"),
    "us-patent-phrase-to-phrase-matching": pearson("id", "score"),
    "nfl-player-contact-detection": mcc("contact_id", "contact"),
    "jigsaw-toxic-comment-classification-challenge": jigsaw_toxic,
    "champs-scalar-coupling": champs,
    "facebook-recruiting-iii-keyword-extraction": facebook,
    "ventilator-pressure-prediction": ventilator,
    "text-normalization-challenge-english-language": text_accuracy("id", "after"),
    "text-normalization-challenge-russian-language": text_accuracy("id", "after"),
    "stanford-covid-vaccine": stanford_covid,
    "nomad2018-predict-transparent-conductors": nomad,
    "osic-pulmonary-fibrosis-progression": osic,
    "google-quest-challenge": google_quest,
    "whale-categorization-playground": map_at_k("Image", "Id", 5, exact_columns=True),
    "hotel-id-2021-fgvc8": map_at_k("image", "hotel_id", 5),
    "h-and-m-personalized-fashion-recommendations": h_and_m,
    "tweet-sentiment-extraction": jaccard_tweet,
    "alaska2-image-steganalysis": alaska2,
    "chaii-hindi-and-tamil-question-answering": chaii,
    "hms-harmful-brain-activity-classification": hms,
    "imet-2020-fgvc7": multilabel_f1("id", "attribute_ids"),
    "plant-pathology-2021-fgvc8": multilabel_f1("image", "labels"),
    "rsna-breast-cancer-detection": rsna_breast,
    "ranzcr-clip-catheter-line-classification": ranzcr,
    "icecube-neutrinos-in-deep-ice": icecube,
    "freesound-audio-tagging-2019": freesound,
    "jigsaw-unintended-bias-in-toxicity-classification": jigsaw_bias,
    "rsna-2022-cervical-spine-fracture-detection": rsna_2022,
    "smartphone-decimeter-2022": smartphone,
    "google-research-identify-contrails-reduce-global-warming": contrails,
    "hubmap-kidney-segmentation": hubmap,
    "vesuvius-challenge-ink-detection": vesuvius,
    "tgs-salt-identification-challenge": tgs_salt,
    "kuzushiji-recognition": kuzushiji,
    "siim-covid19-detection": siim_covid,
    "tensorflow2-question-answering": tf2qa,
    "3d-object-detection-for-autonomous-vehicles": lyft_3d,
    "uw-madison-gi-tract-image-segmentation": uw_madison,
}

# Graders that read the answers file themselves (not a CSV): they get its path.
ANSWERS_AS_PATH = {"tensorflow2-question-answering"}

# Competitions without a reference here, and why.
LEVENSHTEIN = "edit distance: its reference is benchmark/pandas_reference_text.py (the C python-Levenshtein of Debian's python3-levenshtein, as the original), absent from this checkout or not importable"
COCOEVAL = "COCO mAP@0.4: the original evaluates with pycocotools' COCOeval (C IoU and matching), which neither Debian nor the reachable registries ship for Python; a numpy rewrite of COCOeval with its id-0 quirks would be neither the original's code nor its cost"
NO_REFERENCE = {
    "billion-word-imputation": LEVENSHTEIN,
    "bms-molecular-translation": LEVENSHTEIN,
    "multi-modal-gesture-recognition": LEVENSHTEIN,
    "vinbigdata-chest-xray-abnormalities-detection": COCOEVAL,
    "AI4Code": "Kendall tau over cell orders: its reference is benchmark/pandas_reference_text.py, absent from this checkout",
}


def merge_references():
    """Competitions graded by the sibling reference files (same grade(sub,
    ans) form, a GRADERS table each): they override NO_REFERENCE here."""
    import importlib
    import os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    for name in EXTRA_REFERENCES:
        try:
            mod = importlib.import_module(name)
        except ImportError:
            continue
        for cid, fn in mod.GRADERS.items():
            GRADERS.setdefault(cid, fn)
            NO_REFERENCE.pop(cid, None)


# Sibling modules with more reference graders (benchmark/<name>.py).
EXTRA_REFERENCES = ["pandas_reference_text"]


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    cid, answers, submission = argv[1:]
    merge_references()
    grade = GRADERS.get(cid)
    if grade is None:
        print("NOREF: " + NO_REFERENCE.get(cid, "not written yet (time)"))
        return 3
    ans = answers if cid in ANSWERS_AS_PATH else read(answers)
    sub = read(submission)
    print(repr(float(grade(sub, ans))))
    return 0


def write_peak_rss():
    """Write VmHWM (KiB) to $MLEBENCH_PEAK_RSS_FILE, as mlebench does: the
    bench reads the peak from there, not from wait4's rusage."""
    import os
    path = os.environ.get("MLEBENCH_PEAK_RSS_FILE")
    if not path:
        return
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                with open(path, "w") as out:
                    out.write(line.split()[1] + "\n")
                return


if __name__ == "__main__":
    code = main(sys.argv)
    write_peak_rss()
    sys.exit(code)
