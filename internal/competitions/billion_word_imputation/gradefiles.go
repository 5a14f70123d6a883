package billion_word_imputation

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pairlines"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// The grader's own pass over both files (competition.Impl.GradeFiles), for
// the files the preparer writes and most submissions copy (the plain form
// package pairlines accepts): the header "id","sentence", then a line per
// row, an id of decimal digits and a sentence. The two files are read
// side by side and each pair's Levenshtein distance is added as it is
// read: no tables, no cells kept (the tables' tokenizing, conversion and
// fresh memory were most of the grade's time).
//
// On such files Grade's every check passes and its pairing is the files'
// row order, when it is accepted:
//   - both files of pairlines' plain form, so that lines are rows;
//   - ids of 1 to 18 digits (int64 in every low_memory block), equal row
//     for row in the two files: sorting two equal id arrays by id gives
//     both one permutation, and the sum of integer distances does not
//     depend on the order it is taken in;
//   - sentences none of which is an NA string (a missing sentence makes
//     Levenshtein raise), and in every low_memory block of rows at least
//     one that only a str can hold: pandas then keeps the block's every
//     sentence as its text;
//   - at least one row, and as many rows in one file as in the other.
//
// Anything else declines, and the harness reads the files for Grade.

// gradeFiles is Impl.GradeFiles.
func gradeFiles(submission, answers string) (competition.Score, error) {
	var sum int64
	rows, err := pairlines.Pair(submission, answers, "id", "sentence", false, true, func(subID, pred, ansID, truth string) error {
		// Ids of 1 to 18 digits are int64 in every block; the two files'
		// must be the same numbers row for row.
		a, ok1 := digits(subID)
		b, ok2 := digits(ansID)
		if !ok1 || !ok2 || a != b {
			return fmt.Errorf("ids not the same 1 to 18 digits")
		}
		if table.IsNA(pred) || table.IsNA(truth) {
			return fmt.Errorf("a missing sentence")
		}
		sum += int64(metric.Levenshtein(truth, pred))
		return nil
	})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(float64(sum) / float64(rows)), nil
}

// digits parses 1 to 18 decimal digits.
func digits(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}
