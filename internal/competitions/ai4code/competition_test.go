package ai4code

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

type refScore struct {
	Score *float64 `json:"score"`
	Error *string  `json:"error"`
}

func loadRefs(t *testing.T) map[string]refScore {
	t.Helper()
	var refs map[string]refScore
	b, err := os.ReadFile(filepath.Join("testdata", "reference_scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &refs); err != nil {
		t.Fatal(err)
	}
	return refs
}

// TestConformance runs the suite on the seed-0 fake data (20,050
// notebooks); the CSVs must match golden_md5.json and the notebook folders
// golden_listing.json, both from reference_prepare.py (pandas), and the
// sample submission must score what reference_grade.py computed.
func TestConformance(t *testing.T) {
	impl := Competition
	sample := loadRefs(t)["prepared sample_submission.csv"].Score
	s5 := grade.Round5(competition.Score{Value: *sample, Kind: competition.PyFloat})
	one := 1.0
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:     filepath.Join("testdata", "golden_md5.json"),
		GoldenExclude: []string{"public/train/", "public/test/"},
		SampleScore:   &s5,
		GoldScore:     &one,
	})
	t.Run("notebook folders", func(t *testing.T) {
		var want map[string]string
		b, err := os.ReadFile(filepath.Join("testdata", "golden_listing.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		public := p.Paths.Public
		for _, name := range []string{"train", "test"} {
			ents, err := os.ReadDir(filepath.Join(public, name))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range ents {
				names = append(names, e.Name()+"\n")
			}
			slices.Sort(names)
			first := strings.TrimSuffix(names[0], "\n")
			got, err1 := os.ReadFile(filepath.Join(public, name, first))
			raw, err2 := os.ReadFile(filepath.Join(p.Paths.Raw, "train", first))
			if err1 != nil || err2 != nil || string(got) != string(raw) {
				t.Errorf("public/%s/%s is not a byte copy of raw/train/%s (%v, %v)", name, first, first, err1, err2)
			}
			sum := md5.Sum([]byte(strings.Join(names, "")))
			if got := hex.EncodeToString(sum[:]); got != want["public/"+name] {
				t.Errorf("public/%s listing md5 %s, want %s", name, got, want["public/"+name])
			}
		}
	})
	t.Run("raw sample score", func(t *testing.T) {
		sub, err := grade.ReadSubmission(p.Paths.SampleSubmission)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Grade(sub, ans)
		if err != nil {
			t.Fatal(err)
		}
		if !comptest.Close(s.Value, *sample) {
			t.Errorf("sample score %.17g, want %.17g", s.Value, *sample)
		}
		t.Run("malformed", func(t *testing.T) { comptest.Malformed(t, impl, ans, ans, "id", "cell_order") })
	})
}

// TestGrade grades the cases of testdata/AI4Code/grade_cases.json
// (named after the spec's grade bullets) and compares with the scores and
// error kinds reference_grade.py computed.
func TestGrade(t *testing.T) {
	var cases struct {
		Answers     string            `json:"answers"`
		Submissions map[string]string `json:"submissions"`
	}
	b, err := os.ReadFile(filepath.Join("testdata", "grade_cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	refs := loadRefs(t)
	ans := comptest.Table(t, cases.Answers)
	for _, name := range comptest.SortedKeys(cases.Submissions) {
		ref, ok := refs[name]
		if !ok {
			t.Fatalf("no reference for %q", name)
		}
		t.Run(name, func(t *testing.T) {
			s, err := Grade(comptest.Table(t, cases.Submissions[name]), ans)
			switch {
			case ref.Score != nil:
				if err != nil {
					t.Fatal(err)
				}
				if !comptest.Close(s.Value, *ref.Score) || s.Kind != competition.PyFloat {
					t.Fatalf("score %.17g kind %v, want %.17g", s.Value, s.Kind, *ref.Score)
				}
			case *ref.Error == "invalid":
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			default:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a plain %s error", err, *ref.Error)
				}
			}
		})
	}
}

func TestInversions(t *testing.T) {
	brute := func(a []int) int64 {
		var c int64
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				if a[i] > a[j] {
					c++
				}
			}
		}
		return c
	}
	for _, a := range [][]int{{}, {0}, {1, 0}, {2, 8, 4, 9, 1, 6, 7, 3, 0, 5}, {4, 3, 2, 1, 0}, {0, 0, 1, 0}} {
		want := brute(a)
		if got := inversions(slices.Clone(a)); got != want {
			t.Errorf("%v: %d inversions, want %d", a, got, want)
		}
	}
}

func TestCellKeys(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, js, want string }{
		{"order kept", `{"source":{"b":"x"},"cell_type":{"zz":"code","aa":"markdown","mm":"code"}}`, "zz aa mm"},
		{"dup key first position", `{"cell_type":{"a":"code","b":"code","a":"markdown"}}`, "a b"},
		{"no cell_type", `{"source":{}}`, "ERR"},
		{"not an object", `[1]`, "ERR"},
		{"broken", `{"cell_type":{"a":`, "ERR"},
	} {
		p := filepath.Join(dir, "x.json")
		if err := os.WriteFile(p, []byte(tc.js), 0o644); err != nil {
			t.Fatal(err)
		}
		keys, err := cellKeys(p)
		got := strings.Join(keys, " ")
		if err != nil {
			got = "ERR"
		}
		if got != tc.want {
			t.Errorf("%s: %q (err %v), want %q", tc.name, got, err, tc.want)
		}
	}
}

// TestPrepareErrors: a download too small for 20000 test notebooks
// fails the split assert instead of writing a short test set.
func TestPrepareErrors(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(d.Raw, "train_ancestors.csv"), []byte("ancestor_id,id,parent_id\na,b1,\na,b2,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err == nil || !strings.Contains(err.Error(), "20000") {
		t.Fatalf("err = %v, want the split assert", err)
	}
}
