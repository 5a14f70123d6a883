package herbarium_2020_fgvc7

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansID, ok1 := ans.Col("Id")
	ansPred, ok2 := ans.Col("Predicted")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns Id and Predicted")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission length (%d) does not match answers length (%d).", sub.Len(), ans.Len())
	}
	subID, ok1 := sub.Col("Id")
	subPred, ok2 := sub.Col("Predicted")
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("Submission must have 'Id' and 'Predicted' columns.")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers have different Ids.")
	}
	yTrue, err := ints(ansPred, ansIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	yPred, err := ints(subPred, subIdx)
	if err != nil {
		return competition.Score{}, fmt.Errorf("submission: %w", err)
	}
	f1, err := metric.F1(metric.IntLabels(yTrue), metric.IntLabels(yPred), metric.AverageMacro, metric.IntValue(1))
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(f1), nil
}

// ints is [int(y) for y in column] in the given row order.
func ints(c *table.Column, rows []int) ([]int64, error) {
	out := make([]int64, len(rows))
	for k, i := range rows {
		v, ok := pandas.PyValueOf(c, i)
		if !ok {
			return nil, fmt.Errorf("row %d: cannot convert float NaN to integer", i)
		}
		switch v.Kind() {
		case table.Int64, table.Bool:
			out[k] = v.Int()
		case table.Float64:
			if math.IsInf(v.Float64(), 0) {
				return nil, fmt.Errorf("row %d: cannot convert float infinity to integer", i)
			}
			t := math.Trunc(v.Float64())
			if t >= 0x1p63 || t < -0x1p63 {
				return nil, fmt.Errorf("row %d: integer %v out of int64 range", i, v.Float64())
			}
			out[k] = int64(t)
		default:
			n, ok := parseInt(v.Text())
			if !ok {
				return nil, fmt.Errorf("row %d: invalid literal for int() with base 10: %q", i, v.Text())
			}
			out[k] = n
		}
	}
	return out, nil
}

// parseInt is int(str) for ASCII input: surrounding whitespace, an
// optional sign, digits with single underscores between them.
func parseInt(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	sign := ""
	if s[0] == '+' || s[0] == '-' {
		sign, s = s[:1], s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, false
	}
	s = strings.ReplaceAll(s, "_", "")
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(sign+s, 10, 64)
	return n, err == nil
}
