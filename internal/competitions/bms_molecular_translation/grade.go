package bms_molecular_translation

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the mean Levenshtein distance between the answers' and the
// submission's InChI strings, rows aligned by image_id.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission and answers must have the same length (%d rows, expected %d)", sub.Len(), ans.Len())
	}
	subID, ok := sub.Col(idCol)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an '%s' column", idCol)
	}
	subY, ok := sub.Col(targetCol)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an '%s' column", targetCol)
	}
	ansID, ok1 := ans.Col(idCol)
	ansY, ok2 := ans.Col(targetCol)
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have %q and %q columns", idCol, targetCol)
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	// The original sorts both by image_id and pairs them by position. When
	// the submission lists the answers' ids in the answers' order (the
	// sample submission does) that pairs each row with itself, and the
	// mean of integer distances does not depend on the order: no sort.
	var subIdx, ansIdx []int
	if !submission.SameIDs(subID, ansID) {
		var match bool
		subIdx, ansIdx, match = submission.AlignByID(subID, ansID)
		if !match {
			return competition.Score{}, competition.Invalid("Submission and answers must have matching '%s' values", idCol)
		}
	}
	return competition.Numpy(metric.MeanInts(distances(ansY, ansIdx, subY, subIdx))), nil
}

// row is idx[k], or k for a nil idx (the identity order).
func row(idx []int, k int) int {
	if idx == nil {
		return k
	}
	return idx[k]
}

// distances computes the per-row edit distances (python-Levenshtein's
// distance, see levenshtein.go) on all cores, rows paired through tIdx
// and pIdx (nil: the identity).
func distances(truth *table.Column, tIdx []int, pred *table.Column, pIdx []int) []int {
	out := make([]int, truth.Len())
	workers := min(runtime.GOMAXPROCS(0), max(1, len(out)/1024))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var e editDistancer
			// A contiguous share each: no cache line of out written by two.
			for k := w * len(out) / workers; k < (w+1)*len(out)/workers; k++ {
				out[k] = e.distance(truth.Str(row(tIdx, k)), pred.Str(row(pIdx, k)))
			}
		}()
	}
	wg.Wait()
	return out
}
