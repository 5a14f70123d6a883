package metric

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Dtype is the numpy dtype of a 1-D label array, which decides how
// scikit-learn's target-type checks (type_of_target, _check_targets,
// unique_labels) treat it.
type Dtype uint8

const (
	DtypeBool   Dtype = iota // numpy bool
	DtypeInt                 // numpy int64
	DtypeFloat               // numpy float64 (NaN for missing values)
	DtypeStr                 // object array whose elements are all Python str
	DtypeObject              // object array of other Python scalars (e.g. bools or str mixed with NaN)
)

func (d Dtype) String() string {
	switch d {
	case DtypeBool:
		return "bool"
	case DtypeInt:
		return "int64"
	case DtypeFloat:
		return "float64"
	case DtypeStr:
		return "object(str)"
	case DtypeObject:
		return "object"
	}
	return "Dtype(" + strconv.Itoa(int(d)) + ")"
}

type valueKind uint8

const (
	kindBool valueKind = iota
	kindInt
	kindFloat
	kindStr
)

// Value is one Python scalar held by an object array: a bool, an int, a
// float (NaN for pandas' missing value) or a str.
type Value struct {
	kind valueKind
	b    bool
	i    int64
	f    float64
	s    string
}

// BoolValue, IntValue, FloatValue and StrValue make the Python scalars of an
// object array (see [ObjectLabels]).
func BoolValue(b bool) Value       { return Value{kind: kindBool, b: b} }
func IntValue(i int64) Value       { return Value{kind: kindInt, i: i} }
func FloatValue(f float64) Value   { return Value{kind: kindFloat, f: f} }
func StrValue(s string) Value      { return Value{kind: kindStr, s: s} }
func (v Value) isNumber() bool     { return v.kind != kindStr }
func (v Value) pyTypeName() string { return [...]string{"bool", "int", "float", "str"}[v.kind] }

// num returns a numeric value as float64 (bools as 0/1).
func (v Value) num() float64 {
	switch v.kind {
	case kindBool:
		if v.b {
			return 1
		}
		return 0
	case kindInt:
		return float64(v.i)
	}
	return v.f
}

// String formats the value as Python's str() would for the label messages.
func (v Value) String() string {
	switch v.kind {
	case kindBool:
		if v.b {
			return "True"
		}
		return "False"
	case kindInt:
		return strconv.FormatInt(v.i, 10)
	case kindFloat:
		return pyFloatStr(v.f)
	}
	return v.s
}

// pyFloatStr is a compact Python-like float repr, used only in error messages.
func pyFloatStr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// pyEqual is Python's == between two scalars: numbers compare by value
// (True == 1 == 1.0), strings by content, a string never equals a number,
// and NaN equals nothing.
func pyEqual(a, b Value) bool {
	if a.kind == kindStr || b.kind == kindStr {
		return a.kind == b.kind && a.s == b.s
	}
	if a.kind == kindInt && b.kind == kindInt {
		return a.i == b.i
	}
	return a.num() == b.num()
}

// Labels is a 1-D array of class labels with the numpy dtype the Python
// original would hold it in. Build one with [BoolLabels], [IntLabels],
// [FloatLabels], [StrLabels] or [ObjectLabels].
type Labels struct {
	dtype Dtype
	b     []bool
	i     []int64
	f     []float64
	s     []string
	o     []Value
}

// BoolLabels is a numpy bool array.
func BoolLabels(v []bool) Labels { return Labels{dtype: DtypeBool, b: v} }

// IntLabels is a numpy int64 array.
func IntLabels(v []int64) Labels { return Labels{dtype: DtypeInt, i: v} }

// FloatLabels is a numpy float64 array (NaN = missing).
func FloatLabels(v []float64) Labels { return Labels{dtype: DtypeFloat, f: v} }

// StrLabels is an object array of Python str (pandas' text column without
// missing values, or any column after .astype(str)).
func StrLabels(v []string) Labels { return Labels{dtype: DtypeStr, s: v} }

// ObjectLabels is an object array of arbitrary Python scalars, e.g. a pandas
// column of bools with missing values (True/False and float NaN) or of
// strings with missing values. If every element is a str it is the same as
// [StrLabels].
func ObjectLabels(v []Value) Labels {
	allStr := true
	for _, x := range v {
		if x.kind != kindStr {
			allStr = false
			break
		}
	}
	if allStr {
		s := make([]string, len(v))
		for k, x := range v {
			s[k] = x.s
		}
		return StrLabels(s)
	}
	return Labels{dtype: DtypeObject, o: v}
}

