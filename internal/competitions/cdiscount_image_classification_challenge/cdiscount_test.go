package cdiscount_image_classification_challenge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

var fakeRawOut = flag.String("fakeraw-out", "", "write the seed-0 fake raw data to DIR/raw for reference_prepare.py")

// TestWriteFakeRaw writes DIR/raw for testdata/reference_prepare.py:
//
//	go test ./internal/competitions/cdiscount_image_classification_challenge/ -run TestWriteFakeRaw -args -fakeraw-out DIR
//	/usr/bin/python3 testdata/reference_prepare.py DIR testdata
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("no -fakeraw-out")
	}
	if err := FakeRaw(filepath.Join(*fakeRawOut, "raw"), competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
}

type referenceScores struct{ Sample, Gold, Random float64 }

func readReference(t *testing.T) referenceScores {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "reference_scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r referenceScores
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func readTable(t *testing.T, text string) *table.Table {
	t.Helper()
	tb, err := table.ReadBytes([]byte(text), table.ReadOptions{})
	if errors.Is(err, table.ErrEmpty) {
		return table.MustNew()
	}
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestConformance: every prepared file (CSV and BSON) matches the MD5s of
// reference_prepare.py (pandas, scikit-learn, pymongo's bson) on the same
// raw data; sample/gold/random scores match its accuracy_score.
func TestConformance(t *testing.T) {
	ref := readReference(t)
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &ref.Sample,
		GoldScore:   &ref.Gold,
	})
	answers, err := grade.LoadAnswers(Competition, p.Paths.Answers)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("random submission", func(t *testing.T) {
		ids, _ := answers.Col("_id")
		var b strings.Builder
		b.WriteString("_id,category_id\n")
		for _, id := range ids.Ints {
			fmt.Fprintf(&b, "%d,%d\n", id, categories[id%8].id)
		}
		s, err := Grade(readTable(t, b.String()), answers)
		if err != nil || math.Abs(s.Value-ref.Random) > 1e-9 || s.Kind != competition.PyFloat {
			t.Errorf("random: %v %v, reference %v", s, err, ref.Random)
		}
	})
	t.Run("malformed", func(t *testing.T) { malformed(t, answers) })
}

