#!/usr/bin/python3
"""Generate golden.json for internal/metric's tests.

Run ONCE with Debian's python3-sklearn / python3-numpy / python3-scipy
(`/usr/bin/python3 testdata/gen_golden.py > testdata/golden.json` from the
package directory). The Go tests only read the JSON output.

Debian ships scikit-learn 1.2.1, older than the 1.5 the port follows. Where the
two differ the expected value is computed by a transcription of the 1.5 code
path (marked "sklearn15" in the case's "source"):
  * log_loss: 1.5 clips at float64 eps and does not renormalise rows; 1.2.1
    clipped at a caller-chosen eps and renormalised. The 1.2.1 function is
    still used (with eps=finfo(float64).eps) for the Renormalize option.
  * root_mean_squared_error / root_mean_squared_log_error do not exist in
    1.2.1; mean_squared_error(squared=False) / mean_squared_log_error(
    squared=False) compute the same thing. The negative-value message of
    1.5 ("Root Mean Squared ...") replaces 1.2.1's ("Mean Squared ...").

Large inputs are not stored: they are described by a "synth" spec (a
splitmix64 stream plus a transform) that the Go test regenerates bit for bit.
Non-finite floats are written as the strings "nan", "inf", "-inf".
"""

import json
import math
import sys
import warnings

import numpy as np
import scipy
import sklearn
import sklearn.utils.multiclass
from scipy.special import xlogy
from sklearn import metrics

warnings.simplefilter("ignore")

MASK = (1 << 64) - 1


def splitmix_uniform(seed, n):
    """n floats in [0, 1): (splitmix64 output >> 11) * 2**-53, state seed + k*golden."""
    with np.errstate(over="ignore"):
        x = np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(seed & MASK)
        z = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) * (2.0 ** -53)


def synth(spec):
    """Regenerate a column from its spec; mirrored by synth() in the Go test."""
    v = synth_base(spec)
    if "add" in spec:  # v + w * other column (e.g. scores correlated with labels)
        other, w = spec["add"]
        v = v + w * synth(other)
    if "round" in spec:  # then floor(v*k)/k
        k = float(spec["round"])
        v = np.floor(v * k) / k
    if "scale" in spec:  # then v*s
        v = v * float(spec["scale"])
    return v


def synth_base(spec):
    u = splitmix_uniform(spec["seed"], spec["n"])
    t = spec["transform"]
    if t == "uniform":
        return u
    if t.startswith("round:"):  # floor(u*k)/k: many ties
        k = float(t.split(":")[1])
        return np.floor(u * k) / k
    if t.startswith("bernoulli:"):  # 1.0 with probability p
        p = float(t.split(":")[1])
        return (u < p).astype(np.float64)
    if t.startswith("int:"):  # floor(u*k)
        k = float(t.split(":")[1])
        return np.floor(u * k)
    if t.startswith("scale:"):  # u*k
        k = float(t.split(":")[1])
        return u * k
    if t == "signed":  # (u-0.5)*2**e, e in [-20, 20]: mixed signs and magnitudes (exact ops only)
        e = (np.floor(u * 1e6) % 41).astype(np.int64) - 20
        return np.ldexp(u - 0.5, e)
    raise ValueError(t)


def enc_f(v):
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def enc_arr(a):
    if isinstance(a, dict):  # synth spec
        return {"synth": a}
    return [enc_f(v) for v in np.asarray(a, dtype=np.float64).ravel()]


def materialise(a):
    if isinstance(a, dict):
        return synth(a)
    return np.asarray(a, dtype=np.float64)


cases = []


def add(func, name, args, fn, source="sklearn", override_error=None):
    """Run fn() and record its value or exception text."""
    case = {"func": func, "name": name, "args": args, "source": source}
    try:
        v = fn()
        case["want"] = enc_f(v)
        case["type"] = type(v).__name__
    except Exception as e:  # noqa: BLE001 - we record any failure's text
        case["error"] = override_error or str(e)
        case["exc"] = type(e).__name__
    cases.append(case)


# ---------------------------------------------------------------- pairwise sum
rng = np.random.default_rng(12345)
for n in [0, 1, 2, 7, 8, 9, 15, 16, 17, 127, 128, 129, 130, 255, 256, 257, 1000, 1023, 4097]:
    a = rng.standard_normal(n) * np.exp(rng.uniform(-20, 20, n))
    add("sum", f"normal-{n}", {"a": enc_arr(a)}, lambda a=a: np.sum(a), source="numpy")
    add("mean", f"normal-{n}", {"a": enc_arr(a)}, lambda a=a: np.mean(a), source="numpy")
for n in [100000, 1000003]:
    spec = {"seed": 7 + n, "n": n, "transform": "signed"}
    a = synth(spec)
    add("sum", f"synth-signed-{n}", {"a": enc_arr(spec)}, lambda a=a: np.sum(a), source="numpy")

# ---------------------------------------------------------------- ROC AUC
def auc_case(name, yt, ys):
    add("roc_auc", name, {"y_true": enc_arr(yt), "y_score": enc_arr(ys)},
        lambda: metrics.roc_auc_score(materialise(yt), materialise(ys)))


