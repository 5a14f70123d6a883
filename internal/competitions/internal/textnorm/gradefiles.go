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
func GradeFiles(submission, answers string) (competition.Score, error) {
	hits := 0
	rows, err := pairlines.Pair(submission, answers, "id", "after", true, true, func(subID, pred, ansID, truth string) error {
		if subID != ansID || table.IsNA(ansID) {
			return fmt.Errorf("ids differ or are missing")
		}
		if asGraded(pred) == asGraded(truth) {
			hits++
		}
		return nil
	})
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(float64(hits) / float64(rows)), nil
}

// asGraded is an object cell's text as Grade compares it: an NA string is
// missing, whose str is "nan".
func asGraded(s string) string {
	if table.IsNA(s) {
		return "nan"
	}
	return s
}