// TestGrade: the spec's Grade rules in order on hand-made answers, scores by
// hand (k correct of 4).
func TestGrade(t *testing.T) {
	ans := readTable(t, "_id,category_id\n3,100\n1,200\n7,100\n9,300\n")
	for _, tc := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 other error
	}{
		{"perfect", "_id,category_id\n1,200\n3,100\n7,100\n9,300\n", 1},
		{"shuffled, extra column", "x,category_id,_id\n0,300,9\n0,100,7\n0,200,1\n0,100,3\n", 1},
		{"all 100", "_id,category_id\n1,100\n3,100\n7,100\n9,100\n", 0.5},
		{"integral float labels", "_id,category_id\n1,200.0\n3,100.0\n7,5.0\n9,0\n", 0.5},
		{"5. fractional float label (continuous target)", "_id,category_id\n1,200.0\n3,100.0\n7,1.5\n9,0\n", -2},
		{"float ids", "_id,category_id\n1.0,200\n3.0,100\n7.0,100\n9.0,0\n", 0.75},
		{"text labels, many classes", "_id,category_id\n1,a\n3,b\n7,c\n9,d\n", 0},
		{"1. fewer rows", "_id,category_id\n1,200\n3,100\n7,100\n", -1},
		{"1. more rows", "_id,category_id\n1,200\n3,100\n7,100\n9,300\n10,1\n", -1},
		{"2. no category_id", "_id,category\n1,200\n3,100\n7,100\n9,300\n", -1},
		{"3. no _id", "id,category_id\n1,200\n3,100\n7,100\n9,300\n", -1},
		{"4. other ids", "_id,category_id\n1,200\n3,100\n7,100\n8,300\n", -1},
		{"4. duplicate ids", "_id,category_id\n1,200\n1,100\n7,100\n9,300\n", -1},
		{"4. missing id", "_id,category_id\n,200\n3,100\n7,100\n9,300\n", -1},
		{"4. text ids", "_id,category_id\na,200\nb,100\nc,100\nd,300\n", -1},
		{"5. NaN label", "_id,category_id\n1,200\n3,\n7,100\n9,300\n", -2},
		// scikit-learn 1.5 only unions (and so type-checks) the labels of
		// binary targets: text against multiclass ints is just unequal.
		{"5. text against multiclass ints: all wrong", "_id,category_id\n1,200\n3,x\n7,100\n9,300\n", 0},
		{"empty", "", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Grade(readTable(t, tc.sub), ans)
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
				if err != nil {
					t.Fatal(err)
				}
				if s.Value != tc.want || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v, want %v", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

func malformed(t *testing.T, answers *table.Table) {
	n := answers.Len()
	idx := func(k int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = i % n
		}
		return out
	}
	with := func(c *table.Column) *table.Table {
		s, err := answers.With(c)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	nan := make([]float64, n)
	nan[0] = math.NaN()
	huge := make([]float64, n)
	huge[0] = 1e308
	for name, c := range map[string]struct {
		sub  *table.Table
		want string // "invalid", "error" or "score"
	}{
		"empty": {table.MustNew(), "invalid"}, "no rows": {answers.Take(nil), "invalid"},
		"one short": {answers.Take(idx(n - 1)), "invalid"}, "twice": {answers.Take(idx(2 * n)), "invalid"},
		"drop _id": {answers.Drop("_id"), "invalid"}, "drop category_id": {answers.Drop("category_id"), "invalid"},
		"text ids":    {with(table.Strings("_id", make([]string, n))), "invalid"},
		"NaN label":   {with(table.Floats("category_id", nan)), "error"},
		"huge label":  {with(table.Floats("category_id", huge)), "error"}, // continuous target
		"bool labels": {with(table.Bools("category_id", make([]bool, n))), "score"},
	} {
		out := competitiontest.GradeTable(Competition, c.sub, answers)
		switch c.want {
		case "invalid":
			if !errors.Is(out.Err, competition.ErrInvalidSubmission) {
				t.Errorf("%s: %v %v, want invalid", name, out.Score, out.Err)
			}
		case "error":
			if out.Err == nil || errors.Is(out.Err, competition.ErrInvalidSubmission) || out.Score != nil {
				t.Errorf("%s: %v %v, want an error", name, out.Score, out.Err)
			}
		default:
			if out.Score == nil {
				t.Errorf("%s: %v, want a score", name, out.Err)
			}
		}
	}
}

func dirs(t testing.TB) competition.Dirs {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// TestPrepareErrors: raw problems the original crashes on are errors.
func TestPrepareErrors(t *testing.T) {
	doc := func(fields string) []byte { // {"_id": 1, "category_id": 2} variants
		var b bytes.Buffer
		b.Write([]byte{0, 0, 0, 0})
		if strings.Contains(fields, "id") {
			b.Write(append([]byte{0x10}, "_id\x00\x01\x00\x00\x00"...))
		}
		if strings.Contains(fields, "cat") {
			b.Write(append([]byte{0x10}, "category_id\x00\x02\x00\x00\x00"...))
		}
		if strings.Contains(fields, "str") {
			b.Write(append([]byte{0x02}, "category_id\x00\x02\x00\x00\x00x\x00"...))
		}
		b.WriteByte(0)
		out := b.Bytes()
		out[0] = byte(len(out))
		return out
	}
	for name, data := range map[string][]byte{
		"no category_id":   append(doc("id"), doc("id cat")...),
		"no _id":           append(doc("cat"), doc("id cat")...),
		"text category_id": append(doc("id str"), doc("id cat")...),
		"truncated":        doc("id cat")[:9],
		"cut-off length":   append(doc("id cat"), 1, 2),
		"bad size":         {3, 0, 0, 0},
		"one document":     doc("id cat"),
		"empty":            {},
		"duplicate _id":    bytes.Repeat(doc("id cat"), 30),
	} {
		t.Run(name, func(t *testing.T) {
			d := dirs(t)
			if err := os.WriteFile(filepath.Join(d.Raw, "train.bson"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(d.Raw, "category_names.csv"), []byte("category_id\n"), 0o644)
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
	d := dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 20}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled prepare: %v", err)
	}
}

// TestSplitVector: at the real document count the split Prepare uses puts
// the spec's positions first (test) and 706,990 documents in test.
func TestSplitVector(t *testing.T) {
	if testing.Short() {
		t.Skip("7,069,896-element permutation")
	}
	train, test, err := pyrand.TrainTestSplit(7069896, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		t.Fatal(err)
	}
	if len(test) != 706990 || len(train) != 6362906 {
		t.Fatalf("sizes %d/%d", len(train), len(test))
	}
	if want := []int{2721951, 2921174, 193253, 3959883, 826746, 5681812, 541170, 6913603}; !slices.Equal(test[:8], want) {
		t.Errorf("test starts %v, want %v", test[:8], want)
	}
	if want := []int{3980587, 242203, 3638451, 6544167}; !slices.Equal(train[:4], want) {
		t.Errorf("train starts %v, want %v", train[:4], want)
	}
}
