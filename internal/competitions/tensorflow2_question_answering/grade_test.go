package tensorflow2_question_answering

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

// gradeByMaps is Grade as it was written before it indexed the answers by
// id: a map of every expected "<id>_long"/"<id>_short" and a map counting
// the submitted ids. It is the reference Grade must agree with.
func gradeByMaps(submission, answers *table.Table) (competition.Score, error) {
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
	spanOf := func(s string) prediction {
		start, end, _ := strings.Cut(s, ":")
		return prediction{span: true, start: start, end: end}
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
	return competition.Numpy(float64(correct) / float64(len(ids))), nil
}

// outcome is a grading result reduced to what must agree: the score, or
// the kind of error.
func outcome(s competition.Score, err error) string {
	switch {
	case errors.Is(err, competition.ErrInvalidSubmission):
		return "invalid"
	case err != nil:
		return "error: " + err.Error()
	}
	return fmt.Sprintf("score %v %.17g", s.Kind, s.Value)
}

// TestGradeAgreesWithMaps: Grade and gradeByMaps give the same score or
// the same kind of error on random answers (repeated ids among them) and
// submissions built from them (shuffled, with ids removed, repeated,
// unknown or re-suffixed, and predictions right, wrong and malformed).
func TestGradeAgreesWithMaps(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 14))
	outcomes := map[string]int{}
	for iter := range 5000 {
		n := 1 + r.IntN(6)
		ids, yesNo, long, short := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		span := func() string { return fmt.Sprintf("%d:%d", r.IntN(4), r.IntN(4)) }
		for i := range ids {
			ids[i] = fmt.Sprint(r.IntN(1000) - 500)
			if i > 0 && r.IntN(20) == 0 {
				ids[i] = ids[r.IntN(i)]
			}
			if r.IntN(10) == 0 {
				ids[i] += []string{"_long", "_short", "-1", " "}[r.IntN(4)]
			}
			yesNo[i] = []string{"NONE", "NONE", "YES", "NO", ""}[r.IntN(5)]
			if r.IntN(2) == 0 {
				long[i] = span()
			}
			var s []string
			for range r.IntN(3) {
				s = append(s, span())
			}
			short[i] = strings.Join(s, " ")
		}
		answers := table.MustNew(table.Strings("example_id", ids), table.Strings("yes_no_answer", yesNo),
			table.Strings("long", long), table.Strings("short", short))
		var rows []string
		for _, id := range ids {
			rows = append(rows, id+"_long", id+"_short")
		}
		r.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		switch r.IntN(8) {
		case 0:
			rows[r.IntN(len(rows))] = rows[r.IntN(len(rows))]
		case 1:
			rows[r.IntN(len(rows))] = "x_long"
		case 2:
			rows = rows[1:]
		case 3:
			rows = append(rows, rows[0])
		case 4:
			i := r.IntN(len(rows))
			rows[i] = strings.TrimSuffix(rows[i], "_long") + "_short"
		}
		var b strings.Builder
		header := "example_id,PredictionString\n"
		if r.IntN(40) == 0 {
			header = "example_id,Prediction\n"
		}
		b.WriteString(header)
		for _, id := range rows {
			pred := []string{"", "", "YES", "NO", span(), span(), span(), " 1_0 : 2 ", "-0:1", "+1:2",
				"99999999999999999999:1", `" 2:3 "`}[r.IntN(12)]
			if r.IntN(30) == 0 {
				pred = []string{"yes", "a:b", "1:2:3", ":", "1:", "maybe"}[r.IntN(6)]
			}
			fmt.Fprintf(&b, "%s,%s\n", id, pred)
		}
		sub, err := table.ReadBytes([]byte(b.String()), table.ReadOptions{})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", iter, err, b.String())
		}
		got := outcome(Grade(sub, answers))
		want := outcome(gradeByMaps(sub, answers))
		if got != want {
			t.Fatalf("case %d: Grade %s, gradeByMaps %s\nanswers %q %q %q %q\n%s", iter, got, want, ids, yesNo, long, short, b.String())
		}
		outcomes[strings.SplitN(got, " ", 2)[0]]++
	}
	// Every kind of outcome must occur, or the comparison proves little.
	for _, k := range []string{"score", "invalid", "error:"} {
		if outcomes[k] < 100 {
			t.Errorf("only %d outcomes %q in %v", outcomes[k], k, outcomes)
		}
	}
}
