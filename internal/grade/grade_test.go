package grade

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/feature"
	"github.com/mlebench/mlebench/internal/table"
)

// fakeSpaceship is a stand-in grader under the spaceship-titanic facts: the
// score is the fraction of rows whose "y" equals the answers' "y"; a
// submission without "y" is invalid; one with a "boom" column makes the
// grader fail unexpectedly; one with a "panic" column panics.
func fakeSpaceship() *competition.Impl {
	return &competition.Impl{
		ID:      "spaceship-titanic",
		Prepare: func(context.Context, competition.Dirs) error { return nil },
		Grade: func(sub, ans *table.Table) (competition.Score, error) {
			if sub.Has("panic") {
				var m map[string]int
				m["x"] = 1
			}
			if sub.Has("boom") {
				return competition.Score{}, errors.New("KeyError: 'boom'")
			}
			y, ok := sub.Col("y")
			if !ok {
				return competition.Score{}, competition.Invalid("Submission is missing column y")
			}
			a, _ := ans.Col("y")
			if y.Len() != a.Len() {
				return competition.Score{}, competition.Invalid("length mismatch")
			}
			same := 0
			for i := 0; i < y.Len(); i++ {
				if y.Str(i) == a.Str(i) {
					same++
				}
			}
			return competition.Float(float64(same) / float64(y.Len())), nil
		},
	}
}

