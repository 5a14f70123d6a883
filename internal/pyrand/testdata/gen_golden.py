#!/usr/bin/python3
"""Generate testdata/golden.json for package pyrand.

Run ONCE with Debian's interpreter and packages (python3-numpy 1.24,
python3-sklearn 1.2, python3-pandas 1.5, CPython 3.11):

    /usr/bin/python3 testdata/gen_golden.py > testdata/golden.json

The Go tests only read the JSON; they never run Python. The legacy
RandomState stream, CPython's random module and PCG64/SeedSequence are frozen
across the versions MLE-bench pins (numpy 1.26/2.x, scikit-learn 1.5,
pandas 2.2, CPython 3.11), so these values also hold there.

Every case is a script of operations on ONE generator, so that the tests also
check how consecutive calls share the stream (e.g. uniform() then randint()
on one RandomState, as billion-word-imputation does).
"""

import hashlib
import json
import random
import sys

import numpy as np
import pandas as pd
import sklearn
from sklearn.model_selection import StratifiedShuffleSplit, train_test_split
from sklearn.utils import _approximate_mode


def ints(a):
    return [int(v) for v in np.asarray(a).ravel()]


def floats(a):
    return [float(v) for v in np.asarray(a, dtype=np.float64).ravel()]


def perm_digest(a):
    """sha256 of the values as little-endian int64, plus head and tail."""
    a = np.asarray(a, dtype="<i8")
    return {
        "len": int(a.size),
        "head": ints(a[:16]),
        "tail": ints(a[-16:]),
        "sha256": hashlib.sha256(a.tobytes()).hexdigest(),
    }


# ---------------------------------------------------------------------------
# numpy.random.RandomState scripts


def rs_run(rs, ops):
    out = []
    for op in ops:
        name, args = op[0], list(op[1:])
        if name == "raw":
            want = ints(rs._bit_generator.random_raw(args[0]))
        elif name == "random_sample":
            want = floats(rs.random_sample(args[0]))
        elif name == "uniform":
            want = float(rs.uniform(args[0], args[1]))
        elif name == "uniform_n":
            want = floats(rs.uniform(args[0], args[1], args[2]))
        elif name == "randint":
            want = int(rs.randint(args[0], args[1]))
        elif name == "randint_n":
            want = ints(rs.randint(args[0], args[1], size=args[2]))
        elif name == "permutation":
            want = ints(rs.permutation(args[0]))
        elif name == "permutation_big":
            want = perm_digest(rs.permutation(args[0]))
        elif name == "shuffle_list":
            x = list(range(args[0]))
            rs.shuffle(x)
            want = x
        elif name == "choice":
            pop, size, replace, p = args
            want = ints(rs.choice(pop, size=size, replace=replace, p=p))
        elif name == "choice_scalar":
            pop, replace, p = args
            want = int(rs.choice(pop, replace=replace, p=p))
        else:
            raise ValueError(name)
        out.append({"op": name, "args": args, "want": want})
    return out


