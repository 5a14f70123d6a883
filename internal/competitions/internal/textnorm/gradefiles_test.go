package textnorm

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pairlines"
	"github.com/mlebench/mlebench/internal/grade"
)

// afterText is an after value as a file may hold it: mostly words, quoted
// (quotes doubled) or bare, NA strings, numbers, and now and then a form
// the plain reading refuses.
func afterText(r *rand.Rand, odd bool) string {
	values := []string{"two", "2", "two point five", "", "NA", "nan", "null", "N/A", "sil", "x", `say "hi"`, "a,b", "12.0", "True", "é"}
	v := values[r.IntN(len(values))]
	if odd {
		switch r.IntN(8) {
		case 0:
			return `"a` + "\n" + `b"`
		case 1:
			return `"a"b"`
		case 2:
			return "\"\xff\""
		case 3:
			return `"x"` + "\r"
		case 4:
			return "x,y"
		}
	}
	if !strings.ContainsAny(v, `",`) && r.IntN(3) == 0 {
		return v
	}
	return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
}

// TestGradeFilesMatchesGrade: on random pairs of files, GradeFiles either
// declines or gives exactly the score Grade gives on the tables the
// harness reads from the same files (and never another error).
func TestGradeFilesMatchesGrade(t *testing.T) {
	impl := &competition.Impl{ID: "text-normalization", Grade: Grade, TypedRead: true}
	r := rand.New(rand.NewPCG(21, 22))
	dir := t.TempDir()
	subPath, ansPath := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	taken := 0
	const cases = 1500
	for c := range cases {
		n := 1 + r.IntN(25)
		ids := make([]string, n)
		for i := range ids {
			ids[i] = []string{"0", "1", "10", "2"}[i%4] + "_" + []string{"0", "1", "12"}[i/4%3] + strings.Repeat("0", i/12)
		}
		odd := r.IntN(3) == 0
		subIDs := append([]string(nil), ids...)
		if odd {
			switch r.IntN(6) {
			case 0:
				r.Shuffle(n, func(i, j int) { subIDs[i], subIDs[j] = subIDs[j], subIDs[i] })
			case 1:
				subIDs[r.IntN(n)] = "9_9"
			case 2:
				subIDs = subIDs[:n-1]
			case 3:
				k := r.IntN(n)
				ids[k], subIDs[k] = "", "" // a missing id in both
			case 4:
				ids[r.IntN(n)] = ids[r.IntN(n)] // a repeat in both
				copy(subIDs, ids)
			}
		}
		write := func(path string, ids []string, oddCells bool) {
			var b strings.Builder
			header := `"id","after"`
			if r.IntN(4) == 0 {
				header = "id,after"
			}
			if oddCells && r.IntN(6) == 0 {
				header = []string{`"id",after`, "\ufeffid,after", "after,id"}[r.IntN(3)]
			}
			b.WriteString(header + "\n")
			for k, id := range ids {
				if r.IntN(3) > 0 {
					id = `"` + id + `"`
				}
				b.WriteString(id + "," + afterText(r, oddCells && r.IntN(3) == 0))
				if k < len(ids)-1 || r.IntN(3) > 0 {
					b.WriteString("\n")
				}
			}
			if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(subPath, subIDs, odd && r.IntN(2) == 0)
		write(ansPath, ids, odd && r.IntN(4) == 0)

		got, err := GradeFiles(subPath, ansPath)
		if errors.Is(err, competition.ErrDeclined) {
			continue
		}
		b1, _ := os.ReadFile(subPath)
		b2, _ := os.ReadFile(ansPath)
		if err != nil {
			t.Fatalf("case %d: GradeFiles error %v\n%q\n%q", c, err, b1, b2)
		}
		taken++
		sub, err := grade.ReadSubmissionFor(impl, subPath)
		if err != nil {
			t.Fatalf("case %d: GradeFiles took a submission the harness cannot read: %v\n%q", c, err, b1)
		}
		ans, err := grade.LoadAnswers(impl, ansPath)
		if err != nil {
			t.Fatalf("case %d: GradeFiles took answers the harness cannot read: %v\n%q", c, err, b2)
		}
		want, err := Grade(sub, ans)
		if err != nil || want != got {
			t.Fatalf("case %d: GradeFiles %v, Grade %v, %v\n%q\n%q", c, got, want, err, b1, b2)
		}
	}
	if taken < cases/2 {
		t.Errorf("GradeFiles took %d of %d pairs; want most of the plain ones", taken, cases)
	}
}

// TestGradeFilesBlocks: a low_memory block whose after cells are all
// numbers or NA strings (pandas reads it as floats: "12" becomes "12.0")
// declines, as does one whose ids could all be numbers.
func TestGradeFilesBlocks(t *testing.T) {
	defer func(n int) { pairlines.BlockRows = n }(pairlines.BlockRows)
	pairlines.BlockRows = 2
	dir := t.TempDir()
	subPath, ansPath := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	for _, c := range []struct {
		name string
		rows []string
		take bool
	}{
		{"text in every block", []string{`"0_0","a"`, `"0_1","12"`, `"0_2",""`, `"0_3","b"`, `"0_4","c"`}, true},
		{"numbers and NA in a block", []string{`"0_0","a"`, `"0_1","12"`, `"0_2","12"`, `"0_3",""`, `"0_4","c"`}, false},
		{"numeric ids in the last block", []string{`"0_0","a"`, `"0_1","b"`, `"7","c"`}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := `"id","after"` + "\n" + strings.Join(c.rows, "\n") + "\n"
			for _, path := range []string{subPath, ansPath} {
				if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := GradeFiles(subPath, ansPath)
			if took := err == nil; took != c.take {
				t.Errorf("GradeFiles took the files: %v (%v), want %v", took, err, c.take)
			}
		})
	}
}

// TestGradeFilesDeclinesUint64Conflict: an integer beyond int64 ahead of a
// signed text cell makes pandas' uint64 pass fail as a conflict, whose
// object block keeps NA strings as text ("NA" is then not "nan"): the pass
// declines any integer beyond int64 rather than score such a pair.
func TestGradeFilesDeclinesUint64Conflict(t *testing.T) {
	dir := t.TempDir()
	subPath, ansPath := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	for path, body := range map[string]string{
		subPath: "id,after\na,18446744073709551615\nb,-x\nc,NA\n",
		ansPath: "id,after\na,hello\nb,-x\nc,nan\n",
	} {
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if s, err := GradeFiles(subPath, ansPath); !errors.Is(err, competition.ErrDeclined) {
		t.Errorf("GradeFiles = %v, %v; want ErrDeclined", s, err)
	}
}
