package icecube_neutrinos_in_deep_ice

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
)

// angleText is an angle as a file may hold it: mostly the preparer's
// float32 reprs, sometimes an integer, an exponent, -0, an infinity or
// text.
func angleText(r *rand.Rand, hi float64) string {
	switch r.IntN(30) {
	case 0:
		return strconv.Itoa(r.IntN(7) - 3)
	case 1:
		return strconv.FormatFloat(r.Float64()*1e-5, 'g', -1, 32)
	case 2:
		return "-0"
	case 3:
		return []string{"inf", "-inf", "NaN", "", "abc", "1e999", " 1.5", "True"}[r.IntN(8)]
	}
	return strconv.FormatFloat(r.Float64()*hi, 'g', -1, 32)
}

// TestGradeFilesMatchesGrade: on random pairs of files, gradeFiles either
// declines or gives exactly the score Grade gives on the tables the
// harness reads from the same files (and never an error).
func TestGradeFilesMatchesGrade(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	subPath, ansPath := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	taken := 0
	const cases = 1500
	for c := range cases {
		n := 1 + r.IntN(30)
		ids := make([]int64, n)
		next := int64(r.IntN(5)) - 2
		for i := range ids {
			next += 1 + int64(r.IntN(3))
			ids[i] = next
		}
		odd := r.IntN(3) == 0
		if odd && n > 1 && r.IntN(3) == 0 {
			// The same ids out of increasing order in both files.
			if r.IntN(2) == 0 {
				ids[1+r.IntN(n-1)] = ids[0]
			} else {
				r.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
			}
		}
		subIDs := append([]int64(nil), ids...)
		if odd {
			switch r.IntN(5) {
			case 0:
				ids[r.IntN(n)] = ids[r.IntN(n)] // a repeat (or nothing)
			case 1:
				r.Shuffle(n, func(i, j int) { subIDs[i], subIDs[j] = subIDs[j], subIDs[i] })
			case 2:
				subIDs[r.IntN(n)] = next + 1 // a stranger
			case 3:
				subIDs = subIDs[:n-1] // a row short
			}
		}
		write := func(path, header string, ids []int64, oddCells bool) {
			var b strings.Builder
			b.WriteString(header + "\n")
			for _, id := range ids {
				az, ze := strconv.FormatFloat(r.Float64()*2*math.Pi, 'g', -1, 32), strconv.FormatFloat(r.Float64()*math.Pi, 'g', -1, 32)
				if oddCells {
					az, ze = angleText(r, 2*math.Pi), angleText(r, math.Pi)
				}
				b.WriteString(strconv.FormatInt(id, 10) + "," + az + "," + ze + "\n")
			}
			if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		subHeader := plainHeader
		if odd && r.IntN(8) == 0 {
			subHeader = "event_id,zenith,azimuth"
		}
		write(subPath, subHeader, subIDs, odd && r.IntN(2) == 0)
		write(ansPath, plainHeader, ids, odd && r.IntN(4) == 0)

		got, err := gradeFiles(subPath, ansPath)
		if errors.Is(err, competition.ErrDeclined) {
			continue
		}
		if err != nil {
			t.Fatalf("case %d: gradeFiles error %v", c, err)
		}
		taken++
		sub, err := grade.ReadSubmissionFor(Competition, subPath)
		if err != nil {
			t.Fatalf("case %d: gradeFiles took a submission the harness cannot read: %v", c, err)
		}
		ans, err := grade.LoadAnswers(Competition, ansPath)
		if err != nil {
			t.Fatalf("case %d: gradeFiles took answers the harness cannot read: %v", c, err)
		}
		want, err := Grade(sub, ans)
		if err != nil || want != got {
			b1, _ := os.ReadFile(subPath)
			b2, _ := os.ReadFile(ansPath)
			t.Fatalf("case %d: gradeFiles %v, Grade %v, %v\n%s\n%s", c, got, want, err, b1, b2)
		}
	}
	if taken < cases/2 {
		t.Errorf("gradeFiles took %d of %d pairs; want most of the plain ones", taken, cases)
	}
}

// TestGradeFilesDeclinesInfinities puts one infinite angle in each of the
// four places of an otherwise plain pair: gradeFiles must decline it (Grade
// then decides), never score it.
func TestGradeFilesDeclinesInfinities(t *testing.T) {
	dir := t.TempDir()
	subPath, ansPath := filepath.Join(dir, "sub.csv"), filepath.Join(dir, "ans.csv")
	for _, c := range []struct {
		name     string
		sub, ans string
	}{
		{"submission azimuth", "1,inf,1.5", "1,0.5,1.5"},
		{"submission zenith", "1,0.5,-inf", "1,0.5,1.5"},
		{"answers azimuth", "1,0.5,1.5", "1,1e999,1.5"},
		{"answers zenith", "1,0.5,1.5", "1,0.5,inf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for path, row := range map[string]string{subPath: c.sub, ansPath: c.ans} {
				body := plainHeader + "\n0,1.25,0.75\n" + row + "\n2,3.5,2.25\n"
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
