package csvout

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/table"
)

// File is one table a preparer writes with pandas'
// DataFrame.to_csv(path, index=False) defaults.
type File struct {
	Path  string
	Table *table.Table
}

// Write writes the tables in order, each to a temporary file
// renamed into place (table.WriteFile); an error names the file.
func Write(outs ...File) error {
	for _, o := range outs {
		if err := table.WriteFile(o.Path, o.Table, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", o.Path, err)
		}
	}
	return nil
}
