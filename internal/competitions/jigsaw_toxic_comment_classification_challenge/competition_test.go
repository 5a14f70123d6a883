package jigsaw_toxic_comment_classification_challenge

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
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

const testID = "jigsaw-toxic-comment-classification-challenge"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s from reference_prepare.py (pandas) on
// the seed-0 fake raw data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(0.5),
		GoldScore:   comptest.Ptr(1),
	})
}

func TestPrepareErrors(t *testing.T) {
	header := "id," + strings.Join(classes, ",") + "\n"
	for _, c := range []struct {
		name                        string
		train, test, labels, sample string
		want                        string
	}{
		{"ok", "id,comment_text\naa,x\n", "id,comment_text\nbb,y\ncc,z\n", header + "bb,0,0,0,0,0,0\ncc,1,1,1,1,1,1\n", header + "cc,0,0,0,0,0,0\nbb,0,0,0,0,0,0\n", ""},
		{"length differs", "id,comment_text\naa,x\n", "id,comment_text\nbb,y\ncc,z\n", header + "bb,0,0,0,0,0,0\n", header + "cc,0,0,0,0,0,0\nbb,0,0,0,0,0,0\n", "rows"},
		{"ids differ", "id,comment_text\naa,x\n", "id,comment_text\nbb,y\ncc,z\n", header + "bb,0,0,0,0,0,0\ndd,1,1,1,1,1,1\n", header + "cc,0,0,0,0,0,0\nbb,0,0,0,0,0,0\n", "sorted ids"},
		{"duplicates count", "id,comment_text\naa,x\n", "id,comment_text\nbb,y\ncc,z\n", header + "bb,0,0,0,0,0,0\nbb,1,1,1,1,1,1\n", header + "cc,0,0,0,0,0,0\nbb,0,0,0,0,0,0\n", "sorted ids"},
		{"train and test overlap", "id,comment_text\nbb,x\n", "id,comment_text\nbb,y\ncc,z\n", header + "bb,0,0,0,0,0,0\ncc,1,1,1,1,1,1\n", header + "cc,0,0,0,0,0,0\nbb,0,0,0,0,0,0\n", "overlap"},
		// Python's list == never finds two NaN floats equal (each cell
		// iterates to a new float object), even at the same position.
		{"NaN ids never match", "id,comment_text\n5,x\n", "id,comment_text\n1,y\n,z\n", header + "1,0,0,0,0,0,0\n,1,1,1,1,1,1\n", header + "1,0,0,0,0,0,0\n,0,0,0,0,0,0\n", "sorted ids"},
		{"sample lacking a class gets it appended", "id,comment_text\naa,x\n", "id,comment_text\nbb,y\n", header + "bb,0,0,0,0,0,0\n", "id,toxic\nbb,0\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			for name, content := range map[string]string{"train.csv": c.train, "test.csv": c.test, "test_labels.csv": c.labels, "sample_submission.csv": c.sample} {
				if err := synth.WriteZip(filepath.Join(d.Raw, name+".zip"), []synth.ZipEntry{{Name: name, Data: []byte(content)}}); err != nil {
					t.Fatal(err)
				}
			}
			err := Prepare(context.Background(), d)
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}
	// the appended classes come after the sample's own columns
	dir := t.TempDir()
	d := competition.Dirs{Raw: dir, Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	os.MkdirAll(d.Public, 0o755)
	os.MkdirAll(d.Private, 0o755)
	for name, content := range map[string]string{"train.csv": "id,comment_text\naa,x\n", "test.csv": "id,comment_text\nbb,y\n", "test_labels.csv": header + "bb,0,0,0,0,0,0\n", "sample_submission.csv": "id,obscene,extra\nbb,0,7\n"} {
		synth.WriteZip(filepath.Join(d.Raw, name+".zip"), []synth.ZipEntry{{Name: name, Data: []byte(content)}})
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(d.Public, "sample_submission.csv"))
	if want := "id,obscene,extra,toxic,severe_toxic,threat,insult,identity_hate\nbb,0.5,7,0.5,0.5,0.5,0.5,0.5\n"; string(got) != want {
		t.Errorf("sample = %q, want %q", got, want)
	}
}

func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			s, err := Grade(comptest.ReadFile(t, filepath.Join(testdata, name+".csv")), answers)
			if err != nil {
				t.Fatal(err)
			}
			if s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-w) > 1e-9 {
				t.Errorf("score %.17g (kind %v), sklearn %.17g", s.Value, s.Kind, w)
			}
		})
	}
}

