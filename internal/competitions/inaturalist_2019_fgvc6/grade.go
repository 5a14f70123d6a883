package inaturalist_2019_fgvc6

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/labelgrade"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is the top-1 error of the submission's predicted against the
// answers', after the spec's checks (row count, columns, sorted ids).
func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission length (%d) does not match answers length (%d)", sub.Len(), ans.Len())
	}
	subID, ok1 := sub.Col("id")
	subPred, ok2 := sub.Col("predicted")
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("Submission must have 'id' and 'predicted' columns")
	}
	ansID, ok1 := ans.Col("id")
	ansPred, ok2 := ans.Col("predicted")
	if !ok1 || !ok2 {
		return competition.Score{}, errors.New("answers must have columns id and predicted")
	}
	subIdx, ansIdx, err := labelgrade.AlignIntIDs(subID, ansID, competition.Invalid("Submission and answers have different ids"))
	if err != nil {
		return competition.Score{}, err
	}
	yTrue, err := labelgrade.PyInts(ansPred, ansIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	yPred := make([]int64, subID.Len())
	for k := range yPred {
		r := labelgrade.Row(subIdx, k)
		if yPred[k], err = firstLabel(subPred, r); err != nil {
			return competition.Score{}, fmt.Errorf("submission row %d: %w", r, err)
		}
	}
	acc, err := metric.Accuracy(metric.IntLabels(yTrue), metric.IntLabels(yPred))
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(1 - acc), nil
}

// firstLabel is the grader's reading of one prediction cell: a Python int
// (an int64 or bool cell) as is; a str through int(s.split()[0]); anything
// else (a float: the column held decimals or missing cells) has no split.
func firstLabel(c *table.Column, r int) (int64, error) {
	kind := c.Kind
	if kind == table.String && c.Mixed != nil {
		kind = c.Mixed[r]
	}
	switch {
	case c.IsNull(r) || kind == table.Float64:
		return 0, errors.New("'float' object has no attribute 'split'")
	case kind == table.Int64 || kind == table.Bool || kind == table.BoolObject:
		return labelgrade.PyInt(c, r)
	}
	fields := strings.FieldsFunc(c.Text[r], unicode.IsSpace)
	if len(fields) == 0 {
		return 0, errors.New("list index out of range")
	}
	n, ok := labelgrade.ParseInt(fields[0])
	if !ok {
		return 0, fmt.Errorf("invalid literal for int() with base 10: %q", fields[0])
	}
	return n, nil
}