auc_case("simple", [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
auc_case("perfect", [0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4])
auc_case("inverted", [1, 1, 0, 0], [0.1, 0.2, 0.3, 0.4])
auc_case("all-equal", [0, 1, 0, 1, 1], [0.5] * 5)
auc_case("all-equal-zero-negzero", [0, 1, 0, 1], [0.0, -0.0, -0.0, 0.0])
auc_case("ties", [0, 1, 1, 0, 1, 0, 0, 1, 1, 0], [0.1, 0.1, 0.5, 0.5, 0.5, 0.7, 0.2, 0.9, 0.2, 0.9])
auc_case("labels-1-2", [1, 2, 2, 1, 2], [0.3, 0.2, 0.9, 0.1, 0.5])
auc_case("labels-minus1-1", [-1, 1, 1, -1], [0.3, 0.2, 0.9, 0.1])
auc_case("labels-float", [0.0, 1.0, 1.0, 0.0], [3.0, -1.0, 1e300, -1e300])
auc_case("single-positive", [0, 0, 0, 1, 0], [0.1, 0.9, 0.3, 0.5, 0.2])
auc_case("one-class", [1, 1, 1], [0.1, 0.2, 0.3])
auc_case("one-class-zero", [0, 0], [0.1, 0.2])
auc_case("nan-score", [0, 1, 0], [0.1, float("nan"), 0.3])
auc_case("inf-score", [0, 1, 0], [0.1, float("inf"), 0.3])
auc_case("nan-true", [0, float("nan"), 1], [0.1, 0.2, 0.3])
auc_case("multiclass-true", [0, 1, 2], [0.1, 0.2, 0.3])
auc_case("continuous-true", [0, 0.5, 1], [0.1, 0.2, 0.3])
auc_case("length-mismatch", [0, 1, 0, 1], [0.1, 0.2, 0.3])
auc_case("negative-scores", [0, 1, 1, 0, 1], [-5, -1, -1, -3, 2])
auc_case("collinear", [1, 0, 1, 0, 1, 0, 1, 0], [8, 7, 6, 5, 4, 3, 2, 1])
for seed, n, tr, p in [(1, 1000, "uniform", 0.3), (2, 5000, "round:20", 0.5), (3, 100000, "round:1000", 0.1),
                       (4, 100000, "uniform", 0.5), (5, 1000000, "round:100000", 0.05), (6, 200000, "int:3", 0.4)]:
    yt = {"seed": seed * 1000 + 1, "n": n, "transform": f"bernoulli:{p}"}
    ys = {"seed": seed * 1000 + 2, "n": n, "transform": tr}
    auc_case(f"synth-{n}-{tr}", yt, ys)
# correlated scores: many distinct points, summation order matters
yt = {"seed": 77, "n": 300000, "transform": "bernoulli:0.5"}
auc_case("correlated-300k", yt, {"seed": 78, "n": 300000, "transform": "uniform", "add": [yt, 0.3], "round": 10000})
auc_case("correlated-300k-distinct", yt, {"seed": 79, "n": 300000, "transform": "uniform", "add": [yt, 0.1]})


def macro_case(name, yt_cols, ys_cols):
    def fn():
        yt = np.column_stack([materialise(c) for c in yt_cols]) if yt_cols else np.empty((0, 0))
        ys = np.column_stack([materialise(c) for c in ys_cols])
        return metrics.roc_auc_score(yt, ys, average="macro")
    add("roc_auc_macro", name, {"y_true": [enc_arr(c) for c in yt_cols], "y_score": [enc_arr(c) for c in ys_cols]}, fn)


macro_case("two-cols", [[0, 1, 1, 0], [1, 0, 1, 0]], [[0.1, 0.8, 0.3, 0.3], [0.5, 0.5, 0.9, 0.1]])
macro_case("six-cols-ties", [[0, 1, 1, 0, 1, 0]] * 3 + [[1, 0, 0, 0, 1, 0]] * 3,
           [[0.1, 0.1, 0.9, 0.2, 0.5, 0.5], [0, 0, 0, 0, 0, 0], [1, 2, 3, 4, 5, 6],
            [0.3, 0.3, 0.3, 0.1, 0.9, 0.1], [6, 5, 4, 3, 2, 1], [0.5, 0.25, 0.25, 0.5, 0.75, 0.5]])
macro_case("one-class-column", [[0, 1, 1], [0, 0, 0]], [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]])
macro_case("nan-score", [[0, 1, 1], [0, 1, 0]], [[0.1, 0.2, 0.3], [0.3, float("nan"), 0.1]])
macro_case("fewer-score-columns", [[0, 1, 1], [0, 1, 0], [1, 0, 1]], [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]])
macro_case("more-score-columns", [[0, 1, 1], [0, 1, 0]], [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], [0.5, 0.5, 0.5]])
macro_case("three-valued-true", [[0, 1, 2], [0, 1, 0]], [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]])
macro_case("minus-one-true", [[-1, 1, 1], [1, -1, 1]], [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]])
macro_case("length-mismatch", [[0, 1, 1], [0, 1, 0]], [[0.1, 0.2], [0.3, 0.2]])
macro_case("synth-9-cols", [{"seed": 100 + c, "n": 20000, "transform": f"bernoulli:{0.05 + 0.1 * c}"} for c in range(9)],
           [{"seed": 200 + c, "n": 20000, "transform": "round:50" if c % 2 else "uniform"} for c in range(9)])


def colwise_case(name, yt_cols, ys_cols):
    def fn():
        return np.mean([metrics.roc_auc_score(materialise(a), materialise(b)) for a, b in zip(yt_cols, ys_cols)])
    add("mean_colwise_auc", name, {"y_true": [enc_arr(c) for c in yt_cols], "y_score": [enc_arr(c) for c in ys_cols]}, fn)


colwise_case("four-cols", [[0, 1, 1, 0], [1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 0, 1]],
             [[0.1, 0.8, 0.3, 0.3], [0.5, 0.5, 0.9, 0.1], [0.2, 0.2, 0.2, 0.2], [0.9, 0.1, 0.4, 0.4]])
