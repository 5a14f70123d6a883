package billion_word_imputation

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/table"
)

const testID = "billion-word-imputation"

var testdata = filepath.Join("testdata")

var writeQuirky = flag.String("bwi-write-quirky", "", "write the quirky raw train_v2.txt.zip of TestQuirkyGolden into this directory (for reference_prepare.py)")

// TestConformance runs the suite on the default fake raw data (the
// original's 30,301,028 lines plus three ignored ones); golden_md5.json is
// reference_prepare.py's output on the same data, zips compared by member.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("prepares 30 million lines twice")
	}
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore: comptest.Ptr(2.26056), // python-Levenshtein on the reference output
		GoldScore:   comptest.Ptr(0),
	})
	comptest.CheckGoldenMembers(t, filepath.Join(p.DataDir, testID, "prepared"), filepath.Join(testdata, "golden_md5.json"))
}

// quirkyLines is a raw file dense in edge cases: with seed 0 about one
// line in a hundred is drawn for the test part, so each case repeats.
func quirkyLines() string {
	cases := []string{
		"He said  \"yes\" , then\tleft .\n",
		"  leading and trailing spaces  \n",
		"non\u00a0breaking\u2009thin and\u3000ideographic spaces\n",
		"unit\u001fseparator\u001crecord splits words\n",
		"\u0085next line char is whitespace too\u0085\n",
		"line\u2028separator is not a line break\n",
		"\n",
		"two words\n",
		"x y z\n",
		"\"quoted\" \"\" \" words\n",
		"crlf line end here\r\n",
		"lone cr\rsplits the line into two parts\r",
		"Ünïcödé wörds → here ✓\n",
		"a  b   c    d\n",
		"\t\ttabs only\tbetween words\t\n",
	}
	var b strings.Builder
	for i := 0; i < 300; i++ {
		for _, c := range cases {
			b.WriteString(c)
		}
	}
	b.WriteString("last line without terminator")
	return b.String()
}

func writeRaw(t *testing.T, dir, text string) {
	t.Helper()
	if err := writeZip(filepath.Join(dir, "train_v2.txt.zip"), "train_v2.txt", strings.NewReader(text)); err != nil {
		t.Fatal(err)
	}
}

// TestQuirkyGolden: a small raw file dense in whitespace, quoting and
// line-end cases, prepared with literal total = its line count − 5 (so the
// last lines are ignored); golden from reference_prepare.py.
func TestQuirkyGolden(t *testing.T) {
	if *writeQuirky != "" {
		writeRaw(t, *writeQuirky, quirkyLines())
	}
	var want struct {
		Total int `json:"total"`
		Tests int `json:"test_count"`
	}
	comptest.ReadJSON(t, filepath.Join(testdata, "quirky_counts.json"), &want)
	d := comptest.Dirs(t)
	writeRaw(t, d.Raw, quirkyLines())
	if err := prepareN(context.Background(), d, want.Total); err != nil {
		t.Fatal(err)
	}
	comptest.CheckGoldenMembers(t, filepath.Dir(d.Public), filepath.Join(testdata, "quirky_golden_md5.json"))
	n := countLines(t, filepath.Join(d.Private, "test.csv"))
	if n-1 != want.Tests {
		t.Errorf("test.csv has %d rows, reference %d", n-1, want.Tests)
	}
	// A larger literal than the file's lines: outputs written, then the
	// final assert fails.
	d2 := comptest.Dirs(t)
	writeRaw(t, d2.Raw, quirkyLines())
	err := prepareN(context.Background(), d2, want.Total+1000)
	if err == nil || !strings.Contains(err.Error(), "literal total") {
		t.Errorf("short file: %v, want the line-count assert", err)
	}
	if _, serr := os.Stat(filepath.Join(d2.Private, "test.csv")); serr != nil {
		t.Errorf("outputs should be written before the assert fails: %v", serr)
	}
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	s := bufio.NewScanner(f)
	for s.Scan() {
		n++
	}
	return n
}