func TestGradeInvalid(t *testing.T) {
	h := "id," + strings.Join(classes, ",") + "\n"
	answers := comptest.TableViaFile(t, h+"a1,0,0,0,0,0,0\nb2,1,1,1,1,1,1\nc3,-1,-1,-1,-1,-1,-1\n")
	for _, c := range []struct {
		name, sub string
		invalid   bool
	}{
		{"1 no id column", "idx,toxic,severe_toxic,obscene,threat,insult,identity_hate\na1,0,0,0,0,0,0\nb2,1,1,1,1,1,1\nc3,0,0,0,0,0,0\n", true},
		{"2 class column missing", "id,toxic,severe_toxic,obscene,threat,insult\na1,0,0,0,0,0\nb2,1,1,1,1,1\nc3,0,0,0,0,0\n", true},
		{"4 length differs (AssertionError)", h + "a1,0,0,0,0,0,0\nb2,1,1,1,1,1,1\n", false},
		{"6 unknown id (unalignable)", h + "a1,0,0,0,0,0,0\nb2,1,1,1,1,1,1\nzz,0,0,0,0,0,0\n", false},
		{"6 duplicate makes the kept counts differ", h + "a1,0,0,0,0,0,0\nb2,1,1,1,1,1,1\nb2,0,0,0,0,0,0\n", false},
		{"7 extra column (IndexError)", h[:len(h)-1] + ",comment_text\na1,0,0,0,0,0,0,0\nb2,1,1,1,1,1,1,0\nc3,0,0,0,0,0,0,0\n", false},
		{"7 NaN score", h + "a1,,0,0,0,0,0\nb2,1,1,1,1,1,1\nc3,0,0,0,0,0,0\n", false},
		{"7 text score", h + "a1,x,0,0,0,0,0\nb2,1,1,1,1,1,1\nc3,0,0,0,0,0,0\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			if err == nil {
				t.Fatal("graded as valid")
			}
			if got := errors.Is(err, competition.ErrInvalidSubmission); got != c.invalid {
				t.Errorf("invalid=%v (%v), want %v", got, err, c.invalid)
			}
		})
	}
	// Valid quirk: no range check on the scores.
	if s, err := Grade(comptest.TableViaFile(t, h+"c3,9,9,9,9,9,9\nb2,100,100,100,100,100,100\na1,-4,-4,-4,-4,-4,-4\n"), answers); err != nil || s.Value != 1 {
		t.Errorf("scores outside [0,1]: %v, %v; want 1", s, err)
	}
}

func TestGradeDuplicateUnscored(t *testing.T) {
	h := "id," + strings.Join(classes, ",") + "\n"
	answers := comptest.TableViaFile(t, h+"a1,0,0,0,0,0,0\nb2,1,1,1,1,1,1\nc3,-1,-1,-1,-1,-1,-1\nd4,-1,-1,-1,-1,-1,-1\n")
	s, err := Grade(comptest.TableViaFile(t, h+"a1,0,0,0,0,0,0\nb2,1,1,1,1,1,1\nc3,5,5,5,5,5,5\nc3,5,5,5,5,5,5\n"), answers)
	if err != nil || s.Value != 1 {
		t.Errorf("duplicated unscored id: %v, %v; want 1", s, err)
	}
}

func TestGradeMalformed(t *testing.T) {
	h := "id," + strings.Join(classes, ",") + "\n"
	answers := comptest.TableViaFile(t, h+"a1,0,0,0,0,0,0\nb2,1,1,1,1,1,1\n")
	for _, sub := range []string{"", "id\n", h, h + ",,,,,,\n,,,,,,\n", h + "1,1,1,1,1,1,1\n2,1e400,1,1,1,1,1\n", h + "a1,True,1,1,1,1,1\nb2,,1,1,1,1,1\n"} {
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