RS_CASES = [
    ("seed0_raw", 0, [["raw", 1300]]),
    ("seed1_raw", 1, [["raw", 8]]),
    ("seed42_raw", 42, [["raw", 8]]),
    ("seed_max_raw", 2**32 - 1, [["raw", 8]]),
    ("array_seed_raw", [1, 2, 3], [["raw", 8]]),
    ("array_seed_long", list(range(700)), [["raw", 8]]),
    ("seed0_random_sample", 0, [["random_sample", 10], ["raw", 1], ["random_sample", 3]]),
    ("seed0_uniform", 0, [["uniform", 0.0, 1.0], ["uniform", 1.0, 100.0], ["uniform_n", -3.5, 2.25, 5]]),
    ("seed0_perm_small", 0, [["permutation", n] for n in (0, 1, 2, 3, 5, 10, 15, 16)]),
    ("seed0_perm_each", 0, [["permutation", 100], ["permutation", 1000]]),
    ("seed42_perm", 42, [["permutation", 10], ["permutation", 257]]),
    ("seed8_perm", 8, [["permutation", 10], ["permutation", 138]]),
    ("seed0_perm_big", 0, [["permutation_big", 1 << 20], ["permutation_big", 4000000]]),
    ("seed123_perm_big", 123456789, [["permutation_big", 3000017]]),
    ("seed0_shuffle_list", 0, [["shuffle_list", 10], ["shuffle_list", 33]]),
    (
        "seed0_randint_scalar",
        0,
        [
            ["randint", 0, 1],
            ["randint", 0, 2],
            ["randint", 1, 7],
            ["randint", 0, 676],
            ["randint", -5, 5],
            ["randint", 0, 2**32 - 1],
            ["randint", 0, 2**32],
            ["randint", 0, 2**32 + 1],
            ["randint", 0, 2**40],
            ["randint", -(2**62), 2**62],
            ["randint", -(2**63), 2**63 - 1],
            ["randint", 1, 2],
            ["randint", 3, 1000003],
        ],
    ),
    ("seed42_randint_n", 42, [["randint_n", 1, 7, 50], ["randint_n", 0, 2**33, 5]]),
    ("seed0_randint_n", 0, [["randint_n", 0, 676, 40]]),
    (
        # billion-word-imputation: one uniform() per line, then randint(1, n-1)
        "seed0_uniform_then_randint",
        0,
        [["uniform", 0.0, 1.0], ["randint", 1, 2], ["uniform", 0.0, 1.0], ["randint", 1, 9],
         ["uniform", 0.0, 1.0], ["randint", 1, 40], ["random_sample", 2]],
    ),
    (
        "seed0_choice",
        0,
        [
            ["choice", 10, 5, True, None],
            ["choice", 10, 5, False, None],
            ["choice", 4, 6, True, [0.1, 0.2, 0.3, 0.4]],
            ["choice", 4, 3, False, [0.1, 0.2, 0.3, 0.4]],
            ["choice", 6, 3, False, [0.0, 0.5, 0.0, 0.25, 0.25, 0.0]],
            ["choice_scalar", 7, True, None],
            ["choice_scalar", 7, False, None],
            ["choice_scalar", 2, True, [0.9, 0.1]],
            ["choice", 5, 0, False, None],
            ["choice", 2**33, 3, True, None],
        ],
    ),
]


# ---------------------------------------------------------------------------
# numpy.random.default_rng scripts


def gen_run(g, ops):
    out = []
    for op in ops:
        name, args = op[0], list(op[1:])
        if name == "raw":
            want = ints(g.bit_generator.random_raw(args[0]))
        elif name == "random":
            want = floats(g.random(args[0]))
        elif name == "uniform":
            want = float(g.uniform(args[0], args[1]))
        elif name == "uniform_n":
            want = floats(g.uniform(args[0], args[1], args[2]))
        elif name == "integers":
            want = int(g.integers(args[0], args[1]))
        elif name == "integers_n":
            want = ints(g.integers(args[0], args[1], size=args[2]))
        elif name == "permutation":
            want = ints(g.permutation(args[0]))
        elif name == "shuffle_list":
            x = list(range(args[0]))
            g.shuffle(x)
            want = x
        elif name == "choice":
            pop, size, replace, p = args
            want = ints(g.choice(pop, size=size, replace=replace, p=p))
        elif name == "choice_scalar":
            pop, replace, p = args
            want = int(g.choice(pop, replace=replace, p=p))
        else:
            raise ValueError(name)
        out.append({"op": name, "args": args, "want": want})
    return out


def seedseq_state(seed):
    return ints(np.random.SeedSequence(seed).generate_state(4, np.uint64))


