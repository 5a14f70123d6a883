package tensorflow2_question_answering

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// LoadAnswers reads private/test.jsonl (one json.loads per line) into a
// table with one row per example: example_id, yes_no_answer, long (the
// long answer's "<start>:<end>", "" when start_token is −1) and short (the
// short answers' spans separated by spaces), from the example's first
// annotation.
func LoadAnswers(path string) (*table.Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ids, yesNo, long, short []string
	br := bufio.NewReaderSize(f, 1<<20)
	for line := 1; ; line++ {
		b, err := br.ReadBytes('\n')
		if len(strings.TrimSpace(string(b))) > 0 {
			var ex struct {
				ExampleID   json.RawMessage              `json:"example_id"`
				Annotations []map[string]json.RawMessage `json:"annotations"`
			}
			if err := json.Unmarshal(b, &ex); err != nil {
				return nil, fmt.Errorf("%s line %d: %w", path, line, err)
			}
			var id string
			if err := json.Unmarshal(ex.ExampleID, &id); err != nil {
				return nil, fmt.Errorf("%s line %d: example_id: %w", path, line, err)
			}
			if len(ex.Annotations) == 0 {
				return nil, fmt.Errorf("%s line %d: no annotation", path, line)
			}
			a, err := parseAnnotation(ex.Annotations[0])
			if err != nil {
				return nil, fmt.Errorf("%s line %d: %w", path, line, err)
			}
			l := ""
			if a.longStart != "-1" {
				l = a.longStart + ":" + a.longEnd
			}
			ids, yesNo, long, short = append(ids, id), append(yesNo, a.yesNo), append(long, l), append(short, strings.Join(a.short, " "))
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
	}
	return table.New(table.Strings("example_id", ids), table.Strings("yes_no_answer", yesNo),
		table.Strings("long", long), table.Strings("short", short))
}

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
	cols := map[string]*table.Column{}
	for _, name := range []string{"example_id", "yes_no_answer", "long", "short"} {
		c, ok := answers.Col(name)
		if !ok {
			return nan, fmt.Errorf("answers have no %s column", name)
		}
		cols[name] = c
	}
	type target struct {
		example int
		long    bool
	}
	expected := make(map[string]target, 2*n)
	for i := 0; i < n; i++ {
		id := cols["example_id"].Str(i)
		expected[id+"_long"] = target{i, true}
		expected[id+"_short"] = target{i, false}
	}
	ids := make([]string, submission.Len())
	seen := make(map[string]int, len(ids))
	for i := range ids {
		ids[i] = cellString(subID, i)
		seen[ids[i]]++
	}
	same := len(seen) == len(expected)
	for id := range seen {
		if _, ok := expected[id]; !ok {
			same = false
		}
	}
	if !same {
		return nan, competition.Invalid("Submission example_ids do not match the expected '<id>_long' and '<id>_short' ids.")
	}
	for id, k := range seen {
		if k > 1 {
			return nan, competition.Invalid("Submission has duplicate example_id %q.", id)
		}
	}
	preds := make([]prediction, len(ids))
	for i := range ids {
		p, err := parsePrediction(cellString(subPred, i))
		if err != nil {
			return nan, err
		}
		preds[i] = p
	}
	correct := 0
	for i, id := range ids {
		t := expected[id]
		var valid []prediction
		if t.long {
			if s := cols["long"].Str(t.example); s != "" {
				valid = append(valid, spanOf(s))
			}
		} else {
			for _, s := range strings.Fields(cols["short"].Str(t.example)) {
				valid = append(valid, spanOf(s))
			}
			if yn := cols["yes_no_answer"].Str(t.example); yn != "NONE" {
				valid = append(valid, prediction{text: yn})
			}
		}
		p := preds[i]
		empty := !p.span && p.text == ""
		hit := false
		for _, v := range valid {
			if v == p && (!p.span || p.start != "") {
				hit = true
			}
		}
		yPred := !empty
		yTrue := (!empty && hit) || (empty && len(valid) > 0)
		if yPred == yTrue {
			correct++
		}
	}
	// f1_score(average="micro") on binary labels: 2c / (n + n), which is
	// exactly c / n in floating point.
	return competition.Numpy(float64(correct) / float64(len(ids))), nil
}

// cellString is the cell after fillna("") and astype(str).
func cellString(c *table.Column, i int) string {
	if c.IsNull(i) {
		return ""
	}
	return c.Str(i)
}

func spanOf(s string) prediction {
	start, end, _ := strings.Cut(s, ":")
	return prediction{span: true, start: start, end: end}
}

// parsePrediction is the original's parsing of a PredictionString: stripped
// of surrounding whitespace, "a:b" is a pair of Python int()s (text int()
// refuses is an error), "YES", "NO" and "" are kept, anything else is
// invalid.
func parsePrediction(s string) (prediction, error) {
	s = strings.TrimFunc(s, metric.PyIsSpace)
	if parts := strings.Split(s, ":"); len(parts) == 2 {
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
