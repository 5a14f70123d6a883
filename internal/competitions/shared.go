package competitions

// Shared grading and preparation helpers (owned by helper C1; other helpers
// add theirs in shared_<letter>.go). First, the Go equivalents of the
// original's competitions/utils.py functions that many graders and
// preparers call (harness.md §4.9; each competition spec's "Grade" section
// gives the order of the checks):
//
//   - sharedPrepareForAccuracy  = prepare_for_accuracy_metric
//   - sharedPrepareForAUROC     = prepare_for_auroc_metric
//   - sharedOneHotLogLossInputs = one_hot_dfs_to_log_loss_inputs with
//     apply_softmax=False (no competition in the benchmark turns softmax on)
//   - sharedOneHot              = df_to_one_hot
//
// The pandas/numpy building blocks they rest on, usable directly:
//
//   - sharedLabels, sharedFloats: a column as the numpy array .to_numpy()
//     gives (metric.Labels for the classification metrics, float64 for the
//     others);
//   - sharedSortIndex: df.sort_values(col) row order (stable, NaN last);
//   - sharedCellsEqual, sharedAlignByID: numpy's element-wise == / != of two
//     id arrays after sorting;
//   - sharedSameSet: set(a) == set(b) over Python values;
//   - sharedNanMinMax: Series.min()/max() skipping NaN;
//   - sharedRowSumCheck, sharedIsClose: the log-loss graders' row-sum check
//     (pandas sum skipping NaN, numpy.isclose);
//   - sharedFrameEquals: DataFrame.equals;
//   - sharedParsePyFloat: Python float(str).
//
// Files, archives and images for preparers: sharedCopyFile, sharedSafeName,
// sharedOpenZip (read zip members by their extracted path instead of
// extracting into raw/), sharedWriteZip (deterministic deflate zips),
// sharedPillowL (Pillow's convert("L")), sharedCSVField (Python csv
// QUOTE_MINIMAL for hand-written CSV streams).
//
// Object columns of several Python types (table.Column.Mixed, from pandas'
// low_memory block inference on large files) are followed cell by cell:
// sharedPyValueOf gives a cell's Python value, compared as Python does
// (sharedPyCompare: int vs float exactly, str never against numbers);
// sharedSortError is sort_values' TypeError for text mixed with numbers;
// sharedHasText tells a column with str cells from one of numbers only.
//
// Conventions: a failed check the original raises as InvalidSubmissionError
// returns competition.Invalid; an `assert` on the answers or any other Python
// exception returns a plain error (both give a null score in the harness).

