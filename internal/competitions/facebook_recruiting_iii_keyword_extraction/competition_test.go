package facebook_recruiting_iii_keyword_extraction

import (
	"context"
	"crypto/md5"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// TestConformance runs the suite on the seed-0 fake data; the prepared
// files must match testdata/<id>/golden_md5.json, which reference_prepare.py
// (pandas + scikit-learn) produced from the same raw data, and the scores of
// testdata/<id>/submissions must match reference_grade.py's
// (MultiLabelBinarizer + f1_score micro).
func TestConformance(t *testing.T) {
	const id = "facebook-recruiting-iii-keyword-extraction"
	impl := Competition
	sample, one := 0.10811, 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, filepath.Join("testdata"))
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, impl, p.Paths.Answers, "Id", "Tags")
	})
}

// TestGrade covers the spec's Grade rules on a hand-made answers table
// with hand-computed micro F1 values.
func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "Id,Title,Body,Tags\n3,t,b,java python\n1,t,b,c#\n2,t,b,\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1: invalid, -2: other error
	}{
		{"perfect", "Id,Tags\n1,c#\n2,\n3,python java\n", 1},
		// TP=1 (java) FP=1 (c#) FN=2 (python, c#) → 2/(2+1+2)
		{"partial", "Id,Tags\n1,\n2,c#\n3,java\n", 2.0 / 5},
		{"unknown tags ignored", "Id,Tags\n1,c# php\n2,ruby\n3,java python java\n", 1},
		{"all missing tags", "Id,Tags\n1,\n2,\n3,\n", 0},
		{"1. missing Id", "id,Tags\n1,c#\n2,\n3,java\n", -1},
		{"1. missing Tags", "Id,tags\n1,c#\n2,\n3,java\n", -1},
		{"2. row count", "Id,Tags\n1,c#\n2,\n", -1},
		{"3. duplicate ids", "Id,Tags\n1,c#\n1,\n3,java\n", -1},
		{"3. wrong id", "Id,Tags\n1,c#\n4,\n3,java\n", -1},
		{"numeric Tags", "Id,Tags\n1,1\n2,2\n3,3\n", -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
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
	t.Run("degenerate vocabulary", func(t *testing.T) {
		one := comptest.Table(t, "Id,Tags\n1,java\n2,java\n")
		if _, err := Grade(comptest.Table(t, "Id,Tags\n1,java\n2,\n"), one); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
			t.Fatalf("err = %v, want a non-invalid error", err)
		}
	})
}

// TestPaths prepares the seed-0 fake data with the streaming path and
// with the in-memory path: both must give the reference MD5s. A raw file
// whose Title column pandas would read as numbers makes the streaming path
// decline.
func TestPaths(t *testing.T) {
	var golden map[string]string
	b, err := os.ReadFile(filepath.Join("testdata", "golden_md5.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &golden); err != nil {
		t.Fatal(err)
	}
	dirs := func(t *testing.T) competition.Dirs {
		dir := t.TempDir()
		d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
		for _, p := range []string{d.Raw, d.Public, d.Private} {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	for name, prep := range map[string]func(context.Context, competition.Dirs) error{
		"stream": prepareStream, "table": prepareTable,
	} {
		t.Run(name, func(t *testing.T) {
			d := dirs(t)
			if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := prep(context.Background(), d); err != nil {
				t.Fatal(err)
			}
			for rel, want := range golden {
				b, err := os.ReadFile(filepath.Join(filepath.Dir(d.Public), rel))
				if err != nil {
					t.Fatal(err)
				}
				if got := fmt.Sprintf("%x", md5.Sum(b)); got != want {
					t.Errorf("%s: md5 %s, reference %s", rel, got, want)
				}
			}
			if left, _ := filepath.Glob(filepath.Join(d.Raw, ".fbkw-*")); len(left) > 0 {
				t.Errorf("temporary files left in raw/: %v", left)
			}
		})
	}
	t.Run("numeric titles decline", func(t *testing.T) {
		d := dirs(t)
		csv := "Id,Title,Body,Tags\n1,12,b c,java\n2,3.5,\"x\ny\",c#\n3,NA,z,php\n"
		if err := synth.WriteZip(filepath.Join(d.Raw, "Train.zip"), []synth.ZipEntry{{Name: "Train.csv", Data: []byte(csv)}}); err != nil {
			t.Fatal(err)
		}
		if err := prepareStream(context.Background(), d); !errors.Is(err, errFallback) {
			t.Fatalf("err = %v, want the fallback", err)
		}
		if err := Prepare(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(d.Public, "train.csv"))
		if err != nil {
			t.Fatal(err)
		}
		// pandas reads Title as float64 (12 → 12.0); checked with pandas 1.5.
		if got, want := string(b), "Id,Title,Body,Tags\n2,3.5,\"x\ny\",c#\n1,12.0,b c,java\n"; got != want {
			t.Errorf("train.csv = %q, want %q", got, want)
		}
	})
}

// TestGradeDegenerateVocabulary: answers with no tag at all, or a single
// distinct tag, give indicator matrices that scikit-learn does not treat as
// multilabel, so it raises (spec Notes: score None, not 0 or 1).
func TestGradeDegenerateVocabulary(t *testing.T) {
	for _, tc := range []struct{ name, ans, sub string }{
		{"no tag", "Id,Tags\n1,\n2,\n", "Id,Tags\n1,java\n2,\n"},
		{"one tag", "Id,Tags\n1,java\n2,java java\n", "Id,Tags\n1,java\n2,java\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), comptest.Table(t, tc.ans))
			if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
				t.Fatalf("score %v err %v, want a non-invalid error", s.Value, err)
			}
		})
	}
}