colwise_case("synth-9-cols", [{"seed": 300 + c, "n": 5000, "transform": f"bernoulli:{0.02 + 0.1 * c}"} for c in range(9)],
             [{"seed": 400 + c, "n": 5000, "transform": "round:30"} for c in range(9)])
colwise_case("one-class", [[0, 1, 1], [1, 1, 1]], [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1]])


# ---------------------------------------------------------------- labels
def enc_labels(dtype, values):
    if isinstance(values, dict):  # synth spec of integral values
        return {"dtype": dtype, "synth": values}
    if dtype == "object":
        out = []
        for v in values:
            if isinstance(v, bool):
                out.append(["bool", v])
            elif isinstance(v, int):
                out.append(["int", v])
            elif isinstance(v, float):
                out.append(["float", enc_f(v)])
            else:
                out.append(["str", v])
        return {"dtype": dtype, "values": out}
    if dtype == "float":
        return {"dtype": dtype, "values": enc_arr(values)}
    return {"dtype": dtype, "values": list(values)}


def np_labels(dtype, values):
    if isinstance(values, dict):
        values = synth(values).astype(np.int64) if dtype == "int" else synth(values)
    if dtype == "bool":
        return np.array(values, dtype=bool)
    if dtype == "int":
        return np.array(values, dtype=np.int64)
    if dtype == "float":
        return np.array(values, dtype=np.float64)
    return np.array(values, dtype=object)


def acc_case(name, t, p):
    add("accuracy", name, {"y_true": enc_labels(*t), "y_pred": enc_labels(*p)},
        lambda: metrics.accuracy_score(np_labels(*t), np_labels(*p)))


acc_case("bool-bool", ("bool", [True, False, True, True]), ("bool", [True, True, True, False]))
acc_case("bool-int", ("bool", [True, False, True, True]), ("int", [1, 0, 0, 1]))
acc_case("bool-float", ("bool", [True, False, True]), ("float", [1.0, 0.0, 0.0]))
acc_case("bool-str-binary", ("bool", [True, False, True]), ("str", ["True", "False", "True"]))
acc_case("bool-object-nan", ("bool", [True, False, True]), ("object", [True, float("nan"), False]))
acc_case("bool-object-first-str", ("bool", [True, False, True]), ("object", ["True", float("nan"), "False"]))
acc_case("int-multiclass", ("int", [1, 2, 3, 4, 5, 6, 7]), ("int", [1, 2, 3, 3, 5, 7, 7]))
acc_case("int-float-integral", ("int", [1, 2, 3, 4]), ("float", [1.0, 2.0, 3.0, 5.0]))
acc_case("int-float-continuous", ("int", [1, 2, 3, 4]), ("float", [1.0, 2.5, 3.0, 5.0]))
acc_case("int-float-nan", ("int", [1, 2, 3, 4]), ("float", [1.0, float("nan"), 3.0, 5.0]))
acc_case("int-float-inf", ("int", [1, 2, 3, 4]), ("float", [1.0, float("inf"), 3.0, 5.0]))
acc_case("int-str-multiclass", ("int", [1, 2, 3, 4]), ("str", ["1", "2", "x", "4"]))
acc_case("int-str-binary", ("int", [1, 2, 1, 2]), ("str", ["1", "2", "1", "1"]))
acc_case("str-str", ("str", ["a", "b", "c", "nan"]), ("str", ["a", "B", "c", "nan"]))
acc_case("str-str-binary", ("str", ["a", "b", "a"]), ("str", ["a", "a", "a"]))
acc_case("length-mismatch", ("int", [1, 2, 3]), ("int", [1, 2]))
acc_case("continuous-both", ("float", [0.5, 1.5]), ("float", [0.5, 1.5]))
acc_case("object-both-unknown", ("object", [True, float("nan")]), ("object", [True, float("nan")]))
acc_case("str-with-nan-object", ("int", [1, 2, 3]), ("object", ["a", float("nan"), "c"]))


def kappa_case(name, a, b, weights="quadratic"):
    add("kappa", name, {"y1": enc_labels(*a), "y2": enc_labels(*b), "weights": weights or ""},
        lambda: metrics.cohen_kappa_score(np_labels(*a), np_labels(*b), weights=weights))


kappa_case("simple", ("int", [0, 1, 2, 3, 4, 4, 2]), ("int", [0, 2, 2, 3, 3, 4, 1]))
kappa_case("linear", ("int", [0, 1, 2, 3, 4, 4, 2]), ("int", [0, 2, 2, 3, 3, 4, 1]), "linear")
kappa_case("unweighted", ("int", [0, 1, 2, 3, 4, 4, 2]), ("int", [0, 2, 2, 3, 3, 4, 1]), None)
kappa_case("label-gap", ("int", [0, 1, 2, 7, 4]), ("int", [0, 1, 2, 3, 4]))
kappa_case("negative-label", ("int", [0, 1, 2, -3, 4]), ("int", [0, 1, 2, 3, 4]))
kappa_case("float-integral", ("float", [0.0, 1.0, 2.0, 3.0]), ("int", [0, 1, 2, 2]))
kappa_case("float-continuous", ("float", [0.0, 1.5, 2.0, 3.0]), ("int", [0, 1, 2, 2]))
kappa_case("float-nan", ("float", [0.0, float("nan"), 2.0, 3.0]), ("int", [0, 1, 2, 2]))
kappa_case("one-label", ("int", [2, 2, 2]), ("int", [2, 2, 2]))
kappa_case("strings", ("str", ["a", "b", "c", "a"]), ("str", ["a", "c", "c", "b"]))
kappa_case("mixed-str-int", ("str", ["a", "b", "c", "a"]), ("int", [1, 2, 3, 4]))
kappa_case("length-mismatch", ("int", [0, 1]), ("int", [0, 1, 2]))
n = 3000
ka = np.floor(synth({"seed": 501, "n": n, "transform": "uniform"}) * 5).astype(np.int64)
kb = np.clip(ka + np.floor(synth({"seed": 502, "n": n, "transform": "uniform"}) * 3).astype(np.int64) - 1, 0, 4)
kappa_case("aptos-like-3000", ("int", ka.tolist()), ("int", kb.tolist()))


