package csvout

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/table"
)

// SliceRows is the number of rows [WriteSlices] asks for at a time.
var SliceRows = 65536

// WriteSlices writes a table of n rows to path as one WriteCSV call with
// opt would, without the whole table ever existing: part(lo, hi) returns
// the table of rows lo … hi−1 (the same columns every time), and the rows
// are written SliceRows at a time, the header from the first slice only.
// n = 0 writes the header of part(0, 0). The file is written to a
// temporary file in the same directory and renamed into place, so a failed
// write leaves nothing at path.
func WriteSlices(path string, n int, opt table.WriteOptions, part func(lo, hi int) (*table.Table, error)) (err error) {
	dir, base := filepath.Split(path)
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	header := opt.NoHeader
	for lo := 0; lo == 0 || lo < n; lo += SliceRows {
		hi := min(lo+SliceRows, n)
		t, err := part(lo, hi)
		if err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
		if t.Len() != hi-lo {
			return fmt.Errorf("writing %s: rows %d-%d: got %d rows", path, lo, hi, t.Len())
		}
		o := opt
		o.NoHeader = header || lo > 0
		if err := t.WriteCSV(w, o); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