// TestLineReader: Python universal-newline iteration.
func TestLineReader(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string // line + "|" if terminated
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a\n", []string{"a|"}},
		{"a\r\nb\rc\n\nd", []string{"a|", "b|", "c|", "|", "d"}},
		{"\r", []string{"|"}},
		{"a\r\r\n", []string{"a|", "|"}},
		{"x\u2028y\u0085z\n", []string{"x\u2028y\u0085z|"}},
		{strings.Repeat("w", 3<<20) + "\r\nq", []string{strings.Repeat("w", 3<<20) + "|", "q"}},
	} {
		lr := &lineReader{r: bufio.NewReaderSize(strings.NewReader(c.in), 1<<20)}
		var got []string
		for {
			line, term, err := lr.next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			s := string(line)
			if term {
				s += "|"
			}
			got = append(got, s)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%.40q: got %.80q, want %.80q", c.in, got, c.want)
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	d := comptest.Dirs(t)
	if err := prepareN(context.Background(), d, 10); err == nil {
		t.Error("missing raw zip: no error")
	}
	d = comptest.Dirs(t)
	writeRaw(t, d.Raw, "a b c\n\xff\xfe bad utf8\n")
	if err := prepareN(context.Background(), d, 2); err == nil || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("invalid UTF-8: %v", err)
	}
	d = comptest.Dirs(t)
	writeRaw(t, d.Raw, strings.Repeat("a b c\n", 1000))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := prepareN(ctx, d, 1000); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestGrade: hand-computed mean edit distances and the spec's checks.
func TestGrade(t *testing.T) {
	answers := comptest.TableViaFile(t, "\"id\",\"sentence\"\n0,\"a b c\"\n1,\"He said \"\"hi\"\" .\"\n2,\"Ünï cödé x\"\n")
	for _, c := range []struct {
		name, sub string
		want      float64 // -1 invalid, -2 plain error
	}{
		{"perfect reordered", "id,sentence\n2,Ünï cödé x\n0,a b c\n1,\"He said \"\"hi\"\" .\"\n", 0},
		// a c (2) + He "hi" . (5: "said ") + Ünï x (5: "cödé ") = 12/3
		{"sample-like", "id,sentence\n0,a c\n1,\"He \"\"hi\"\" .\"\n2,Ünï x\n", 12.0 / 3},
		{"extra column", "id,sentence,x\n0,a b c,1\n1,\"He said \"\"hi\"\" .\",2\n2,Ünï cödé x,3\n", 0},
		{"1 missing id", "sentence\na b c\nx\ny\n", -1},
		{"1 missing sentence", "id,x\n0,a\n1,b\n2,c\n", -1},
		{"1 missing column beats wrong length", "id\n0\n", -1},
		{"2 row count", "id,sentence\n0,a b c\n1,x\n", -1},
		{"3 ids differ", "id,sentence\n0,a b c\n1,x\n3,y\n", -1},
		{"3 duplicate id", "id,sentence\n0,a b c\n0,x\n2,y\n", -1},
		{"3 text ids", "id,sentence\na,a b c\nb,x\nc,y\n", -1},
		{"NaN sentence", "id,sentence\n0,a b c\n1,\n2,y\n", -2},
		{"NA token sentence", "id,sentence\n0,a b c\n1,\"NA\"\n2,y\n", -2},
		{"numeric sentences", "id,sentence\n0,1\n1,2\n2,3\n", -2},
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
}

// TestGradeGolden: mean Levenshtein.distance (python-Levenshtein via
// reference_grade.py) on the quirky data's answers vs its sample and a
// perturbed submission.
func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	if len(want) < 2 {
		t.Fatalf("scores.json has %d entries", len(want))
	}
	for name, w := range want {
		s, err := Grade(comptest.ReadFile(t, filepath.Join(testdata, name+".csv")), answers)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if math.Abs(s.Value-w) > 1e-9 {
			t.Errorf("%s: score %.17g, reference %.17g", name, s.Value, w)
		}
	}
}

func TestGradeMalformed(t *testing.T) {
	valid := "id,sentence\n0,a b c\n1,d e f\n2,g h i\n"
	answers := comptest.TableViaFile(t, valid)
	comptest.FuzzNoPanic(t, Competition, answers, valid, competition.NumpyFloat64)
	tb, err := table.ReadBytes([]byte("id,sentence\n"), table.ReadOptions{})
	if err == nil {
		if _, err := Grade(tb, answers); err == nil {
			t.Error("empty submission graded")
		}
	}
}
