package nfl_player_contact_detection

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competitions/internal/blockcsv"
	"github.com/mlebench/mlebench/internal/table"
)

// wideCSV is a 128-column file (pandas parses it in blocks of 8,192 rows)
// of three blocks whose columns change dtype from block to block.
func wideCSV() string {
	const width = 128
	per := table.BlockRows(width)
	var b strings.Builder
	for j := 0; j < width; j++ {
		if j > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "c%d", j)
	}
	b.WriteByte('\n')
	for i := 0; i < 2*per+100; i++ {
		blk := i / per
		cells := make([]string, width)
		for j := range cells {
			cells[j] = strconv.Itoa((i*31 + j) % 1000)
		}
		pick := func(vals ...string) string { return vals[blk] }
		first := i%per == 5
		cells[0] = pick("7", "1.5", "9") // int, float, int → float64
		if blk == 1 && first {
			cells[1] = "" // one NA: the whole column float64
		}
		cells[2] = pick("3", "abc", "4") // an object block: mixed ints and text
		cells[3] = pick("True", "12", "False")
		if blk == 1 {
			cells[3] = "12" // bool and int blocks: object of ints
		}
		cells[4] = pick("True", "False", "True")
		if blk == 2 && first {
			cells[4] = "" // bool blocks, one with NA: object of bools
		}
		cells[5] = pick("True", "2.25", "False") // bools and floats: object of floats
		cells[6] = pick("x", "", "y")            // an all-NA (float) block among text
		if i%997 == 0 {
			cells[7] = "a, \"quoted\"\nvalue"
		}
		cells[8] = strconv.FormatFloat(float64(i)/7, 'g', 12, 64)
		cells[9] = pick("True", "5", "6")
		if blk == 0 && first {
			cells[9] = "" // a bool block with NA (object) beside int blocks
		}
		for j, c := range cells {
			if j > 0 {
				b.WriteByte(',')
			}
			if strings.ContainsAny(c, ",\"\n") {
				c = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
			}
			b.WriteString(c)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestFrameMatchesTable: the two-pass block reader writes every row of a
// multi-block file exactly as package table's whole-file reader and writer
// (pandas read_csv + to_csv) do.
func TestFrameMatchesTable(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "wide.csv")
	if err := os.WriteFile(src, []byte(wideCSV()), 0o644); err != nil {
		t.Fatal(err)
	}
	whole, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := whole.WriteCSV(&want, table.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	fr, err := openFrame(ctx, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if fr.Blocks != 3 {
		t.Fatalf("%d blocks, want 3", fr.Blocks)
	}
	out := filepath.Join(dir, "out.csv")
	o, err := createOutput(out, fr.Names)
	if err != nil {
		t.Fatal(err)
	}
	err = fr.Each(ctx, func(b blockcsv.Block) error { return o.write(b.T, rangeN(b.T.Len())) })
	if cerr := o.close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(want.String(), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d differs:\n got %.200s\nwant %.200s", i, gl[i], wl[i])
			}
		}
		t.Fatalf("lengths differ: %d vs %d lines", len(gl), len(wl))
	}
	for j, k := range []string{"float64", "float64", "object", "object", "object(bool)", "object", "object"} {
		if c := whole.Columns()[j]; c.Kind.String() != k {
			t.Errorf("column c%d: table reads %v, the test meant %s", j, c.Kind, k)
		}
	}
}