func setup(t *testing.T) (*Grader, string) {
	t.Helper()
	cat, err := competition.NewCatalog([]*competition.Impl{fakeSpaceship()})
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	priv := filepath.Join(data, "spaceship-titanic", "prepared", "private")
	if err := os.MkdirAll(priv, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(priv, "test.csv"), "id,y\n1,a\n2,b\n3,c\n")
	loc := time.FixedZone("X", 3600)
	now := time.Date(2024, 10, 8, 14, 3, 56, 0, loc)
	return &Grader{Catalog: cat, DataDir: data, Now: func() time.Time { return now }}, data
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestGradeJSONLReportShape(t *testing.T) {
	g, data := setup(t)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "good.csv"), "id,y\n1,a\n2,b\n3,x\n")
	write(t, filepath.Join(dir, "bad.csv"), "id,z\n1,a\n2,b\n3,c\n")
	write(t, filepath.Join(dir, "boom.csv"), "id,y,boom\n1,a,1\n2,b,1\n3,c,1\n")
	write(t, filepath.Join(dir, "panic.csv"), "id,y,panic\n1,a,1\n2,b,1\n3,c,1\n")
	write(t, filepath.Join(dir, "sub.txt"), "id,y\n1,a\n2,b\n3,c\n")
	jsonl := strings.Join([]string{
		`# a comment`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + dir + `//good.csv"}`,
		``,
		`// another comment`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + dir + `/bad.csv", "logs_path": "x"}`,
		`{"competition_id": "spaceship-titanic", "submission_path": null}`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + dir + `/sub.txt"}`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + dir + `/./boom.csv"}`,
		`{"competition_id": "spaceship-titanic", "submission_path": "` + dir + `/panic.csv"}`,
	}, "\n")
	entries, err := ReadJSONL(strings.NewReader(jsonl))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 6 || entries[2].SubmissionPath != "None" {
		t.Fatalf("entries = %+v", entries)
	}
	reports, err := g.GradeEntries(context.Background(), entries, nil)
	if err != nil {
		t.Fatal(err)
	}
	sum := Summarize(reports)
	out := t.TempDir()
	path, err := sum.WriteFile(filepath.Join(out, "reports"), time.Date(2024, 10, 8, 14, 3, 56, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(path) != "2024-10-08T14-03-56-GMT_grading_report.json" {
		t.Errorf("report file name = %s", filepath.Base(path))
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	report := func(score, exists, valid, path string) string {
		return `    {
      "competition_id": "spaceship-titanic",
      "score": ` + score + `,
      "gold_threshold": 0.82066,
      "silver_threshold": 0.81388,
      "bronze_threshold": 0.80967,
      "median_threshold": 0.79565,
      "any_medal": false,
      "gold_medal": false,
      "silver_medal": false,
      "bronze_medal": false,
      "above_median": false,
      "submission_exists": ` + exists + `,
      "valid_submission": ` + valid + `,
      "is_lower_better": false,
      "created_at": "2024-10-08T14:03:56",
      "submission_path": "` + path + `"
    }`
	}
	want := `{
  "total_runs": 6,
  "total_runs_with_submissions": 4,
  "total_valid_submissions": 1,
  "total_medals": 0,
  "total_gold_medals": 0,
  "total_silver_medals": 0,
  "total_bronze_medals": 0,
  "total_above_median": 0,
  "competition_reports": [
` + strings.Join([]string{
		report("0.66667", "true", "true", dir+"/good.csv"),
		report("null", "true", "false", dir+"/bad.csv"),
		report("null", "false", "false", "None"),
		report("null", "false", "false", dir+"/sub.txt"),
		report("null", "true", "false", dir+"/boom.csv"),
		report("null", "true", "false", dir+"/panic.csv"),
	}, ",\n") + `
  ]
}`
	if string(got) != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
	_ = data
}

func TestGradeUnpreparedAndUnknown(t *testing.T) {
	g, data := setup(t)
	os.RemoveAll(filepath.Join(data, "spaceship-titanic"))
	_, err := g.GradeCSV(context.Background(), "spaceship-titanic", "x.csv")
	var np *competition.NotPreparedError
	if !errors.As(err, &np) || !strings.Contains(err.Error(), "Dataset for competition `spaceship-titanic` is not prepared!") {
		t.Errorf("unprepared: %v", err)
	}
	if _, err := g.GradeCSV(context.Background(), "no-such", "x.csv"); !errors.Is(err, competition.ErrUnknownCompetition) {
		t.Errorf("unknown: %v", err)
	}
	if _, err := g.GradeCSV(context.Background(), "AI4Code", "x.csv"); !errors.Is(err, competition.ErrNotImplemented) {
		t.Errorf("unimplemented: %v", err)
	}
}

func TestMalformedCSVAbortsUnlessFixed(t *testing.T) {
	g, _ := setup(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "ragged.csv")
	write(t, bad, "id,y\n1,a\n2,b,extra\n")
	if _, err := g.GradeCSV(context.Background(), "spaceship-titanic", bad); err == nil || !strings.Contains(err.Error(), "ragged.csv") {
		t.Errorf("malformed CSV: err = %v, want an error naming the file", err)
	}
	g.Fixes, _ = feature.Parse("grade-keep-going")
	rep, err := g.GradeCSV(context.Background(), "spaceship-titanic", bad)
	if err != nil || rep.Score != nil || !rep.SubmissionExist || rep.ValidSubmission {
		t.Errorf("with grade-keep-going: %+v, %v", rep, err)
	}
}

func TestValidateMessages(t *testing.T) {
	g, data := setup(t)
	comp, _ := g.Catalog.Lookup("spaceship-titanic")
	dir := t.TempDir()
	write(t, filepath.Join(dir, "good.csv"), "id,y\n1,a\n2,b\n3,x\n")
	write(t, filepath.Join(dir, "bad.csv"), "id,z\n1,a\n")
	write(t, filepath.Join(dir, "x.txt"), "id,y\n")
	for _, c := range []struct {
		path  string
		valid bool
		msg   string
	}{
		{filepath.Join(dir, "good.csv"), true, "Submission is valid."},
		{filepath.Join(dir, "missing.csv"), false, "Submission invalid! Submission file " + filepath.Join(dir, "missing.csv") + " does not exist."},
		{filepath.Join(dir, "x.txt"), false, "Submission invalid! Submission file must be a CSV file."},
		{filepath.Join(dir, "bad.csv"), false, "Submission invalid! The attempt to grade the submission has resulted in the following error message:\nSubmission is missing column y"},
	} {
		valid, msg, err := Validate(comp, data, c.path, nil)
		if err != nil || valid != c.valid || msg != c.msg {
			t.Errorf("%s: %v %q %v; want %v %q", filepath.Base(c.path), valid, msg, err, c.valid, c.msg)
		}
	}
}

func TestGradeSampleFormat(t *testing.T) {
	g, _ := setup(t)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "good.csv"), "id,y\n1,a\n2,b\n3,c\n")
	g.Now = func() time.Time { return time.Date(2024, 1, 2, 3, 4, 5, 123456000, time.Local) }
	rep, err := g.GradeCSV(context.Background(), "spaceship-titanic", filepath.Join(dir, "good.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Score == nil || *rep.Score != 1.0 || !rep.GoldMedal || !rep.AnyMedal || rep.SilverMedal {
		t.Errorf("perfect: %+v", rep)
	}
	if got := PythonISO(rep.CreatedAt); got != "2024-01-02T03:04:05.123456" {
		t.Errorf("created_at = %s", got)
	}
}

func TestPythonPath(t *testing.T) {
	for in, want := range map[string]string{
		"":             ".",
		"a//b/./c/":    "a/b/c",
		"/x/../y":      "/x/../y",
		"//host/a":     "//host/a",
		"///a":         "/a",
		"./sub.csv":    "sub.csv",
		"None":         "None",
		"runs/a/b.csv": "runs/a/b.csv",
	} {
		if got := PythonPath(in); got != want {
			t.Errorf("PythonPath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRound5ByKind(t *testing.T) {
	if got := Round5(competition.Float(0.123455)); got != 0.12345 {
		t.Errorf("python float: %v", got)
	}
	if got := Round5(competition.Numpy(0.123455)); got != 0.12346 {
		t.Errorf("numpy float64: %v", got)
	}
	if got := Round5(competition.Score{Value: 7, Kind: competition.PyInt}); got != 7 {
		t.Errorf("int: %v", got)
	}
}

func TestSummaryCountsJSON(t *testing.T) {
	one := 1.0
	s := Summarize([]*Report{{Score: &one, SubmissionExist: true, ValidSubmission: true, GoldMedal: true, AnyMedal: true, AboveMedian: true}})
	if !bytes.Contains(s.CountsJSON(), []byte("\n    \"total_gold_medals\": 1,\n")) {
		t.Errorf("counts JSON:\n%s", s.CountsJSON())
	}
}