GEN_CASES = [
    ("seed0_raw", 0, [["raw", 6]]),
    ("seed1_raw", 1, [["raw", 4]]),
    ("seed42_raw", 42, [["raw", 4]]),
    ("seed_2_32_raw", 2**32, [["raw", 4]]),
    ("seed_max_raw", 2**64 - 1, [["raw", 4]]),
    ("seed0_random", 0, [["random", 8]]),
    # petfinder-pawpularity-score: np_rng.uniform(1, 100, len(new_test))
    ("seed0_uniform", 0, [["uniform_n", 1.0, 100.0, 12], ["uniform", -1.0, 1.0]]),
    (
        # whale-categorization-playground: g.choice(["train", "test"], p=[0.9, 0.1])
        "seed0_choice_p",
        0,
        [["choice_scalar", 2, True, [0.9, 0.1]] for _ in range(12)],
    ),
    (
        "seed0_integers",
        0,
        [
            ["integers", 0, 10],
            ["integers", 0, 10],
            ["integers", 0, 10],
            ["integers_n", 0, 7, 9],
            ["integers", 0, 2**32],
            ["integers", 0, 2**32 + 5],
            ["integers", -(2**62), 2**62],
            ["integers", 5, 6],
            ["integers_n", 0, 1000003, 5],
            ["random", 1],
            ["integers", 0, 3],
        ],
    ),
    ("seed0_permutation", 0, [["permutation", 10], ["permutation", 100], ["shuffle_list", 20]]),
    (
        "seed0_choice",
        0,
        [
            ["choice", 10, 5, True, None],
            ["choice", 10, 5, False, None],
            ["choice", 100, 10, False, None],
            ["choice", 20000, 100, False, None],
            ["choice", 20000, 500, False, None],
            ["choice", 4, 3, False, [0.1, 0.2, 0.3, 0.4]],
            ["choice", 4, 5, True, [0.1, 0.2, 0.3, 0.4]],
            ["choice_scalar", 9, True, None],
            ["choice_scalar", 9, False, None],
        ],
    ),
]


# ---------------------------------------------------------------------------
# CPython random scripts


def py_run(r, ops):
    out = []
    for op in ops:
        name, args = op[0], list(op[1:])
        if name == "raw":
            want = [r.getrandbits(32) for _ in range(args[0])]
        elif name == "random":
            want = [r.random() for _ in range(args[0])]
        elif name == "uniform":
            want = r.uniform(args[0], args[1])
        elif name == "getrandbits":
            want = r.getrandbits(args[0])
        elif name == "randbelow":
            want = r._randbelow(args[0])
        elif name == "randrange":
            want = r.randrange(args[0], args[1])
        elif name == "randint":
            want = r.randint(args[0], args[1])
        elif name == "choice":
            want = r.choice(range(args[0]))
        elif name == "shuffle":
            x = list(range(args[0]))
            r.shuffle(x)
            want = x
        elif name == "sample":
            want = r.sample(range(args[0]), args[1])
        else:
            raise ValueError(name)
        out.append({"op": name, "args": args, "want": want})
    return out


PY_CASES = [
    ("seed0_raw", 0, [["raw", 700]]),
    ("seed42_raw", 42, [["raw", 5]]),
    ("seed_neg5_raw", -5, [["raw", 5]]),
    ("seed_2_32_raw", 2**32, [["raw", 5]]),
    ("seed_big_raw", 2**63 + 12345, [["raw", 5]]),
    ("seed_min_int64_raw", -(2**63), [["raw", 5]]),
    ("seed0_random", 0, [["random", 10], ["uniform", 2.0, 5.0]]),
    (
        "seed0_getrandbits",
        0,
        [["getrandbits", k] for k in (0, 1, 2, 5, 31, 32, 33, 40, 63, 64)],
    ),
    (
        "seed0_randbelow",
        0,
        [["randbelow", n] for n in (1, 2, 3, 7, 1000, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**50 + 3, 2**64 - 1)],
    ),
    (
        "seed0_randrange",
        0,
        [["randrange", 0, 10], ["randrange", -50, 50], ["randint", 0, 1009], ["randint", 5, 5],
         ["randint", -(2**63), 2**63 - 1], ["randint", -(2**62), 2**62]],
    ),
    ("seed42_randint", 42, [["randint", 0, 1009]]),
    (
        # alaska2 / contrails: choice([True, False]) and choice of 3
        "seed0_choice",
        0,
        [["choice", 2] for _ in range(12)] + [["choice", 3] for _ in range(6)],
    ),
    ("seed0_shuffle", 0, [["shuffle", 10], ["shuffle", 257]]),
    (
        "seed0_sample",
        0,
        [["sample", 40, 4], ["sample", 20, 20], ["sample", 5, 0], ["sample", 47, 5], ["sample", 195, 20],
         ["sample", 1990, 173], ["sample", 85, 6], ["sample", 84, 6], ["sample", 100, 30], ["sample", 10, 10]],
    ),
    # multi-modal-gesture-recognition: successive sample(range(1, 21), 20)
    ("seed0_sample_repeat", 0, [["sample", 20, 20] for _ in range(5)]),
]