import (
	"archive/zip"
	"bufio"
	"cmp"
	"context"
	"fmt"
	"image"
	"image/color"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// sharedLabels returns column c as the numpy array pandas' .to_numpy() gives:
// int64, float64 (NaN for missing) and bool arrays as such; a text column as
// an object array of str, with float NaN for missing cells; a bool column
// with missing cells as an object array of bools and NaN.
func sharedLabels(c *table.Column) metric.Labels {
	n := c.Len()
	switch c.Kind {
	case table.Int64:
		return metric.IntLabels(c.Ints)
	case table.Float64:
		return metric.FloatLabels(c.Floats)
	case table.Bool:
		return metric.BoolLabels(c.Bools)
	case table.BoolObject:
		v := make([]metric.Value, n)
		for i := range v {
			if c.IsNull(i) {
				v[i] = metric.FloatValue(math.NaN())
			} else {
				v[i] = metric.BoolValue(c.Bools[i])
			}
		}
		return metric.ObjectLabels(v)
	}
	if c.Mixed == nil && !c.HasNull() {
		return metric.StrLabels(c.Text)
	}
	v := make([]metric.Value, n)
	for i := range v {
		p, ok := sharedPyValueOf(c, i)
		switch {
		case !ok:
			v[i] = metric.FloatValue(math.NaN())
		case p.kind == table.String:
			v[i] = metric.StrValue(p.s)
		case p.kind == table.Int64:
			v[i] = metric.IntValue(p.i)
		case p.kind == table.Bool:
			v[i] = metric.BoolValue(p.i != 0)
		default:
			v[i] = metric.FloatValue(p.f)
		}
	}
	return metric.ObjectLabels(v)
}

// sharedPyValue is one non-missing cell as the Python object pandas holds
// for it: a str (kind String, in s), an int (Int64, in i), a float
// (Float64, in f) or a bool (Bool, i = 0 or 1).
type sharedPyValue struct {
	kind table.Kind
	s    string
	i    int64
	f    float64
}

// sharedPyValueOf returns cell i of c as a Python value, following
// [table.Column.Mixed] for object columns of several types; ok is false
// for a missing cell (NaN).
func sharedPyValueOf(c *table.Column, i int) (v sharedPyValue, ok bool) {
	if c.IsNull(i) {
		return v, false
	}
	k := c.Kind
	if k == table.String && c.Mixed != nil {
		k = c.Mixed[i]
	}
	switch k {
	case table.Int64:
		return sharedPyValue{kind: table.Int64, i: c.Ints[i]}, true
	case table.Float64:
		f := c.Floats[i]
		return sharedPyValue{kind: table.Float64, f: f}, !math.IsNaN(f) // NaN is missing even where Null is unset
	case table.Bool, table.BoolObject:
		v = sharedPyValue{kind: table.Bool}
		if c.Bools[i] {
			v.i = 1
		}
		return v, true
	}
	return sharedPyValue{kind: table.String, s: c.Text[i]}, true
}

// float returns a numeric value as float64 (Python's float(x)).
func (v sharedPyValue) float() float64 {
	if v.kind == table.Float64 {
		return v.f
	}
	return float64(v.i)
}

// sharedPyCompare compares two Python values as Python's < and == do:
// numbers (bools as 0/1) by their exact value — an int and a float compare
// without rounding the int, unlike numpy's int64-vs-float64 arrays — and
// str by code point. ok is false for a str against a number, which Python
// refuses to order (TypeError) and never finds equal.
func sharedPyCompare(a, b sharedPyValue) (c int, ok bool) {
	aText, bText := a.kind == table.String, b.kind == table.String
	switch {
	case aText && bText:
		return strings.Compare(a.s, b.s), true
	case aText || bText:
		return 0, false
	case a.kind != table.Float64 && b.kind != table.Float64:
		return cmp.Compare(a.i, b.i), true
	case a.kind == table.Float64 && b.kind == table.Float64:
		return cmp.Compare(a.f, b.f), true
	case a.kind == table.Float64:
		return -sharedCompareIntFloat(b.i, a.f), true
	}
	return sharedCompareIntFloat(a.i, b.f), true
}

// sharedCompareIntFloat compares the integer i with the non-NaN float f
// exactly, as Python does.
func sharedCompareIntFloat(i int64, f float64) int {
	switch {
	case f >= 0x1p63:
		return -1
	case f < -0x1p63:
		return 1
	}
	t := math.Trunc(f)
	if r := cmp.Compare(i, int64(t)); r != 0 {
		return r
	}
	return cmp.Compare(t, f)
}

// sharedHasText reports whether some non-missing cell of c is a Python str
// (a text column, or a [table.Column.Mixed] column with a text block).
func sharedHasText(c *table.Column) bool {
	if c.Kind != table.String {
		return false
	}
	for i := 0; i < c.Len(); i++ {
		if !c.IsNull(i) && (c.Mixed == nil || c.Mixed[i] == table.String) {
			return true
		}
	}
	return false
}

// sharedSortError is the TypeError pandas' sort_values raises for column c:
// numpy cannot order an object array holding both str and numbers (a
// [table.Column.Mixed] column with text and numeric blocks). nil when the
// column sorts.
func sharedSortError(c *table.Column) error {
	if c.Mixed == nil {
		return nil
	}
	text, num := false, false
	for i := 0; i < c.Len(); i++ {
		if v, ok := sharedPyValueOf(c, i); ok {
			if v.kind == table.String {
				text = true
			} else {
				num = true
			}
		}
	}
	if text && num {
		return fmt.Errorf("sorting column %s: '<' not supported between instances of 'str' and 'int'", c.Name)
	}
	return nil
}

// sharedFloats returns column c converted to float64 as numpy's
// asarray(..., dtype=float64) (and so scikit-learn's check_array and
// pandas' astype(float)) converts it: numbers as they are, booleans as 0/1,
// missing cells as NaN, also cell by cell in a [table.Column.Mixed] object
// column. Text that Python's float() accepts converts too; any other text
// is the ValueError "could not convert string to float: '<text>'".
func sharedFloats(c *table.Column) ([]float64, error) {
	n := c.Len()
	out := make([]float64, n)
	if c.Kind == table.Float64 {
		copy(out, c.Floats)
		return out, nil
	}
	for i := range out {
		if v, ok := c.Float(i); ok {
			out[i] = v
			continue
		}
		if c.IsNull(i) {
			out[i] = math.NaN()
			continue
		}
		if c.Mixed != nil && c.Mixed[i] != table.String {
			p, _ := sharedPyValueOf(c, i)
			out[i] = p.float()
			continue
		}
		v, ok := sharedParsePyFloat(c.Text[i])
		if !ok {
			return nil, fmt.Errorf("could not convert string to float: '%s'", c.Text[i])
		}
		out[i] = v
	}
	return out, nil
}

// sharedParsePyFloat parses s as Python's float(str) does: surrounding
// whitespace allowed, decimal and exponent forms with single underscores
// between digits (PEP 515: "1_000.5"), "inf"/"infinity"/"nan" in any case
// with an optional sign, overflow to ±inf; no hex forms. pandas' C parser
// leaves "1_0", "+nan", "NAN" or "1e400" as text, so they do reach here.
// Not supported: non-ASCII digits, which Python also accepts.
func sharedParsePyFloat(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "xXpP") {
		return 0, false
	}
	if t := strings.TrimLeft(s, "+-"); len(s)-len(t) == 1 && strings.EqualFold(t, "nan") {
		return math.NaN(), true // Go's parser takes no sign on nan
	}
	// strconv.ParseFloat accepts Go literal underscores, which for decimal
	// forms are PEP 515's: each one between two digits.
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return v, true // ±inf or 0 on overflow/underflow, as Python
		}
		return 0, false
	}
	return v, true
}

