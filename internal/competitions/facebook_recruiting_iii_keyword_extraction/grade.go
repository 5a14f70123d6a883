package facebook_recruiting_iii_keyword_extraction

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// tagTexts is Series.fillna("") of a Tags column in the row order idx,
// checked for what Series.str.split() accepts: the text of each row ("" for
// a missing cell). A column pandas holds as numbers (not all missing) or
// bools has no .str accessor: an error. The tags are the text's Python
// str.split() tokens ([metric.PyFields]).
func tagTexts(c *table.Column, idx []int) ([]string, error) {
	out := make([]string, len(idx))
	switch c.Kind {
	case table.String:
	case table.Float64:
		for i := 0; i < c.Len(); i++ {
			if !c.IsNull(i) {
				return nil, fmt.Errorf("Can only use .str accessor with string values!")
			}
		}
		return out, nil // fillna("") makes an all-NaN column text
	default:
		return nil, fmt.Errorf("Can only use .str accessor with string values!")
	}
	for k, i := range idx {
		if c.IsNull(i) {
			continue
		}
		if c.Mixed != nil && c.Mixed[i] != table.String {
			return nil, fmt.Errorf("'float' object is not iterable")
		}
		out[k] = c.Text[i]
	}
	return out, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("Id")
	ansTags, ok2 := ans.Col("Tags")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns Id and Tags")
	}
	subID, ok := sub.Col("Id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `Id` column")
	}
	subTags, ok := sub.Col("Tags")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the `Tags` column")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), ans.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	// Micro F1 sums counts over rows, so only the pairing of rows matters,
	// not the order they are visited in: ids equal row by row pair row k
	// with row k, as sorting both would.
	subIdx, ansIdx := identity(sub.Len()), identity(ans.Len())
	if !sameIDs(subID, ansID) {
		var match bool
		if subIdx, ansIdx, match = submission.AlignByID(subID, ansID); !match {
			return competition.Score{}, competition.Invalid("Submission and answers `Id` values do not match")
		}
	}
	truth, err := tagTexts(ansTags, ansIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers Tags: %w", err)
	}
	pred, err := tagTexts(subTags, subIdx)
	if err != nil {
		return competition.Score{}, err
	}
	f1, err := microF1(truth, pred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}

// microF1 binarises both sides over the sorted vocabulary of the true
// tags (MultiLabelBinarizer) and returns f1_score(average="micro").
func microF1(truth, pred []string) (float64, error) {
	// Tags are numbered in a vocabulary of the answers' tags, the answers'
	// rows turned into their tags' numbers once (ids[off[i]:off[i+1]]); a
	// row's sets are marked in per-tag stamp arrays (the row number + 1)
	// instead of being built as sets.
	vocab := map[string]int32{}
	number := func(t string) int32 {
		id, ok := vocab[t]
		if !ok {
			id = int32(len(vocab))
			vocab[t] = id
		}
		return id
	}
	off := make([]int, len(truth)+1)
	ids := make([]int32, 0, 4*len(truth))
	for i, row := range truth {
		for t := range metric.PyFields(row) {
			ids = append(ids, number(t))
		}
		off[i+1] = len(ids)
	}
	if len(vocab) < 2 {
		return 0, fmt.Errorf("a vocabulary of %d tag(s) is not multilabel-indicator input", len(vocab))
	}
	// A predicted tag the answers never use is -1: it is dropped, as the
	// binarizer drops unknown classes.
	lookup := func(t string) int32 {
		if id, ok := vocab[t]; ok {
			return id
		}
		return -1
	}
	var tp, fp, fn atomic.Int64
	parallelRanges(len(truth), func(lo, hi int) {
		want := make([]int32, len(vocab))
		got := make([]int32, len(vocab))
		var predMemo tagMemo
		var predIDs []int32
		var ltp, lfp, lfn int64
		for i := lo; i < hi; i++ {
			stamp := int32(i - lo + 1)
			nWant := int64(0)
			for _, id := range ids[off[i]:off[i+1]] {
				if want[id] != stamp {
					want[id] = stamp
					nWant++
				}
			}
			hits := int64(0)
			predIDs = predMemo.appendTags(predIDs[:0], pred[i], lookup)
			for _, id := range predIDs {
				if id < 0 || got[id] == stamp {
					continue
				}
				got[id] = stamp
				if want[id] == stamp {
					hits++
				} else {
					lfp++
				}
			}
			ltp += hits
			lfn += nWant - hits
		}
		tp.Add(ltp)
		fp.Add(lfp)
		fn.Add(lfn)
	})
	den := 2*tp.Load() + fp.Load() + fn.Load()
	if den == 0 {
		return 0, nil
	}
	return float64(2*tp.Load()) / float64(den), nil
}

// tagMemo turns predicted tag texts into their tags' numbers, remembering
// the numbers of the texts it has seen: a submission often gives many
// rows one tag set (the sample gives every row the same five tags), and
// one lookup of the whole text then replaces one per tag. When under half
// of a window of memoWindow rows repeat a remembered text, it stops
// remembering (a miss costs a lookup and an insertion on top of the
// tags').
type tagMemo struct {
	seen       map[string][2]int32 // text → its numbers' range in nums
	nums       []int32
	rows, hits int // in the current window
	off        bool
}

const (
	memoWindow = 4096    // rows over which the memo's hits are counted
	memoTexts  = 1 << 16 // distinct texts remembered at most
)

// appendTags appends the numbers of the Python str.split() tags of text
// (number's, in order) to dst.
func (m *tagMemo) appendTags(dst []int32, text string, number func(string) int32) []int32 {
	if m.off {
		for t := range metric.PyFields(text) {
			dst = append(dst, number(t))
		}
		return dst
	}
	if m.rows++; m.rows == memoWindow {
		if m.hits*2 < m.rows {
			m.off, m.seen, m.nums = true, nil, nil
		}
		m.rows, m.hits = 0, 0
	}
	if r, ok := m.seen[text]; ok {
		m.hits++
		return append(dst, m.nums[r[0]:r[1]]...)
	}
	n := len(dst)
	for t := range metric.PyFields(text) {
		dst = append(dst, number(t))
	}
	if !m.off && len(m.seen) < memoTexts {
		if m.seen == nil {
			m.seen = map[string][2]int32{}
		}
		lo := int32(len(m.nums))
		m.nums = append(m.nums, dst[n:]...)
		m.seen[text] = [2]int32{lo, int32(len(m.nums))}
	}
	return dst
}

// parallelRanges calls f on consecutive ranges covering [0, n) on up to
// GOMAXPROCS goroutines.
func parallelRanges(n int, f func(lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), n/4096)
	if workers <= 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	step := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += step {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			f(lo, hi)
		}(lo, min(lo+step, n))
	}
	wg.Wait()
}

// sameIDs reports whether a and b hold the same ids row by row, none
// missing: int64 columns with equal values, or text columns (no numbers
// among them) with equal texts. Stable sorts of the two then give the same
// permutation, so the aligned pairs are the rows at equal positions.
func sameIDs(a, b *table.Column) bool {
	if a.Len() != b.Len() || a.Mixed != nil || b.Mixed != nil || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case table.Int64:
		return slices.Equal(a.Ints, b.Ints)
	case table.String:
		return !a.HasNull() && !b.HasNull() && slices.Equal(a.Text, b.Text)
	}
	return false
}

func identity(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}
