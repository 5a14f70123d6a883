package plant_pathology_2021_fgvc8

import (
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/table"
)

const testID = "plant-pathology-2021-fgvc8"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s (CSVs and every copied image) from
// reference_prepare.py on the seed-0 fake raw data; the sample score is
// sklearn's (scores.json, sub_sample) rounded.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(0.08163),
		GoldScore:   comptest.Ptr(1),
	})
}

// TestGradeGolden: scores of the committed submissions equal
// MultiLabelBinarizer + f1_score(average="micro") (reference_grade.py).
func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	if len(want) < 4 {
		t.Fatalf("scores.json has %d entries", len(want))
	}
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

// TestGradeCases: hand-computed scores and every invalid case of the
// spec's Grade section.
func TestGradeCases(t *testing.T) {
	answers := comptest.TableViaFile(t, "image,labels\na.jpg,scab\nb.jpg,rust complex\nc.jpg,healthy\n")
	for _, c := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 plain error
	}{
		{"perfect reordered", "image,labels\nc.jpg,healthy\na.jpg,scab\nb.jpg,complex rust\n", 1},
		// TP=2 (scab, rust), FP=1 (healthy on b), FN=2 (complex, healthy on c)
		{"partial", "image,labels\na.jpg,scab\nb.jpg,rust healthy\nc.jpg,\n", 4.0 / 7},
		// unknown tokens are dropped, duplicates count once: TP=4, FN=0, FP=0
		{"unknown and duplicate tokens", "image,labels\na.jpg,scab scab zzz\nb.jpg,rust\u00a0complex\nc.jpg,healthy Healthy\n", 1},
		{"all NaN labels", "image,labels\na.jpg,\nb.jpg,\nc.jpg,\n", 0},
		{"extra column ignored", "image,labels,x\na.jpg,scab,1\nb.jpg,rust complex,2\nc.jpg,healthy,3\n", 1},
		{"1 missing image", "labels\nscab\nrust\nhealthy\n", -1},
		{"1 missing labels", "image,x\na.jpg,scab\nb.jpg,rust\nc.jpg,healthy\n", -1},
		{"2 row count differs", "image,labels\na.jpg,scab\nb.jpg,rust\n", -1},
		{"3 image mismatch", "image,labels\na.jpg,scab\nb.jpg,rust\nd.jpg,healthy\n", -1},
		{"3 duplicate image", "image,labels\na.jpg,scab\na.jpg,rust\nc.jpg,healthy\n", -1},
		{"numeric labels", "image,labels\na.jpg,1\nb.jpg,2\nc.jpg,3\n", -1},
		{"numeric labels with NaN", "image,labels\na.jpg,1\nb.jpg,\nc.jpg,3\n", -1},
		{"boolean labels", "image,labels\na.jpg,True\nb.jpg,False\nc.jpg,True\n", -1},
		{"numeric images", "image,labels\n1,scab\n2,rust\n3,healthy\n", -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			switch {
			case c.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want invalid", s, err)
				}
			case c.want == -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Errorf("got %v, %v; want a plain error", s, err)
				}
			case err != nil:
				t.Fatal(err)
			case s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-c.want) > 1e-12:
				t.Errorf("score %v (kind %v), want %v", s.Value, s.Kind, c.want)
			}
		})
	}
	// An empty answers cell puts NaN into the vocabulary set: sorted() raises.
	bad := comptest.TableViaFile(t, "image,labels\na.jpg,scab\nb.jpg,\n")
	if _, err := Grade(comptest.TableViaFile(t, "image,labels\na.jpg,scab\nb.jpg,rust\n"), bad); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("empty answers cell: %v, want a plain error", err)
	}
}

func TestGradeMalformed(t *testing.T) {
	answers := comptest.TableViaFile(t, "image,labels\na.jpg,scab\nb.jpg,rust complex\nc.jpg,healthy\n")
	valid := "image,labels\na.jpg,scab\nb.jpg,rust complex\nc.jpg,healthy\n"
	comptest.FuzzNoPanic(t, Competition, answers, valid, competition.NumpyFloat64)
	for _, sub := range []string{"image,labels\n", "image,labels\n,,\n,,\n,,\n", "image,labels\n1e400,x\nb.jpg,y\nc.jpg,z\n"} {
		tb, err := table.ReadBytes([]byte(sub), table.ReadOptions{})
		if err != nil {
			continue
		}
		if s, err := comptest.SafeGrade(Competition, tb, answers); err == nil || strings.HasPrefix(err.Error(), "PANIC") {
			t.Errorf("%q: %v, %v; want an error", sub, s, err)
		}
	}
}