// sharedToNumericOK reports whether pandas.to_numeric accepts the text s
// (pandas' floatify): a decimal number in the C parser's grammar —
// optional sign, digits with an optional point, an optional exponent,
// optional surrounding ASCII whitespace — that does not overflow, or
// inf/infinity with an optional sign in any letter case. Unlike Python's
// float(): no nan, no underscores.
func sharedToNumericOK(s string) bool {
	switch strings.ToLower(s) {
	case "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity":
		return true
	}
	t := strings.Trim(s, " \t\n\v\f\r")
	i, digits := 0, 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	for ; i < len(t) && '0' <= t[i] && t[i] <= '9'; i++ {
		digits++
	}
	if i < len(t) && t[i] == '.' {
		for i++; i < len(t) && '0' <= t[i] && t[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		i++
		if i < len(t) && (t[i] == '+' || t[i] == '-') {
			i++
		}
		exp := 0
		for ; i < len(t) && '0' <= t[i] && t[i] <= '9'; i++ {
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	if i != len(t) {
		return false
	}
	v, err := strconv.ParseFloat(t, 64)
	return err == nil && !math.IsInf(v, 0)
}

// sharedSortErrors is [sharedSortError] for the submission's then the
// answers' id column, sorted in that order by the callers.
func sharedSortErrors(sub, ans *table.Column) error {
	if err := sharedSortError(sub); err != nil {
		return err
	}
	return sharedSortError(ans)
}

// sharedCompareCells orders two non-missing cells of one column as Python
// compares the values pandas holds (numbers by value, False < True, text by
// code point, which is byte order for UTF-8). In a [table.Column.Mixed]
// column numbers compare exactly across int and float; Python cannot order
// text against numbers (see [sharedSortError]), here numbers come first.
func sharedCompareCells(c *table.Column, i, j int) int {
	if c.Mixed != nil {
		a, _ := sharedPyValueOf(c, i)
		b, _ := sharedPyValueOf(c, j)
		if r, ok := sharedPyCompare(a, b); ok {
			return r
		}
		if a.kind == table.String {
			return 1
		}
		return -1
	}
	switch c.Kind {
	case table.Int64:
		return cmp.Compare(c.Ints[i], c.Ints[j])
	case table.Float64:
		return cmp.Compare(c.Floats[i], c.Floats[j])
	case table.Bool, table.BoolObject:
		a, b := c.Bools[i], c.Bools[j]
		switch {
		case a == b:
			return 0
		case !a:
			return -1
		}
		return 1
	}
	return strings.Compare(c.Text[i], c.Text[j])
}

// sharedSortIndex returns the row order of df.sort_values(c) (ascending,
// na_position="last"): non-missing cells in increasing order, then the
// missing ones. A [table.Column.Mixed] column orders its numbers exactly
// and puts text after them; pandas raises TypeError instead when text
// meets numbers, which callers check with [sharedSortError]. The sort is
// stable; pandas' default quicksort is not, which matters only for equal
// keys, i.e. duplicate ids. Every caller compares the sorted ids with
// unique answer ids, so duplicates make the submission invalid before
// their order could matter (see the specs' notes).
func sharedSortIndex(c *table.Column) []int {
	n := c.Len()
	idx := make([]int, 0, n)
	var nulls []int
	for i := 0; i < n; i++ {
		missing := c.IsNull(i)
		if c.Mixed != nil {
			_, ok := sharedPyValueOf(c, i)
			missing = !ok
		}
		if missing {
			nulls = append(nulls, i)
		} else {
			idx = append(idx, i)
		}
	}
	// pdqsort on (key, row) pairs: O(n log n), and stable because ties are
	// broken by row number.
	switch {
	case c.Kind == table.String && c.Mixed == nil:
		ps := make([]sharedStrRow, len(idx))
		for k, i := range idx {
			ps[k] = sharedStrRow{c.Text[i], i}
		}
		sharedRadixSort(ps, make([]sharedStrRow, len(ps)), 0)
		for k, p := range ps {
			idx[k] = p.i
		}
	case c.Kind == table.Int64 || c.Kind == table.Float64:
		type pair struct {
			v float64
			w int64
			i int
		}
		ps := make([]pair, len(idx))
		for k, i := range idx {
			if c.Kind == table.Int64 {
				ps[k] = pair{w: c.Ints[i], i: i}
			} else {
				ps[k] = pair{v: c.Floats[i], i: i}
			}
		}
		slices.SortFunc(ps, func(a, b pair) int {
			if r := cmp.Compare(a.w, b.w); r != 0 {
				return r
			}
			if r := cmp.Compare(a.v, b.v); r != 0 {
				return r
			}
			return cmp.Compare(a.i, b.i)
		})
		for k, p := range ps {
			idx[k] = p.i
		}
	default:
		slices.SortFunc(idx, func(a, b int) int {
			if r := sharedCompareCells(c, a, b); r != 0 {
				return r
			}
			return cmp.Compare(a, b)
		})
	}
	return append(idx, nulls...)
}

// sharedStrRow is a text cell and its row number.
type sharedStrRow struct {
	s string
	i int
}

// sharedRadixSort sorts rows by (s, i) — byte order of the text, then row
// number, i.e. a stable sort by text — with an MSD radix sort (rows must be
// in increasing i order on entry, which the stable distribution preserves).
// depth is the number of leading bytes all rows share; tmp is scratch space
// of the same length.
func sharedRadixSort(rows, tmp []sharedStrRow, depth int) {
	for len(rows) > 32 {
		var count [257]int // bucket 0: strings that end at depth
		for _, r := range rows {
			if depth < len(r.s) {
				count[int(r.s[depth])+1]++
			} else {
				count[0]++
			}
		}
		var start [257]int
		for b := 1; b < 257; b++ {
			start[b] = start[b-1] + count[b-1]
		}
		pos := start
		for _, r := range rows {
			b := 0
			if depth < len(r.s) {
				b = int(r.s[depth]) + 1
			}
			tmp[pos[b]] = r
			pos[b]++
		}
		copy(rows, tmp[:len(rows)])
		// Recurse into every bucket but the largest, loop on that one.
		big := 1
		for b := 1; b < 257; b++ {
			if count[b] > count[big] {
				big = b
			}
		}
		for b := 1; b < 257; b++ {
			if b != big && count[b] > 1 {
				sharedRadixSort(rows[start[b]:start[b]+count[b]], tmp[start[b]:start[b]+count[b]], depth+1)
			}
		}
		rows, tmp = rows[start[big]:start[big]+count[big]], tmp[start[big]:start[big]+count[big]]
		depth++
	}
	// Insertion sort for small buckets (stable: only strictly greater
	// elements move).
	for k := 1; k < len(rows); k++ {
		r := rows[k]
		j := k
		for j > 0 && rows[j-1].s[min(depth, len(rows[j-1].s)):] > r.s[min(depth, len(r.s)):] {
			rows[j] = rows[j-1]
			j--
		}
		rows[j] = r
	}
}

// sharedCellsEqual reports whether a[i] == b[j] under numpy's element-wise
// comparison of the two columns' arrays: numbers (and booleans, as 0/1)
// compare by value across int/float/bool dtypes, text compares with text by
// content, text never equals a number, and a missing cell (NaN) equals
// nothing. When either column is a [table.Column.Mixed] object array numpy
// compares the Python objects, so an int and a float compare exactly
// (2**53+1 != 2.0**53) instead of after converting the int to float64.
func sharedCellsEqual(a *table.Column, i int, b *table.Column, j int) bool {
	if a.IsNull(i) || b.IsNull(j) {
		return false
	}
	if a.Mixed != nil || b.Mixed != nil {
		x, okX := sharedPyValueOf(a, i)
		y, okY := sharedPyValueOf(b, j)
		r, ok := sharedPyCompare(x, y)
		return okX && okY && ok && r == 0
	}
	aText, bText := a.Kind == table.String, b.Kind == table.String
	if aText || bText {
		return aText && bText && a.Text[i] == b.Text[j]
	}
	if a.Kind == table.Int64 && b.Kind == table.Int64 {
		return a.Ints[i] == b.Ints[j]
	}
	x, _ := a.Float(i)
	y, _ := b.Float(j)
	if a.Kind == table.Int64 && b.Kind == table.Float64 {
		return sharedIntEqualsFloat(a.Ints[i], y)
	}
	if a.Kind == table.Float64 && b.Kind == table.Int64 {
		return sharedIntEqualsFloat(b.Ints[j], x)
	}
	return x == y
}

// sharedIntEqualsFloat is numpy's int64 == float64, which converts the int to
// float64 first (so 2**53+1 == 2.0**53).
func sharedIntEqualsFloat(i int64, f float64) bool { return float64(i) == f }

// sharedAlignByID sorts both tables by their id column as
// df.sort_values(id) does and reports whether the sorted id arrays agree at
// every position (numpy's `(sub_ids != ans_ids).any()` is false). The tables
// must have the same length. It returns the sorted row orders.
func sharedAlignByID(sub, ans *table.Column) (subIdx, ansIdx []int, ok bool) {
	subIdx, ansIdx = sharedSortIndex(sub), sharedSortIndex(ans)
	if len(subIdx) != len(ansIdx) {
		return subIdx, ansIdx, false
	}
	for k := range subIdx {
		if !sharedCellsEqual(sub, subIdx[k], ans, ansIdx[k]) {
			return subIdx, ansIdx, false
		}
	}
	return subIdx, ansIdx, true
}

// sharedPrepareForAccuracy is prepare_for_accuracy_metric(submission,
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
func sharedPrepareForAccuracy(sub, ans *table.Table, target, id string) (yTrue, yPred metric.Labels, err error) {
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
	if err := sharedSortErrors(subID, ansID); err != nil {
		return yTrue, yPred, err
	}
	subIdx, ansIdx, match := sharedAlignByID(subID, ansID)
	if !match {
		return yTrue, yPred, competition.Invalid("Submission and answers `%s` values do not match", id)
	}
	return sharedLabels(ansTarget.Take(ansIdx)), sharedLabels(subTarget.Take(subIdx)), nil
}

// sharedPrepareForAUROC is prepare_for_auroc_metric(submission, answers,
// id_col, target_col). Checks, in order:
//  1. (assert) the answers have the id and target columns → plain error;
//  2. no id column in the submission → invalid;
//  3. no target column in the submission → invalid;
//  4. row counts differ → invalid;
//  5. pandas.to_numeric(target) fails (text that is not a number, see
//     sharedToNumericOK) → invalid; the conversion is only a test, its
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
// A bool column with missing cells gives NaN there (numpy's float conversion
// of the object array), so it also fails in the metric.
func sharedPrepareForAUROC(sub, ans *table.Table, id, target string) (yTrue, yScore []float64, err error) {
	ansID, ok1 := ans.Col(id)
	ansTarget, ok2 := ans.Col(target)
	if !ok1 || !ok2 {
		return nil, nil, fmt.Errorf("answers must have columns %q and %q", id, target)
	}
	subID, ok := sub.Col(id)
	if !ok {
		return nil, nil, competition.Invalid("Submission should have an %s column", id)
	}
	subTarget, ok := sub.Col(target)
	if !ok {
		return nil, nil, competition.Invalid("Submission should have a %s column", target)
	}
	if sub.Len() != ans.Len() {
		return nil, nil, competition.Invalid("Submission and answers should have the same number of rows (%d, expected %d)", sub.Len(), ans.Len())
	}
	if sharedHasText(subTarget) {
		for i := 0; i < subTarget.Len(); i++ {
			if subTarget.IsNull(i) || (subTarget.Mixed != nil && subTarget.Mixed[i] != table.String) {
				continue
			}
			if !sharedToNumericOK(subTarget.Text[i]) {
				return nil, nil, competition.Invalid("Expected %s column to be numeric, got object instead", target)
			}
		}
		// Numeric text in an object column: min() compares it with 0 (or
		// with the column's numbers) and raises TypeError.
		return nil, nil, fmt.Errorf("'<' not supported between instances of 'str' and 'int'")
	}
	lo, hi := sharedNanMinMax(subTarget)
	if lo < 0 || hi > 1 {
		return nil, nil, competition.Invalid("Submission %s column should contain probabilities, and therefore contain values between 0 and 1 inclusive", target)
	}
	if err := sharedSortErrors(subID, ansID); err != nil {
		return nil, nil, err
	}
	subIdx, ansIdx, match := sharedAlignByID(subID, ansID)
	if !match {
		return nil, nil, competition.Invalid("Submission and answers should have the same %s values", id)
	}
	yTrue, err = sharedFloats(ansTarget.Take(ansIdx))
	if err != nil {
		return nil, nil, fmt.Errorf("answers %s: %w", target, err)
	}
	yScore, err = sharedFloats(subTarget.Take(subIdx))
	if err != nil {
		return nil, nil, err
	}
	return yTrue, yScore, nil
}

// sharedNanMinMax is pandas Series.min() and .max() of a numeric or bool
// column, or of a [table.Column.Mixed] column without text, skipping
// missing cells; NaN when every cell is missing (and for an empty column),
// so that comparisons with it are false.
func sharedNanMinMax(c *table.Column) (lo, hi float64) {
	lo, hi = math.NaN(), math.NaN()
	for i := 0; i < c.Len(); i++ {
		p, ok := sharedPyValueOf(c, i)
		if !ok {
			continue
		}
		v := p.float()
		if math.IsNaN(lo) || v < lo {
			lo = v
		}
		if math.IsNaN(hi) || v > hi {
			hi = v
		}
	}
	return lo, hi
}

// sharedOneHotLogLossInputs is one_hot_dfs_to_log_loss_inputs(submission,
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
func sharedOneHotLogLossInputs(sub, ans *table.Table, id string) (classes []string, yTrue, yPred [][]float64, err error) {
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
	subIdx, ansIdx := sharedSortIndex(subID), sharedSortIndex(ansID)
	if len(subIdx) != len(ansIdx) {
		return nil, nil, nil, fmt.Errorf("submission and answers `%s` columns do not match after sorting (%d and %d rows)", id, len(subIdx), len(ansIdx))
	}
	for k := range subIdx {
		if !sharedCellsEqual(subID, subIdx[k], ansID, ansIdx[k]) {
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
		if yTrue[k], err = sharedFloats(a.Take(ansIdx)); err != nil {
			return nil, nil, nil, fmt.Errorf("answers column %s: %w", name, err)
		}
		if yPred[k], err = sharedFloats(s.Take(subIdx)); err != nil {
			return nil, nil, nil, err
		}
	}
	return classes, yTrue, yPred, nil
}

// sharedOneHot is df_to_one_hot(df, id_column, target_column, classes): a
// table with the id column (copied from ids, same dtype) followed by one
// int64 0/1 column per class, in classes order, with a 1 in the column named
// by each row's label. As in pandas, a label that is not among classes adds a
// new float64 column at the end (1.0 on its rows, NaN elsewhere); a label
// that names the id column overwrites that row's id with the integer 1,
// which this port reports as an error instead.
func sharedOneHot(ids *table.Column, idColumn string, labels []string, classes []string) (*table.Table, error) {
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

// --- files and zip archives for preparers ---

// sharedZipTime is the modification time of every member of the zips
// preparers write. The original's zips carry the prepare-time file mtimes
// and a filesystem-order member list, so they are never byte-reproducible
// (and not checksummed); a fixed time and a sorted member list make ours
// deterministic.
var sharedZipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// sharedZipSource is one member to write: its name in the archive and a
// function opening its content.
type sharedZipSource struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// sharedWriteZip writes a deflate zip archive at path holding members in the
// given order (the original's compress(); callers sort names for
// determinism). It honours ctx between members and removes a partial
// archive on error.
func sharedWriteZip(ctx context.Context, path string, members []sharedZipSource) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing zip: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing zip %s: %w", path, cerr)
		}
		if err != nil {
			os.Remove(path)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	zw := zip.NewWriter(bw)
	for _, m := range members {
		if err := ctx.Err(); err != nil {
			return err
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.Name, Method: zip.Deflate, Modified: sharedZipTime})
		if err != nil {
			return fmt.Errorf("writing zip %s: %w", path, err)
		}
		r, err := m.Open()
		if err != nil {
			return fmt.Errorf("writing zip %s: %w", path, err)
		}
		_, err = io.Copy(w, r)
		r.Close()
		if err != nil {
			return fmt.Errorf("writing zip %s: member %s: %w", path, m.Name, err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("writing zip %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing zip %s: %w", path, err)
	}
	return nil
}

// sharedZip is a zip archive opened for reading members by the path they
// would have once extracted (Python zipfile's member-name normalisation:
// empty and "." components dropped), so a preparer can read
// "<raw>/train/<id>" straight from raw/train.zip instead of extracting it
// into the raw directory first. A later member with the same path wins, as
// in an extraction.
type sharedZip struct {
	rc      *zip.ReadCloser
	members map[string]*zip.File
}

func sharedOpenZip(path string) (*sharedZip, error) {
	rc, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("opening zip %s: %w", path, err)
	}
	z := &sharedZip{rc: rc, members: make(map[string]*zip.File, len(rc.File))}
	for _, f := range rc.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		z.members[sharedCleanMember(f.Name)] = f
	}
	return z, nil
}

func sharedCleanMember(name string) string {
	parts := strings.Split(name, "/")
	out := parts[:0]
	for _, p := range parts {
		if p != "" && p != "." {
			out = append(out, p)
		}
	}
	return strings.Join(out, "/")
}

// Close closes the archive.
func (z *sharedZip) Close() error { return z.rc.Close() }

// Has reports whether the archive holds a file at path (slash-separated).
func (z *sharedZip) Has(path string) bool { _, ok := z.members[path]; return ok }

// Open opens the member at path; a missing member is an fs.ErrNotExist
// error naming it, like the FileNotFoundError of copying a file that the
// extraction did not produce.
func (z *sharedZip) Open(path string) (io.ReadCloser, error) {
	f, ok := z.members[path]
	if !ok {
		return nil, fmt.Errorf("%s: %w", path, fs.ErrNotExist)
	}
	return f.Open()
}

// Source returns a sharedZipSource copying member path under another name.
func (z *sharedZip) Source(name, path string) sharedZipSource {
	return sharedZipSource{Name: name, Open: func() (io.ReadCloser, error) { return z.Open(path) }}
}

// ExtractTo writes member path to the file dst (a byte copy, like
// shutil.copy from the extracted tree).
func (z *sharedZip) ExtractTo(path, dst string) error {
	r, err := z.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	return sharedWriteFrom(dst, r)
}

// sharedCopyFile copies the file src to dst byte for byte (shutil.copy
// without the permission bits, which nothing checks).
func sharedCopyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return sharedWriteFrom(dst, in)
}

func sharedWriteFrom(dst string, r io.Reader) (err error) {
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	_, err = io.Copy(out, r)
	return err
}

// sharedSafeName reports whether s can be used as a file name inside a
// directory (a non-empty base name: no separator, not "." or ".."). The
// original builds paths from ids without checking; the port refuses ids
// that would escape the directory.
func sharedSafeName(s string) bool {
	return s != "" && s != "." && s != ".." && !strings.ContainsAny(s, "/\\\x00")
}

// --- images and CSV text ---

// sharedPillowL converts an image to 8-bit grey as Pillow's convert("L")
// does for the mode Pillow would open the same PNG in: grey is kept; RGB,
// RGBA and palette images use the integer ITU-R 601-2 luma
// (R·19595 + G·38470 + B·7471 + 0x8000) >> 16 on the non-premultiplied
// colour (alpha ignored); 16-bit grey (mode "I") is clipped to 255; 16-bit
// colour keeps the high byte of each channel. Rows are row-major.
func sharedPillowL(img image.Image) (pix []uint8, w, h int) {
	b := img.Bounds()
	w, h = b.Dx(), b.Dy()
	pix = make([]uint8, 0, w*h)
	luma := func(r, g, bl uint32) uint8 { return uint8((r*19595 + g*38470 + bl*7471 + 0x8000) >> 16) }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			switch im := img.(type) {
			case *image.Gray:
				pix = append(pix, im.GrayAt(x, y).Y)
			case *image.Gray16:
				v := im.Gray16At(x, y).Y
				pix = append(pix, uint8(min(v, 255)))
			case *image.Paletted:
				c := color.NRGBAModel.Convert(im.Palette[im.ColorIndexAt(x, y)]).(color.NRGBA)
				pix = append(pix, luma(uint32(c.R), uint32(c.G), uint32(c.B)))
			case *image.NRGBA64:
				c := im.NRGBA64At(x, y)
				pix = append(pix, luma(uint32(c.R>>8), uint32(c.G>>8), uint32(c.B>>8)))
			case *image.RGBA64:
				c := color.NRGBA64Model.Convert(im.RGBA64At(x, y)).(color.NRGBA64)
				pix = append(pix, luma(uint32(c.R>>8), uint32(c.G>>8), uint32(c.B>>8)))
			default:
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				pix = append(pix, luma(uint32(c.R), uint32(c.G), uint32(c.B)))
			}
		}
	}
	return pix, w, h
}