// Dtype returns the array's dtype.
func (l Labels) Dtype() Dtype { return l.dtype }

// Len returns the number of labels.
func (l Labels) Len() int {
	switch l.dtype {
	case DtypeBool:
		return len(l.b)
	case DtypeInt:
		return len(l.i)
	case DtypeFloat:
		return len(l.f)
	case DtypeStr:
		return len(l.s)
	}
	return len(l.o)
}

// At returns element k as a Python scalar.
func (l Labels) At(k int) Value {
	switch l.dtype {
	case DtypeBool:
		return BoolValue(l.b[k])
	case DtypeInt:
		return IntValue(l.i[k])
	case DtypeFloat:
		return FloatValue(l.f[k])
	case DtypeStr:
		return StrValue(l.s[k])
	}
	return l.o[k]
}

func (l Labels) isNumeric() bool {
	return l.dtype == DtypeBool || l.dtype == DtypeInt || l.dtype == DtypeFloat
}

// Target types returned by [TypeOfTarget] (sklearn.utils.multiclass.type_of_target
// for 1-D input).
const (
	TargetBinary     = "binary"
	TargetMulticlass = "multiclass"
	TargetContinuous = "continuous"
	TargetUnknown    = "unknown"
)

// labelKey is a hashable label: numbers by float64 value (so 1, 1.0 and True
// coincide, as in a Python set), strings by content.
type labelKey struct {
	str bool
	f   float64
	s   string
}

func keyOf(v Value) labelKey {
	if v.kind == kindStr {
		return labelKey{str: true, s: v.s}
	}
	f := v.num()
	if f == 0 {
		f = 0 // fold -0.0 into 0.0
	}
	return labelKey{f: f}
}

func compareKeys(a, b labelKey) int {
	if a.str != b.str {
		if a.str {
			return 1
		}
		return -1
	}
	if a.str {
		return strings.Compare(a.s, b.s)
	}
	switch {
	case a.f < b.f:
		return -1
	case a.f > b.f:
		return 1
	}
	return 0
}

// uniqueKeys returns the distinct labels of l in sorted order (np.unique),
// or numpy/Python's TypeError when an object array mixes str with numbers.
func uniqueKeys(l Labels) ([]labelKey, error) {
	if l.dtype == DtypeInt {
		if lo, hi, ok := smallIntRange(l.i); ok {
			return uniqueSmallInts(l.i, lo, hi), nil
		}
	}
	seen := make(map[labelKey]struct{})
	var out []labelKey
	var strType, numType string
	for k, n := 0, l.Len(); k < n; k++ {
		v := l.At(k)
		if v.kind == kindStr {
			strType = "str"
		} else if numType == "" {
			numType = v.pyTypeName()
		}
		key := keyOf(v)
		if key.f != key.f { // NaN: every NaN is distinct in np.unique on objects
			out = append(out, key)
			continue
		}
		if _, ok := seen[key]; !ok {
			seen[key] = struct{}{}
			out = append(out, key)
		}
	}
	if strType != "" && numType != "" {
		return nil, fmt.Errorf("'<' not supported between instances of '%s' and '%s'", numType, strType)
	}
	slices.SortFunc(out, compareKeys)
	return out, nil
}

// TypeOfTarget mirrors sklearn.utils.multiclass.type_of_target (scikit-learn
// 1.5) for a 1-D array: "binary" (at most two distinct values; also the empty
// array), "multiclass" (more), "continuous" (a float array holding a
// non-integral value) or "unknown" (an object array whose first element is not
// a str). name is the input_name used in the finiteness error ("y_true",
// "y_pred"): a float array with NaN or ±inf gives sklearn's "Input <name>
// contains NaN." / "... infinity ..." error. An object array mixing str and
// other scalars gives the TypeError numpy's sort raises.
func TypeOfTarget(l Labels, name string) (string, error) {
	n := l.Len()
	if n == 0 {
		return TargetBinary, nil
	}
	if l.dtype == DtypeObject && l.o[0].kind != kindStr {
		return TargetUnknown, nil
	}
	if l.dtype == DtypeFloat {
		for _, v := range l.f {
			if !isIntegral(v) {
				if err := checkFinite(l.f, name); err != nil {
					return "", err
				}
				return TargetContinuous, nil
			}
		}
	}
	if l.dtype == DtypeObject {
		u, err := uniqueKeys(l)
		if err != nil {
			return "", err
		}
		if len(u) > 2 {
			return TargetMulticlass, nil
		}
		return TargetBinary, nil
	}
	if moreThanTwoDistinct(l) {
		return TargetMulticlass, nil
	}
	return TargetBinary, nil
}