# ---------------------------------------------------------------------------
# scikit-learn and pandas


def size_arg(s):
    if s is None:
        return None
    if isinstance(s, float):
        return "f:" + repr(s)
    return "i:" + str(s)


def parse_size(s):
    if s is None:
        return None
    kind, v = s.split(":", 1)
    return float(v) if kind == "f" else int(v)


def tts_case(n, test_size=None, train_size=None, random_state=0, shuffle=True, stratify=None):
    case = {
        "n": n,
        "test_size": size_arg(test_size),
        "train_size": size_arg(train_size),
        "random_state": random_state,
        "shuffle": shuffle,
        "stratify": stratify,
    }
    try:
        train, test = train_test_split(
            list(range(n)),
            test_size=test_size,
            train_size=train_size,
            random_state=random_state,
            shuffle=shuffle,
            stratify=stratify,
        )
        case["train"] = ints(train)
        case["test"] = ints(test)
    except ValueError as e:
        case["error"] = str(e)
    return case


def tts_cases():
    cases = [
        tts_case(10, 0.1),
        tts_case(10, 0.25),
        tts_case(10),
        tts_case(15, 3, 12),
        tts_case(16, 0.1),
        tts_case(144, 0.2),
        tts_case(990, 0.1),
        tts_case(1604, 0.2),
        tts_case(4750, 0.14),
        tts_case(1821, 0.1),
        tts_case(25, 0.12),
        tts_case(585, 0.1),
        tts_case(138, 0.1, random_state=8),
        tts_case(441, 0.22),
        tts_case(85, 0.1, random_state=42),
        tts_case(1000, train_size=0.75),
        tts_case(1000, train_size=750),
        tts_case(1000, 0.2, 0.5),
        tts_case(1000, 100, 0.5),
        tts_case(20, 0.3, shuffle=False),
        tts_case(20, train_size=5, shuffle=False),
        tts_case(4040, 1631 / (4040 + 1631)),
        # errors
        tts_case(1, 0.1),
        tts_case(0, 0.1),
        tts_case(10, 10),
        tts_case(10, 0),
        tts_case(10, 1.0),
        tts_case(10, 0.0),
        tts_case(10, 0.6, 0.6),
        tts_case(10, 6, 5),
        tts_case(10, train_size=10),
        tts_case(10, 0.99),
        tts_case(5000, 5000),
        tts_case(5001, 5000, random_state=42),
        # stratified
        tts_case(12, 0.25, stratify=[0, 1] * 6),
        tts_case(20, 0.3, stratify=[0] * 10 + [1] * 7 + [2] * 3),
        tts_case(30, 0.2, stratify=[3, 1, 2, 2, 1, 3] * 5, random_state=42),
        tts_case(50, 7, stratify=[i % 5 for i in range(50)]),
        tts_case(23, 0.5, stratify=[i % 4 for i in range(23)], random_state=3),
        tts_case(200, 0.1, stratify=[(i * 7) % 13 for i in range(200)]),
        tts_case(9, 0.34, stratify=[2, 2, 2, 5, 5, 5, 9, 9, 9]),
        tts_case(40, 0.25, train_size=0.5, stratify=[i % 3 for i in range(40)]),
        # stratify errors
        tts_case(10, 0.2, stratify=[0] * 9 + [1]),
        tts_case(10, 0.1, stratify=[0, 1, 2] * 3 + [0]),
        tts_case(10, 0.2, shuffle=False, stratify=[0, 1] * 5),
    ]
    return cases


def sss_cases():
    """Several consecutive splits of one StratifiedShuffleSplit object."""
    out = []
    for y, test_size, seed, n_splits in [
        ([0, 1, 1, 2, 2, 2, 0, 1, 2, 0, 0, 1], 0.5, 0, 3),
        ([i % 3 for i in range(31)], 5, 1, 3),
    ]:
        sss = StratifiedShuffleSplit(n_splits=n_splits, test_size=test_size, random_state=seed)
        splits = [{"train": ints(tr), "test": ints(te)} for tr, te in sss.split(np.zeros(len(y)), y)]
        out.append({"y": y, "test_size": size_arg(test_size), "random_state": seed, "splits": splits})
    return out


