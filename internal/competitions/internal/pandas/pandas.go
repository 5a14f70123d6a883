package pandas

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Labels returns column c as the numpy array pandas' .to_numpy() gives:
// int64, float64 (NaN for missing) and bool arrays as such; a text column as
// an object array of str, with float NaN for missing cells; a bool column
// with missing cells as an object array of bools and NaN.
func Labels(c *table.Column) metric.Labels {
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
		p, ok := PyValueOf(c, i)
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

// PyValue is one non-missing cell as the Python object pandas holds
// for it: a str (kind String, in s), an int (Int64, in i), a float
// (Float64, in f) or a bool (Bool, i = 0 or 1).
type PyValue struct {
	kind table.Kind
	s    string
	i    int64
	f    float64
}

// PyValueOf returns cell i of c as a Python value, following
// [table.Column.Mixed] for object columns of several types; ok is false
// for a missing cell (NaN).
func PyValueOf(c *table.Column, i int) (v PyValue, ok bool) {
	if c.IsNull(i) {
		return v, false
	}
	k := c.Kind
	if k == table.String && c.Mixed != nil {
		k = c.Mixed[i]
	}
	switch k {
	case table.Int64:
		return PyValue{kind: table.Int64, i: c.Ints[i]}, true
	case table.Float64:
		f := c.Floats[i]
		return PyValue{kind: table.Float64, f: f}, !math.IsNaN(f) // NaN is missing even where Null is unset
	case table.Bool, table.BoolObject:
		v = PyValue{kind: table.Bool}
		if c.Bools[i] {
			v.i = 1
		}
		return v, true
	}
	return PyValue{kind: table.String, s: c.Text[i]}, true
}

// float returns a numeric value as float64 (Python's float(x)).
func (v PyValue) float() float64 {
	if v.kind == table.Float64 {
		return v.f
	}
	return float64(v.i)
}

// PyCompare compares two Python values as Python's < and == do:
// numbers (bools as 0/1) by their exact value — an int and a float compare
// without rounding the int, unlike numpy's int64-vs-float64 arrays — and
// str by code point. ok is false for a str against a number, which Python
// refuses to order (TypeError) and never finds equal.
func PyCompare(a, b PyValue) (c int, ok bool) {
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
		return -compareIntFloat(b.i, a.f), true
	}
	return compareIntFloat(a.i, b.f), true
}