# ---------------------------------------------------------------- log loss
def ll15_indicator(Y, P, eps=np.finfo(np.float64).eps):
    """scikit-learn 1.5 log_loss for an indicator y_true: clip, no renorm."""
    P = np.clip(P, eps, 1 - eps)
    loss = -xlogy(Y, P).sum(axis=1)
    return float(np.average(loss))


def ll15_binary(y, p, eps=np.finfo(np.float64).eps):
    classes = np.unique(y)
    if len(classes) == 1:
        return metrics.log_loss(y, p)  # raises the one-label error
    if len(classes) > 2:
        return metrics.log_loss(y, p)  # raises the class-count error
    t = (y == classes[1]).astype(np.int64)[:, None]
    T = np.append(1 - t, t, axis=1)
    p = p[:, None]
    P = np.append(1 - p, p, axis=1)
    P = np.clip(P, eps, 1 - eps)
    loss = -xlogy(T, P).sum(axis=1)
    return float(np.average(loss))


def ll_ind_case(name, Y, P, renorm=False):
    Y = np.asarray(Y, dtype=np.float64)
    P = np.asarray(P, dtype=np.float64)
    args = {"y_true": [enc_arr(Y[:, k]) for k in range(Y.shape[1])],
            "y_pred": [enc_arr(P[:, k]) for k in range(P.shape[1])], "renormalize": renorm}
    if renorm:
        add("log_loss_indicator", name, args,
            lambda: metrics.log_loss(Y.astype(np.int64), P, eps=np.finfo(np.float64).eps), source="sklearn-1.2.1-renormalising")
    else:
        def fn():
            if np.isnan(P).any():
                return metrics.log_loss(Y, P)  # check_array error text
            if Y.shape[1] != P.shape[1]:
                return metrics.log_loss(Y.astype(np.int64), P)
            return ll15_indicator(Y, P)
        add("log_loss_indicator", name, args, fn, source="sklearn15")


ll_ind_case("three-class", [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0]],
            [[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4], [0.0, 0.5, 0.5]])
ll_ind_case("zeros-and-ones", [[1, 0], [0, 1]], [[1.0, 0.0], [1.0, 0.0]])
ll_ind_case("nan-pred", [[1, 0], [0, 1]], [[0.5, float("nan")], [0.5, 0.5]])
ll_ind_case("class-count-mismatch", [[1, 0, 0], [0, 1, 0]], [[0.5, 0.5], [0.5, 0.5]])
ll_ind_case("multi-hot-rows", [[1, 1, 0, 1, 0, 0, 1, 1, 1, 0], [0] * 10, [1] * 10],
            [[0.1 * (k + 1) for k in range(10)], [0.05] * 10, [0.3, 0.01, 0.2, 0.9, 0.4, 0.6, 0.7, 0.05, 0.15, 0.5]])
def ll_onehot_case(name, classes_spec, k, pred_specs, renorm=False):
    """Large indicator case: y_true one-hot from a class-index column, y_pred columns synthesised."""
    truth = synth(classes_spec).astype(np.int64)
    Y = np.zeros((len(truth), k), dtype=np.int64)
    Y[np.arange(len(truth)), truth] = 1
    P = np.column_stack([synth(s) for s in pred_specs])
    args = {"y_true_onehot": {"classes": {"synth": classes_spec}, "k": k},
            "y_pred": [enc_arr(s) for s in pred_specs], "renormalize": renorm}
    if renorm:
        add("log_loss_indicator", name, args,
            lambda: metrics.log_loss(Y, P, eps=np.finfo(np.float64).eps), source="sklearn-1.2.1-renormalising")
    else:
        add("log_loss_indicator", name, args, lambda: ll15_indicator(Y, P), source="sklearn15")


# y_pred columns floor(u*50)/50 / 60: rows sum to about 1, about 2% exact zeros
dog_specs = [{"seed": 900 + k, "n": 2000, "transform": "uniform", "round": 50, "scale": 1 / 60} for k in range(120)]
ll_onehot_case("dog-breed-like-2000x120", {"seed": 899, "n": 2000, "transform": "int:120"}, 120, dog_specs)
ll_onehot_case("dog-breed-like-2000x120-renorm", {"seed": 899, "n": 2000, "transform": "int:120"}, 120, dog_specs, renorm=True)
ll_ind_case("three-class-renorm", [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[0.7, 0.2, 0.2], [0.1, 0.8, 0.1], [0.3, 0.3, 0.3]], renorm=True)


def ll_bin_case(name, y, p, renorm=False):
    args = {"y_true": enc_arr(y), "y_pred": enc_arr(p), "renormalize": renorm}
    y = materialise(y)
    p = materialise(p)
    if renorm:
        add("log_loss_binary", name, args,
            lambda: metrics.log_loss(y, p, eps=np.finfo(np.float64).eps), source="sklearn-1.2.1-renormalising")
    else:
        def fn():
            if np.isnan(p).any() or len(y) != len(p):
                return metrics.log_loss(y, p)
            return ll15_binary(y, p)
        add("log_loss_binary", name, args, fn, source="sklearn15")


