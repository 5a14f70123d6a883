package denoising_dirty_documents

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

// TestMixedValueBlocks reads a submission whose value column pandas
// builds from a bool block and a float block (low_memory parsing of more
// than 2^18 rows): an object column of floats that astype(float) converts
// (True → 1.0). It was an invalid submission before pandas.Floats followed
// Column.Mixed.
func TestMixedValueBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a 270,000-row CSV")
	}
	const n = 1<<18 + 8000
	var sb, ab strings.Builder
	sb.WriteString("id,value\n")
	ab.WriteString("id,value\n")
	var sq float64
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("1_%d_%d", i/1000+1, i%1000+1)
		truth := float64(i%5) / 4
		var pred float64
		if i < 1<<18 { // first parsing block: booleans
			pred = float64(i % 2)
			fmt.Fprintf(&sb, "%s,%s\n", id, map[bool]string{true: "True", false: "False"}[i%2 == 1])
		} else {
			pred = 0.5
			fmt.Fprintf(&sb, "%s,0.5\n", id)
		}
		fmt.Fprintf(&ab, "%s,%s\n", id, pyfloat.Repr(truth))
		sq += (pred - truth) * (pred - truth)
	}
	sub, err := table.ReadBytes([]byte(sb.String()), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := sub.Col("value"); c.Mixed == nil {
		t.Fatalf("value column: kind %v, not a Mixed object column; the test needs the reader's block inference", c.Kind)
	}
	ans, err := table.ReadBytes([]byte(ab.String()), table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Grade(sub, ans)
	if err != nil {
		t.Fatal(err)
	}
	if want := math.Sqrt(sq / n); math.Abs(s.Value-want) > 1e-12 {
		t.Fatalf("RMSE %v, want %v", s.Value, want)
	}
}
