package comptest

import (
	"fmt"
	"math"
	"strconv"

	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

// MixedColumn builds a Mixed object column from Go values standing for
// Python ones: int → int, float64 → float (NaN missing), bool → bool,
// string → str, nil → a missing str cell.
func MixedColumn(name string, cells ...any) *table.Column {
	n := len(cells)
	c := &table.Column{Name: name, Kind: table.String, Text: make([]string, n), Null: make([]bool, n),
		Mixed: make([]table.Kind, n), Ints: make([]int64, n), Floats: make([]float64, n), Bools: make([]bool, n)}
	for i, v := range cells {
		switch v := v.(type) {
		case int:
			c.Mixed[i], c.Ints[i], c.Text[i] = table.Int64, int64(v), strconv.Itoa(v)
		case float64:
			c.Mixed[i], c.Floats[i], c.Text[i] = table.Float64, v, pyfloat.Repr(v)
			c.Null[i] = math.IsNaN(v)
		case bool:
			c.Mixed[i], c.Bools[i], c.Text[i] = table.Bool, v, strconv.FormatBool(v)
		case string:
			c.Mixed[i], c.Text[i] = table.String, v
		case nil:
			c.Mixed[i], c.Null[i] = table.String, true
		default:
			panic(fmt.Sprintf("MixedColumn: %T", v))
		}
	}
	return c
}
