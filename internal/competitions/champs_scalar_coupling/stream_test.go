package champs_scalar_coupling

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// TestFilterAuxMatchesWhole: the streamed filter of an auxiliary file
// writes exactly what reading the whole file, keeping the train molecules'
// rows and writing them gives, on a file of three pandas blocks whose
// columns change dtype from block to block (ints then floats, numbers then
// text, missing cells).
func TestFilterAuxMatchesWhole(t *testing.T) {
	const width = 20
	per := table.BlockRows(width)
	var b strings.Builder
	b.WriteString("molecule_name")
	for j := 1; j < width; j++ {
		fmt.Fprintf(&b, ",c%d", j)
	}
	b.WriteString("\n")
	n := 2*per + 777
	for r := 0; r < n; r++ {
		blk := r / per
		fmt.Fprintf(&b, "dsgdb9nsd_%06d", r/17)
		for j := 1; j < width; j++ {
			var cell string
			switch {
			case j == 1 && blk == 1:
				cell = fmt.Sprintf("%d.25", r%1000) // ints, then floats
			case j == 2 && blk == 2:
				cell = "C" // numbers, then text
			case j == 3 && r%11 == 0:
				cell = "" // missing cells
			case j == 4:
				cell = fmt.Sprintf("%.17g", float64(r)/7) // long floats
			default:
				cell = fmt.Sprint(r*j%1009 - 500)
			}
			b.WriteString("," + cell)
		}
		b.WriteString("\n")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "aux.csv")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	whole, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	mn, _ := whole.Col("molecule_name")
	trainSet := map[any]bool{}
	for r := 0; r < whole.Len(); r++ {
		if r/17%3 != 0 {
			k, _ := pandas.CellKey(mn, r)
			trainSet[k] = true
		}
	}
	var keep []int
	for r := 0; r < whole.Len(); r++ {
		if k, ok := pandas.CellKey(mn, r); ok && trainSet[k] {
			keep = append(keep, r)
		}
	}
	var want bytes.Buffer
	if err := whole.Take(keep).WriteCSV(&want, table.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(dir, "out.csv")
	if err := filterAux(context.Background(), src, "aux.csv", tmp, trainSet); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(tmp)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("streamed filter (%d bytes) differs from the whole-table one (%d bytes)", len(got), want.Len())
	}
	for _, s := range []string{".25,", ",C,", ",,"} {
		if !bytes.Contains(got, []byte(s)) {
			t.Errorf("output lacks %q: the data no longer exercises the block dtypes", s)
		}
	}

	// A train molecule missing from the file is an error, and no file is left.
	trainSet["dsgdb9nsd_999999"] = true
	err = filterAux(context.Background(), src, "aux.csv", tmp+"2", trainSet)
	if err == nil || !strings.Contains(err.Error(), "train molecules") {
		t.Fatalf("missing molecule: err = %v", err)
	}
	if _, serr := os.Stat(tmp + "2"); !os.IsNotExist(serr) {
		t.Error("the partial output was left behind")
	}
}

// TestWriteRowsMatchesTake: writing rows in slices gives the bytes of one
// Take + WriteCSV, across several slices.
func TestWriteRowsMatchesTake(t *testing.T) {
	n := 140000
	ids := make([]int64, n)
	names := make([]string, n)
	vals := make([]float64, n)
	for i := range ids {
		ids[i] = int64(i)
		names[i] = fmt.Sprintf("dsgdb9nsd_%06d", i/9)
		vals[i] = float64(i) / 3
	}
	tb := table.MustNew(table.Ints("id", ids), table.Strings("molecule_name", names), table.Floats("v", vals))
	var rows []int
	for i := n - 1; i >= 0; i -= 2 {
		rows = append(rows, i)
	}
	var want bytes.Buffer
	if err := tb.Take(rows).WriteCSV(&want, table.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "train.csv")
	if err := writeRows(path, tb, rows); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("sliced write (%d bytes) differs from Take + WriteCSV (%d bytes)", len(got), want.Len())
	}
}
