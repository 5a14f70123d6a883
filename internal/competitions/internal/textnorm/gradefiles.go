package textnorm

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pairlines"
	"github.com/mlebench/mlebench/internal/table"
)

// GradeFiles is the graders' own pass over both files
// (competition.Impl.GradeFiles), for the files the preparer writes and
// most submissions copy: pairlines' plain form under the header
// "id","after", the answers' ids row for row in the submission. The files
// are read side by side and equal pairs counted as they are read: no
// tables (their tokenizing and conversion were most of the grade's time).
//
// On such files Grade's every check passes and its pairing is the files'
// row order: both files have the id and after columns and as many rows;
// every low_memory block of each column holds a cell only a str can hold
// (pairlines checks it), so every cell is its text and an NA string is
// missing, which Grade compares as "nan"; the ids are present and equal
// row for row, so sorting both by id gives one permutation, and a count of
// equal pairs does not depend on the order it is taken in. Anything else
// (another header or form, an NA id, ids out of step, a row more in one
// file, no rows) declines, and the harness reads the files for Grade.
func GradeFiles(submission, answers string) (score competition.Score, err error) {
	var hits, rows int
	ferr := table.GuardFaults(func() { hits, rows, err = countHits(submission, answers) })
	if ferr != nil {
		return competition.Score{}, declined(ferr)
	}
	if err != nil {
		return competition.Score{}, declined(err)
	}
	return competition.Float(float64(hits) / float64(rows)), nil
}

// countHits maps both files and counts the rows whose after texts are
// equal (an NA string being "nan"), or says why the files are not plain.
func countHits(submission, answers string) (hits, rows int, err error) {
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
	sub, err := pairlines.Open(subData, "id", "after", true, true)
	if err != nil {
		return 0, 0, fmt.Errorf("submission: %w", err)
	}
	ans, err := pairlines.Open(ansData, "id", "after", true, true)
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
		if subID != ansID || table.IsNA(ansID) {
			return 0, 0, fmt.Errorf("row %d: ids differ or are missing", rows)
		}
		if asGraded(pred) == asGraded(truth) {
			hits++
		}
		rows++
	}
	if rows == 0 {
		return 0, 0, fmt.Errorf("no rows")
	}
	return hits, rows, nil
}

// asGraded is an object cell's text as Grade compares it: an NA string is
// missing, whose str is "nan".
func asGraded(s string) string {
	if table.IsNA(s) {
		return "nan"
	}
	return s
}

func declined(why error) error {
	return fmt.Errorf("%w: %w", competition.ErrDeclined, why)
}