// sharedCSVField returns s as Python's csv writer (QUOTE_MINIMAL) writes a
// string field: quoted, with inner quotes doubled, when it holds a comma, a
// quote, CR or LF; as is otherwise. The result may alias s.
func sharedCSVField(s []byte) []byte {
	if !slices.ContainsFunc(s, func(c byte) bool { return c == ',' || c == '"' || c == '\n' || c == '\r' }) {
		return s
	}
	out := make([]byte, 0, len(s)+2)
	out = append(out, '"')
	for _, c := range s {
		if c == '"' {
			out = append(out, '"')
		}
		out = append(out, c)
	}
	return append(out, '"')
}

// sharedFrameEquals is pandas DataFrame.equals for two tables as read by the
// harness reader (default RangeIndex): the same column names in the same
// order, the same dtype per column and equal cells, where missing cells
// equal each other only at the same positions. Floats compare by value
// (0.0 equals -0.0); cells of [table.Column.Mixed] object columns with
// Python's == (1 equals 1.0, never "1").
func sharedFrameEquals(a, b *table.Table) bool {
	if a.Len() != b.Len() || !slices.Equal(a.Names(), b.Names()) {
		return false
	}
	for k, ca := range a.Columns() {
		cb := b.Columns()[k]
		if ca.Kind != cb.Kind {
			return false
		}
		for i := 0; i < ca.Len(); i++ {
			na, nb := ca.IsNull(i), cb.IsNull(i)
			if na || nb {
				if na != nb {
					return false
				}
				continue
			}
			if ca.Kind == table.Float64 {
				if ca.Floats[i] != cb.Floats[i] && !(math.IsNaN(ca.Floats[i]) && math.IsNaN(cb.Floats[i])) {
					return false
				}
				continue
			}
			if ca.Mixed != nil || cb.Mixed != nil {
				// Object arrays holding several Python types: Python ==.
				if !sharedCellsEqual(ca, i, cb, i) {
					return false
				}
				continue
			}
			if ca.Str(i) != cb.Str(i) {
				return false
			}
		}
	}
	return true
}

