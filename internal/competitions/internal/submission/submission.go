package submission

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/bigslice"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// AlignByID sorts both tables by their id column as
// df.sort_values(id) does and reports whether the sorted id arrays agree at
// every position (numpy's `(sub_ids != ans_ids).any()` is false). The tables
// must have the same length. It returns the sorted row orders.
func AlignByID(sub, ans *table.Column) (subIdx, ansIdx []int, ok bool) {
	subIdx, ansIdx, ok = align(sub, ans)
	if subIdx == nil {
		subIdx = identity(sub.Len())
	}
	if ansIdx == nil {
		ansIdx = identity(ans.Len())
	}
	return subIdx, ansIdx, ok
}

// SameIDs reports whether the two id columns hold the same ids in the same
// order, none missing: both int64 with equal values, or both str (no mixed
// cells) with equal texts. [AlignByID] then pairs every row with itself
// (sorting two equal arrays gives both one permutation) and reports a
// match, so a grader whose metric does not depend on the rows' order (a
// mean of integers, say) may skip its sorts; one whose result depends on
// the order (a float sum's rounding, ties) keeps AlignByID's order.
func SameIDs(sub, ans *table.Column) bool {
	if sub.Kind != ans.Kind || sub.Len() != ans.Len() {
		return false
	}
	switch sub.Kind {
	case table.Int64:
		return slices.Equal(sub.Ints, ans.Ints)
	case table.String:
		if sub.Mixed != nil || ans.Mixed != nil || sub.Text == nil || ans.Text == nil || sub.HasNull() || ans.HasNull() {
			return false
		}
		return slices.Equal(sub.Text, ans.Text)
	}
	return false
}

// Align is [AlignByID] with nil standing for the identity order: an int64
// or float64 id column without missing cells that is already sorted is
// recognised in one pass and not permuted, and no index slice is built for
// it (callers that only read rows through the orders take this).
func Align(sub, ans *table.Column) (subIdx, ansIdx []int, ok bool) { return align(sub, ans) }

// align is Align.
func align(sub, ans *table.Column) (subIdx, ansIdx []int, ok bool) {
	subSorted := inOrder(sub)
	if !subSorted {
		if idx, ok, decided := alignDense(sub, ans); decided {
			return idx, nil, ok
		}
		subIdx = pandas.SortIndex(sub)
	}
	if !inOrder(ans) {
		ansIdx = pandas.SortIndex(ans)
	}
	n := sub.Len()
	if n != ans.Len() {
		return subIdx, ansIdx, false
	}
	if subIdx == nil && ansIdx == nil && sub.Kind == table.Int64 && ans.Kind == table.Int64 {
		for k, v := range sub.Ints {
			if v != ans.Ints[k] {
				return nil, nil, false
			}
		}
		return nil, nil, true
	}
	for k := 0; k < n; k++ {
		i, j := k, k
		if subIdx != nil {
			i = subIdx[k]
		}
		if ansIdx != nil {
			j = ansIdx[k]
		}
		if !pandas.CellsEqual(sub, i, ans, j) {
			return subIdx, ansIdx, false
		}
	}
	return subIdx, ansIdx, true
}

// alignDense decides the common case of int64 answer ids that are
// consecutive integers in increasing order, with int64 submission ids not
// in order (align compares ids in order directly, which is cheaper): each
// submission row goes straight to its id's position (a direct-address
// join, no sort). When every position receives exactly one row, the sorted
// submission ids are the answers' ids and idx is the submission's sorted
// order (unique ids: no ties, so any sort gives it). Otherwise the ids do
// not match (a row out of range, or a duplicate, leaves an answer id
// unmatched, since the counts are equal). decided is false when the
// shapes do not apply.
func alignDense(sub, ans *table.Column) (idx []int, ok, decided bool) {
	if sub.Kind != table.Int64 || ans.Kind != table.Int64 || sub.Mixed != nil || ans.Mixed != nil {
		return nil, false, false
	}
	n := len(ans.Ints)
	if n == 0 || len(sub.Ints) != n {
		return nil, false, false
	}
	first := ans.Ints[0]
	for k, v := range ans.Ints {
		if v != first+int64(k) {
			return nil, false, false
		}
	}
	idx = make([]int, n)
	for k := range idx {
		idx[k] = -1
	}
	for i, v := range sub.Ints {
		p := uint64(v - first)
		if p >= uint64(n) || idx[p] >= 0 {
			return nil, false, false // not a match; the general path keeps its exact outputs
		}
		idx[p] = i
	}
	return idx, true, true
}

