// Package pyrand reproduces, bit for bit, the random streams and the
// random-split helpers that MLE-bench's Python preparers use, so that a Go
// preparer selects exactly the same rows.
//
// Three generators, each a value with its own state (there is no
// package-level generator; every preparer seeds its own, as the spec says):
//
//   - [RandomState]: numpy.random.RandomState (the legacy, frozen NumPy API;
//     also numpy.random.seed + numpy.random.*, scikit-learn's
//     check_random_state(int) and pandas' random_state=int). MT19937 seeded
//     with init_genrand(seed) for an int seed, init_by_array for an array.
//     Methods: raw 32/64-bit draws, random_sample, uniform, randint (int64
//     dtype, masked rejection on 32-bit draws when the range fits in 32 bits,
//     64-bit draws otherwise), the bounded draw random_interval,
//     permutation, shuffle and choice (with and without replacement and p).
//   - [Generator]: numpy.random.default_rng(seed) — SeedSequence + PCG64
//     (XSL-RR). Methods: random, uniform, integers (Lemire), permutation,
//     shuffle, choice (including Floyd's algorithm and the tail shuffle).
//   - [Random]: CPython's random.Random / random.seed(n) — MT19937 seeded
//     with init_by_array of |n|'s 32-bit words. Methods: random, uniform,
//     getrandbits, _randbelow, randrange, randint, choice, shuffle, sample
//     (both the pool and the set strategy of CPython 3.11).
//
// On top of them:
//
//   - [TrainTestSplit]: sklearn.model_selection.train_test_split returning
//     row indices in scikit-learn's order (int/float test_size and
//     train_size with _validate_shuffle_split's ceil/floor rules,
//     shuffle=False, ShuffleSplit's test = perm[:nTest],
//     train = perm[nTest:nTest+nTrain], and stratify= via
//     StratifiedShuffleSplit's exact algorithm); also [ShuffleSplit],
//     [StratifiedShuffleSplit], [ApproximateMode], [ValidateShuffleSplit]
//     and [ClassCodes] (np.unique's class order).
//   - [SampleN], [SampleFrac]: pandas DataFrame.sample(n= / frac=,
//     random_state=int) = RandomState(seed).choice(len, size, replace).
//   - [ShuffleSlice] and [Permute]: generic helpers over any of the three
//     generators ([Shuffler]).
//
// Versions matched: numpy 1.17+ (legacy RandomState is frozen; PCG64 and
// SeedSequence unchanged through 2.x), scikit-learn 1.2–1.5, pandas 1.5–2.2,
// CPython 3.11. The golden tests were generated with Debian's numpy 1.24.2,
// scikit-learn 1.2.1, pandas 1.5.3 and CPython 3.11.2 (testdata/gen_golden.py);
// the spec test vectors quoted in shared/spec/competitions/*.md are checked
// separately (spec_vectors_test.go).
//
// Not provided: RandomState.standard_normal/normal. Legacy NumPy computes
// them with the C library's log, and glibc's log is not correctly rounded
// (about 3 in 10,000 results differ by one ULP from the exact value, and
// the x86-64 FMA and non-FMA variants differ), so Go cannot reproduce them
// bit for bit in a portable way; no MLE-bench preparer draws normals.
//
// Errors: argument errors are returned (never panics) and quote the Python
// library's own message, e.g. "test_size=10 should be either positive and
// smaller than the number of samples 10 or a float in the (0, 1) range".
package pyrand