// --- probability tables ---

// sharedRowSumCheck is the row-sum check of the log-loss graders:
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
func sharedRowSumCheck(sub *table.Table, classes []string, atol float64) ([][]float64, error) {
	cols := make([][]float64, len(classes))
	anyNaN, object := false, false
	for k, name := range classes {
		c, ok := sub.Col(name)
		if !ok {
			return nil, fmt.Errorf("KeyError: '%s'", name)
		}
		if sharedHasText(c) {
			return nil, fmt.Errorf("unsupported operand type(s) for +: 'float' and 'str' (text in column %s)", name)
		}
		if c.Kind == table.Bool || c.Kind == table.BoolObject || c.Mixed != nil {
			object = true
		}
		v, err := sharedFloats(c)
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
		if !sharedIsClose(s, 1, 1e-5, atol) {
			return nil, competition.Invalid("Submission rows must sum to 1 (row %d sums to %v)", i, s)
		}
	}
	return cols, nil
}

// sharedIsClose is numpy.isclose(a, b, rtol, atol) for scalars:
// |a − b| ≤ atol + rtol·|b| for finite values; infinities are close only to
// themselves; NaN is close to nothing.
func sharedIsClose(a, b, rtol, atol float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= atol+rtol*math.Abs(b)
}

// sharedSetKey is a cell as a member of a Python set: numbers (and booleans)
// by value, text by content; every missing cell is distinct.
type sharedSetKey struct {
	text  bool
	s     string
	i     int64
	f     float64
	isInt bool
}