ll_bin_case("simple", [0, 1, 1, 0], [0.1, 0.9, 0.6, 0.4])
ll_bin_case("confident-wrong", [0, 1, 1, 0], [1.0, 0.0, 1.0, 0.0])
ll_bin_case("labels-1-2", [1, 2, 2, 1], [0.2, 0.7, 0.5, 0.5])
add("log_loss_binary", "one-class-int", {"y_true": [1, 1, 1], "y_pred": [0.2, 0.7, 0.5], "renormalize": False},
    lambda: metrics.log_loss(np.array([1, 1, 1]), np.array([0.2, 0.7, 0.5])))
add("log_loss_binary", "three-class-int", {"y_true": [0, 1, 2], "y_pred": [0.2, 0.7, 0.5], "renormalize": False},
    lambda: metrics.log_loss(np.array([0, 1, 2]), np.array([0.2, 0.7, 0.5])))
ll_bin_case("nan", [0, 1, 1], [0.2, float("nan"), 0.5])
ll_bin_case("length-mismatch", [0, 1, 1], [0.2, 0.5])
yb_spec = {"seed": 601, "n": 50000, "transform": "bernoulli:0.5"}
pb_spec = {"seed": 602, "n": 50000, "transform": "scale:0.6", "add": [yb_spec, 0.4], "round": 20}
ll_bin_case("dogs-cats-like-50000", yb_spec, pb_spec)
ll_bin_case("renorm-interior", [0, 1, 1, 0], [0.1, 0.9, 0.6, 0.4], renorm=True)


# ---------------------------------------------------------------- regression
def reg_case(func, name, yt, yp, fn, override_error=None, source="sklearn"):
    add(func, name, {"y_true": enc_arr(yt), "y_pred": enc_arr(yp)},
        lambda: fn(materialise(yt), materialise(yp)), override_error=override_error, source=source)


mse = metrics.mean_squared_error
rmse = lambda a, b: metrics.mean_squared_error(a, b, squared=False)  # noqa: E731
mae = metrics.mean_absolute_error
r2 = metrics.r2_score


def rmsle(a, b):
    return metrics.mean_squared_log_error(a, b, squared=False)


NEG = "Root Mean Squared Logarithmic Error cannot be used when targets contain negative values."
for func, fn in [("mse", mse), ("rmse", rmse), ("mae", mae), ("r2", r2)]:
    reg_case(func, "simple", [3, -0.5, 2, 7], [2.5, 0.0, 2, 8], fn)
    reg_case(func, "equal", [1, 2, 3], [1, 2, 3], fn)
    reg_case(func, "constant-true", [2, 2, 2], [1, 2, 3], fn)
    reg_case(func, "constant-true-exact", [2, 2, 2], [2, 2, 2], fn)
    reg_case(func, "single", [2.0], [3.0], fn)
    reg_case(func, "nan-pred", [1, 2, 3], [1, float("nan"), 3], fn)
    reg_case(func, "inf-true", [1, float("inf"), 3], [1, 2, 3], fn)
    reg_case(func, "length-mismatch", [1, 2, 3], [1, 2], fn)
    reg_case(func, "empty", [], [], fn)
    reg_case(func, "synth-1000003", {"seed": 701, "n": 1000003, "transform": "signed"},
             {"seed": 702, "n": 1000003, "transform": "signed"}, fn)
    reg_case(func, "synth-pixels-300000", {"seed": 703, "n": 300000, "transform": "round:255"},
             {"seed": 704, "n": 300000, "transform": "uniform"}, fn)
reg_case("rmsle", "simple", [3, 5, 2.5, 7], [2.5, 5, 4, 8], rmsle, source="sklearn-1.2.1-mean_squared_log_error")
reg_case("rmsle", "zeros", [0, 0, 1], [0, 1, 0], rmsle, source="sklearn-1.2.1-mean_squared_log_error")
reg_case("rmsle", "negative-pred", [1, 2, 3], [1, -0.5, 3], rmsle, override_error=NEG)
reg_case("rmsle", "negative-true", [1, -2, 3], [1, 0.5, 3], rmsle, override_error=NEG)
reg_case("rmsle", "nan-pred", [1, 2, 3], [1, float("nan"), 3], rmsle)
reg_case("rmsle", "length-mismatch", [1, 2, 3], [1, 2], rmsle)
reg_case("rmsle", "synth-600", {"seed": 711, "n": 600, "transform": "scale:5"},
         {"seed": 712, "n": 600, "transform": "scale:5"}, rmsle, source="sklearn-1.2.1-mean_squared_log_error")
reg_case("rmsle", "synth-200000", {"seed": 713, "n": 200000, "transform": "scale:1000"},
         {"seed": 714, "n": 200000, "transform": "scale:1000"}, rmsle, source="sklearn-1.2.1-mean_squared_log_error")


def cols_case(func, name, yt_cols, yp_cols, fn, override_error=None):
    add(func, name, {"y_true": [enc_arr(c) for c in yt_cols], "y_pred": [enc_arr(c) for c in yp_cols]},
        lambda: fn([materialise(c) for c in yt_cols], [materialise(c) for c in yp_cols]), override_error=override_error)


def mcrmsle(t, p):
    a = rmsle(t[0], p[0])
    b = rmsle(t[1], p[1])
    return (a + b) / 2


