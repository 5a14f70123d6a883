package h_and_m_personalized_fashion_recommendations

import (
	"encoding/binary"
	"errors"
	"hash/maphash"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// The grader's own reading of a submission (competition.Impl.OpenSubmission).
// The submission lists every customer (1.37M rows, 270 MB at real size)
// but only the rows of the answers' customers (last week's buyers, ≈ 10–20%)
// are graded. A submission the general path reads as text columns
// ([table.OpenTextFile]: every cell its own text, missing where it is an NA
// string) is graded from the mapped file in one pass over its rows: each
// row's customer id is looked up among the answers' ids as bytes (in
// batches, see answerIndex), and a matched row's average precision is
// computed while the row is in cache. Any other file is declined and read
// by the harness as a table, and answers whose ids are not plain text make
// Grade read the file as the harness would and call the table grader.
//
// The result is Grade's on the general path's table (TestTextPathMatchesGrade):
// for a plain-text answers id column, Grade selects the submission rows
// whose id is a non-missing text equal to an answers id (mergeByText, or
// selectByKey when some submission id is missing, which selects the same
// rows in the same order), orders them by the rank of their id among the
// answers' sorted distinct ids, file order within a rank, and pairs
// position k of that order with position k of the sorted answers. Here
// each matched row's average precision is first computed against the first
// answers row of its rank, which is its partner unless some id occurs
// twice (then the positions shift); after the pass the positions come from
// the per-rank counts, a row whose partner differs is computed again, and
// each value is written at its position, so the mean sums the same values
// in the same order.

// openSubmission opens path for textSubmission.Grade, or declines (nil).
func openSubmission(path string) competition.OpenedSubmission {
	f, err := table.OpenTextFile(path)
	if err != nil {
		return nil
	}
	return &textSubmission{f: f, path: path}
}

// textSubmission is a submission read as text columns.
type textSubmission struct {
	f    *table.TextFile
	path string
}

func (s *textSubmission) Close() error { return s.f.Close() }

// match is a submission row whose customer is in the answers: the rank of
// that customer among the answers' distinct sorted ids, and the row's
// average precision against the first answers row of that rank.
type match struct {
	row, rank int32
	ap        float64
}

// Grade is Grade(the file's table, answers).
func (s *textSubmission) Grade(answers *table.Table) (competition.Score, error) {
	nan := competition.Numpy(math.NaN())
	if !sameColumnSet(answers.Names()) {
		return nan, errors.New("answers must have exactly the columns customer_id and prediction")
	}
	names := s.f.Names()
	if !sameColumnSet(names) {
		return nan, competition.Invalid("Submission must have exactly the columns customer_id and prediction, got %v", names)
	}
	ansID, _ := answers.Col("customer_id")
	ansPred, _ := answers.Col("prediction")
	ansOrder := sortText(ansID)
	idx, ok := newAnswerIndex(ansID, ansPred, ansOrder)
	if !ok || s.f.Rows() >= math.MaxInt32 {
		// Not the shape this path models: read the file as the harness
		// does (its text columns are String whatever DropNumericText
		// says) and grade the table.
		sub, err := table.ReadFile(s.path, table.ReadOptions{DropNumericText: true})
		if err != nil {
			return nan, err
		}
		return Grade(sub, answers)
	}
	idCol := 0 // the submission has two columns
	if names[0] != "customer_id" {
		idCol = 1
	}
	matches, err := s.matchRows(idCol, idx)
	if err != nil {
		return nan, err
	}

	// start[r] is where the rows of rank r begin in the selection.
	wanted := len(idx.first)
	start := make([]int, wanted+1)
	for _, m := range matches {
		start[m.rank+1]++
	}
	missing := 0
	for r := range wanted {
		if start[r+1] == 0 {
			missing++
		}
		start[r+1] += start[r]
	}
	if missing > 0 {
		return nan, competition.Invalid("Submission is missing %d of the %d customers in the answers", missing, wanted)
	}
	n := min(len(ansOrder), len(matches))
	aps := make([]float64, n)
	var actual, predicted []string
	err = table.GuardFaults(func() {
		for _, m := range matches {
			k := start[m.rank]
			start[m.rank]++
			switch {
			case k >= n:
			case ansOrder[k] == idx.first[m.rank]:
				aps[k] = m.ap
			default:
				p := s.f.FieldText(int(m.row), 1-idCol)
				actual = appendSplit(actual[:0], ansPred.Str(ansOrder[k]))
				aps[k], predicted = averagePrecision(actual, p, predicted)
			}
		}
	})
	if err != nil {
		return nan, err
	}
	return competition.Numpy(metric.Mean(aps)), nil
}

// averagePrecision is the row's average precision at 12 of the
// submission cell text p against actual; buf is reused for p's pieces, of
// which only the first 12 count.
func averagePrecision(actual []string, p string, buf []string) (float64, []string) {
	if table.IsNA(p) {
		p = "nan" // str() of a missing cell
	}
	buf = appendPieces(buf[:0], p, 12)
	return metric.AveragePrecisionAtK(actual, buf, 12), buf
}

// lookupBatch is how many rows matchRows looks up at a time: the table
// slots of the whole batch are loaded one after the other, so that their
// cache misses overlap.
const lookupBatch = 16

// releaseRows is how many rows matchRows reads between releases of the
// rows behind it ([table.TextFile.Release]): the pass gives the file's
// pages back as it goes, while the answers' index and the matches grow.
const releaseRows = 1 << 14

// matchRows returns, in file order, the rows whose customer id is a
// non-missing text among the answers' ids, each with its average
// precision against the first answers row of its rank.
func (s *textSubmission) matchRows(idCol int, idx *answerIndex) ([]match, error) {
	ranges := splitRange(s.f.Rows())
	parts := make([][]match, len(ranges))
	err := eachRange(ranges, func(p, lo, hi int) {
		// Room for this part's share of one row per answers customer.
		out := make([]match, 0, len(idx.first)/len(ranges)+len(idx.first)/64+16)
		var actual, predicted []string
		var ids, preds [lookupBatch]string
		var hashes [lookupBatch]uint64
		var cands [lookupBatch]candidate
		released := lo
		for r0 := lo; r0 < hi; r0 += lookupBatch {
			if r0-released >= releaseRows {
				s.f.Release(released, r0)
				released = r0
			}
			m := min(lookupBatch, hi-r0)
			for b := range m {
				row := s.f.RowText(r0 + b)
				c := strings.IndexByte(row, ',')
				ids[b], preds[b] = row[:c], row[c+1:]
				if idCol == 1 {
					ids[b], preds[b] = preds[b], ids[b]
				}
				hashes[b] = maphash.String(idx.seed, ids[b])
			}
			idx.probe(hashes[:m], cands[:m])
			for b := range m {
				if cands[b].slot < 0 {
					continue
				}
				rank, want, ok := idx.resolve(cands[b], hashes[b], ids[b])
				if !ok || table.IsNA(ids[b]) {
					continue
				}
				actual = appendSplit(actual[:0], want)
				var ap float64
				ap, predicted = averagePrecision(actual, preds[b], predicted)
				out = append(out, match{row: int32(r0 + b), rank: rank, ap: ap})
			}
		}
		s.f.Release(released, hi)
		parts[p] = out
	})
	return slices.Concat(parts...), err
}

// tagBits are the bits of an id's hash its slot keeps (the upper half;
// fewer in tests, so that ids share them).
var tagBits uint64 = ^uint64(1<<32 - 1)

// answerIndex finds submission ids, as bytes, among the answers' distinct
// ids. slots is an open-addressing table probed linearly: each slot holds
// the upper half of an id's hash and the offset + 1 in arena of the id's
// entry (0: empty). An entry is the id's rank among the sorted distinct
// ids, the length of the id and that of the prediction text (4 bytes each,
// little-endian), the id, then the prediction text of the first answers
// row of that rank (its str()). A lookup of an id not in the answers, most
// submission rows, touches one slot; a found one, one slot and one entry.
type answerIndex struct {
	seed  maphash.Seed
	slots []uint64
	mask  uint64
	arena string
	first []int // by rank: the answers row at the rank's first position in the sorted order
}

// newAnswerIndex indexes the answers' ids (ansOrder: the rows sorted by
// id); ok is false when the id column is not plain text or the entries
// would not fit 4 GiB.
func newAnswerIndex(ansID, ansPred *table.Column, ansOrder []int) (x *answerIndex, ok bool) {
	if !plainText(ansID) {
		return nil, false
	}
	a := ansID.Text
	x = &answerIndex{seed: maphash.MakeSeed(), first: make([]int, 0, len(ansOrder))}
	for j := 0; j < len(ansOrder); j = nextDistinct(a, ansOrder, j) {
		x.first = append(x.first, ansOrder[j])
	}
	size := 16
	for size < 2*len(x.first) {
		size *= 2
	}
	x.slots, x.mask = make([]uint64, size), uint64(size-1)
	arena := 0
	for _, row := range x.first {
		arena += 12 + len(a[row]) + len(ansPred.Str(row))
	}
	if arena >= math.MaxUint32 {
		return nil, false
	}
	var b strings.Builder
	b.Grow(arena)
	for rank, row := range x.first {
		id, pred := a[row], ansPred.Str(row)
		h := maphash.String(x.seed, id)
		i := h & x.mask
		for x.slots[i] != 0 {
			i = (i + 1) & x.mask
		}
		x.slots[i] = h&tagBits | uint64(b.Len()+1)
		var head [12]byte
		binary.LittleEndian.PutUint32(head[0:], uint32(rank))
		binary.LittleEndian.PutUint32(head[4:], uint32(len(id)))
		binary.LittleEndian.PutUint32(head[8:], uint32(len(pred)))
		b.Write(head[:])
		b.WriteString(id)
		b.WriteString(pred)
	}
	x.arena = b.String()
	return x, true
}

// candidate is where the lookup of one id stands after probe: the first
// slot of its probe sequence whose hash half matches (slot -1: an empty
// slot came first, the id is not in the answers), and that slot's entry.
type candidate struct {
	slot  int
	entry string // the arena from the entry's prediction length on
	rank  int32
	idLen uint32
}

// probe sets out[b] to the candidate of the id with hash hashes[b]. The
// first slots of all the hashes are loaded before any is examined, and
// the headers of all the candidate entries before any id is compared, so
// that their cache misses overlap.
func (x *answerIndex) probe(hashes []uint64, out []candidate) {
	var v [lookupBatch]uint64
	for b, h := range hashes {
		v[b] = x.slots[h&x.mask]
	}
	for b, h := range hashes {
		i, s, tag := h&x.mask, v[b], h&tagBits
		for s != 0 && s&tagBits != tag {
			i = (i + 1) & x.mask
			s = x.slots[i]
		}
		if s == 0 {
			out[b] = candidate{slot: -1}
			continue
		}
		e := x.arena[uint32(s)-1:]
		out[b] = candidate{slot: int(i), entry: e[8:], rank: int32(le32(e)), idLen: le32(e[4:])}
	}
}

// resolve finishes the lookup of id (hash h) from its candidate c: its
// rank and the prediction text of the rank's first answers row.
func (x *answerIndex) resolve(c candidate, h uint64, id string) (rank int32, pred string, ok bool) {
	for {
		if c.slot < 0 {
			return 0, "", false
		}
		if e := c.entry; e[4:4+c.idLen] == id {
			return c.rank, e[4+c.idLen : 4+c.idLen+le32(e)], true
		}
		// A hash half shared by another id: go on along the sequence.
		from := c.slot
		c.slot = -1
		for i := (uint64(from) + 1) & x.mask; x.slots[i] != 0; i = (i + 1) & x.mask {
			if s := x.slots[i]; s&tagBits == h&tagBits {
				e := x.arena[uint32(s)-1:]
				c = candidate{slot: int(i), entry: e[8:], rank: int32(le32(e)), idLen: le32(e[4:])}
				break
			}
		}
	}
}

// le32 is the little-endian uint32 at the start of s.
func le32(s string) uint32 {
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// splitRange cuts [0, n) into consecutive ranges, one per core (one range
// for small n).
func splitRange(n int) [][2]int {
	parts := min(runtime.GOMAXPROCS(0), 1+n/4096)
	step := (n + parts - 1) / parts
	var out [][2]int
	for lo := 0; lo < n; lo += step {
		out = append(out, [2]int{lo, min(lo+step, n)})
	}
	return out
}

// eachRange calls fn(p, lo, hi) for every range p concurrently, each
// under table.GuardFaults (fn reads the mapped file), and returns their
// faults.
func eachRange(ranges [][2]int, fn func(p, lo, hi int)) error {
	errs := make([]error, len(ranges))
	var wg sync.WaitGroup
	for p, r := range ranges {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[p] = table.GuardFaults(func() { fn(p, r[0], r[1]) })
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