// inOrder reports whether c is an int64 or float64 column without missing
// cells whose values never decrease: its sorted order is the identity.
func inOrder(c *table.Column) bool {
	if c.Mixed != nil || c.Null != nil {
		return false
	}
	switch c.Kind {
	case table.Int64:
		for i := 1; i < len(c.Ints); i++ {
			if c.Ints[i] < c.Ints[i-1] {
				return false
			}
		}
		return true
	case table.Float64:
		for i, v := range c.Floats {
			if v != v || (i > 0 && v < c.Floats[i-1]) {
				return false
			}
		}
		return true
	}
	return false
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// PrepareForAccuracy is prepare_for_accuracy_metric(submission,
// answers, target_column, id_column). Checks, in order:
//  1. (assert) the answers have the target and id columns → plain error;
//  2. row counts differ → invalid;
//  3. no target column in the submission → invalid;
//  4. no id column in the submission → invalid;
//  5. after sorting both by id (an id column mixing text and numbers makes
//     the sort raise TypeError → plain error), the ids differ at some
//     position → invalid.
//
// It returns the answers' and the submission's target columns in sorted-id
// order, as the numpy arrays sklearn.metrics.accuracy_score receives (pass
// them to metric.Accuracy).
func PrepareForAccuracy(sub, ans *table.Table, target, id string) (yTrue, yPred metric.Labels, err error) {
	ansTarget, ok1 := ans.Col(target)
	ansID, ok2 := ans.Col(id)
	if !ok1 || !ok2 {
		return yTrue, yPred, fmt.Errorf("answers must have columns %q and %q", target, id)
	}
	if sub.Len() != ans.Len() {
		return yTrue, yPred, competition.Invalid("Submission must have the same length as the answers (%d rows, expected %d).", sub.Len(), ans.Len())
	}
	subTarget, ok := sub.Col(target)
	if !ok {
		return yTrue, yPred, competition.Invalid("Submission must have a `%s` column", target)
	}
	subID, ok := sub.Col(id)
	if !ok {
		return yTrue, yPred, competition.Invalid("Submission must have a `%s` column", id)
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return yTrue, yPred, err
	}
	subIdx, ansIdx, match := align(subID, ansID)
	if !match {
		return yTrue, yPred, competition.Invalid("Submission and answers `%s` values do not match", id)
	}
	return takeLabels(ansTarget, ansIdx), takeLabels(subTarget, subIdx), nil
}

// takeLabels is pandas.Labels(c.Take(idx)) (idx nil: the identity, when the
// labels share c's storage: callers only read them).
func takeLabels(c *table.Column, idx []int) metric.Labels {
	if idx == nil {
		return pandas.Labels(c)
	}
	return pandas.Labels(c.Take(idx))
}

// PrepareForAUROC is prepare_for_auroc_metric(submission, answers,
// id_col, target_col). Checks, in order:
//  1. (assert) the answers have the id and target columns → plain error;
//  2. no id column in the submission → invalid;
//  3. no target column in the submission → invalid;
//  4. row counts differ → invalid;
//  5. pandas.to_numeric(target) fails (text that is not a number, see
//     pandas.ToNumericOK) → invalid; the conversion is only a test, its
//     result is discarded;
//  6. min(target) < 0 or max(target) > 1, on the column as read, NaN skipped
//     → invalid (text cells that passed 5 make the comparison raise
//     TypeError → plain error; a [table.Column.Mixed] column of numbers
//     compares normally);
//  7. after sorting both by id (TypeError for an id column mixing text and
//     numbers → plain error), the ids differ at some position → invalid.
//
// It returns y_true (answers) and y_score (submission) in sorted-id order as
// float64 for metric.ROCAUC, which rejects NaN scores as scikit-learn does.
// yScore may share the submission column's storage: callers only read it.
// A bool column with missing cells gives NaN there (numpy's float conversion
// of the object array), so it also fails in the metric.
func PrepareForAUROC(sub, ans *table.Table, id, target string) (yTrue, yScore []float64, err error) {
	_, yTrue, yScore, err = prepareAUROC(sub, ans, id, target, false)
	return yTrue, yScore, err
}

// ROCAUC is metric.ROCAUC over the inputs of [PrepareForAUROC]: the same
// checks, score and errors. An int64 answers column (0/1 answers as pandas
// reads them) is scored as int64 labels, without a float64 copy of it.
func ROCAUC(sub, ans *table.Table, id, target string) (float64, error) {
	yTrueInts, yTrue, yScore, err := prepareAUROC(sub, ans, id, target, true)
	if err != nil {
		return math.NaN(), err
	}
	releaseBeforeSort(len(yScore))
	if yTrueInts != nil {
		return metric.ROCAUCInts(yTrueInts, yScore)
	}
	return metric.ROCAUC(yTrue, yScore)
}

// prepareAUROC is PrepareForAUROC; with ints, an int64 answers column is
// returned as yTrueInts (yTrue nil) instead of converted to float64.
func prepareAUROC(sub, ans *table.Table, id, target string, ints bool) (yTrueInts []int64, yTrue, yScore []float64, err error) {
	ansID, ok1 := ans.Col(id)
	ansTarget, ok2 := ans.Col(target)
	if !ok1 || !ok2 {
		return nil, nil, nil, fmt.Errorf("answers must have columns %q and %q", id, target)
	}
	subID, ok := sub.Col(id)
	if !ok {
		return nil, nil, nil, competition.Invalid("Submission should have an %s column", id)
	}
	subTarget, ok := sub.Col(target)
	if !ok {
		return nil, nil, nil, competition.Invalid("Submission should have a %s column", target)
	}
	if sub.Len() != ans.Len() {
		return nil, nil, nil, competition.Invalid("Submission and answers should have the same number of rows (%d, expected %d)", sub.Len(), ans.Len())
	}
	if pandas.HasText(subTarget) {
		for i := 0; i < subTarget.Len(); i++ {
			if subTarget.IsNull(i) || (subTarget.Mixed != nil && subTarget.Mixed[i] != table.String) {
				continue
			}
			if !pandas.ToNumericOK(subTarget.Text[i]) {
				return nil, nil, nil, competition.Invalid("Expected %s column to be numeric, got object instead", target)
			}
		}
		// Numeric text in an object column: min() compares it with 0 (or
		// with the column's numbers) and raises TypeError.
		return nil, nil, nil, fmt.Errorf("'<' not supported between instances of 'str' and 'int'")
	}
	lo, hi := pandas.NanMinMax(subTarget)
	if lo < 0 || hi > 1 {
		return nil, nil, nil, competition.Invalid("Submission %s column should contain probabilities, and therefore contain values between 0 and 1 inclusive", target)
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return nil, nil, nil, err
	}
	// Shuffled rows of consecutive answer ids: the scores are gathered
	// straight into the answers' order, without an index array.
	dense := false
	if ints {
		// Gradings through ROCAUC collect the answers' id column first,
		// so that the gathered scores reuse its memory (see gatherDenseIn).
		yScore, dense, err = gatherDenseIn(subID, &ansID, subTarget, true, id)
		if err != nil {
			return nil, nil, nil, err
		}
	} else {
		yScore, dense = gatherDense(subID, ansID, subTarget)
	}
	var subIdx, ansIdx []int
	if !dense {
		var match bool
		subIdx, ansIdx, match = align(subID, ansID)
		if !match {
			return nil, nil, nil, competition.Invalid("Submission and answers should have the same %s values", id)
		}
	}
	if ints && ansTarget.Kind == table.Int64 && ansTarget.Mixed == nil {
		yTrueInts = ansTarget.Ints
		if ansIdx != nil {
			yTrueInts = bigslice.Int64s(len(ansIdx), 0)
			for j, i := range ansIdx {
				yTrueInts[j] = ansTarget.Ints[i]
			}
		}
	} else if yTrue, err = takeFloats(ansTarget, ansIdx); err != nil {
		return nil, nil, nil, fmt.Errorf("answers %s: %w", target, err)
	}
	if !dense {
		yScore, err = takeFloats(subTarget, subIdx)
		if err != nil {
			return nil, nil, nil, err
		}
	}
	return yTrueInts, yTrue, yScore, nil
}

// gatherDense is takeFloats(scores, subIdx) for the alignment alignDense
// decides as a match (int64 answer ids consecutive and increasing, int64
// submission ids out of order, each answer id met exactly once), with the
// scores an int64 or float64 column: row i of the submission goes straight
// to position sub[i]-first. A bitmap of the positions met (n/8 bytes)
// replaces alignDense's index array (8n bytes). ok is false, with nothing
// decided, in every other case: the caller aligns as before.
func gatherDense(sub, ans, scores *table.Column) (out []float64, ok bool) {
	out, ok, _ = gatherDenseIn(sub, &ans, scores, false, "")
	return out, ok
}

// gatherDenseIn is gatherDense of the column *ansp; with release, once
// the answers' ids are known to be consecutive from first (all the gather
// needs of them), it sets *ansp to nil and, when there are at least
// releaseMinRows of them, collects garbage before allocating the gathered
// scores: when the caller holds no other reference to the answers (the
// grading command does not), their id column is freed and the scores take
// its pages instead of fresh ones (for 10⁶ rows, 8 MB less peak memory).
// A submission id out of range or met twice is then the invalid
// submission align would report (the ids cannot match consecutive,
// distinct answer ids of the same count), returned as err (id is the
// column's name), since the answers' ids are gone.
func gatherDenseIn(sub *table.Column, ansp **table.Column, scores *table.Column, release bool, id string) (out []float64, ok bool, err error) {
	ans := *ansp
	if sub.Kind != table.Int64 || ans.Kind != table.Int64 || sub.Mixed != nil || ans.Mixed != nil ||
		scores.Mixed != nil || (scores.Kind != table.Int64 && scores.Kind != table.Float64) {
		return nil, false, nil
	}
	n := len(ans.Ints)
	if n == 0 || len(sub.Ints) != n || len(scores.Ints)+len(scores.Floats) != n || inOrder(sub) {
		return nil, false, nil
	}
	first := ans.Ints[0]
	for k, v := range ans.Ints {
		if v != first+int64(k) {
			return nil, false, nil
		}
	}
	mismatch := func() (out []float64, ok bool, err error) {
		if release {
			return nil, false, competition.Invalid("Submission and answers should have the same %s values", id)
		}
		return nil, false, nil
	}
	if release {
		ans, *ansp = nil, nil
		releaseBeforeSort(n)
		if gatherAllocHook != nil {
			gatherAllocHook()
		}
	}
	seen := make([]uint64, (n+63)/64)
	out = bigslice.Float64s(n, 0)
	for i, v := range sub.Ints {
		p := uint64(v - first)
		if p >= uint64(n) {
			return mismatch()
		}
		w, b := p>>6, uint64(1)<<(p&63)
		if seen[w]&b != 0 {
			return mismatch()
		}
		seen[w] |= b
		if scores.Kind == table.Float64 {
			out[p] = scores.Floats[i]
		} else {
			out[p] = float64(scores.Ints[i])
		}
	}
	return out, true, nil
}

// takeFloats is pandas.Floats(c.Take(idx)) (idx nil: the identity),
// gathering int64 and float64 columns directly. The result may share c's
// storage: callers only read it.
func takeFloats(c *table.Column, idx []int) ([]float64, error) {
	if c.Mixed != nil || (c.Kind != table.Int64 && c.Kind != table.Float64) {
		if idx == nil {
			return pandas.Floats(c)
		}
		return pandas.Floats(c.Take(idx))
	}
	if idx == nil {
		if c.Kind == table.Float64 {
			return c.Floats, nil
		}
		out := bigslice.Float64s(len(c.Ints), 0)
		for i, v := range c.Ints {
			out[i] = float64(v)
		}
		return out, nil
	}
	out := bigslice.Float64s(len(idx), 0)
	if c.Kind == table.Int64 {
		for j, i := range idx {
			out[j] = float64(c.Ints[i])
		}
	} else {
		for j, i := range idx {
			out[j] = c.Floats[i]
		}
	}
	return out, nil
}

// OneHotLogLossInputs is one_hot_dfs_to_log_loss_inputs(submission,
// answers, id_column, apply_softmax=False). Checks, in order:
//  1. some answers column is missing from the submission → invalid;
//  2. the submission has no id column → invalid;
//  3. (assert) the answers have the id column → plain error;
//  4. the submission's columns are restricted to the answers' columns, in the
//     answers' order; both tables are sorted by id; (assert) the sorted id
//     lists are equal (Python list ==, so a NaN id never matches) → plain
//     error, not an invalid submission.
//
// It returns the classes (the answers' columns other than id, in order) and
// y_true / y_pred column by column (yTrue[k][i] is class k of row i, rows in
// sorted-id order), the layout metric.LogLossIndicator takes. A text cell in
// y_pred is the conversion ValueError (plain error); missing cells are NaN.
func OneHotLogLossInputs(sub, ans *table.Table, id string) (classes []string, yTrue, yPred [][]float64, err error) {
	var missing []string
	for _, name := range ans.Names() {
		if !sub.Has(name) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return nil, nil, nil, competition.Invalid("Submission is missing the following columns: %s", strings.Join(missing, ", "))
	}
	subID, ok := sub.Col(id)
	if !ok {
		return nil, nil, nil, competition.Invalid("Submission must have a `%s` column", id)
	}
	ansID, ok := ans.Col(id)
	if !ok {
		return nil, nil, nil, fmt.Errorf("answers must have a %q column", id)
	}
	subIdx, ansIdx := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	if len(subIdx) != len(ansIdx) {
		return nil, nil, nil, fmt.Errorf("submission and answers `%s` columns do not match after sorting (%d and %d rows)", id, len(subIdx), len(ansIdx))
	}
	for k := range subIdx {
		if !pandas.CellsEqual(subID, subIdx[k], ansID, ansIdx[k]) {
			return nil, nil, nil, fmt.Errorf("submission and answers `%s` columns do not match after sorting", id)
		}
	}
	for _, name := range ans.Names() {
		if name != id {
			classes = append(classes, name)
		}
	}
	yTrue, yPred = make([][]float64, len(classes)), make([][]float64, len(classes))
	for k, name := range classes {
		a, _ := ans.Col(name)
		s, _ := sub.Col(name)
		if yTrue[k], err = pandas.Floats(a.Take(ansIdx)); err != nil {
			return nil, nil, nil, fmt.Errorf("answers column %s: %w", name, err)
		}
		if yPred[k], err = pandas.Floats(s.Take(subIdx)); err != nil {
			return nil, nil, nil, err
		}
	}
	return classes, yTrue, yPred, nil
}

// OneHot is df_to_one_hot(df, id_column, target_column, classes): a
// table with the id column (copied from ids, same dtype) followed by one
// int64 0/1 column per class, in classes order, with a 1 in the column named
// by each row's label. As in pandas, a label that is not among classes adds a
// new float64 column at the end (1.0 on its rows, NaN elsewhere); a label
// that names the id column overwrites that row's id with the integer 1,
// which this port reports as an error instead.
func OneHot(ids *table.Column, idColumn string, labels []string, classes []string) (*table.Table, error) {
	n := ids.Len()
	if len(labels) != n {
		return nil, fmt.Errorf("one-hot: %d labels for %d ids", len(labels), n)
	}
	pos := make(map[string]int, len(classes))
	cols := []*table.Column{ids.Renamed(idColumn)}
	for _, c := range classes {
		if c == idColumn {
			return nil, fmt.Errorf("one-hot: class %q is the id column", c)
		}
		if _, dup := pos[c]; dup {
			return nil, fmt.Errorf("one-hot: duplicate class %q", c)
		}
		pos[c] = len(cols)
		cols = append(cols, table.Ints(c, make([]int64, n)))
	}
	for i, l := range labels {
		if l == idColumn {
			return nil, fmt.Errorf("one-hot: label %q is the id column", l)
		}
		k, ok := pos[l]
		if !ok {
			f := make([]float64, n)
			for j := range f {
				f[j] = math.NaN()
			}
			k = len(cols)
			pos[l] = k
			cols = append(cols, table.Floats(l, f))
		}
		if c := cols[k]; c.Kind == table.Int64 {
			c.Ints[i] = 1
		} else {
			c.Floats[i] = 1
		}
	}
	return table.New(cols...)
}

// RowSumCheck is the row-sum check of the log-loss graders:
// submission[classes].sum(axis=1) (pandas: NaN skipped) must be
// numpy.isclose to 1 (default rtol=1e-5 with atol, so |s − 1| ≤ atol + 1e-5)
// on every row, else an invalid submission. A text column makes pandas'
// sum raise TypeError (a plain error). It returns the class columns as
// float64 (NaN for missing cells, booleans 0/1), in classes order.
//
// The sum follows numpy's reduction order for the frame pandas builds: the
// selected columns interleaved into one (rows × classes) array, summed
// along the rows' class axis. Without missing cells that array is
// column-major and each row is summed sequentially in classes order; with a
// missing cell pandas sums a row-major copy with NaN set to 0, where
// numpy's pairwise summation applies (float64 frames only: a bool column or
// a [table.Column.Mixed] column of numbers makes the frame an object array,
// summed sequentially by Python).
func RowSumCheck(sub *table.Table, classes []string, atol float64) ([][]float64, error) {
	cols := make([][]float64, len(classes))
	anyNaN, object := false, false
	for k, name := range classes {
		c, ok := sub.Col(name)
		if !ok {
			return nil, fmt.Errorf("KeyError: '%s'", name)
		}
		if pandas.HasText(c) {
			return nil, fmt.Errorf("unsupported operand type(s) for +: 'float' and 'str' (text in column %s)", name)
		}
		if c.Kind == table.Bool || c.Kind == table.BoolObject || c.Mixed != nil {
			object = true
		}
		v, err := pandas.Floats(c)
		if err != nil {
			return nil, err
		}
		for _, x := range v {
			if math.IsNaN(x) {
				anyNaN = true
			}
		}
		cols[k] = v
	}
	row := make([]float64, len(classes))
	for i := 0; i < sub.Len(); i++ {
		var s float64
		if anyNaN && !object {
			for k := range cols {
				row[k] = cols[k][i]
				if math.IsNaN(row[k]) {
					row[k] = 0
				}
			}
			s = metric.Sum(row)
		} else {
			for k := range cols {
				if x := cols[k][i]; !math.IsNaN(x) {
					s += x
				}
			}
		}
		if !pandas.IsClose(s, 1, 1e-5, atol) {
			return nil, competition.Invalid("Submission rows must sum to 1 (row %d sums to %v)", i, s)
		}
	}
	return cols, nil
}

// gatherAllocHook, when set (by tests), runs right before gatherDenseIn
// allocates the gathered scores with release.
var gatherAllocHook func()

// releaseMinRows is the size from which [ROCAUC] collects garbage before
// the metric allocates its sort keys (n × 8 bytes).
const releaseMinRows = 1 << 19

// releaseBeforeSort runs a garbage collection before the ROC AUC's sort
// keys are allocated for n rows, when n is large: once the ids are
// aligned, the id columns (and any aligned copies made on the way) are no
// longer needed by the grader, and when its caller holds no other
// reference to the tables (the grading command does not) the collection
// frees them, so that the heap reuses their pages for the keys instead of
// taking fresh ones from the kernel. For 10⁶ rows that is 8 MB less peak
// memory and fewer page faults, for one collection of a heap whose large
// arrays hold no pointers.
func releaseBeforeSort(n int) {
	if n >= releaseMinRows {
		runtime.GC()
	}
}