func sharedSetKeyOf(c *table.Column, i int) (sharedSetKey, bool) {
	v, ok := sharedPyValueOf(c, i)
	if !ok {
		return sharedSetKey{}, false
	}
	switch v.kind {
	case table.String:
		return sharedSetKey{text: true, s: v.s}, true
	case table.Int64, table.Bool:
		return sharedSetKey{isInt: true, i: v.i}, true
	}
	f := v.f
	if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
		return sharedSetKey{isInt: true, i: int64(f)}, true
	}
	return sharedSetKey{f: f}, true
}

// sharedSameSet is set(a) == set(b) over the columns' Python values. A
// missing cell (NaN) equals nothing, so it makes the sets differ whenever
// the other side has no NaN (answers never have one).
func sharedSameSet(a, b *table.Column) bool {
	set := func(c *table.Column) (map[sharedSetKey]bool, bool) {
		m := map[sharedSetKey]bool{}
		nan := false
		for i := 0; i < c.Len(); i++ {
			k, ok := sharedSetKeyOf(c, i)
			if !ok {
				nan = true
				continue
			}
			m[k] = true
		}
		return m, nan
	}
	sa, nanA := set(a)
	sb, nanB := set(b)
	if nanA || nanB || len(sa) != len(sb) {
		return false
	}
	for k := range sa {
		if !sb[k] {
			return false
		}
	}
	return true
}