def approx_mode_cases():
    out = []
    for counts, n_draws, seed in [
        ([4, 2], 3, 0),
        ([5, 2], 4, 0),
        ([2, 2, 2, 1], 2, 0),
        ([2, 2, 2, 1], 2, 42),
        ([10, 10, 10, 10, 10], 7, 0),
        ([3, 3, 3, 3, 3, 3, 3], 10, 5),
        ([100, 37, 12, 5, 1], 50, 0),
        ([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 5, 9),
    ]:
        out.append({
            "counts": counts,
            "n_draws": n_draws,
            "seed": seed,
            "want": ints(_approximate_mode(np.array(counts), n_draws, np.random.RandomState(seed))),
        })
    return out


def pandas_sample_cases():
    out = []
    for n_rows, n, frac, replace, seed in [
        (10, None, 1.0, False, 0),
        (322, None, 0.2, False, 0),
        (5, None, 0.5, False, 0),
        (7, None, 0.5, False, 0),
        (1589, 240, None, False, 0),
        (2, 2, None, False, 0),
        (3, 2, None, False, 0),
        (10, 4, None, True, 3),
        (10, None, 1.5, True, 1),
        (10, 0, None, False, 0),
        (10, 11, None, False, 0),
        (10, None, 1.5, False, 0),
        (10, -1, None, False, 0),
    ]:
        case = {"n_rows": n_rows, "n": n, "frac": frac, "replace": replace, "seed": seed}
        df = pd.DataFrame({"x": range(n_rows)})
        try:
            case["want"] = ints(df.sample(n=n, frac=frac, replace=replace, random_state=seed)["x"])
        except ValueError as e:
            case["error"] = str(e)
        out.append(case)
    return out


def class_codes_cases():
    out = []
    for y in [
        ["b", "a", "c", "a", "b"],
        ["é", "e", "z", "E", "ß", "e"],
    ]:
        classes, inv = np.unique(np.array(y), return_inverse=True)
        out.append({"kind": "str", "y": y, "classes": [str(c) for c in classes], "codes": ints(inv)})
    for y in [[5, -1, 3, 5, 0, -1]]:
        classes, inv = np.unique(np.array(y), return_inverse=True)
        out.append({"kind": "int", "y": y, "classes": ints(classes), "codes": ints(inv)})
    y = [2.5, float("nan"), -1.0, 2.5, float("nan"), 0.0]
    classes, inv = np.unique(np.array(y), return_inverse=True)
    out.append({
        "kind": "float",
        "y": [None if v != v else v for v in y],
        "classes": [None if v != v else float(v) for v in classes],
        "codes": ints(inv),
    })
    return out


def main():
    golden = {
        "generated_by": "testdata/gen_golden.py",
        "versions": {
            "python": sys.version.split()[0],
            "numpy": np.__version__,
            "sklearn": sklearn.__version__,
            "pandas": pd.__version__,
        },
        "random_state": [
            {"name": name, "seed": seed, "ops": rs_run(np.random.RandomState(seed), ops)}
            for name, seed, ops in RS_CASES
        ],
        "seed_sequence": [{"seed": s, "state64": seedseq_state(s)} for s in (0, 1, 42, 2**32, 2**64 - 1)],
        "generator": [
            {"name": name, "seed": seed, "ops": gen_run(np.random.default_rng(seed), ops)}
            for name, seed, ops in GEN_CASES
        ],
        "python_random": [
            {"name": name, "seed": seed, "ops": py_run(random.Random(seed), ops)}
            for name, seed, ops in PY_CASES
        ],
        "train_test_split": tts_cases(),
        "stratified_shuffle_split": sss_cases(),
        "approximate_mode": approx_mode_cases(),
        "pandas_sample": pandas_sample_cases(),
        "class_codes": class_codes_cases(),
    }
    json.dump(golden, sys.stdout, indent=1, allow_nan=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