cols_case("mean_colwise_rmsle", "nomad-like-600",
          [{"seed": 721, "n": 600, "transform": "scale:0.6"}, {"seed": 722, "n": 600, "transform": "scale:6"}],
          [{"seed": 723, "n": 600, "transform": "scale:0.6"}, {"seed": 724, "n": 600, "transform": "scale:6"}], mcrmsle)
cols_case("mean_colwise_rmsle", "negative", [[1, 2], [1, 2]], [[1, 2], [1, -2]], mcrmsle, override_error=NEG)
cols_case("mcrmse", "three-cols", [[1, 2, 3], [0, 0, 1], [5, 5, 5]], [[1, 2, 4], [0.5, 0, 1], [4, 6, 5]],
          lambda t, p: np.mean([rmse(a, b) for a, b in zip(t, p)]))
cols_case("mcrmse", "synth-9-cols", [{"seed": 730 + c, "n": 1000, "transform": "signed"} for c in range(9)],
          [{"seed": 740 + c, "n": 1000, "transform": "signed"} for c in range(9)],
          lambda t, p: np.mean([rmse(a, b) for a, b in zip(t, p)]))

# ---------------------------------------------------------------- F-beta (1.5 formula from counts)
def fbeta15(y_true, y_pred, beta, average, pos_label=1):
    """scikit-learn >= 1.3.1 precision_recall_fscore_support F from counts."""
    if average == "binary" or average == "samples":
        # let 1.2.1 raise its checks (same as 1.5) and give us the labels
        metrics.fbeta_score(y_true, y_pred, beta=beta, average=average, pos_label=pos_label)
    labels = None
    if average == "binary":
        present = sklearn.utils.multiclass.unique_labels(y_true, y_pred).tolist()
        labels = [pos_label]
    MCM = metrics.multilabel_confusion_matrix(y_true, y_pred, labels=labels, samplewise=average == "samples")
    tp = MCM[:, 1, 1]
    pred = tp + MCM[:, 0, 1]
    true = tp + MCM[:, 1, 0]
    if average == "micro":
        tp, pred, true = np.array([tp.sum()]), np.array([pred.sum()]), np.array([true.sum()])
    beta2 = beta ** 2
    denom = (beta2 * true + pred).astype(np.float64)
    num = ((1 + beta2) * tp).astype(np.float64)
    mask = denom == 0
    denom[mask] = 1
    f = num / denom
    f[mask] = 0.0
    if average == "weighted":
        w = true
        if w.sum() == 0:
            return np.average(f)
        return np.average(f, weights=w)
    return np.average(f)


def fb_case(name, t, p, beta=1.0, average="binary", pos_label=("int", 1)):
    pl = pos_label[1]
    add("fbeta", name, {"y_true": enc_labels(*t), "y_pred": enc_labels(*p), "beta": beta, "average": average,
                        "pos_label": enc_labels("object", [pl])["values"][0]},
        lambda: fbeta15(np_labels(*t), np_labels(*p), beta, average, pl), source="sklearn15-from-counts")


fb_case("binary", ("int", [0, 1, 1, 0, 1, 1]), ("int", [0, 1, 0, 0, 1, 1]))
fb_case("binary-beta-0.5-bool", ("bool", [False, True, True, False, True, True]), ("bool", [True, True, False, False, True, True]), beta=0.5, pos_label=("bool", True))
fb_case("binary-no-positive-pred", ("int", [0, 1, 1, 0]), ("int", [0, 0, 0, 0]))
fb_case("binary-all-negative", ("int", [0, 0, 0]), ("int", [0, 0, 0]))
fb_case("binary-bad-pos-label", ("int", [0, 1, 1, 0]), ("int", [0, 1, 0, 0]), pos_label=("int", 2))
fb_case("binary-on-multiclass", ("int", [0, 1, 2]), ("int", [0, 1, 1]))
fb_case("binary-str-pos", ("str", ["a", "b", "b"]), ("str", ["a", "b", "a"]), pos_label=("str", "b"))
fb_case("macro", ("int", [0, 1, 2, 2, 3, 3, 3]), ("int", [0, 2, 2, 2, 3, 1, 7]), average="macro")
fb_case("micro", ("int", [0, 1, 2, 2, 3, 3, 3]), ("int", [0, 2, 2, 2, 3, 1, 7]), average="micro")
fb_case("weighted", ("int", [0, 1, 2, 2, 3, 3, 3]), ("int", [0, 2, 2, 2, 3, 1, 7]), average="weighted")
fb_case("macro-strings", ("str", ["cat", "dog", "eel", "cat"]), ("str", ["cat", "cat", "eel", "fox"]), average="macro")
fb_case("samples-on-multiclass", ("int", [0, 1, 2]), ("int", [0, 1, 1]), average="samples")
fb_case("continuous", ("float", [0.5, 1.0]), ("int", [0, 1]), average="macro")
hm_t_spec = {"seed": 801, "n": 20000, "transform": "int:1500"}
hm_p_spec = {"seed": 802, "n": 20000, "transform": "int:3", "add": [hm_t_spec, 1.0]}  # t, t+1 or t+2
fb_case("macro-herbarium-like-20000", ("int", hm_t_spec), ("int", hm_p_spec), average="macro")


def fbi_case(name, T, P, beta=1.0, average="micro"):
    T = np.asarray(T, dtype=bool)
    P = np.asarray(P, dtype=bool)
    add("fbeta_indicator", name, {"y_true": [T[:, k].tolist() for k in range(T.shape[1])],
                                  "y_pred": [P[:, k].tolist() for k in range(P.shape[1])], "beta": beta, "average": average},
        lambda: fbeta15(T.astype(int), P.astype(int), beta, average), source="sklearn15-from-counts")


