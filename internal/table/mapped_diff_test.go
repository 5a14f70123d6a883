package table

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// mappedVsGeneral writes data to a file and, when the mapped mode accepts
// it, checks that OpenMapped + WriteCSV of every row gives exactly the bytes
// of the general path, ReadFile + WriteCSV (itself checked against pandas by
// the golden tests). It reports whether the mapped mode accepted the file.
func mappedVsGeneral(t *testing.T, data []byte) bool {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := OpenMapped(context.Background(), in)
	if errors.Is(err, ErrNotSimple) {
		return false
	}
	if err != nil {
		// The mapped mode fails only where the general reader fails too.
		if _, gerr := ReadFile(in, ReadOptions{}); gerr == nil {
			t.Fatalf("OpenMapped(%q): %v, but ReadFile reads it", data, err)
		}
		return false
	}
	defer m.Close()
	tb, err := ReadFile(in, ReadOptions{})
	if err != nil {
		if errors.Is(err, ErrEmpty) {
			return true
		}
		t.Fatalf("mapped mode accepted %q, general reader: %v", data, err)
	}
	var want bytes.Buffer
	if err := tb.WriteCSV(&want, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	rows := make([]int, m.Rows())
	for i := range rows {
		rows[i] = i
	}
	cols := make([]MappedColumn, len(m.Names))
	for j, n := range m.Names {
		cols[j] = m.SrcCol(n)
	}
	out := filepath.Join(dir, "out.csv")
	if err := m.WriteCSV(context.Background(), out, rows, cols); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("input %q:\nmapped  %q\ngeneral %q", data, got, want.Bytes())
	}
	for j, c := range tb.Columns() {
		if m.Rows() > 0 && c.Kind != m.ColKind(j) {
			t.Fatalf("input %q: column %q kind %v, mapped %v", data, c.Name, c.Kind, m.ColKind(j))
		}
	}
	return true
}

// TestMappedMatchesGeneralOnGolden runs the mapped mode on every input of
// the reader's golden cases (read_golden.json, from pandas) that uses the
// default options.
func TestMappedMatchesGeneralOnGolden(t *testing.T) {
	var g struct {
		Cases []goldenCase `json:"cases"`
	}
	loadJSON(t, "read_golden.json", &g)
	accepted := 0
	for _, c := range g.Cases {
		if len(c.Opts) != 0 {
			continue
		}
		in, err := base64.StdEncoding.DecodeString(c.Input)
		if err != nil {
			t.Fatal(err)
		}
		if mappedVsGeneral(t, in) {
			accepted++
		}
	}
	if accepted < 10 {
		t.Fatalf("the mapped mode accepted only %d golden inputs", accepted)
	}
	t.Logf("mapped mode accepted %d golden inputs", accepted)
}

// FuzzMappedMatchesGeneral: on any input the mapped mode accepts, its output
// equals the general path's.
func FuzzMappedMatchesGeneral(f *testing.F) {
	for _, s := range []string{"a,b\n1,x\n2.5,y\n", "a\n1\n\nNA\n", "a,b\n007,1e5\n-0,\n", "x,y\n1,2\n3,abc\n", mappedChunkFile()} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		mappedVsGeneral(t, data)
	})
}