// moreThanTwoDistinct reports whether a bool, int, float or str array holds
// more than two distinct values, stopping at the third.
func moreThanTwoDistinct(l Labels) bool {
	switch l.dtype {
	case DtypeStr:
		var seen [2]string
		k := 0
		for _, s := range l.s {
			if (k > 0 && s == seen[0]) || (k > 1 && s == seen[1]) {
				continue
			}
			if k == 2 {
				return true
			}
			seen[k] = s
			k++
		}
		return false
	case DtypeBool:
		return false
	}
	var seen [2]float64
	k := 0
	for i, n := 0, l.Len(); i < n; i++ {
		var v float64
		if l.dtype == DtypeInt {
			v = float64(l.i[i])
		} else {
			v = l.f[i]
		}
		if (k > 0 && v == seen[0]) || (k > 1 && v == seen[1]) {
			continue
		}
		if k == 2 {
			return true
		}
		seen[k] = v
		k++
	}
	return false
}

// isIntegral reports whether v == v.astype(int64) in numpy: false for NaN and
// ±inf and for values outside the int64 range (which numpy casts to INT64_MIN).
func isIntegral(v float64) bool {
	if v != v || math.IsInf(v, 0) {
		return false
	}
	if v >= 9223372036854775808.0 || v < -9223372036854775808.0 {
		return false
	}
	return v == math.Trunc(v)
}

// checkTargets mirrors sklearn.metrics._classification._check_targets for
// 1-D label arrays and returns the common target type ("binary" or
// "multiclass").
func checkTargets(yTrue, yPred Labels) (string, error) {
	if err := checkConsistentLength(yTrue.Len(), yPred.Len()); err != nil {
		return "", err
	}
	typeTrue, err := TypeOfTarget(yTrue, "y_true")
	if err != nil {
		return "", err
	}
	typePred, err := TypeOfTarget(yPred, "y_pred")
	if err != nil {
		return "", err
	}
	yType := typeTrue
	if typeTrue != typePred {
		bm := (typeTrue == TargetBinary || typeTrue == TargetMulticlass) &&
			(typePred == TargetBinary || typePred == TargetMulticlass)
		if !bm {
			return "", fmt.Errorf("Classification metrics can't handle a mix of %s and %s targets", typeTrue, typePred)
		}
		yType = TargetMulticlass
	}
	if yType != TargetBinary && yType != TargetMulticlass {
		return "", fmt.Errorf("%s is not supported", yType)
	}
	if yType == TargetBinary {
		// _union1d: numpy concatenates and sorts the two label sets, which
		// raises TypeError when one side is text and the other numbers.
		ut, _ := uniqueKeys(yTrue)
		up, _ := uniqueKeys(yPred)
		if len(ut) > 0 && len(up) > 0 && ut[0].str != up[0].str {
			return "", fmt.Errorf("Labels in y_true and y_pred should be of the same type. "+
				"Got y_true=%s and y_pred=%s. Make sure that the predictions provided by the "+
				"classifier coincides with the true labels.", formatKeys(ut, yTrue), formatKeys(up, yPred))
		}
		if len(unionKeys(ut, up)) > 2 {
			yType = TargetMulticlass
		}
	}
	return yType, nil
}

func unionKeys(a, b []labelKey) []labelKey {
	out := append(slices.Clone(a), b...)
	slices.SortFunc(out, compareKeys)
	return slices.CompactFunc(out, func(x, y labelKey) bool { return compareKeys(x, y) == 0 })
}

