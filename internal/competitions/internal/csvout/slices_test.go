package csvout

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

// TestWriteSlicesMatchesWholeTable: any slice size writes the bytes of one
// WriteCSV of the whole table; a failing part leaves no file.
func TestWriteSlicesMatchesWholeTable(t *testing.T) {
	defer func(n int) { SliceRows = n }(SliceRows)
	ints := make([]int64, 1000)
	floats := make([]float64, 1000)
	for i := range ints {
		ints[i] = int64(i * 7)
		floats[i] = float64(i) / 3
	}
	whole := table.MustNew(table.Ints("id", ints), table.Floats("x", floats))
	opt := table.WriteOptions{FloatFormat: "%.10g"}
	for _, n := range []int{0, 1, 999, 1000} {
		sub := whole.Take(seq(n))
		var want bytes.Buffer
		if err := sub.WriteCSV(&want, opt); err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{1, 7, 500, 65536} {
			SliceRows = size
			path := filepath.Join(t.TempDir(), "out.csv")
			err := WriteSlices(path, n, opt, func(lo, hi int) (*table.Table, error) {
				return sub.Take(seq(hi)[lo:]), nil
			})
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("n=%d slice=%d: bytes differ from one WriteCSV", n, size)
			}
		}
	}
	SliceRows = 3
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	boom := errors.New("boom")
	err := WriteSlices(path, 10, opt, func(lo, hi int) (*table.Table, error) {
		if lo >= 6 {
			return nil, boom
		}
		return whole.Take(seq(hi)[lo:]), nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("a failed write left %v", left)
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
