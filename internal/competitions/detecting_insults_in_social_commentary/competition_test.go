package detecting_insults_in_social_commentary

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
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
)

const testdataDir = "testdata"

// TestConformance: suite + every prepared file vs
// reference_prepare.py (pandas) on the seed-0 fake data, whose raw test
// file quotes every field and uses CRLF, with comments holding literal
// quotes, commas and backslash escapes; scores vs scikit-learn. The all-zero
// sample scores 0.5, as upstream's test expects.
func TestConformance(t *testing.T) {
	impl := Competition
	half, one := 0.5, 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{SampleScore: &half, GoldScore: &one})
	comptest.CheckReferencePrepared(t, filepath.Join(p.DataDir, p.Info.ID, "prepared"), filepath.Join(testdataDir, "reference_prepared.json"))
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, testdataDir)
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		valid, _ := answers.Select("Insult", "Date", "Comment")
		comptest.Malformed(t, impl, valid, answers, "Comment", "Insult")
	})
}

func TestGrade(t *testing.T) {
	ans := comptest.Table(t, "Insult,Date,Comment,Usage\n1,20120101000000Z,\"\"\"you, idiot\"\"\",PublicTest\n0,,\"\"\"nice\"\"\",PrivateTest\n0,20120101000001Z,\"\"\"ok\"\"\",PublicTest\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"comments matched exactly, any order", "Comment,Insult\n\"\"\"ok\"\"\",0.2\n\"\"\"you, idiot\"\"\",0.9\n\"\"\"nice\"\"\",0.1\n", 1},
		{"Date and other columns ignored", "Insult,Date,Comment\n0.1,x,\"\"\"you, idiot\"\"\"\n0.9,y,\"\"\"nice\"\"\"\n0.0,z,\"\"\"ok\"\"\"\n", 0.5},
		{"no Comment column", "Insult,Text\n1,a\n0,b\n0,c\n", -1},
		{"no Insult column", "Comment,p\n\"\"\"ok\"\"\",1\n\"\"\"nice\"\"\",0\n\"\"\"you, idiot\"\"\",0\n", -1},
		{"row count", "Comment,Insult\n\"\"\"ok\"\"\",1\n", -1},
		{"to_numeric fails", "Comment,Insult\n\"\"\"ok\"\"\",yes\n\"\"\"nice\"\"\",0\n\"\"\"you, idiot\"\"\",0\n", -1},
		{"out of range", "Comment,Insult\n\"\"\"ok\"\"\",1.5\n\"\"\"nice\"\"\",0\n\"\"\"you, idiot\"\"\",0\n", -1},
		{"comment without its literal quotes", "Comment,Insult\nok,1\n\"\"\"nice\"\"\",0\n\"\"\"you, idiot\"\"\",0\n", -1},
		{"NaN score", "Comment,Insult\n\"\"\"ok\"\"\",\n\"\"\"nice\"\"\",0\n\"\"\"you, idiot\"\"\",0\n", -2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch tc.want {
			case -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil || s.Value != tc.want || s.Kind != competition.NumpyFloat64 {
					t.Fatalf("score %v kind %v err %v, want %v (numpy)", s.Value, s.Kind, err, tc.want)
				}
			}
		})
	}
}

// TestPrepareChecks: the original's post-write assertions.
func TestPrepareChecks(t *testing.T) {
	const trainOK = "Insult,Date,Comment\n1,,\"\"\"a\"\"\"\n"
	const testOK = "Insult,Date,Comment,Usage\n1,,\"\"\"b\"\"\",PublicTest\n0,20120101000000Z,\"\"\"c\"\"\",PrivateTest\n"
	for _, tc := range []struct {
		name, train, test, wantErr string
	}{
		{"ok", trainOK, testOK, ""},
		{"train header", "Insult,Comment,Date\n1,\"\"\"a\"\"\",\n", testOK, "train columns"},
		{"test without Usage", trainOK, "Insult,Date,Comment\n1,,\"\"\"b\"\"\"\n", "private columns"},
		{"both headers wrong: train checked first", "Insult,Comment,Date\n1,\"\"\"a\"\"\",\n", "Insult,Date,Comment\n1,,\"\"\"b\"\"\"\n", "train columns"},
		{"comment in both files", trainOK, "Insult,Date,Comment,Usage\n1,,\"\"\"a\"\"\",PublicTest\n", "both train and test"},
		{"NA comment on both sides", "Insult,Date,Comment\n1,,NA\n", "Insult,Date,Comment,Usage\n1,,N/A,PublicTest\n", "both train and test"},
		{"bare CR in a comment round-trips (quoted, CPython ≥ 3.11.9)", trainOK, "Insult,Date,Comment,Usage\n1,,\"x\ry\",PublicTest\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			os.MkdirAll(d.Public, 0o755)
			os.MkdirAll(d.Private, 0o755)
			synth.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(tc.train))
			synth.WriteFile(filepath.Join(d.Raw, "test_with_solutions.csv"), []byte(tc.test))
			err := Prepare(context.Background(), d)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.wantErr)
			}
		})
	}
}
