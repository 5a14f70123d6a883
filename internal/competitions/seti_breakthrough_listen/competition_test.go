package seti_breakthrough_listen

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

const testID = "seti-breakthrough-listen"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s (CSVs, every .npy copy and the
// old_leaky_data tree) from reference_prepare.py (pandas 1.5.3, sklearn
// 1.2.1) on the seed-0 fake raw data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(0.5),
		GoldScore:   comptest.Ptr(1),
	})
}

// TestGradeGolden: scores from scikit-learn's roc_auc_score
// (reference_prepare.py → scores.json).
func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	if len(want) != 3 {
		t.Fatalf("scores.json has %d entries", len(want))
	}
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			s, err := Grade(comptest.ReadFile(t, filepath.Join(testdata, name+".csv")), answers)
			if err != nil {
				t.Fatal(err)
			}
			if s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-w) > 1e-9 {
				t.Errorf("score %v (kind %v), sklearn %.17g", s.Value, s.Kind, w)
			}
		})
	}
}

func TestGradeCases(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,target\n0ab,1\n1cd,0\n2ef,1\n012,0\n")
	for _, c := range []struct {
		name, sub string
		score     float64
		invalid   bool
		err       bool
	}{
		{"valid shuffled", "id,target\n012,0.1\n2ef,0.9\n1cd,0.2\n0ab,0.8\n", 1, false, false},
		{"valid ties", "id,target\n0ab,0.5\n1cd,0.5\n2ef,1\n012,0\n", 0.875, false, false},
		{"2 no id column", "ID,target\n0ab,1\n1cd,0\n2ef,1\n012,0\n", 0, true, false},
		{"3 no target column", "id,t\n0ab,1\n1cd,0\n2ef,1\n012,0\n", 0, true, false},
		{"4 row count differs", "id,target\n0ab,1\n1cd,0\n2ef,1\n", 0, true, false},
		{"5 non-numeric target", "id,target\n0ab,x\n1cd,0\n2ef,1\n012,0\n", 0, true, false},
		{"6 target above 1", "id,target\n0ab,1.5\n1cd,0\n2ef,1\n012,0\n", 0, true, false},
		{"6 target below 0", "id,target\n0ab,-0.1\n1cd,0\n2ef,1\n012,0\n", 0, true, false},
		{"7 ids differ (leading zero lost)", "id,target\n0ab,1\n1cd,0\n2ef,1\n12,0\n", 0, true, false},
		{"7 duplicate id", "id,target\n0ab,1\n0ab,0\n2ef,1\n012,0\n", 0, true, false},
		{"NaN score (sklearn ValueError)", "id,target\n0ab,\n1cd,0\n2ef,1\n012,0\n", 0, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			switch {
			case c.invalid || c.err:
				if err == nil {
					t.Fatalf("graded as valid (%v)", s)
				}
				if got := errors.Is(err, competition.ErrInvalidSubmission); got != c.invalid {
					t.Errorf("invalid=%v (%v), want %v", got, err, c.invalid)
				}
			case err != nil:
				t.Fatal(err)
			case math.Abs(s.Value-c.score) > 1e-12:
				t.Errorf("score %v, want %v", s.Value, c.score)
			}
		})
	}
	if _, err := Grade(comptest.TableViaFile(t, "id,target\na,1\n"), comptest.TableViaFile(t, "id,label\na,1\n")); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("answers without target: %v, want a plain error", err)
	}
}

func TestGradeMalformed(t *testing.T) {
	answers := comptest.TableViaFile(t, "id,target\na1,1\nb2,0\n")
	for _, sub := range []string{"", "id\n", "id,target\n", "id,target\na1,1e400\nb2,0\n", "id,target,x\n,,\n,,\n", "target,id\nTrue,a1\n,b2\n", "id,target\na1,1\nb2,0\nc3,1\n"} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%q: panic %v", sub, r)
				}
			}()
			if s, err := Grade(comptest.TableViaFile(t, sub), answers); err == nil {
				t.Errorf("%q: graded as valid (%v)", sub, s)
			}
		}()
	}
}

func TestPrepareErrors(t *testing.T) {
	for _, c := range []struct {
		name    string
		csv     string
		noLeak  bool
		want    string
		written bool // private/test.csv written before the failure
	}{
		{"missing old_leaky_data", "id,target\naa1,1\nbb2,0\n", true, "old_leaky_data", true},
		{"all-digit ids are numbers", "id,target\n111,1\n222,0\n", false, "TypeError", true},
		{"duplicate ids fail the file-count assert", "id,target\naa1,1\naa1,0\naa1,1\n", false, "assertion", true},
		{"missing npy file", "id,target\naa1,1\nzz9,0\n", false, "zz9", true},
		{"single row", "id,target\naa1,1\n", false, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := comptest.Dirs(t)
			os.WriteFile(filepath.Join(d.Raw, "train_labels.csv"), []byte(c.csv), 0o644)
			for _, id := range []string{"aa1", "bb2", "111", "222"} {
				os.MkdirAll(filepath.Join(d.Raw, "train", id[:1]), 0o755)
				os.WriteFile(filepath.Join(d.Raw, "train", id[:1], id+".npy"), []byte(id), 0o644)
			}
			if !c.noLeak {
				os.MkdirAll(filepath.Join(d.Raw, "old_leaky_data", "x"), 0o755)
				os.WriteFile(filepath.Join(d.Raw, "old_leaky_data", "x", "y.csv"), []byte("a\n"), 0o644)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, c.want)
			}
			_, statErr := os.Stat(filepath.Join(d.Private, "test.csv"))
			if written := statErr == nil; written != c.written {
				t.Errorf("private/test.csv written = %v, want %v", written, c.written)
			}
		})
	}
}
