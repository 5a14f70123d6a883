package plant_pathology_2020_fgvc7

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
)

const testID = "plant-pathology-2020-fgvc7"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s (CSVs and renamed images) from
// reference_prepare.py on the seed-0 fake raw data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(0.5),
		GoldScore:   comptest.Ptr(1),
	})
}

// TestFakeRawCoversClasses: every class has both labels in the test
// part for several seeds and sizes (the generator plants them).
func TestFakeRawCoversClasses(t *testing.T) {
	for _, rows := range []int{0, 40, 300} {
		dir := t.TempDir()
		if err := FakeRaw(dir, competition.FakeOptions{Seed: 7, Rows: rows}); err != nil {
			t.Fatal(err)
		}
		df := comptest.ReadFile(t, filepath.Join(dir, "train.csv"))
		_, test, err := split(df.Len())
		if err != nil {
			t.Fatal(err)
		}
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
	for _, c := range []struct {
		name, csv string
		images    []string
		want      string
	}{
		{"id not starting with Train_", "image_id,healthy,multiple_diseases,rust,scab\nTrain_0,1,0,0,0\nTest_1,0,1,0,0\n", []string{"Train_0", "Test_1"}, "Train_"},
		{"missing image", "image_id,healthy,multiple_diseases,rust,scab\nTrain_0,1,0,0,0\nTrain_1,0,1,0,0\n", []string{"Train_0"}, "Train_1.jpg"},
		{"wrong columns", "image_id,healthy,rust,scab\nTrain_0,1,0,0\nTrain_1,0,1,0\n", []string{"Train_0", "Train_1"}, "columns"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private, filepath.Join(d.Raw, "images")} {
				os.MkdirAll(p, 0o755)
			}
			os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(c.csv), 0o644)
			for _, im := range c.images {
				os.WriteFile(filepath.Join(d.Raw, "images", im+".jpg"), []byte(im), 0o644)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}
}

// TestRenameNoChaining: old names that collide with new names are
// replaced once (Series.replace with a dict), and each image follows its
// row.
func TestRenameNoChaining(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	for _, p := range []string{d.Raw, d.Public, d.Private, filepath.Join(d.Raw, "images")} {
		os.MkdirAll(p, 0o755)
	}
	var b strings.Builder
	b.WriteString("image_id,healthy,multiple_diseases,rust,scab\n")
	for i := 0; i < 30; i++ {
		id := "Train_" + string(rune('a'+i%26)) + strings.Repeat("x", i/26)
		if i < 10 {
			id = "Train_" + string(rune('0'+i))
		}
		b.WriteString(id + ",1,0,0,0\n")
		os.WriteFile(filepath.Join(d.Raw, "images", id+".jpg"), []byte("img "+id), 0o644)
	}
	os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(b.String()), 0o644)
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	train, test, _ := split(30)
	old := comptest.ReadFile(t, filepath.Join(d.Raw, "train.csv"))
	oldIDs, _ := old.Col("image_id")
	for k, r := range train {
		got, err := os.ReadFile(filepath.Join(d.Public, "images", "Train_"+strconv.Itoa(k)+".jpg"))
		if err != nil || string(got) != "img "+oldIDs.Text[r] {
			t.Errorf("Train_%d.jpg = %q, %v; want the image of %s", k, got, err, oldIDs.Text[r])
		}
	}
	for k, r := range test {
		got, err := os.ReadFile(filepath.Join(d.Public, "images", "Test_"+strconv.Itoa(k)+".jpg"))
		if err != nil || string(got) != "img "+oldIDs.Text[r] {
			t.Errorf("Test_%d.jpg = %q, %v; want the image of %s", k, got, err, oldIDs.Text[r])
		}
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
	h := "image_id,healthy,multiple_diseases,rust,scab\n"
	answers := comptest.TableViaFile(t, h+"Test_0,1,0,0,0\nTest_1,0,1,0,0\nTest_10,0,0,1,0\nTest_2,0,0,0,1\nTest_3,1,0,0,0\nTest_4,0,1,1,1\n")
	rows := "Test_0,1,0,0,0\nTest_1,0,1,0,0\nTest_10,0,0,1,0\nTest_2,0,0,0,1\nTest_3,1,0,0,0\nTest_4,0,1,1,1\n"
	for _, c := range []struct {
		name, sub string
		invalid   bool
	}{
		{"2 length differs", h + "Test_0,1,0,0,0\n", true},
		{"3 missing column", "image_id,healthy,multiple_diseases,rust\nTest_0,1,0,0\nTest_1,0,1,0\nTest_10,0,0,1\nTest_2,0,0,0\nTest_3,1,0,0\nTest_4,0,1,1\n", true},
		{"3 extra column", "image_id,healthy,multiple_diseases,rust,scab,x\n" + strings.ReplaceAll(rows, "\n", ",1\n"), true},
		{"4 ids differ", h + strings.Replace(rows, "Test_4", "Test_5", 1), true},
		{"4 duplicate id", h + strings.Replace(rows, "Test_4", "Test_3", 1), true},
		{"NaN score", h + strings.Replace(rows, "Test_0,1,", "Test_0,,", 1), false},
		{"text score", h + strings.Replace(rows, "Test_0,1,", "Test_0,x,", 1), false},
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
	// a class with one label in the answers: every submission fails (plain)
	one := comptest.TableViaFile(t, h+"Test_0,1,0,0,0\nTest_1,0,0,1,0\n")
	if _, err := Grade(one, one); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("single-class answers column: %v, want a plain error", err)
	}
}

func TestGradeMalformed(t *testing.T) {
	h := "image_id,healthy,multiple_diseases,rust,scab\n"
	answers := comptest.TableViaFile(t, h+"Test_0,1,0,1,0\nTest_1,0,1,0,1\n")
	for _, sub := range []string{"", "image_id\n", h, h + ",,,,\n,,,,\n", h + "Test_0,1e400,0,0,0\nTest_1,1,1,1,1\n", h + "1,True,0,0,0\n2,,1,1,1\n"} {
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

// TestGradeMixedIDs: check 4 sorts both tables by image_id before
// comparing. An object id column holding text and numbers (pandas'
// low_memory blocks of a large file) makes sort_values raise TypeError — a
// plain error, not the id-mismatch InvalidSubmissionError. A Mixed column
// of text only sorts and grades normally.
func TestGradeMixedIDs(t *testing.T) {
	h := "image_id,healthy,multiple_diseases,rust,scab\n"
	rows := "Test_0,1,0,0,0\nTest_1,0,1,0,0\nTest_2,0,0,1,0\nTest_3,0,0,0,1\n"
	answers := comptest.TableViaFile(t, h+rows)
	sub, err := comptest.TableViaFile(t, h+rows).With(comptest.MixedColumn("image_id", "Test_0", 1, "Test_2", "Test_3"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Grade(sub, answers); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("text and int ids: %v, want sort_values' TypeError (a plain error)", err)
	}
	sub, err = comptest.TableViaFile(t, h+rows).With(comptest.MixedColumn("image_id", "Test_3", "Test_1", "Test_2", "Test_0"))
	if err != nil {
		t.Fatal(err)
	}
	// Rows 0 and 3 swap ids, so after sorting healthy and scab each rank
	// their one positive tied with two negatives and below the third: AUC
	// 1/3 each, the other two classes 1; mean (1/3+1+1+1/3)/4 = 2/3.
	if s, err := Grade(sub, answers); err != nil || math.Abs(s.Value-2.0/3) > 1e-12 {
		t.Errorf("text-only object ids: %v, %v; want 2/3", s, err)
	}
}
