package pandas

import (
	"github.com/mlebench/mlebench/internal/table"
)

// Unique is Series.is_unique for a column of one dtype.
func Unique(c *table.Column) bool {
	seen := make(map[string]bool, c.Len())
	for i := range c.Len() {
		k := c.Str(i)
		if c.IsNull(i) {
			k = "\x00NaN"
		}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// Disjoint is set(a).isdisjoint(set(b)) for two columns of the
// same dtype (NaN never equals NaN).
func Disjoint(a, b *table.Column) bool {
	seen := make(map[string]bool, a.Len())
	for i := range a.Len() {
		if !a.IsNull(i) {
			seen[a.Str(i)] = true
		}
	}
	for i := range b.Len() {
		if !b.IsNull(i) && seen[b.Str(i)] {
			return false
		}
	}
	return true
}