IT = [[1, 0, 1, 0], [0, 0, 0, 0], [1, 1, 0, 0], [0, 1, 1, 1], [0, 0, 0, 0]]
IP = [[1, 0, 0, 0], [0, 0, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [1, 1, 0, 0]]
for av in ["micro", "macro", "weighted", "samples"]:
    fbi_case("indicator-" + av, IT, IP, average=av)
fbi_case("indicator-samples-beta2", IT, IP, beta=2.0, average="samples")


def mcc_case(name, t, p):
    add("mcc", name, {"y_true": enc_labels(*t), "y_pred": enc_labels(*p)},
        lambda: metrics.matthews_corrcoef(np_labels(*t), np_labels(*p)))


mcc_case("binary", ("int", [0, 1, 1, 0, 1, 1, 0]), ("int", [0, 1, 0, 0, 1, 1, 1]))
mcc_case("constant-pred", ("int", [0, 1, 1, 0]), ("int", [1, 1, 1, 1]))
mcc_case("multiclass", ("int", [0, 1, 2, 2, 1]), ("int", [0, 2, 2, 1, 1]))
mcc_case("bool-float", ("bool", [True, False, True]), ("float", [1.0, 0.0, 0.0]))
mb_t_spec = {"seed": 811, "n": 400000, "transform": "bernoulli:0.1"}
mb_p_spec = {"seed": 812, "n": 400000, "transform": "scale:0.5", "add": [mb_t_spec, 0.75], "round": 1}  # floor(u/2 + 0.75 t)
mcc_case("binary-nfl-like-400000", ("int", mb_t_spec), ("int", mb_p_spec))


# ---------------------------------------------------------------- correlation
def corr_case(func, name, x, y):
    fn = {"pearson": lambda a, b: scipy.stats.pearsonr(a, b)[0],
          "spearman": lambda a, b: scipy.stats.spearmanr(a, b).correlation,
          "kendall": lambda a, b: scipy.stats.kendalltau(a, b).correlation}[func]
    add(func, name, {"x": enc_arr(x), "y": enc_arr(y)}, lambda: fn(materialise(x), materialise(y)), source="scipy")


import scipy.stats  # noqa: E402

for func in ["pearson", "spearman", "kendall"]:
    corr_case(func, "simple", [1, 2, 3, 4, 5], [2, 1, 4, 3, 5])
    corr_case(func, "ties", [1, 2, 2, 3, 3, 3, 4], [1, 1, 2, 2, 3, 4, 4])
    corr_case(func, "perfect-negative", [1, 2, 3, 4], [8, 6, 4, 2])
    corr_case(func, "constant", [1, 2, 3], [5, 5, 5])
    corr_case(func, "two", [1, 2], [5, 3])
    corr_case(func, "nan", [1, 2, 3, 4], [1, float("nan"), 3, 4])
    corr_case(func, "length-mismatch", [1, 2, 3], [1, 2])
    corr_case(func, "synth-50000", {"seed": 821, "n": 50000, "transform": "round:50"},
              {"seed": 822, "n": 50000, "transform": "uniform", "add": [{"seed": 821, "n": 50000, "transform": "round:50"}, 0.5], "round": 100})
corr_case("pearson", "one", [1], [2])
corr_case("kendall", "empty", [], [])


# ---------------------------------------------------------------- text and retrieval
def lev(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


for a, b in [("kitten", "sitting"), ("", "abc"), ("abc", ""), ("flaw", "lawn"), ("InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3", "InChI=1S/C2H6O/c1-3-2/h1H3"),
             ("naïve café", "naive cafe"), ("日本語テキスト", "日本語のテキスト"), ("a" * 300 + "b", "b" + "a" * 300)]:
    add("levenshtein", f"{a[:12]}|{b[:12]}", {"a": a, "b": b}, lambda a=a, b=b: lev(a, b), source="python-dp")

for a, b in [("Hello  World", "hello world!"), ("", "x"), ("A b C", "c B a a"), ("ΟΔΟΣ", "οδος"), ("  ", ""),
             ("İstanbul x", "i̇stanbul"), ("a\x1cb", "a b")]:
    def wj(a=a, b=b):
        sa, sb = set(a.lower().split()), set(b.lower().split())
        return float(len(sa & sb)) / (len(sa) + len(sb) - len(sa & sb))
    add("word_jaccard", repr(a) + "|" + repr(b), {"a": a, "b": b}, wj, source="python")

from sklearn.preprocessing import MultiLabelBinarizer  # noqa: E402
for name, t, p in [("basic", [["a", "b"], ["c"], [], ["d", "d"]], [["a"], ["c", "e"], [], ["x"]]),
                   ("words", [["the", "cat"], ["sat"]], [["the", "dog", "cat"], ["sat", "sat"]])]:
    def js(t=t, p=p):
        mlb = MultiLabelBinarizer().fit(t + p)
        return metrics.jaccard_score(mlb.transform(t), mlb.transform(p), average="samples")
    add("jaccard_samples", name, {"y_true": t, "y_pred": p}, js)


def apk(actual, predicted, k=10):
    if len(predicted) > k:
        predicted = predicted[:k]
    score = 0.0
    num_hits = 0.0
    for i, p in enumerate(predicted):
        if p in actual and p not in predicted[:i]:
            num_hits += 1.0
            score += num_hits / (i + 1.0)
    if not actual:
        return 0.0
    return score / min(len(actual), k)


MA = [["a"], ["a", "b", "c"], [], ["x", "y"], ["q"], ["a", "b"], ["z"], ["m", "n", "o", "p", "r", "s"], ["k"]]
MP = [["b", "a"], ["c", "a", "a", "d", "b"], ["a"], ["y"], ["q", "q"], ["a", "b", "c"], [], ["n", "m", "o", "p", "s", "r", "t"], ["j", "i", "h", "g", "f", "k"]]
for k in [1, 5, 12]:
    add("mapk", f"k{k}", {"actual": MA, "predicted": MP, "k": k},
        lambda k=k: np.mean([apk(set(a), p, k) for a, p in zip(MA, MP)]), source="ml_metrics-apk")

for name, p, t in [("basic", [1, 1, 0, 0, 1], [1, 0, 0, 1, 1]), ("both-empty", [0, 0], [0, 0]), ("disjoint", [1, 0], [0, 1])]:
    def dice(p=p, t=t):
        p_, t_ = np.asarray(p, bool), np.asarray(t, bool)
        if p_.sum() + t_.sum() == 0:
            return float("nan")
        return 2 * np.sum(p_ & t_) / (np.sum(p_) + np.sum(t_))
    add("dice", name, {"pred": p, "true": t}, dice, source="numpy")

# ---------------------------------------------------------------- AP and LRAP
def ap_case(name, yt, ys):
    add("average_precision", name, {"y_true": enc_arr(yt), "y_score": enc_arr(ys)},
        lambda: metrics.average_precision_score(materialise(yt), materialise(ys)))


ap_case("simple", [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
ap_case("ties", [0, 1, 1, 0, 1, 0, 0, 1, 1, 0], [0.1, 0.1, 0.5, 0.5, 0.5, 0.7, 0.2, 0.9, 0.2, 0.9])
ap_case("no-positive", [0, 0, 0], [0.1, 0.5, 0.2])
ap_case("all-positive", [1, 1], [0.1, 0.5])
ap_case("zero-scores", [1, 0, 0, 1, 0], [0, 0, 0, 0.5, 0])
add("average_precision", "labels-0-2-int", {"y_true": [0, 2, 2], "y_score": [0.1, 0.5, 0.2]},
    lambda: metrics.average_precision_score(np.array([0, 2, 2]), np.array([0.1, 0.5, 0.2])))
ap_case("nan", [0, 1], [float("nan"), 0.5])
ap_case("synth-100000", {"seed": 831, "n": 100000, "transform": "bernoulli:0.2"},
        {"seed": 832, "n": 100000, "transform": "uniform", "add": [{"seed": 831, "n": 100000, "transform": "bernoulli:0.2"}, 0.2], "round": 300})


def lrap_case(name, T, S, weighted, t_specs=None, s_specs=None):
    T = np.asarray(T, dtype=bool)
    S = np.asarray(S, dtype=np.float64)
    w = T.sum(axis=1) if weighted else None
    args = {"y_true": [enc_arr(T[:, k]) for k in range(T.shape[1])] if t_specs is None else [enc_arr(c) for c in t_specs],
            "y_score": [enc_arr(S[:, k]) for k in range(S.shape[1])] if s_specs is None else [enc_arr(c) for c in s_specs],
            "weighted": weighted}
    add("lrap", name, args, lambda: metrics.label_ranking_average_precision_score(T, S, sample_weight=w))


LT = [[1, 0, 0, 1], [0, 0, 1, 0], [1, 1, 1, 1], [0, 0, 0, 0], [0, 1, 0, 1]]
LS = [[0.9, 0.1, 0.9, 0.3], [0.2, 0.2, 0.2, 0.5], [0.1, 0.2, 0.3, 0.4], [0.5, 0.5, 0.5, 0.5], [0.3, 0.8, 0.1, 0.2]]
lrap_case("basic", LT, LS, False)
lrap_case("weighted", [r for r in LT if sum(r)], [s for r, s in zip(LT, LS) if sum(r)], True)
nr, nl = 3000, 80
t_specs = [{"seed": 840 + k, "n": nr, "transform": "bernoulli:0.03"} for k in range(nl)]
s_specs = [{"seed": 940 + k, "n": nr, "transform": "uniform", "round": 40} for k in range(nl)]
LTb = np.column_stack([synth(c) for c in t_specs])
LSb = np.column_stack([synth(c) for c in s_specs])
lrap_case("freesound-like-3000x80", LTb, LSb, True, t_specs, s_specs)

# ---------------------------------------------------------------- C library log (scipy xlogy)
lx = np.concatenate([
    rng.uniform(0, 1, 3000), np.exp(rng.uniform(-745, 709, 1000)), 1 + rng.uniform(-1e-6, 1e-6, 500),
    np.array([5e-324, 2.2250738585072014e-308, np.finfo(float).eps, 1 - np.finfo(float).eps, 0.5, 1.0, 2.0, 10.0,
              1e300, 1.7976931348623157e308, np.nextafter(1, 2), np.nextafter(1, 0), 0.0]),
])
add("xlogy_log", "libm-log-4513", {"x": enc_arr(lx), "want": enc_arr(xlogy(1.0, lx))}, lambda: 0.0, source="scipy.special.xlogy")

out = {
    "generator": "testdata/gen_golden.py",
    "versions": {"python": sys.version.split()[0], "numpy": np.__version__, "scipy": scipy.__version__,
                 "sklearn": sklearn.__version__},
    "cases": cases,
}
# One case per line keeps diffs readable.
sys.stdout.write('{"generator": %s, "versions": %s, "cases": [\n' % (
    json.dumps(out["generator"]), json.dumps(out["versions"])))
sys.stdout.write(",\n".join(json.dumps(c, allow_nan=False) for c in cases))
sys.stdout.write("\n]}\n")
