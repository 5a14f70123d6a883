package tensorflow2_question_answering

import (
	"fmt"
	"math"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// prediction is a parsed PredictionString: a span, or text ("YES", "NO" or
// "").
type prediction struct {
	span       bool
	start, end string // canonical decimals; "" when beyond int64 (matches nothing)
	text       string
}

// Grade checks the submission as the original does and returns micro-F1
// over all rows, i.e. the fraction of rows whose prediction is right (a
// correct non-empty answer, or an empty one where there is none).
func Grade(submission, answers *table.Table) (competition.Score, error) {
	nan := competition.Numpy(math.NaN())
	n := answers.Len()
	if submission.Len() != 2*n {
		return nan, competition.Invalid("Submission should have %d rows (two per example), got %d.", 2*n, submission.Len())
	}
	subID, ok1 := submission.Col("example_id")
	subPred, ok2 := submission.Col("PredictionString")
	if !ok1 || !ok2 {
		return nan, competition.Invalid("Submission must have columns example_id and PredictionString.")
	}
	var cols [4]*table.Column
	for k, name := range []string{"example_id", "yes_no_answer", "long", "short"} {
		c, ok := answers.Col(name)
		if !ok {
			return nan, fmt.Errorf("answers have no %s column", name)
		}
		cols[k] = c
	}
	ansID, ansYesNo, ansLong, ansShort := cols[0], cols[1], cols[2], cols[3]
	// The expected ids are "<id>_long" and "<id>_short" of every answer; a
	// repeated answer id stands for its last row, as in the original's dict.
	last := make(map[string]int32, n)
	for i := 0; i < n; i++ {
		last[ansID.Str(i)] = int32(i)
	}
	// target[i] is the answer row of submission row i and whether it is
	// the long one; count[2*row+long] how many submission rows name it.
	type target struct {
		example int32
		long    bool
	}
	targets := make([]target, 2*n)
	count := make([]int32, 2*n)
	mismatch := competition.Invalid("Submission example_ids do not match the expected '<id>_long' and '<id>_short' ids.")
	for i := range targets {
		base, long, ok := splitRowID(cellString(subID, i))
		if !ok {
			return nan, mismatch
		}
		j, ok := last[base]
		if !ok {
			return nan, mismatch
		}
		targets[i] = target{j, long}
		count[2*int(j)+b2i(long)]++
	}
	for _, j := range last {
		if count[2*int(j)] == 0 || count[2*int(j)+1] == 0 {
			return nan, mismatch
		}
	}
	for i, t := range targets {
		if count[2*int(t.example)+b2i(t.long)] > 1 {
			return nan, competition.Invalid("Submission has duplicate example_id %q.", cellString(subID, i))
		}
	}
	correct := 0
	for i, t := range targets {
		p, err := parsePrediction(cellString(subPred, i))
		if err != nil {
			return nan, err
		}
		valid, hit := 0, false
		if t.long {
			if s := ansLong.Str(int(t.example)); s != "" {
				valid, hit = 1, p.isSpan(s)
			}
		} else {
			for rest := ansShort.Str(int(t.example)); rest != ""; {
				var s string
				s, rest, _ = strings.Cut(rest, " ")
				if s != "" {
					valid++
					hit = hit || p.isSpan(s)
				}
			}
			if yn := ansYesNo.Str(int(t.example)); yn != "NONE" {
				valid++
				hit = hit || (!p.span && p.text == yn)
			}
		}
		empty := !p.span && p.text == ""
		yPred := !empty
		yTrue := (!empty && hit) || (empty && valid > 0)
		if yPred == yTrue {
			correct++
		}
	}
	// f1_score(average="micro") on binary labels: 2c / (n + n), which is
	// exactly c / n in floating point.
	return competition.Numpy(float64(correct) / float64(len(targets))), nil
}

// splitRowID splits a submission id into the answer id and whether it is
// the "_long" row; ok is false for an id with neither suffix.
func splitRowID(id string) (base string, long, ok bool) {
	if base, ok := strings.CutSuffix(id, "_long"); ok {
		return base, true, true
	}
	if base, ok := strings.CutSuffix(id, "_short"); ok {
		return base, false, true
	}
	return "", false, false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// isSpan reports whether p is the span "<start>:<end>" of an answer.
func (p prediction) isSpan(span string) bool {
	start, end, _ := strings.Cut(span, ":")
	return p.span && p.start != "" && p.start == start && p.end == end
}

// cellString is the cell after fillna("") and astype(str).
func cellString(c *table.Column, i int) string {
	if c.IsNull(i) {
		return ""
	}
	return c.Str(i)
}

// parsePrediction is the original's parsing of a PredictionString: stripped
// of surrounding whitespace, "a:b" is a pair of Python int()s (text int()
// refuses is an error), "YES", "NO" and "" are kept, anything else is
// invalid.
func parsePrediction(s string) (prediction, error) {
	s = strings.TrimFunc(s, metric.PyIsSpace)
	if start, end, ok := strings.Cut(s, ":"); ok && !strings.Contains(end, ":") {
		parts := [2]string{start, end}
		var out [2]string
		for k, part := range parts {
			v, ok, fits := pyInt(part)
			if !ok {
				return prediction{}, fmt.Errorf("invalid literal for int() with base 10: %q", part)
			}
			if fits {
				out[k] = v
			}
		}
		if out[0] == "" || out[1] == "" {
			return prediction{span: true}, nil // a huge integer never matches
		}
		return prediction{span: true, start: out[0], end: out[1]}, nil
	}
	switch s {
	case "YES", "NO", "":
		return prediction{text: s}, nil
	}
	return prediction{}, competition.Invalid("Invalid prediction %q: expected '<start>:<end>', 'YES', 'NO' or ''.", s)
}

// pyInt parses s as Python's int(s) does for ASCII input: surrounding
// whitespace, an optional sign, decimal digits with single underscores
// between them. It returns the canonical decimal (no leading zeros, "-0"
// as "0") and whether the value fits in int64 (the only values a truth span
// holds).
func pyInt(s string) (dec string, ok, fits bool) {
	s = strings.TrimFunc(s, metric.PyIsSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return "", false, false
	}
	digits := strings.ReplaceAll(s, "_", "")
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return "", false, false
		}
	}
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return "0", true, true
	}
	if len(digits) > 19 || (len(digits) == 19 && digits > "9223372036854775807" && !(neg && digits == "9223372036854775808")) {
		return "", true, false
	}
	if neg {
		digits = "-" + digits
	}
	return digits, true, true
}
