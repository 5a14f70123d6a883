package competitions

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/table"
)

// sharedCSVOut is one table a preparer writes with pandas'
// DataFrame.to_csv(path, index=False) defaults.
type sharedCSVOut struct {
	path string
	t    *table.Table
}

// sharedWriteCSVs writes the tables in order, each to a temporary file
// renamed into place (table.WriteFile); an error names the file.
func sharedWriteCSVs(outs ...sharedCSVOut) error {
	for _, o := range outs {
		if err := table.WriteFile(o.path, o.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
	}
	return nil
}
