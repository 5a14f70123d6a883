package h_and_m_personalized_fashion_recommendations

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

// TestConformance runs the shared suite on the seed-0 fake raw data and
// compares every prepared file (images included) with
// testdata/golden_md5.json from testdata/reference_prepare.py (pandas). The
// zero-padded sample submission scores 0; the answers themselves score
// below 1 because of repeat purchases.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore: comptest.Ptr(0),
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
	})
	out := competitiontest.Grade(t, Competition, p.Paths.Answers, p.Paths.Answers)
	if out.Score == nil || *out.Score >= 1 || *out.Score <= 0.5 {
		t.Errorf("gold score %v, want in (0.5, 1) (repeat purchases)", out.Score)
	}
}

// TestPrepareRules: the dtype pandas would infer decides how numbers are
// written; missing cells; the 8-day window; unsupported input.
func TestPrepareRules(t *testing.T) {
	header := "t_dat,customer_id,article_id,price,sales_channel_id\n"
	for _, tc := range []struct {
		name, tx       string
		train, answers string
		wantErr        string
	}{
		{
			name: "ints_and_reprs",
			tx: header +
				"2020-09-10,aa,0108775015,0.0300,2\n" +
				"2020-09-14,bb,0108775044,0.00005,1\n" +
				"2020-09-15,cc,0108775015,1,2\n" +
				"2020-09-22,aa,0200000001,0.1,1\n" +
				"2020-09-20,aa,0108775015,0.1,1\n" +
				"2020-09-20,aa,0200000001,0.1,1\n",
			train:   header + "2020-09-10,aa,108775015,0.03,2\n2020-09-14,bb,108775044,5e-05,1\n",
			answers: "customer_id,prediction\naa,200000001 108775015 200000001\ncc,108775015\n",
		},
		{
			name: "missing_cells_make_floats",
			tx: header +
				"2020-09-01,\"x,y\",0108775015,,2\n" +
				",bb,,3,\n" +
				"2020-09-12,,0108775044,2,1\n" +
				"2020-09-12,cc,0108775044,2,1\n",
			train:   header + "2020-09-01,\"x,y\",108775015.0,,2.0\n,bb,,3.0,\n",
			answers: "customer_id,prediction\ncc,108775044.0\n",
		},
		{"text_article", header + "2020-09-01,aa,abc,1.0,1\n", "", "", "not a number"},
		{"bad_date", header + "2020/09/01,aa,1,1.0,1\n", "", "", "YYYY-MM-DD"},
		{"feb_30", header + "2020-02-30,aa,1,1.0,1\n", "", "", "YYYY-MM-DD"},
		{"extra_column", "t_dat,customer_id,article_id,price,sales_channel_id,x\n2020-09-01,aa,1,1.0,1,2\n", "", "", "columns"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private, filepath.Join(d.Raw, "images", "010")} {
				os.MkdirAll(p, 0o755)
			}
			os.WriteFile(filepath.Join(d.Raw, "transactions_train.csv"), []byte(tc.tx), 0o644)
			for _, n := range []string{"articles.csv", "customers.csv", "sample_submission.csv"} {
				os.WriteFile(filepath.Join(d.Raw, n), []byte(n+"\n"), 0o644)
			}
			os.WriteFile(filepath.Join(d.Raw, "images", "010", "0108775015.jpg"), []byte("jpeg"), 0o644)
			err := Prepare(context.Background(), d)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got %v, want an error containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for path, want := range map[string]string{
				filepath.Join(d.Public, "transactions_train.csv"):          tc.train,
				filepath.Join(d.Private, "answers.csv"):                    tc.answers,
				filepath.Join(d.Public, "articles.csv"):                    "articles.csv\n",
				filepath.Join(d.Public, "images", "010", "0108775015.jpg"): "jpeg",
			} {
				if b, err := os.ReadFile(path); err != nil || string(b) != want {
					t.Errorf("%s:\n%s(%v)\nwant:\n%s", path, b, err, want)
				}
			}
		})
	}
}

// TestPrepareNeedsImages: a missing images folder fails, as copytree does.
func TestPrepareNeedsImages(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 40}); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(d.Public, 0o755)
	os.MkdirAll(d.Private, 0o755)
	os.RemoveAll(filepath.Join(d.Raw, "images"))
	if err := Prepare(context.Background(), d); err == nil || !strings.Contains(err.Error(), "image tree") {
		t.Errorf("got %v, want an image-tree error", err)
	}
}

// TestGradeReference grades every case of testdata/grade against the
// outcome and score of reference_grade.py.
func TestGradeReference(t *testing.T) {
	comptest.RunGradeCases(t, Competition, filepath.Join("testdata", "grade"), competition.NumpyFloat64)
}

func safeGrade(sub, answers *table.Table) (competition.Score, error) {
	return comptest.SafeGrade(Competition, sub, answers)
}

// TestGradeMalformed: odd submissions never panic; those without a valid
// id column are refused.
func TestGradeMalformed(t *testing.T) {
	answers, err := grade.LoadAnswers(Competition, filepath.Join("testdata", "grade", "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"numeric_ids":      "customer_id,prediction\n1,2\n2,3\n",
		"duplicate_header": "customer_id,customer_id,prediction\na,b,c\n",
		"only_ids":         "customer_id\nabc\n",
		"bool_ids":         "customer_id,prediction\nTrue,1\nFalse,2\n",
	} {
		t.Run(name, func(t *testing.T) {
			sub, err := table.ReadBytes([]byte(text), table.ReadOptions{})
			if err != nil {
				return
			}
			if s, err := safeGrade(sub, answers); err == nil || strings.HasPrefix(err.Error(), "PANIC") {
				t.Errorf("got (%v, %v), want no score and no panic", s, err)
			}
		})
	}
	valid, err := os.ReadFile(filepath.Join("testdata", "grade", "random_all_customers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, Competition, answers, string(valid), competition.NumpyFloat64)
}

// TestPrepareCancel: a cancelled context stops the passes.
func TestPrepareCancel(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 50}); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(d.Public, 0o755)
	os.MkdirAll(d.Private, 0o755)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
