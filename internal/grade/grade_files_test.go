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

// setupFiles is setup with a competition that grades the pairs whose
// submission holds a marker itself: "files" (score 0.125),
// "files-invalid" and "files-panic" (its grading panics); it declines
// the rest.
func setupFiles(t *testing.T) *Grader {
	t.Helper()
	impl := fakeSpaceship()
	impl.GradeFiles = func(sub, ans string) (competition.Score, error) {
		b, err := os.ReadFile(sub)
		if err != nil {
			return competition.Score{}, err
		}
		switch s := string(b); {
		case strings.Contains(s, "files-panic"):
			panic("grading the files")
		case strings.Contains(s, "files-invalid"):
			return competition.Score{}, competition.Invalid("own files reason")
		case strings.Contains(s, "files"):
			return competition.Float(0.125), nil
		}
		return competition.Score{}, errors.Join(competition.ErrDeclined, errors.New("not mine"))
	}
	return graderFor(t, impl)
}

// TestGradeFilesHook: a pair of files the competition grades itself
// (competition.Impl.GradeFiles) gets its outcome, score or invalid, and
// the harness reads neither file; a declined pair, or one whose own
// grading panics, is read and graded as before (read errors included).
func TestGradeFilesHook(t *testing.T) {
	g := setupFiles(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name, text string
		score      float64 // -1: null
		reason     string  // prefix of the invalid reason
		readErr    error   // the harness's read error
	}{
		{"own", "id,y\n1,a\n2,b\n3,files\n", 0.125, "", nil},
		{"own_even_unreadable", "id,y\n1,a\n2,b,c\nfiles\n", 0.125, "", nil},
		{"own_invalid", "id,y\n1,files-invalid\n", -1, "Invalid submission: own files reason", nil},
		{"declined", "id,y\n1,a\n2,b\n3,x\n", 0.66667, "", nil},
		{"panics", "id,y\n1,a\n2,files-panic\n3,c\n", 0.66667, "", nil},
		{"declined_unreadable", "id,y\n1,a\n2,b,c,d\n", 0, "", table.ErrTokenize},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name+".csv")
			write(t, p, c.text)
			rep, err := g.GradeCSV(context.Background(), "spaceship-titanic", p)
			if c.readErr != nil {
				if !errors.Is(err, c.readErr) {
					t.Fatalf("error %v, want the read error %v", err, c.readErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkReport(t, rep, c.score, c.reason)
		})
	}
}

// TestGradeFilesValidate: the validation server takes the competition's
// own pass too: its verdict when it grades the pair, the general one
// otherwise.
func TestGradeFilesValidate(t *testing.T) {
	g := setupFiles(t)
	comp, _ := g.Catalog.Lookup("spaceship-titanic")
	dir := t.TempDir()
	const failed = "Submission invalid! The attempt to grade the submission has resulted in the following error message:\n"
	for _, c := range []struct {
		name, text string
		valid      bool
		msg        string
	}{
		{"own", "id,y\n1,a\n2,b\n3,files\n", true, "Submission is valid."},
		{"own_invalid", "id,y\n1,files-invalid\n", false, failed + "own files reason"},
		{"declined_invalid", "id,z\n1,a\n", false, failed + "Submission is missing column y"},
		{"declined", "id,y\n1,a\n2,b\n3,x\n", true, "Submission is valid."},
	} {
		p := filepath.Join(dir, c.name+".csv")
		write(t, p, c.text)
		valid, msg, err := Validate(comp, g.DataDir, p, nil)
		if err != nil || valid != c.valid || msg != c.msg {
			t.Errorf("%s: %v %q %v; want %v %q", c.name, valid, msg, err, c.valid, c.msg)
		}
	}
}
