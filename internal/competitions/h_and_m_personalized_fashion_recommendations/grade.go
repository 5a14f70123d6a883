package h_and_m_personalized_fashion_recommendations

import (
	"errors"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is MAP@12 over the customers of the answers (numpy float64).
func Grade(submission, answers *table.Table) (competition.Score, error) {
	nan := competition.Numpy(math.NaN())
	if !sameColumnSet(answers.Names()) {
		return nan, errors.New("answers must have exactly the columns customer_id and prediction")
	}
	if !sameColumnSet(submission.Names()) {
		return nan, competition.Invalid("Submission must have exactly the columns customer_id and prediction, got %v", submission.Names())
	}
	ansID, _ := answers.Col("customer_id")
	ansPred, _ := answers.Col("prediction")
	subID, _ := submission.Col("customer_id")
	subPred, _ := submission.Col("prediction")

	var subOrder, ansOrder []int
	if plainText(subID) && plainText(ansID) {
		var missing, wanted int
		subOrder, ansOrder, missing, wanted = mergeByText(subID, ansID)
		if missing > 0 {
			return nan, competition.Invalid("Submission is missing %d of the %d customers in the answers", missing, wanted)
		}
	} else {
		var err error
		if subOrder, ansOrder, err = selectByKey(subID, ansID); err != nil {
			return nan, err
		}
	}
	n := min(len(ansOrder), len(subOrder))
	// np.mean of average_precision_at_k(actual.split(" "),
	// predicted.split(" "), 12) row by row, on every core; the per-row
	// lists reuse one buffer per worker.
	aps := make([]float64, n)
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), 1+n/4096)
	step := (n + workers - 1) / max(1, workers)
	for lo := 0; lo < n; lo += step {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			var actual, predicted []string
			for k := lo; k < hi; k++ {
				actual = appendSplit(actual[:0], ansPred.Str(ansOrder[k]))
				predicted = appendSplit(predicted[:0], subPred.Str(subOrder[k]))
				aps[k] = metric.AveragePrecisionAtK(actual, predicted, 12)
			}
		}(lo, min(lo+step, n))
	}
	wg.Wait()
	v := metric.Mean(aps)
	return competition.Numpy(v), nil
}

// selectByKey is the general selection: the submission rows whose
// customer is in the answers (sub[sub.customer_id.isin(ans.customer_id)]),
// an error when some answers customer is missing, then both sorted by
// customer_id.
func selectByKey(subID, ansID *table.Column) (subOrder, ansOrder []int, err error) {
	// wanted maps each answers customer to whether the submission has it.
	wanted := make(map[idKey]bool, ansID.Len())
	for i := 0; i < ansID.Len(); i++ {
		if k, ok := key(ansID, i); ok {
			wanted[k] = false
		}
	}
	have := 0
	var rows []int // submission rows whose customer is in the answers
	for i := 0; i < subID.Len(); i++ {
		k, ok := key(subID, i)
		if !ok {
			continue
		}
		if seen, in := wanted[k]; in {
			if !seen {
				wanted[k] = true
				have++
			}
			rows = append(rows, i)
		}
	}
	if have != len(wanted) {
		return nil, nil, competition.Invalid("Submission is missing %d of the %d customers in the answers", len(wanted)-have, len(wanted))
	}
	subOrder, err = sortByID(subID, rows)
	if err != nil {
		return nil, nil, err
	}
	all := make([]int, ansID.Len())
	for i := range all {
		all[i] = i
	}
	ansOrder, err = sortByID(ansID, all)
	if err != nil {
		return nil, nil, err
	}
	return subOrder, ansOrder, nil
}

// plainText reports whether every cell of c is text (no missing cell, no
// number): then key() is the text itself and sortByID cannot fail.
func plainText(c *table.Column) bool {
	return c.Kind == table.String && c.Mixed == nil && !c.HasNull()
}

// mergeByText is selectByKey for two plainText columns without sorting
// the submission: the answers are sorted (one pass when already in order,
// as prepare writes them) and each distinct answers text gets its rank;
// the submission rows are then bucketed by the rank of their text, in row
// order. That is the stable sort of the selected rows, so subOrder is what
// sortByID gives for them — the submission lists every customer (1.37M at
// real size) while the answers hold only last week's buyers. missing counts
// the distinct answers customers absent from the submission, wanted the
// distinct answers customers.
func mergeByText(subID, ansID *table.Column) (subOrder, ansOrder []int, missing, wanted int) {
	ansOrder = sortText(ansID)
	a := ansID.Text
	rank := make(map[string]int32, len(ansOrder))
	for j := 0; j < len(ansOrder); j = nextDistinct(a, ansOrder, j) {
		rank[a[ansOrder[j]]] = int32(wanted)
		wanted++
	}
	// start[r+1] counts the submission rows of rank r, then turns into
	// bucket starts.
	start := make([]int, wanted+1)
	rows := subID.Text
	ranks := make([]int32, len(rows))
	for i, t := range rows {
		r, ok := rank[t]
		if !ok {
			ranks[i] = -1
			continue
		}
		ranks[i] = r
		start[r+1]++
	}
	for r := range wanted {
		if start[r+1] == 0 {
			missing++
		}
		start[r+1] += start[r]
	}
	subOrder = make([]int, start[wanted])
	for i, r := range ranks {
		if r >= 0 {
			subOrder[start[r]] = i
			start[r]++
		}
	}
	return subOrder, ansOrder, missing, wanted
}

