#!/usr/bin/python3
"""Grade one submission the way the original harness does, with pandas,
numpy and scikit-learn: the reference path that `mlebench dev bench
--reference` measures beside `mlebench grade-sample`.

Usage: pandas_reference_grade.py COMPETITION_ID ANSWERS SUBMISSION

Prints the unrounded score (repr of a Python float) on the last line of
stdout. For a competition without a reference here it prints
"NOREF: <why>" and exits with status 3. An invalid submission raises.

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
    "predict-volcanic-eruptions-ingv-oe": mae("segment_id", "time_to_eruption"),
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
}

# Competitions without a reference here, and why.
NO_REFERENCE = {}


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    cid, answers, submission = argv[1:]
    grade = GRADERS.get(cid)
    if grade is None:
        print("NOREF: " + NO_REFERENCE.get(cid, "not written yet (time)"))
        return 3
    ans = read(answers)
    sub = read(submission)
    print(repr(float(grade(sub, ans))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