// formatKeys renders a label set like numpy's str() of the np.unique array,
// for error messages: bools as "False"/" True", integers right-aligned to a
// common width, integral floats as "1.", text as 'quoted'.
func formatKeys(keys []labelKey, l Labels) string {
	parts := make([]string, len(keys))
	width := 0
	for k, key := range keys {
		switch {
		case key.str:
			parts[k] = "'" + key.s + "'"
		case l.dtype == DtypeBool:
			parts[k] = " True"
			if key.f == 0 {
				parts[k] = "False"
			}
		case l.dtype == DtypeFloat && isIntegral(key.f):
			parts[k] = strconv.FormatFloat(key.f, 'f', 0, 64) + "."
		case l.dtype == DtypeFloat:
			parts[k] = pyFloatStr(key.f)
		default:
			parts[k] = strconv.FormatFloat(key.f, 'f', -1, 64)
		}
		width = max(width, len(parts[k]))
	}
	if l.dtype == DtypeInt || l.dtype == DtypeFloat {
		for k, p := range parts {
			parts[k] = strings.Repeat(" ", width-len(p)) + p
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// uniqueLabels mirrors sklearn.utils.multiclass.unique_labels for 1-D label
// arrays of type binary/multiclass: the sorted union of their labels. Mixing
// str and numbers is sklearn's "Mix of label input types (string and
// number)" error.
func uniqueLabels(ys ...Labels) ([]labelKey, error) {
	types := map[string]bool{}
	for _, y := range ys {
		t, err := TypeOfTarget(y, "")
		if err != nil {
			return nil, err
		}
		types[t] = true
	}
	if types[TargetBinary] && types[TargetMulticlass] && len(types) == 2 {
		types = map[string]bool{TargetMulticlass: true}
	}
	if len(types) > 1 {
		names := make([]string, 0, len(types))
		for t := range types {
			names = append(names, "'"+t+"'")
		}
		slices.Sort(names)
		return nil, fmt.Errorf("Mix type of y not allowed, got types {%s}", strings.Join(names, ", "))
	}
	for t := range types {
		if t != TargetBinary && t != TargetMulticlass {
			return nil, fmt.Errorf("Unknown label type: %s", t)
		}
	}
	var all []labelKey
	for _, y := range ys {
		u, err := uniqueKeys(y)
		if err != nil {
			return nil, err
		}
		all = append(all, u...)
	}
	all = unionKeys(all, nil)
	if len(all) > 0 && all[0].str != all[len(all)-1].str {
		return nil, fmt.Errorf("Mix of label input types (string and number)")
	}
	return all, nil
}

// labelsEqual reports whether yTrue[k] == yPred[k] as numpy's elementwise ==
// does for these dtypes.
func labelsEqual(a, b Labels, k int) bool {
	switch {
	case a.dtype == DtypeStr && b.dtype == DtypeStr:
		return a.s[k] == b.s[k]
	case a.dtype == DtypeInt && b.dtype == DtypeInt:
		return a.i[k] == b.i[k]
	case a.dtype == DtypeFloat && b.dtype == DtypeFloat:
		return a.f[k] == b.f[k]
	}
	return pyEqual(a.At(k), b.At(k))
}

// smallIntSpan bounds the value range of int labels counted in a dense
// table instead of a map (class labels: 0/1, a few dozen classes); see
// denseSpan for arrays long enough to pay for a wider table.
const smallIntSpan = 1 << 16

// denseSpan is the widest value range of n int labels that the dense
// paths index with a table: smallIntSpan, or 4 slots a label, so that the
// table stays proportional to the input (tens of thousands of classes in
// hundreds of thousands of rows, as the FGVC competitions have).
func denseSpan(n int) int64 { return max(smallIntSpan, 4*int64(n)) }

// smallIntRange returns the minimum and maximum of v and whether they are
// less than denseSpan(len(v)) apart (and exact as float64 keys).
func smallIntRange(v []int64) (lo, hi int64, ok bool) {
	if len(v) == 0 {
		return 0, 0, false
	}
	lo, hi = v[0], v[0]
	for _, x := range v {
		lo = min(lo, x)
		hi = max(hi, x)
	}
	const exact = 1 << 53
	return lo, hi, lo > -exact && hi < exact && hi-lo < denseSpan(len(v))
}

// uniqueSmallInts is [uniqueKeys] of int labels within [lo, hi]: the
// distinct values in ascending order, found with a bitmap.
func uniqueSmallInts(v []int64, lo, hi int64) []labelKey {
	seen := make([]uint64, (hi-lo)/64+1)
	for _, x := range v {
		d := x - lo
		seen[d>>6] |= 1 << (d & 63)
	}
	var out []labelKey
	for d := int64(0); d <= hi-lo; d++ {
		if seen[d>>6]&(1<<(d&63)) != 0 {
			out = append(out, labelKey{f: float64(lo + d)})
		}
	}
	return out
}
