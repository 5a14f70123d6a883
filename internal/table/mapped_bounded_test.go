package table

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// withResidentLimit runs fn with the bounded-mode threshold set to limit.
func withResidentLimit(t *testing.T, limit int64, fn func()) {
	t.Helper()
	old := residentLimit
	residentLimit = limit
	defer func() { residentLimit = old }()
	fn()
}

// TestMappedBoundedMatchesPandas reruns the pandas golden cases and the
// general-path differential on the golden inputs with every file in bounded
// mode (pread rows, dropped pages), so both modes are held to the same bytes.
func TestMappedBoundedMatchesPandas(t *testing.T) {
	withResidentLimit(t, 0, func() {
		t.Run("pandas", TestMappedMatchesPandas)
		t.Run("general", TestMappedMatchesGeneralOnGolden)
	})
}

// TestMappedBoundedShuffledRows writes a shuffled row order, the way the
// preparers' splits do, through both modes and compares the bytes and what
// Fields and EachRow see.
func TestMappedBoundedShuffledRows(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	var b bytes.Buffer
	b.WriteString("key,fare,lon,label\n")
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 40000 // several chunks and write blocks
	for i := 0; i < n; i++ {
		switch i % 7 {
		case 3:
			b.WriteString("k" + itoa(i) + ",,-73.5,NA\n")
		case 5:
			b.WriteString("k" + itoa(i) + ",007,-0," + itoa(rng.IntN(1000)) + "\n")
		default:
			b.WriteString("k" + itoa(i) + "," + itoa(rng.IntN(100)) + ".25,1e-5,x" + itoa(i%13) + "\n")
		}
	}
	b.WriteString("last,1,2,3") // no final newline
	if err := os.WriteFile(in, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := rng.Perm(n + 1)
	write := func(limit int64) (out []byte, fields [][]string, each int) {
		withResidentLimit(t, limit, func() {
			m, err := OpenMapped(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			if got := m.bounded(); got != (limit == 0) {
				t.Fatalf("limit %d: bounded = %v", limit, got)
			}
			cols := []MappedColumn{m.SrcCol("label"), m.SrcCol("key"), m.SrcCol("fare"), {Name: "gen", Gen: func(dst []byte, i int) []byte { return append(dst, itoa(i)...) }}}
			p := filepath.Join(dir, "out.csv")
			if err := m.WriteCSVs(context.Background(), rows, []MappedFile{{p, cols}, {p + "1", cols[:1]}}); err != nil {
				t.Fatal(err)
			}
			a, _ := os.ReadFile(p)
			c, _ := os.ReadFile(p + "1")
			out = append(a, c...)
			var fs [][]byte
			for _, r := range rows[:50] {
				fs = m.Fields(r, fs[:0])
				var row []string
				for _, x := range fs {
					row = append(row, string(x))
				}
				fields = append(fields, row)
			}
			if err := m.EachRow(context.Background(), func(r int, fs [][]byte) error {
				if r != each || len(fs) != 4 {
					t.Fatalf("EachRow: row %d with %d fields, want row %d", r, len(fs), each)
				}
				each++
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		})
		return
	}
	whole, wf, wn := write(1 << 40)
	bounded, bf, bn := write(0)
	if !bytes.Equal(whole, bounded) {
		t.Fatalf("bounded mode wrote %d bytes that differ from the mapped mode's %d", len(bounded), len(whole))
	}
	if wn != n+1 || bn != n+1 {
		t.Fatalf("EachRow saw %d and %d rows, want %d", wn, bn, n+1)
	}
	for i := range wf {
		if len(wf[i]) != len(bf[i]) || wf[i][1] != bf[i][1] || wf[i][3] != bf[i][3] {
			t.Fatalf("Fields of row %d: %q vs bounded %q", rows[i], wf[i], bf[i])
		}
	}
}

func itoa(i int) string {
	return formatInt(i)
}

func formatInt(i int) string {
	if i == 0 {
		return "0"
	}
	var d []byte
	for ; i > 0; i /= 10 {
		d = append([]byte{byte('0' + i%10)}, d...)
	}
	return string(d)
}

// TestMappedRowStartsWrap shrinks the low part of the row offsets to 6 bits
// so that the golden and shuffled-row cases cross many wrap boundaries (a
// real file crosses one every 4 GiB), in both modes.
func TestMappedRowStartsWrap(t *testing.T) {
	old := offsetBits
	offsetBits = 6
	defer func() { offsetBits = old }()
	var s rowStarts
	offs := []int64{0, 5, 63, 64, 64, 200, 1000, 1001}
	for _, o := range offs {
		s.add(o)
	}
	for r, o := range offs {
		if got := s.at(r); got != o {
			t.Fatalf("row %d: offset %d, want %d (wraps %v)", r, got, o, s.wraps)
		}
	}
	t.Run("pandas", TestMappedMatchesPandas)
	t.Run("general", TestMappedMatchesGeneralOnGolden)
	t.Run("bounded", TestMappedBoundedShuffledRows)
}