// compareIntFloat compares the integer i with the non-NaN float f
// exactly, as Python does.
func compareIntFloat(i int64, f float64) int {
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

// HasText reports whether some non-missing cell of c is a Python str
// (a text column, or a [table.Column.Mixed] column with a text block).
func HasText(c *table.Column) bool {
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

// SortError is the TypeError pandas' sort_values raises for column c:
// numpy cannot order an object array holding both str and numbers (a
// [table.Column.Mixed] column with text and numeric blocks). nil when the
// column sorts.
func SortError(c *table.Column) error {
	if c.Mixed == nil {
		return nil
	}
	text, num := false, false
	for i := 0; i < c.Len(); i++ {
		if v, ok := PyValueOf(c, i); ok {
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

// Floats returns column c converted to float64 as numpy's
// asarray(..., dtype=float64) (and so scikit-learn's check_array and
// pandas' astype(float)) converts it: numbers as they are, booleans as 0/1,
// missing cells as NaN, also cell by cell in a [table.Column.Mixed] object
// column. Text that Python's float() accepts converts too; any other text
// is the ValueError "could not convert string to float: '<text>'".
func Floats(c *table.Column) ([]float64, error) {
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
			p, _ := PyValueOf(c, i)
			out[i] = p.float()
			continue
		}
		v, ok := ParsePyFloat(c.Text[i])
		if !ok {
			return nil, fmt.Errorf("could not convert string to float: '%s'", c.Text[i])
		}
		out[i] = v
	}
	return out, nil
}

// ParsePyFloat parses s as Python's float(str) does: surrounding
// whitespace allowed, decimal and exponent forms with single underscores
// between digits (PEP 515: "1_000.5"), "inf"/"infinity"/"nan" in any case
// with an optional sign, overflow to ±inf; no hex forms. pandas' C parser
// leaves "1_0", "+nan", "NAN" or "1e400" as text, so they do reach here.
// Not supported: non-ASCII digits, which Python also accepts.
func ParsePyFloat(s string) (float64, bool) {
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

// ToNumericOK reports whether pandas.to_numeric accepts the text s
// (pandas' floatify): a decimal number in the C parser's grammar —
// optional sign, digits with an optional point, an optional exponent,
// optional surrounding ASCII whitespace — that does not overflow, or
// inf/infinity with an optional sign in any letter case. Unlike Python's
// float(): no nan, no underscores.
func ToNumericOK(s string) bool {
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

// SortErrors is [SortError] for the submission's then the
// answers' id column, sorted in that order by the callers.
func SortErrors(sub, ans *table.Column) error {
	if err := SortError(sub); err != nil {
		return err
	}
	return SortError(ans)
}

// CompareCells orders two non-missing cells of one column as Python
// compares the values pandas holds (numbers by value, False < True, text by
// code point, which is byte order for UTF-8). In a [table.Column.Mixed]
// column numbers compare exactly across int and float; Python cannot order
// text against numbers (see [SortError]), here numbers come first.
func CompareCells(c *table.Column, i, j int) int {
	if c.Mixed != nil {
		a, _ := PyValueOf(c, i)
		b, _ := PyValueOf(c, j)
		if r, ok := PyCompare(a, b); ok {
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

// SortIndex returns the row order of df.sort_values(c) (ascending,
// na_position="last"): non-missing cells in increasing order, then the
// missing ones. A [table.Column.Mixed] column orders its numbers exactly
// and puts text after them; pandas raises TypeError instead when text
// meets numbers, which callers check with [SortError]. The sort is
// stable; pandas' default quicksort is not, which matters only for equal
// keys, i.e. duplicate ids. Every caller compares the sorted ids with
// unique answer ids, so duplicates make the submission invalid before
// their order could matter (see the specs' notes).
func SortIndex(c *table.Column) []int {
	n := c.Len()
	if c.Kind == table.Int64 && c.Mixed == nil && c.Null == nil {
		return sortIntsIndex(c.Ints)
	}
	idx := make([]int, 0, n)
	var nulls []int
	for i := 0; i < n; i++ {
		missing := c.IsNull(i)
		if c.Mixed != nil {
			_, ok := PyValueOf(c, i)
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
	case c.Kind == table.String && c.Mixed == nil && len(idx) <= math.MaxInt32:
		rows := make([]int32, len(idx))
		for k, i := range idx {
			rows[k] = int32(i)
		}
		radixSortText(c.Text, rows, make([]int32, len(rows)), 0)
		for k, r := range rows {
			idx[k] = int(r)
		}
	case c.Kind == table.Float64 && c.Mixed == nil:
		return append(sortFloatsIndex(c.Floats, idx), nulls...)
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
			if r := CompareCells(c, a, b); r != 0 {
				return r
			}
			return cmp.Compare(a, b)
		})
	}
	return append(idx, nulls...)
}

// radixSortText sorts rows (row numbers into text) by (text[row], row) —
// byte order of the text, then row number, i.e. a stable sort by text —
// with an MSD radix sort (rows must be in increasing order on entry, which
// the stable distribution preserves). depth is the number of leading bytes
// all rows' texts share; tmp is scratch space of the same length. The
// rows are 4-byte numbers, not (string, row) pairs: nothing for the
// garbage collector to scan and a sixth of the memory to touch.
func radixSortText(text []string, rows, tmp []int32, depth int) {
	for len(rows) > 32 {
		var count [257]int // bucket 0: texts that end at depth
		for _, r := range rows {
			if s := text[r]; depth < len(s) {
				count[int(s[depth])+1]++
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
			if s := text[r]; depth < len(s) {
				b = int(s[depth]) + 1
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
				radixSortText(text, rows[start[b]:start[b]+count[b]], tmp[start[b]:start[b]+count[b]], depth+1)
			}
		}
		rows, tmp = rows[start[big]:start[big]+count[big]], tmp[start[big]:start[big]+count[big]]
		depth++
	}
	// Insertion sort for small buckets (stable: only strictly greater
	// elements move).
	for k := 1; k < len(rows); k++ {
		r := rows[k]
		rs := text[r]
		rs = rs[min(depth, len(rs)):]
		j := k
		for j > 0 {
			ps := text[rows[j-1]]
			if ps[min(depth, len(ps)):] <= rs {
				break
			}
			rows[j] = rows[j-1]
			j--
		}
		rows[j] = r
	}
}

// CellsEqual reports whether a[i] == b[j] under numpy's element-wise
// comparison of the two columns' arrays: numbers (and booleans, as 0/1)
// compare by value across int/float/bool dtypes, text compares with text by
// content, text never equals a number, and a missing cell (NaN) equals
// nothing. When either column is a [table.Column.Mixed] object array numpy
// compares the Python objects, so an int and a float compare exactly
// (2**53+1 != 2.0**53) instead of after converting the int to float64.
func CellsEqual(a *table.Column, i int, b *table.Column, j int) bool {
	if a.IsNull(i) || b.IsNull(j) {
		return false
	}
	if a.Mixed != nil || b.Mixed != nil {
		x, okX := PyValueOf(a, i)
		y, okY := PyValueOf(b, j)
		r, ok := PyCompare(x, y)
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
		return intEqualsFloat(a.Ints[i], y)
	}
	if a.Kind == table.Float64 && b.Kind == table.Int64 {
		return intEqualsFloat(b.Ints[j], x)
	}
	return x == y
}

// intEqualsFloat is numpy's int64 == float64, which converts the int to
// float64 first (so 2**53+1 == 2.0**53).
func intEqualsFloat(i int64, f float64) bool { return float64(i) == f }

// NanMinMax is pandas Series.min() and .max() of a numeric or bool
// column, or of a [table.Column.Mixed] column without text, skipping
// missing cells; NaN when every cell is missing (and for an empty column),
// so that comparisons with it are false.
func NanMinMax(c *table.Column) (lo, hi float64) {
	lo, hi = math.NaN(), math.NaN()
	if c.Kind == table.Float64 && c.Mixed == nil {
		for _, v := range c.Floats {
			if v != v {
				continue
			}
			if lo != lo || v < lo {
				lo = v
			}
			if hi != hi || v > hi {
				hi = v
			}
		}
		return lo, hi
	}
	for i := 0; i < c.Len(); i++ {
		p, ok := PyValueOf(c, i)
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

// FrameEquals is pandas DataFrame.equals for two tables as read by the
// harness reader (default RangeIndex): the same column names in the same
// order, the same dtype per column and equal cells, where missing cells
// equal each other only at the same positions. Floats compare by value
// (0.0 equals -0.0); cells of [table.Column.Mixed] object columns with
// Python's == (1 equals 1.0, never "1").
func FrameEquals(a, b *table.Table) bool {
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
				if !CellsEqual(ca, i, cb, i) {
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

// IsClose is numpy.isclose(a, b, rtol, atol) for scalars:
// |a − b| ≤ atol + rtol·|b| for finite values; infinities are close only to
// themselves; NaN is close to nothing.
func IsClose(a, b, rtol, atol float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= atol+rtol*math.Abs(b)
}

// SetKey is a cell as a member of a Python set: numbers (and booleans)
// by value, text by content; every missing cell is distinct.
type SetKey struct {
	text  bool
	s     string
	i     int64
	f     float64
	isInt bool
}

func SetKeyOf(c *table.Column, i int) (SetKey, bool) {
	v, ok := PyValueOf(c, i)
	if !ok {
		return SetKey{}, false
	}
	switch v.kind {
	case table.String:
		return SetKey{text: true, s: v.s}, true
	case table.Int64, table.Bool:
		return SetKey{isInt: true, i: v.i}, true
	}
	f := v.f
	if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
		return SetKey{isInt: true, i: int64(f)}, true
	}
	return SetKey{f: f}, true
}

// SameSet is set(a) == set(b) over the columns' Python values. A
// missing cell (NaN) equals nothing, so it makes the sets differ whenever
// the other side has no NaN (answers never have one).
func SameSet(a, b *table.Column) bool {
	if same, ok := sameSetOneType(a, b); ok {
		return same
	}
	set := func(c *table.Column) (map[SetKey]bool, bool) {
		m := map[SetKey]bool{}
		nan := false
		for i := 0; i < c.Len(); i++ {
			k, ok := SetKeyOf(c, i)
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

// Kind is the Python type of the value: table.String (str), table.Int64
// (int), table.Float64 (float) or table.Bool (bool).
func (v PyValue) Kind() table.Kind { return v.kind }

// Text is a str value.
func (v PyValue) Text() string { return v.s }

// Int is an int value, or a bool as 0/1.
func (v PyValue) Int() int64 { return v.i }

// Float64 is a float value.
func (v PyValue) Float64() float64 { return v.f }

// sameSetOneType is [SameSet] for two int64 columns or two text columns
// without missing cells (the usual id columns), without a map of
// [SetKey]s; ok is false for any other pair.
func sameSetOneType(a, b *table.Column) (same, ok bool) {
	if a.Mixed != nil || b.Mixed != nil || a.Kind != b.Kind {
		return false, false
	}
	if SameRows(a, b) {
		return true, true
	}
	switch a.Kind {
	case table.Int64:
		x := slices.Clone(a.Ints)
		y := slices.Clone(b.Ints)
		slices.Sort(x)
		slices.Sort(y)
		return slices.Equal(slices.Compact(x), slices.Compact(y)), true
	case table.String:
		if a.Null != nil || b.Null != nil || len(a.Text) != a.Len() || len(b.Text) != b.Len() {
			return false, false
		}
		set := make(map[string]struct{}, a.Len())
		for _, s := range a.Text {
			set[s] = struct{}{}
		}
		seen := make(map[string]struct{}, len(set))
		for _, s := range b.Text {
			if _, in := set[s]; !in {
				return false, true
			}
			seen[s] = struct{}{}
		}
		return len(seen) == len(set), true
	}
	return false, false
}

// SameRows reports whether two int64 columns, or two text columns without
// missing cells, hold the same values row for row (the usual case of a
// submission written in the answers' order). False says nothing about
// other pairs of columns.
func SameRows(a, b *table.Column) bool {
	if a.Mixed != nil || b.Mixed != nil || a.Kind != b.Kind || a.Len() != b.Len() {
		return false
	}
	switch a.Kind {
	case table.Int64:
		return slices.Equal(a.Ints, b.Ints)
	case table.String:
		return a.Null == nil && b.Null == nil && len(a.Text) == a.Len() && len(b.Text) == b.Len() &&
			slices.Equal(a.Text, b.Text)
	}
	return false
}
