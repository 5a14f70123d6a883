package blockcsv

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/table"
)

func opener(s string) Opener {
	return func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(s)), nil }
}

// TestKindsAndEach: the frame's dtypes come from every block; Each hands
// the blocks over converted, in order, with their first row numbers.
func TestKindsAndEach(t *testing.T) {
	const width = 200 // small pandas blocks: table.BlockRows(200) rows
	per := table.BlockRows(width)
	var b strings.Builder
	for j := 0; j < width; j++ {
		if j > 0 {
			b.WriteByte(',')
		}
		b.WriteString("c" + string(rune('A'+j%26)) + strings.Repeat("x", j/26))
	}
	b.WriteByte('\n')
	n := per + 3
	for r := 0; r < n; r++ {
		for j := 0; j < width; j++ {
			if j > 0 {
				b.WriteByte(',')
			}
			switch {
			case j == 0 && r >= per:
				b.WriteString("1.5") // int block, then a float block
			case j == 1 && r >= per:
				b.WriteString("text") // int block, then an object block
			default:
				b.WriteString("7")
			}
		}
		b.WriteByte('\n')
	}
	var firsts []int
	fr, err := Scan(context.Background(), opener(b.String()), Options{Path: "x.csv"}, func(bl Block) error {
		firsts = append(firsts, bl.First)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fr.Rows != n || fr.Blocks != 2 || len(firsts) != 2 || firsts[1] != per {
		t.Fatalf("rows %d blocks %d firsts %v, want %d rows in 2 blocks at 0 and %d", fr.Rows, fr.Blocks, firsts, n, per)
	}
	if k := fr.Kind(0); k != table.Float64 {
		t.Errorf("column 0: %v, want float64", k)
	}
	if k := fr.Kind(1); k != table.String {
		t.Errorf("column 1: %v, want object", k)
	}
	if k := fr.Kind(2); k != table.Int64 {
		t.Errorf("column 2: %v, want int64", k)
	}
	err = fr.Each(context.Background(), func(bl Block) error {
		c0 := bl.T.Columns()[0]
		c1 := bl.T.Columns()[1]
		if c0.Kind != table.Float64 || c1.Kind != table.String {
			t.Errorf("block at %d: kinds %v %v, want float64 and object", bl.First, c0.Kind, c1.Kind)
		}
		if bl.First == 0 && (c1.Mixed == nil || c1.Mixed[0] != table.Int64 || c1.Str(0) != "7") {
			t.Errorf("first block's object cells should stay Python ints")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestErrors: a callback's error and a malformed row stop the pass and are
// returned (the producer goroutine ends too: the test would hang otherwise).
func TestErrors(t *testing.T) {
	stop := errors.New("stop")
	big := "a,b\n" + strings.Repeat("1,2\n", 3*table.BlockRows(2))
	_, err := Scan(context.Background(), opener(big), Options{Path: "x.csv"}, func(Block) error { return stop })
	if !errors.Is(err, stop) {
		t.Errorf("callback error: got %v", err)
	}
	_, err = Scan(context.Background(), opener("a,b\n1,2\n1,2,3,4\n"), Options{Path: "x.csv"}, nil)
	if err == nil || !errors.Is(err, table.ErrTokenize) {
		t.Errorf("malformed row: got %v, want a tokenizing error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Scan(ctx, opener(big), Options{}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
	if _, err := Scan(context.Background(), func() (io.ReadCloser, error) { return nil, stop }, Options{}, nil); !errors.Is(err, stop) {
		t.Errorf("open error: got %v", err)
	}
}
