package zipfile

import (
	"fmt"

	"github.com/mlebench/mlebench/internal/table"
)

// ReadTable reads a CSV member of an opened zip with the harness's
// read_csv semantics.
func ReadTable(z *Reader, member, zipPath string) (*table.Table, error) {
	r, err := z.Open(member)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", zipPath, err)
	}
	defer r.Close()
	t, err := table.Read(r, table.ReadOptions{Path: zipPath + ":" + member})
	if err != nil {
		return nil, fmt.Errorf("reading %s from %s: %w", member, zipPath, err)
	}
	return t, nil
}
