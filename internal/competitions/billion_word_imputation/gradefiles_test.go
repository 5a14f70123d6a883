package billion_word_imputation

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pairlines"
	"github.com/mlebench/mlebench/internal/grade"
)

// sentenceText is a sentence as a file may hold it: mostly words, quoted
// with quotes doubled, sometimes bare, and now and then a form the general
// path reads otherwise (NA strings, numbers, a lone quote, a comma, a line
// break, a carriage return, invalid UTF-8).
func sentenceText(r *rand.Rand, odd bool) string {
	words := []string{"a", "b", "of", "the", "'s", ",", ".", `"`, "é", "日本", "12"}
	var w []string
	for range 1 + r.IntN(5) {
		w = append(w, words[r.IntN(len(words))])
	}
	s := strings.Join(w, " ")
	if odd {
		switch r.IntN(12) {
		case 0:
			return []string{"", "NA", "nan", "null", `""`, `"NA"`}[r.IntN(6)]
		case 1:
			return []string{"12", "1.5", "-3", "True", `"7"`, "inf"}[r.IntN(6)]
		case 2:
			return `"a"b"`
		case 3:
			return "a,b"
		case 4:
			return `"a` + "\n" + `b"`
		case 5:
			return `"a b"` + "\r"
		case 6:
			return "\"\xff\xfe\""
		case 7:
			return `"a b",x`
		case 8:
			return " " + s
		}
	}
	if !strings.Contains(s, `"`) && !strings.Contains(s, ",") && r.IntN(4) == 0 {
		return s // bare
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// TestGradeFilesMatchesGrade: on random pairs of files, gradeFiles either
// declines or gives exactly the score Grade gives on the tables the
// harness reads from the same files (and never another error).
func TestGradeFilesMatchesGrade(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	dir := t.TempDir()
	subPath, ansPath := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	taken := 0
	const cases = 1500
	for c := range cases {
		n := 1 + r.IntN(25)
		ids := make([]int, n)
		for i := range ids {
			ids[i] = i
		}
		odd := r.IntN(3) == 0
		subIDs := append([]int(nil), ids...)
		if odd {
			switch r.IntN(6) {
			case 0:
				r.Shuffle(n, func(i, j int) { subIDs[i], subIDs[j] = subIDs[j], subIDs[i] })
			case 1:
				subIDs[r.IntN(n)] = n + 5
			case 2:
				subIDs = subIDs[:n-1]
			case 3:
				ids[r.IntN(n)] = ids[r.IntN(n)] // a repeat in both
				copy(subIDs, ids)
			}
		}
		write := func(path string, ids []int, oddCells bool) {
			var b strings.Builder
			header := `"id","sentence"`
			if r.IntN(4) == 0 {
				header = "id,sentence"
			}
			if oddCells && r.IntN(6) == 0 {
				header = []string{`"id",sentence`, "\ufeffid,sentence", "sentence,id", "id,sentence,extra"}[r.IntN(4)]
			}
			b.WriteString(header + "\n")
			for k, id := range ids {
				idText := strconv.Itoa(id)
				switch {
				case r.IntN(5) == 0:
					idText = `"` + idText + `"`
				case oddCells && r.IntN(10) == 0:
					idText = []string{"", "1.0", "-1", "x", " 3", "0001", "99999999999999999999"}[r.IntN(7)]
				}
				b.WriteString(idText + "," + sentenceText(r, oddCells && r.IntN(3) == 0))
				if k < len(ids)-1 || r.IntN(3) > 0 {
					b.WriteString("\n")
				}
			}
			if oddCells && r.IntN(8) == 0 {
				b.WriteString("\n\n")
			}
			if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(subPath, subIDs, odd && r.IntN(2) == 0)
		write(ansPath, ids, odd && r.IntN(4) == 0)

		got, err := gradeFiles(subPath, ansPath)
		if errors.Is(err, competition.ErrDeclined) {
			continue
		}
		b1, _ := os.ReadFile(subPath)
		b2, _ := os.ReadFile(ansPath)
		if err != nil {
			t.Fatalf("case %d: gradeFiles error %v\n%q\n%q", c, err, b1, b2)
		}
		taken++
		sub, err := grade.ReadSubmissionFor(Competition, subPath)
		if err != nil {
			t.Fatalf("case %d: gradeFiles took a submission the harness cannot read: %v\n%q", c, err, b1)
		}
		ans, err := grade.LoadAnswers(Competition, ansPath)
		if err != nil {
			t.Fatalf("case %d: gradeFiles took answers the harness cannot read: %v\n%q", c, err, b2)
		}
		want, err := Grade(sub, ans)
		if err != nil || want != got {
			t.Fatalf("case %d: gradeFiles %v, Grade %v, %v\n%q\n%q", c, got, want, err, b1, b2)
		}
	}
	if taken < cases/2 {
		t.Errorf("gradeFiles took %d of %d pairs; want most of the plain ones", taken, cases)
	}
}

// TestGradeFilesDeclines: one odd line in an otherwise plain pair makes
// gradeFiles decline, never score (the harness's reading then decides).
func TestGradeFilesDeclines(t *testing.T) {
	dir := t.TempDir()
	subPath, ansPath := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	plain := "0,\"a b c\"\n1,\"d e\"\n"
	for _, c := range []struct{ name, sub, ans string }{
		{"missing submitted sentence", plain + "2,\"\"\n", plain + "2,\"x y\"\n"},
		{"NA answer", plain + "2,\"x y\"\n", plain + "2,NA\n"},
		{"ids out of step", plain + "3,\"x y\"\n", plain + "2,\"x y\"\n"},
		{"a row short", plain, plain + "2,\"x y\"\n"},
		{"line break in a sentence", plain + "2,\"x\ny\"\n", plain + "2,\"x y\"\n"},
		{"carriage return", plain + "2,\"x y\"\r\n", plain + "2,\"x y\"\n"},
		{"third field", plain + "2,\"x y\",z\n", plain + "2,\"x y\"\n"},
		{"lone quote", plain + "2,\"x\"y\"\n", plain + "2,\"x y\"\n"},
		{"blank line", plain + "\n2,\"x y\"\n", plain + "2,\"x y\"\n"},
		{"negative id", plain + "-2,\"x y\"\n", plain + "-2,\"x y\"\n"},
		{"quote left open at the end", plain + "2,\"x y", plain + "2,\"x y\"\n"},
		{"invalid UTF-8", plain + "2,\"x \xff y\"\n", plain + "2,\"x y\"\n"},
		{"bare sentence with a quote", plain + "2,x\"y\n", plain + "2,\"x y\"\n"},
		{"NUL", plain + "2,\"x\x00y\"\n", plain + "2,\"x y\"\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for path, body := range map[string]string{subPath: `"id","sentence"` + "\n" + c.sub, ansPath: `"id","sentence"` + "\n" + c.ans} {
				if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if s, err := gradeFiles(subPath, ansPath); !errors.Is(err, competition.ErrDeclined) {
				t.Errorf("gradeFiles = %v, %v; want ErrDeclined", s, err)
			}
		})
	}
}

// TestGradeFilesBlocks: every low_memory block of rows needs a sentence
// only text can hold; a block of numbers alone (which pandas would read
// as a float chunk) declines, wherever it is.
func TestGradeFilesBlocks(t *testing.T) {
	defer func(n int) { pairlines.BlockRows = n }(pairlines.BlockRows)
	pairlines.BlockRows = 2
	dir := t.TempDir()
	subPath, ansPath := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	for _, c := range []struct {
		name  string
		cells []string
		take  bool
	}{
		{"text in every block", []string{"a b", "1", "2", "c d", "e"}, true},
		{"numbers in the second block", []string{"a b", "1", "2", "3", "c d"}, false},
		{"numbers in the last, short block", []string{"a b", "1", "c d", "2", "3"}, false},
		{"numbers in the last, full block", []string{"a b", "c", "2", "3"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("id,sentence\n")
			for i, s := range c.cells {
				b.WriteString(strconv.Itoa(i) + ",\"" + s + "\"\n")
			}
			for _, path := range []string{subPath, ansPath} {
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := gradeFiles(subPath, ansPath)
			if took := err == nil; took != c.take {
				t.Errorf("gradeFiles took the files: %v (%v), want %v", took, err, c.take)
			}
		})
	}
}
