package grade

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

// ownSubmission is an OpenedSubmission of the tests: a fixed outcome, and
// whether Close was called.
type ownSubmission struct {
	score  float64
	err    error
	panics bool
	closed *int
}

func (o *ownSubmission) Grade(*table.Table) (competition.Score, error) {
	if o.panics {
		var m map[string]int
		m["x"] = 1
	}
	return competition.Float(o.score), o.err
}

func (o *ownSubmission) Close() error { *o.closed++; return nil }

// setupOwn is setup with a competition that opens the submissions whose
// text holds a marker itself: "own" (score 0.25), "own-invalid",
// "own-panic" (its Grade panics) and "open-panic" (the opening panics);
// it declines the rest. closed counts the Close calls.
func setupOwn(t *testing.T) (g *Grader, data string, closed *int) {
	t.Helper()
	closed = new(int)
	impl := fakeSpaceship()
	impl.OpenSubmission = func(path string) competition.OpenedSubmission {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		switch s := string(b); {
		case strings.Contains(s, "open-panic"):
			panic("opening")
		case strings.Contains(s, "own-panic"):
			return &ownSubmission{panics: true, closed: closed}
		case strings.Contains(s, "own-invalid"):
			return &ownSubmission{err: competition.Invalid("own reason"), closed: closed}
		case strings.Contains(s, "own"):
			return &ownSubmission{score: 0.25, closed: closed}
		}
		return nil
	}
	g = graderFor(t, impl)
	return g, g.DataDir, closed
}

// checkReport checks a report's score (negative: none) and the start of
// its invalid reason.
func checkReport(t *testing.T, rep *Report, score float64, reason string) {
	t.Helper()
	switch {
	case score < 0 && rep.Score != nil:
		t.Errorf("score %v, want null", *rep.Score)
	case score >= 0 && (rep.Score == nil || *rep.Score != score):
		t.Errorf("score %v (%s), want %v", rep.Score, rep.InvalidReason, score)
	case !strings.HasPrefix(rep.InvalidReason, reason):
		t.Errorf("reason %q, want %q…", rep.InvalidReason, reason)
	}
}

// graderFor is a Grader of impl alone (a spaceship-titanic) over a data
// directory whose answers are ids 1–3 labelled a, b, c.
func graderFor(t *testing.T, impl *competition.Impl) *Grader {
	t.Helper()
	cat, err := competition.NewCatalog([]*competition.Impl{impl})
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	priv := filepath.Join(data, "spaceship-titanic", "prepared", "private")
	if err := os.MkdirAll(priv, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(priv, "test.csv"), "id,y\n1,a\n2,b\n3,c\n")
	return &Grader{Catalog: cat, DataDir: data}
}

// TestOpenSubmissionHook: a submission the competition opens is graded by
// its own Grade (and closed); a declined one, or one whose opening
// panics, is read as a table as before; a panic of its Grade is an
// unexpected error; an unreadable file it declines stops grading as
// before.
func TestOpenSubmissionHook(t *testing.T) {
	g, _, closed := setupOwn(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name, text string
		score      float64 // -1: null
		reason     string  // prefix of the invalid reason
	}{
		{"own", "id,y\n1,a\n2,b\n3,own\n", 0.25, ""},
		{"declined", "id,y\n1,a\n2,b\n3,x\n", 0.66667, ""},
		{"open_panics", "id,y\n1,a\n2,open-panic\n3,c\n", 0.66667, ""},
		{"own_invalid", "id,y\n1,own-invalid\n", -1, "Invalid submission: own reason"},
		{"own_panics", "id,y\n1,own-panic\n", -1, "Unexpected error during grading: grader panicked"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := *closed
			p := filepath.Join(dir, c.name+".csv")
			write(t, p, c.text)
			rep, err := g.GradeCSV(context.Background(), "spaceship-titanic", p)
			if err != nil {
				t.Fatal(err)
			}
			checkReport(t, rep, c.score, c.reason)
			if own := strings.Contains(c.text, "own"); own != (*closed == before+1) {
				t.Errorf("opened by the competition: %v, closed %d times", own, *closed-before)
			}
		})
	}
	p := filepath.Join(dir, "ragged.csv")
	write(t, p, "id,y\n1,a\n2,b,c,d\n")
	if _, err := g.GradeCSV(context.Background(), "spaceship-titanic", p); err == nil || !errors.Is(err, table.ErrTokenize) {
		t.Errorf("ragged declined submission: %v, want the read error", err)
	}
}

// TestOpenSubmissionAnswersError: unreadable answers after the
// competition opened the submission are the same error as before, and the
// file is closed.
func TestOpenSubmissionAnswersError(t *testing.T) {
	g, data, closed := setupOwn(t)
	write(t, filepath.Join(data, "spaceship-titanic", "prepared", "private", "test.csv"), "id,\xff\n1,a\n")
	p := filepath.Join(t.TempDir(), "own.csv")
	write(t, p, "id,y\n1,own\n")
	_, err := g.GradeCSV(context.Background(), "spaceship-titanic", p)
	if err == nil || !strings.Contains(err.Error(), "loading answers") {
		t.Errorf("got %v, want the answers' error", err)
	}
	if *closed != 1 {
		t.Errorf("closed %d times, want 1", *closed)
	}
}

// TestValidateOpenSubmission: Validate grades through the competition's
// own opening too.
func TestValidateOpenSubmission(t *testing.T) {
	g, data, closed := setupOwn(t)
	comp, _ := g.Catalog.Lookup("spaceship-titanic")
	dir := t.TempDir()
	write(t, filepath.Join(dir, "own.csv"), "id,z\n1,own\n")
	write(t, filepath.Join(dir, "own-invalid.csv"), "id,y\n1,own-invalid\n")
	for _, c := range []struct {
		name  string
		valid bool
		msg   string
	}{
		{"own.csv", true, "Submission is valid."},
		{"own-invalid.csv", false, "Submission invalid! The attempt to grade the submission has resulted in the following error message:\nown reason"},
	} {
		valid, msg, err := Validate(comp, data, filepath.Join(dir, c.name), nil)
		if err != nil || valid != c.valid || msg != c.msg {
			t.Errorf("%s: %v %q %v; want %v %q", c.name, valid, msg, err, c.valid, c.msg)
		}
	}
	if *closed != 2 {
		t.Errorf("closed %d times, want 2", *closed)
	}
}
