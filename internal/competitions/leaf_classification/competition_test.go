package leaf_classification

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/table"
)

const testID = "leaf-classification"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s of every prepared file (images included)
// from reference_prepare.py on the seed-0 fake raw data; the sample scores
// -ln(1/99) on every row.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(4.59512),
		GoldScore:   comptest.Ptr(0),
	})
	entries, err := os.ReadDir(filepath.Join(p.Paths.Private, "images"))
	if err != nil || len(entries) != 0 {
		t.Errorf("private/images must exist and be empty: %v, %d entries", err, len(entries))
	}
	if len(classes) != 99 {
		t.Errorf("%d classes", len(classes))
	}
}

func TestPrepareUnknownSpecies(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		os.MkdirAll(p, 0o755)
	}
	var b strings.Builder
	b.WriteString("id,species,f\n")
	var imgs []synth.ZipEntry
	for i := 1; i <= 40; i++ {
		sp := "Not_A_Leaf"
		if i == 1 {
			sp = "Acer_Mono"
		}
		b.WriteString(strings.Join([]string{strconv.Itoa(i), sp, "0.5"}, ",") + "\n")
		imgs = append(imgs, synth.ZipEntry{Name: "images/" + strconv.Itoa(i) + ".jpg", Data: []byte{byte(i)}})
	}
	synth.WriteZip(filepath.Join(d.Raw, "train.csv.zip"), []synth.ZipEntry{{Name: "train.csv", Data: []byte(b.String())}})
	synth.WriteZip(filepath.Join(d.Raw, "images.zip"), imgs)
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	ans := comptest.ReadFile(t, filepath.Join(d.Private, "test.csv"))
	extra, ok := ans.Col("Not_A_Leaf")
	if !ok || extra.Kind != table.Float64 || ans.Names()[len(ans.Names())-1] != "Not_A_Leaf" {
		t.Fatalf("unknown species should append a float column; columns %v", ans.Names())
	}
	// every grading now fails the answers assert (a plain error)
	if _, err := Grade(ans, ans); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("grading against answers with an extra column: %v", err)
	}
	// a missing image fails prepare
	synth.WriteZip(filepath.Join(d.Raw, "images.zip"), imgs[:39])
	if err := Prepare(context.Background(), d); err == nil {
		t.Error("missing image: no error")
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
			if s.Kind != competition.PyFloat || math.Abs(s.Value-w) > 1e-9 {
				t.Errorf("score %.17g (kind %v), reference %.17g", s.Value, s.Kind, w)
			}
		})
	}
}

// subCSV builds a submission: id + the 99 classes with per-row values from
// cell(row, class).
func subCSV(ids []string, cols []string, cell func(r, k int) string) string {
	var b strings.Builder
	b.WriteString(strings.Join(cols, ","))
	b.WriteByte('\n')
	for r, id := range ids {
		b.WriteString(id)
		for k := 1; k < len(cols); k++ {
			b.WriteByte(',')
			b.WriteString(cell(r, k-1))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestGradeInvalid(t *testing.T) {
	cols := append([]string{"id"}, classes...)
	ids := []string{"3", "7"}
	onehot := func(r, k int) string {
		if k == r {
			return "1"
		}
		return "0"
	}
	answers := comptest.TableViaFile(t, subCSV(ids, cols, onehot))
	uniform := func(r, k int) string { return "0.010101010101010102" }
	for _, c := range []struct {
		name, sub string
		invalid   bool
	}{
		{"1 missing class column", subCSV(ids, cols[:99], uniform), true},
		{"1 extra column", subCSV(ids, append(append([]string{}, cols...), "extra"), uniform), true},
		{"2 row count differs", subCSV(ids[:1], cols, onehot), true},
		{"3 row does not sum to 1", subCSV(ids, cols, func(r, k int) string { return "0.02" }), true},
		{"3 row sum off by 2e-5", subCSV(ids, cols, func(r, k int) string {
			if k == 0 {
				return "0.01012"
			}
			return "0.010101010101010102"
		}), true},
		{"3 text in a class column", subCSV(ids, cols, func(r, k int) string {
			if k == 5 {
				return "x"
			}
			return "0.010101010101010102"
		}), false},
		{"4 negative probability", subCSV(ids, cols, func(r, k int) string {
			switch k {
			case 0:
				return "-0.5"
			case 1:
				return "1.5"
			}
			return "0"
		}), true},
		{"4 NaN probability", subCSV(ids, cols, func(r, k int) string {
			switch k {
			case 0:
				return ""
			case 1:
				return "1"
			}
			return "0"
		}), true},
		{"5 ids differ (AssertionError)", subCSV([]string{"3", "8"}, cols, onehot), false},
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
	// a zero on the true class is clipped (scikit-learn 1.5): -ln(eps)
	s, err := Grade(comptest.TableViaFile(t, subCSV(ids, cols, func(r, k int) string {
		if k == 1-r {
			return "1"
		}
		return "0"
	})), answers)
	if err != nil || math.Abs(s.Value-36.04365338911715) > 1e-9 {
		t.Errorf("all-wrong one-hot: %v, %v; want -ln(eps) = 36.04365338911715", s, err)
	}
}

func TestGradeMalformed(t *testing.T) {
	cols := append([]string{"id"}, classes...)
	answers := comptest.TableViaFile(t, subCSV([]string{"1"}, cols, func(r, k int) string {
		if k == 0 {
			return "1"
		}
		return "0"
	}))
	for _, sub := range []string{"", "id\n", strings.Join(cols, ",") + "\n", subCSV([]string{""}, cols, func(r, k int) string { return "" }),
		subCSV([]string{"1"}, cols, func(r, k int) string { return "1e400" }), subCSV([]string{"x"}, cols, func(r, k int) string { return "True" })} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("panic %v", r)
				}
			}()
			if s, err := Grade(comptest.TableViaFile(t, sub), answers); err == nil {
				t.Errorf("%.60q: graded as valid (%v)", sub, s)
			}
		}()
	}
}
