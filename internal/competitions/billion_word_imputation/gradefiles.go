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
func gradeFiles(submission, answers string) (score competition.Score, err error) {
	var sum, rows int64
	ferr := table.GuardFaults(func() { sum, rows, err = sumDistances(submission, answers) })
	if ferr != nil {
		return competition.Score{}, declined(ferr)
	}
	if err != nil {
		return competition.Score{}, declined(err)
	}
	return competition.Numpy(float64(sum) / float64(rows)), nil
}

// sumDistances maps both files and returns the sum of the rows' distances
// and the row count, or why the files are not plain.
func sumDistances(submission, answers string) (sum, rows int64, err error) {
	subData, releaseSub, err := table.MapFile(submission)
	if err != nil {
		return 0, 0, err
	}
	defer releaseSub()
	ansData, releaseAns, err := table.MapFile(answers)
	if err != nil {
		return 0, 0, err
	}
	defer releaseAns()
	sub, err := pairlines.Open(subData, "id", "sentence", false, true)
	if err != nil {
		return 0, 0, fmt.Errorf("submission: %w", err)
	}
	ans, err := pairlines.Open(ansData, "id", "sentence", false, true)
	if err != nil {
		return 0, 0, fmt.Errorf("answers: %w", err)
	}
	for {
		subID, pred, moreSub, err := sub.Next()
		if err != nil {
			return 0, 0, fmt.Errorf("submission: %w", err)
		}
		ansID, truth, moreAns, err := ans.Next()
		if err != nil {
			return 0, 0, fmt.Errorf("answers: %w", err)
		}
		if moreSub != moreAns {
			return 0, 0, fmt.Errorf("row counts differ")
		}
		if !moreSub {
			break
		}
		// Ids of 1 to 18 digits are int64 in every block; the two files'
		// must be the same numbers row for row.
		a, ok1 := digits(subID)
		b, ok2 := digits(ansID)
		if !ok1 || !ok2 || a != b {
			return 0, 0, fmt.Errorf("row %d: ids not the same 1 to 18 digits", rows)
		}
		if table.IsNA(pred) || table.IsNA(truth) {
			return 0, 0, fmt.Errorf("row %d: a missing sentence", rows)
		}
		sum += int64(metric.Levenshtein(truth, pred))
		rows++
	}
	if rows == 0 {
		return 0, 0, fmt.Errorf("no rows")
	}
	return sum, rows, nil
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

func declined(why error) error {
	return fmt.Errorf("%w: %w", competition.ErrDeclined, why)
}
