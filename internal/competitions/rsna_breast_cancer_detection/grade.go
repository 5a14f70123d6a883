package rsna_breast_cancer_detection

import (
	"errors"
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/table"
)

// errZeroDivision is Python's ZeroDivisionError on int or float division.
var errZeroDivision = errors.New("ZeroDivisionError: division by zero")

// pyType is the Python type of a value in the pF1 loop: a Python int
// (the clip's 0 and 1, the start values), a Python float, or a NumPy
// scalar (IEEE division, no exception).
type pyType uint8

const (
	pyInt pyType = iota
	pyFloat
	npScalar
)

// num is a number with its Python type.
type num struct {
	v float64
	t pyType
}

func add(a, b num) num { return num{a.v + b.v, max(a.t, b.t)} }

// div is a / b with Python's semantics: NumPy scalars give inf/NaN on a
// zero divisor, Python numbers raise ZeroDivisionError.
func div(a, b num) (num, error) {
	t := max(a.t, b.t, pyFloat)
	if t != npScalar && b.v == 0 {
		return num{}, errZeroDivision
	}
	return num{a.v / b.v, t}, nil
}

func mul(a, b num) num { return num{a.v * b.v, max(a.t, b.t)} }

// Grade is the original's grade.py: the id checks, then pF1 with β = 1.
func Grade(sub, answers *table.Table) (competition.Score, error) {
	ansID, ok1 := answers.Col("prediction_id")
	labels, ok2 := answers.Col("cancer")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers need columns prediction_id and cancer")
	}
	subID, ok := sub.Col("prediction_id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the prediction_id column")
	}
	preds, ok := sub.Col("cancer")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission is missing the cancer column")
	}
	if sub.Len() != answers.Len() {
		return competition.Score{}, competition.Invalid("Submission has %d rows, expected %d", sub.Len(), answers.Len())
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, ok := submission.AlignByID(subID, ansID)
	if !ok {
		return competition.Score{}, competition.Invalid("Submission prediction_ids do not match the answers'")
	}
	ys := make([]bool, len(ansIdx))
	for k, i := range ansIdx {
		y, err := truthy(labels, i)
		if err != nil {
			return competition.Score{}, err
		}
		ys[k] = y
	}
	ps := make([]num, len(subIdx))
	for k, i := range subIdx {
		p, err := element(preds, i)
		if err != nil {
			return competition.Score{}, err
		}
		ps[k] = p
	}
	return pF1(ys, ps)
}

// element is preds.to_numpy()[i]: a NumPy scalar for numeric and bool
// columns, the Python object of an object column (a bool acts as a Python
// int, NaN as a Python float, text fails in the clip's comparison).
func element(c *table.Column, i int) (num, error) {
	kind := c.Kind
	if c.Mixed != nil {
		kind = c.Mixed[i]
		if c.IsNull(i) {
			return num{math.NaN(), pyFloat}, nil
		}
		switch kind {
		case table.Int64:
			return num{float64(c.Ints[i]), pyInt}, nil
		case table.Float64:
			return num{c.Floats[i], pyFloat}, nil
		case table.Bool:
			return num{b2f(c.Bools[i]), pyInt}, nil
		}
		return num{}, fmt.Errorf("TypeError: '>' not supported between instances of 'int' and 'str' (cancer %q)", c.Str(i))
	}
	switch kind {
	case table.Int64:
		return num{float64(c.Ints[i]), npScalar}, nil
	case table.Float64:
		return num{c.Floats[i], npScalar}, nil
	case table.Bool:
		return num{b2f(c.Bools[i]), npScalar}, nil
	case table.BoolObject:
		if c.IsNull(i) {
			return num{math.NaN(), pyFloat}, nil
		}
		return num{b2f(c.Bools[i]), pyInt}, nil
	}
	if c.IsNull(i) {
		return num{math.NaN(), pyFloat}, nil
	}
	return num{}, fmt.Errorf("TypeError: '>' not supported between instances of 'int' and 'str' (cancer %q)", c.Str(i))
}

// truthy is bool(label) for an answers cell (NaN is true).
func truthy(c *table.Column, i int) (bool, error) {
	if c.IsNull(i) {
		return true, nil
	}
	v, ok := c.Float(i)
	if !ok {
		return c.Str(i) != "", nil
	}
	return v != 0, nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// pF1 is the competition's probabilistic F1 with β = 1, with Python's
// types: p = min(max(x, 0), 1) keeps x unless it is out of range (then
// the Python int 0 or 1; NaN stays).
func pF1(labels []bool, preds []num) (competition.Score, error) {
	ctp, cfp := num{0, pyInt}, num{0, pyInt}
	pos := 0
	for k, x := range preds {
		p := x
		if x.v < 0 {
			p = num{0, pyInt}
		}
		if p.v > 1 {
			p = num{1, pyInt}
		}
		if labels[k] {
			ctp = add(ctp, p)
			pos++
		} else {
			cfp = add(cfp, p)
		}
	}
	precision, err := div(ctp, add(ctp, cfp))
	if err != nil {
		return competition.Score{}, fmt.Errorf("precision: %w", err)
	}
	recall, err := div(ctp, num{float64(pos), pyInt})
	if err != nil {
		return competition.Score{}, fmt.Errorf("recall: %w", err)
	}
	if precision.v > 0 && recall.v > 0 {
		s, err := div(mul(num{2, pyInt}, mul(precision, recall)), add(precision, recall))
		if err != nil {
			return competition.Score{}, err
		}
		if s.t == npScalar {
			return competition.Numpy(s.v), nil
		}
		return competition.Float(s.v), nil
	}
	return competition.Score{Value: 0, Kind: competition.PyInt}, nil
}
