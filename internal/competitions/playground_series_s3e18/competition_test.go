package playground_series_s3e18

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/pyrand"
)

const testID = "playground-series-s3e18"

// TestConformance runs the suite on the seed-0 fake data (200 rows, 20
// test rows); the prepared files must match golden_md5.json, which
// reference_prepare.py (pandas round-trip read, scikit-learn split, to_csv)
// produced from the same raw data (floats in several text forms, so the
// re-serialisation is exercised). The constant-0.5 sample scores 0.5, as
// upstream's test expects.
func TestConformance(t *testing.T) {
	half, one := 0.5, 1.0
	impl := Competition
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join(dir, "golden_md5.json"),
		SampleScore: &half,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "id", "EC1", "EC2")
	})
}

// TestGrade covers the spec's Grade rules on a hand-made table (AUCs
// by hand: EC1 positives {1,3}, negatives {2,4}; EC2 positives {2,3}).
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "id,EC1,EC2,EC3\n1,1,0,1\n2,0,1,1\n3,1,1,0\n4,0,0,0\n")
	noID := comptest.Table(t, "ID,EC1,EC2\n1,1,0\n2,0,1\n3,1,1\n4,0,0\n")
	oneClass := comptest.Table(t, "id,EC1,EC2\n1,1,0\n2,1,1\n3,1,1\n4,1,0\n")
	for _, tc := range []struct {
		name     string
		ans      string
		sub      string
		want     float64 // -1 invalid, -2 other error
		wantText string
	}{
		{"perfect, other order", "", "id,EC2,EC1\n4,0,0\n3,1,1\n2,1,0\n1,0,1\n", 1, ""},
		// EC1: pairs (1,2) >, (1,4) =, (3,2) >, (3,4) < → 2.5/4; EC2: (2,1) <, (2,4) <, (3,1) >, (3,4) > → 2/4.
		{"ties half credit, no range check", "", "id,EC1,EC2\n1,500,-1\n2,-3,-2\n3,7,9\n4,500,0\n", (2.5/4 + 2.0/4) / 2, ""},
		{"NaN score", "", "id,EC1,EC2\n1,0.1,0.2\n2,,0.2\n3,0.3,0.2\n4,0.4,0.2\n", -2, ""},
		{"text score", "", "id,EC1,EC2\n1,x,0.2\n2,0.1,0.2\n3,0.3,0.2\n4,0.4,0.2\n", -2, ""},
		{"single-class answers column", "one", "id,EC1,EC2\n1,0.1,0.2\n2,0.2,0.2\n3,0.3,0.2\n4,0.4,0.2\n", -2, ""},
		{"1a. no id in submission", "", "ID,EC1,EC2\n1,0.1,0.2\n2,0.2,0.2\n3,0.3,0.2\n4,0.4,0.2\n", -1, ""},
		{"1a. no id in answers (invalid, before other checks)", "noid", "x\n1\n", -1, ""},
		{"1b. no EC2", "", "id,EC1\n1,0.1\n2,0.2\n3,0.3\n4,0.4\n", -1, ""},
		{"1c. row count", "", "id,EC1,EC2\n1,0.1,0.2\n", -1, ""},
		{"1d. ids differ", "", "id,EC1,EC2\n1,0.1,0.2\n2,0.2,0.2\n3,0.3,0.2\n5,0.4,0.2\n", -1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := ans
			switch tc.ans {
			case "noid":
				a = noID
			case "one":
				a = oneClass
			}
			s, err := Grade(comptest.Table(t, tc.sub), a)
			switch {
			case tc.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case tc.want == -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if !comptest.Close(s.Value, tc.want) || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v, want %v (numpy float64)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestSplitSize checks the spec's ceil(0.1·14838) = 1484 example.
func TestSplitSize(t *testing.T) {
	train, test, err := pyrand.TrainTestSplit(14838, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1)})
	if err != nil {
		t.Fatal(err)
	}
	if len(test) != 1484 || len(train) != 13354 {
		t.Fatalf("split %d/%d, want 13354/1484", len(train), len(test))
	}
}

// TestPrepareErrors: raw files the original's asserts reject.
func TestPrepareErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(header []string) []string
	}{
		{"no EC6", func(h []string) []string { return h[:len(h)-1] }},
		{"extra column", func(h []string) []string { return append(h, "extra") }},
		{"no id", func(h []string) []string { return h[1:] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Public, d.Private} {
				if err := os.MkdirAll(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			header := append(append([]string{"id"}, features...), targets...)
			header = tc.edit(header)
			var b strings.Builder
			b.WriteString(strings.Join(header, ",") + "\n")
			for i := range 12 {
				row := make([]string, len(header))
				for k := range row {
					row[k] = "1"
				}
				row[0] = string(rune('a' + i))
				b.WriteString(strings.Join(row, ",") + "\n")
			}
			if err := os.MkdirAll(d.Raw, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
}
