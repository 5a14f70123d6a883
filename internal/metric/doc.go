// Package metric holds the scoring functions of MLE-bench's graders as pure
// functions over slices, reproducing scikit-learn 1.5, NumPy and SciPy
// semantics: the same values (bit for bit wherever the float operations and
// their order can be reproduced), the same edge cases, and errors whose text
// is the Python library's exception message, so a grader can pass it on
// unchanged.
//
// Conventions:
//
//   - Functions return (float64, error). An error stands for the exception
//     the Python original raises for that input (NaN in the input, a single
//     class, mismatched lengths, ...); it never panics on data.
//   - Sums follow numpy's np.sum/np.mean exactly ([Sum], [Mean]): blocks of
//     8192 elements (numpy's buffer size), each summed pairwise with numpy's
//     8-way unrolled base case, block sums added left to right. Every metric
//     that ends in np.average / np.mean uses them, which is what makes
//     results bit-identical rather than merely close.
//   - Multi-column inputs are given column by column ([][]float64 with
//     yTrue[c][i] = column c of row i), the layout of a table.
//   - Class labels whose numpy dtype matters to scikit-learn's target checks
//     (accuracy, kappa, F-scores, MCC) are passed as [Labels], built from
//     bool, int64, float64, str or mixed object columns.
//   - Each function's doc names the Python function and version it matches
//     and the Python runtime type of its result ("Result type: Python float"
//     or "numpy float64"): the harness rounds the two differently (harness
//     §4.1), so graders must tag scores accordingly.
//
// Where exactness is not possible the doc says so: logarithms use Go's math
// package (glibc may round log differently in the last bit, so log loss and
// RMSLE agree to ~1e-15 relative), [Acos] is within one ulp of the exact
// arccos (numpy's libm call is too, so the two agree to ~1e-16 per value;
// math.Acos can be ~1e-13 off near ±1), and SciPy's Pearson/Spearman use BLAS
// dot products whose summation order depends on the BLAS build.
//
// Golden values in testdata/golden.json were produced once by
// testdata/gen_golden.py with Debian's python3-sklearn 1.2.1, numpy 1.24.2
// and scipy 1.10.1; where scikit-learn 1.5 differs from 1.2.1 (log_loss,
// F-scores, root_* regression metrics) the script transcribes the 1.5 code
// path, as each case's "source" field records.
package metric