// sortText is the stable sort of c's rows by text (pandas.SortIndex), found
// in one pass when the texts are already in order (the answers are written
// sorted by customer_id).
func sortText(c *table.Column) []int {
	if !slices.IsSorted(c.Text) {
		return pandas.SortIndex(table.Strings(c.Name, c.Text))
	}
	order := make([]int, len(c.Text))
	for i := range order {
		order[i] = i
	}
	return order
}

// nextDistinct is the position after the run of order[j]'s text.
func nextDistinct(text []string, order []int, j int) int {
	t := text[order[j]]
	for j++; j < len(order) && text[order[j]] == t; j++ {
	}
	return j
}

func sameColumnSet(names []string) bool {
	s := slices.Clone(names)
	slices.Sort(s)
	s = slices.Compact(s)
	return slices.Equal(s, []string{"customer_id", "prediction"})
}

// key identifies a cell's Python value for set membership: text by its
// content, numbers by value (1 == 1.0 == True); missing cells match
// nothing.
func key(c *table.Column, i int) (idKey, bool) {
	if c.IsNull(i) {
		return idKey{}, false
	}
	kind := c.Kind
	if kind == table.String && c.Mixed != nil {
		kind = c.Mixed[i]
	}
	switch kind {
	case table.String:
		return idKey{s: c.Text[i]}, true
	case table.Int64:
		return idKey{num: true, s: strconv.FormatInt(c.Ints[i], 10)}, true
	case table.Float64:
		if f := c.Floats[i]; f == math.Trunc(f) && math.Abs(f) < 1<<63 {
			return idKey{num: true, s: strconv.FormatInt(int64(f), 10)}, true
		}
		return idKey{num: true, s: strconv.FormatFloat(c.Floats[i], 'g', -1, 64)}, true
	}
	if c.Bools[i] {
		return idKey{num: true, s: "1"}, true
	}
	return idKey{num: true, s: "0"}, true
}

// idKey is a customer id as a map key: text, or a number's canonical
// digits.
type idKey struct {
	num bool
	s   string
}

// appendSplit appends the pieces of strings.Split(s, " ") to dst.
func appendSplit(dst []string, s string) []string { return appendPieces(dst, s, -1) }

// appendPieces appends the first max pieces of strings.Split(s, " ") to
// dst (all of them when max < 0). It looks for spaces eight bytes at a
// time (an exact zero-byte test on the word XOR "        "): the
// predictions are runs of 10-digit ids.
func appendPieces(dst []string, s string, max int) []string {
	if max == 0 {
		return dst
	}
	start, i, pieces := 0, 0, 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		x ^= 0x2020202020202020
		t := (x & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f
		for m := ^(t | x | 0x7f7f7f7f7f7f7f7f); m != 0; m &= m - 1 {
			j := i + bits.TrailingZeros64(m)>>3
			dst = append(dst, s[start:j])
			start = j + 1
			if pieces++; pieces == max {
				return dst
			}
		}
	}
	for ; i < len(s); i++ {
		if s[i] == ' ' {
			dst = append(dst, s[start:i])
			start = i + 1
			if pieces++; pieces == max {
				return dst
			}
		}
	}
	return append(dst, s[start:])
}

// sortByID orders rows by their customer id as sort_values does (every
// row's id is in the answers, so all are text). Equal ids keep their order.
func sortByID(c *table.Column, rows []int) ([]int, error) {
	for _, i := range rows {
		if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) || c.IsNull(i) {
			return nil, errors.New("sorting customer_id: '<' not supported between instances of 'str' and a number")
		}
	}
	// A stable sort by text (pandas.SortIndex: byte order, ties by
	// position) of the rows' ids, mapped back to rows.
	sub := c
	if len(rows) != c.Len() || (len(rows) > 0 && rows[len(rows)-1] != len(rows)-1) {
		sub = table.Strings(c.Name, make([]string, len(rows)))
		for k, i := range rows {
			sub.Text[k] = c.Text[i]
		}
	}
	order := pandas.SortIndex(table.Strings(c.Name, sub.Text))
	out := make([]int, len(order))
	for k, j := range order {
		out[k] = rows[j]
	}
	return out, nil
}
