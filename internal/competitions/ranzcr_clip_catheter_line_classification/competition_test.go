package ranzcr_clip_catheter_line_classification

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

const testID = "ranzcr-clip-catheter-line-classification"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s (CSVs and images) from
// reference_prepare.py on the seed-0 fake raw data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(0.5),
		GoldScore:   comptest.Ptr(1),
	})
}

func TestFakeRawCoversClasses(t *testing.T) {
	for _, rows := range []int{0, 30, 250} {
		dir := t.TempDir()
		if err := FakeRaw(dir, competition.FakeOptions{Seed: 3, Rows: rows}); err != nil {
			t.Fatal(err)
		}
		df := comptest.ReadFile(t, filepath.Join(dir, "train.csv"))
		_, test, _ := split(df.Len())
		for _, c := range classes {
			col, _ := df.Col(c)
			seen := map[int64]bool{}
			for _, r := range test {
				seen[col.Ints[r]] = true
			}
			if !seen[0] || !seen[1] {
				t.Errorf("rows=%d: class %s lacks a label in the test part", rows, c)
			}
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	header := id + "," + strings.Join(rawLabels, ",") + ",PatientID\n"
	row := func(uid string) string { return uid + strings.Repeat(",0", 11) + ",p1\n" }
	for _, c := range []struct {
		name, csv string
		images    []string
		want      string
	}{
		{"missing image", header + row("1.2.3") + row("1.2.4"), []string{"1.2.3"}, "1.2.4.jpg"},
		{"repeated uid", header + row("1.2.3") + row("1.2.3") + row("1.2.3") + row("1.2.3"), []string{"1.2.3"}, ".jpg files"},
		{"no annotations file", header + row("1.2.3") + row("1.2.4"), nil, "train_annotations.csv"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private, filepath.Join(d.Raw, "train")} {
				os.MkdirAll(p, 0o755)
			}
			os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(c.csv), 0o644)
			if c.images != nil {
				os.WriteFile(filepath.Join(d.Raw, "train_annotations.csv"), []byte(id+",label,data\n"), 0o644)
			}
			for _, im := range c.images {
				os.WriteFile(filepath.Join(d.Raw, "train", im+".jpg"), []byte(im), 0o644)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
		})
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
	h := id + "," + strings.Join(classes, ",") + "\n"
	answers := comptest.TableViaFile(t, id+","+strings.Join(rawLabels, ",")+",PatientID\n"+
		"1.2.3"+strings.Repeat(",0", 11)+",p\n1.2.4"+strings.Repeat(",1", 11)+",p\n")
	row := func(uid, v string) string { return uid + strings.Repeat(","+v, 9) + "\n" }
	for _, c := range []struct {
		name, sub string
		invalid   bool
	}{
		{"1 class missing", id + "," + strings.Join(classes[:8], ",") + "\n1.2.3" + strings.Repeat(",0", 8) + "\n1.2.4" + strings.Repeat(",0", 8) + "\n", true},
		{"2 length differs (AssertionError)", h + row("1.2.3", "0"), false},
		{"3 no id column", "id," + strings.Join(classes, ",") + "\n" + row("1.2.3", "0") + row("1.2.4", "0"), true},
		{"3 not numeric", h + row("1.2.3", "a") + row("1.2.4", "0"), true},
		{"3 out of range", h + row("1.2.3", "0") + row("1.2.4", "7"), true},
		{"3 ids differ", h + row("1.2.3", "0") + row("1.2.5", "0"), true},
		{"NaN score", h + "1.2.3," + strings.Repeat(",0", 8) + "\n" + row("1.2.4", "0"), false},
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
	// Class by class: the preparation of class 1 passes with a NaN (the
	// range check skips it; its AUC fails only later), so an out-of-range
	// value in class 9 is still reported as an invalid submission.
	sub := h + "1.2.3," + strings.Repeat("0,", 8) + "5\n" + "1.2.4,," + strings.Repeat("0,", 7) + "0\n"
	if _, err := Grade(comptest.TableViaFile(t, sub), answers); !errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("NaN in class 1 and 5 in class 9: %v, want the range check's invalid submission", err)
	}
}

func TestGradeMalformed(t *testing.T) {
	h := id + "," + strings.Join(classes, ",") + "\n"
	answers := comptest.TableViaFile(t, h+"1.2.3"+strings.Repeat(",0", 9)+"\n1.2.4"+strings.Repeat(",1", 9)+"\n")
	for _, sub := range []string{"", id + "\n", h, h + strings.Repeat(",", 9) + "\n" + strings.Repeat(",", 9) + "\n", h + "1.2.3" + strings.Repeat(",1e400", 9) + "\n1.2.4" + strings.Repeat(",0", 9) + "\n"} {
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
