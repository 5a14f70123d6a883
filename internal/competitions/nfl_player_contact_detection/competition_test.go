package nfl_player_contact_detection

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
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (CSVs and copied videos) must match testdata/golden_md5.json, which
// reference_prepare.py (pandas + scikit-learn + shutil) produced from the
// same raw data. The sample (all 0) is the degenerate MCC 0.0 and the gold
// (the answers) scores 1.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: comptest.Ptr(0),
		GoldScore:   comptest.Ptr(1),
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, Competition, p.Paths.Answers, contactID, contact)
		answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		text, err := os.ReadFile(p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.FuzzNoPanic(t, Competition, answers, string(text), competition.NumpyFloat64)
	})
	// The answers given to the grader tests are the seed-0 answers.
	a, err := os.ReadFile(p.Paths.Answers)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("testdata", "answers.csv"))
	if err != nil || string(a) != string(b) {
		t.Errorf("testdata/answers.csv is not the seed-0 private/test.csv (%v)", err)
	}
}

// TestGradeReference grades the submissions of testdata/submissions
// against the seed-0 answers and compares with reference_grade.py
// (scikit-learn): the same valid/invalid/error outcome, the score to 1e-9
// and its Python type (float for the degenerate 0.0, else numpy float64).
func TestGradeReference(t *testing.T) {
	answers := filepath.Join("testdata", "answers.csv")
	comptest.CheckReferenceScores(t, Competition, answers, "testdata")
	var refs map[string]struct {
		Type string `json:"type"`
	}
	comptest.ReadJSON(t, filepath.Join("testdata", "reference_scores.json"), &refs)
	ans, err := grade.LoadAnswers(Competition, answers)
	if err != nil {
		t.Fatal(err)
	}
	for name, ref := range refs {
		if ref.Type == "" {
			continue
		}
		sub, err := grade.ReadSubmission(filepath.Join("testdata", "submissions", name))
		if err != nil {
			t.Fatal(err)
		}
		s, err := Grade(sub, ans)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := competition.NumpyFloat64
		if ref.Type == "float" {
			want = competition.PyFloat
		}
		if s.Kind != want {
			t.Errorf("%s: score kind %v, reference type %s", name, s.Kind, ref.Type)
		}
	}
}

// TestGradeSmall covers the spec's checks on hand-made tables.
func TestGradeSmall(t *testing.T) {
	ans := comptest.Table(t, "contact_id,contact\na_1_2_G,1\na_1_2_3,0\nb_0_1_2,0\nb_0_1_G,1\n")
	for _, c := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"perfect in another order", "contact,contact_id\n1,b_0_1_G\n0,b_0_1_2\n0,a_1_2_3\n1,a_1_2_G\n", 1},
		{"TP=1 FN=1 TN=2: MCC 1/sqrt(3)", "contact_id,contact\na_1_2_G,1\na_1_2_3,0\nb_0_1_2,0\nb_0_1_G,0\n", 0.5773502691896258},
		{"True/False predictions", "contact_id,contact\na_1_2_G,True\na_1_2_3,False\nb_0_1_2,False\nb_0_1_G,True\n", 1},
		{"2. no contact column", "contact_id,pred\na_1_2_G,1\na_1_2_3,0\nb_0_1_2,0\nb_0_1_G,1\n", -1},
		{"3. digit-only ids are ints", "contact_id,contact\n1,1\n2,0\n3,0\n4,1\n", -1},
		{"3. NaN id", "contact_id,contact\n,1\na_1_2_3,0\nb_0_1_2,0\nb_0_1_G,1\n", -1},
		{"4. repeated row", "contact_id,contact\na_1_2_G,1\na_1_2_3,0\nb_0_1_2,0\nb_0_1_G,1\nb_0_1_G,1\n", -1},
		{"probability", "contact_id,contact\na_1_2_G,0.7\na_1_2_3,0\nb_0_1_2,0\nb_0_1_G,1\n", -2},
		{"NaN prediction", "contact_id,contact\na_1_2_G,\na_1_2_3,0\nb_0_1_2,0\nb_0_1_G,1\n", -2},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := comptest.SafeGrade(Competition, comptest.Table(t, c.sub), ans)
			switch c.want {
			case -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("(%v, %v), want invalid", s, err)
				}
			case -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("(%v, %v), want a non-invalid error", s, err)
				}
			default:
				if err != nil || !comptest.Close(s.Value, c.want) {
					t.Fatalf("(%v, %v), want %v", s, err, c.want)
				}
			}
		})
	}
	if _, err := Grade(ans, ans.Drop(contact)); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("answers without contact: %v, want a plain error", err)
	}
}

// TestPrepareErrors: raw data the original fails on gives an error.
func TestPrepareErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		mutate func(raw string) error
		want   string
	}{
		{"missing video", func(raw string) error {
			entries, _ := os.ReadDir(filepath.Join(raw, "train"))
			return os.Remove(filepath.Join(raw, "train", entries[4].Name()))
		}, "no such file"},
		{"labels without contact_id", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train_labels.csv"), []byte("id,game_play,contact\nx_1,g1,0\nx_2,g2,1\n"), 0o644)
		}, "contact_id"},
		{"one game play", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train_labels.csv"), []byte("contact_id,game_play,contact\nx_1,g1,0\nx_2,g1,1\n"), 0o644)
		}, "train set will be empty"},
		{"game play with a path separator", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train_labels.csv"), []byte("contact_id,game_play,contact\nx_1,../g1,0\nx_2,g2,1\n"), 0o644)
		}, "file name"},
		{"tracking without game_play", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train_player_tracking.csv"), []byte("gp,x\n1,2\n"), 0o644)
		}, "game_play"},
		{"missing helmets file", func(raw string) error {
			return os.Remove(filepath.Join(raw, "train_baseline_helmets.csv"))
		}, "train_baseline_helmets.csv"},
		{"contact id on both sides", func(raw string) error {
			var b strings.Builder
			b.WriteString("contact_id,game_play,contact\n")
			for _, gp := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"} {
				b.WriteString("same_id," + gp + ",1\n")
			}
			return os.WriteFile(filepath.Join(raw, "train_labels.csv"), []byte(b.String()), 0o644)
		}, "both"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := comptest.Dirs(t)
			if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := c.mutate(d.Raw); err != nil {
				t.Fatal(err)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}
}

// TestCancel: a cancelled context stops prepare with ctx's error.
func TestCancel(t *testing.T) {
	d := comptest.Dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestGradeOrderFree: a submission in the answers' row order (graded
// without sorting) and the same rows reversed (sorted by id first) score
// alike, to the bit and in kind.
func TestGradeOrderFree(t *testing.T) {
	ans, err := grade.LoadAnswers(Competition, filepath.Join("testdata", "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	ids, _ := ans.Col(contactID)
	truth, _ := ans.Col(contact)
	pred := make([]int64, ans.Len())
	for i := range pred {
		v, _ := truth.Float(i)
		pred[i] = int64(v)
		if i%3 == 0 {
			pred[i] = 1 - pred[i] // some wrong predictions
		}
	}
	inOrder := table.MustNew(ids, table.Ints(contact, pred))
	rev := make([]int, inOrder.Len())
	for i := range rev {
		rev[i] = len(rev) - 1 - i
	}
	a, errA := Grade(inOrder, ans)
	b, errB := Grade(inOrder.Take(rev), ans)
	if errA != nil || errB != nil {
		t.Fatalf("errors: %v, %v", errA, errB)
	}
	if a != b {
		t.Errorf("in order %+v, reversed %+v", a, b)
	}
}
