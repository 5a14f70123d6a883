package champs_scalar_coupling

import (
	"bufio"
	"context"
	"fmt"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mlebench/mlebench/internal/competitions/internal/blockcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

// The six auxiliary CSVs are 0.8 GB together on Kaggle (4.66M rows of
// scalar_coupling_contributions.csv, 2.36M of structures.csv, 1.5M of
// magnetic_shielding_tensors.csv). The original reads each whole and writes
// its train-molecule rows; filterAux streams each with package blockcsv
// instead (pass 1: dtypes; pass 2: rows kept, written block by block), two
// files at a time, into temporary files that Prepare renames into place
// once every check passed.

// auxResult is one filtered auxiliary file, written to tmp.
type auxResult struct {
	tmp string
	err error
}

// filterAuxFiles filters every auxiliary file of raw into a temporary file
// next to its destination in public, two at a time. On error it removes
// the temporary files and returns the first error in file order.
func filterAuxFiles(ctx context.Context, raw, public string, trainSet map[any]bool) ([]string, error) {
	res := make([]auxResult, len(auxFiles))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				name := auxFiles[i]
				res[i].tmp = filepath.Join(public, "."+name+".part")
				res[i].err = filterAux(ctx, filepath.Join(raw, name), name, res[i].tmp, trainSet)
			}
		}()
	}
	for i := range auxFiles {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	tmps := make([]string, len(res))
	var first error
	for i, r := range res {
		tmps[i] = r.tmp
		if r.err != nil && first == nil {
			first = r.err
		}
	}
	if first != nil {
		for _, t := range tmps {
			os.Remove(t)
		}
		return nil, first
	}
	return tmps, nil
}

// filterAux writes to tmp the rows of the CSV at src whose molecule_name is
// a train molecule, as pandas' isin filter and to_csv(index=False) of the
// whole file would, and checks that every train molecule occurs.
func filterAux(ctx context.Context, src, name, tmp string, trainSet map[any]bool) (err error) {
	open := func() (io.ReadCloser, error) { return os.Open(src) }
	fr, err := blockcsv.Scan(ctx, open, blockcsv.Options{Path: src}, nil)
	if err != nil {
		return err
	}
	if fr.Col("molecule_name") < 0 {
		return fmt.Errorf("%s has no molecule_name column", name)
	}
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("writing %s: %w", tmp, err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing %s: %w", tmp, cerr)
		}
		if err != nil {
			os.Remove(tmp)
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	seen := map[any]bool{}
	header := false
	err = fr.Each(ctx, func(b blockcsv.Block) error {
		mn, _ := b.T.Col("molecule_name")
		var keep []int
		for r, n := 0, b.T.Len(); r < n; r++ {
			if k, ok := pandas.CellKey(mn, r); ok && trainSet[k] {
				keep = append(keep, r)
				if !seen[k] {
					if s, ok := k.(string); ok {
						k = strings.Clone(s) // not the block's memory
					}
					seen[k] = true
				}
			}
		}
		opt := table.WriteOptions{NoHeader: header, Workers: 1}
		header = true
		if err := b.T.Take(keep).WriteCSV(w, opt); err != nil {
			return fmt.Errorf("writing %s: %w", tmp, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(seen) != len(trainSet) {
		return fmt.Errorf("%s holds %d of the %d train molecules", name, len(seen), len(trainSet))
	}
	if !header { // no data rows: the header alone
		if err := table.MustNew(headerColumns(fr.Names)...).WriteCSV(w, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", tmp, err)
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", tmp, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("writing %s: %w", tmp, err)
	}
	return nil
}

// headerColumns are empty columns named names.
func headerColumns(names []string) []*table.Column {
	cols := make([]*table.Column, len(names))
	for j, n := range names {
		cols[j] = table.Strings(n, nil)
	}
	return cols
}

// writeRows writes rows of t (in that order) to path as
// t.Take(rows).WriteCSV would, in slices of rows (csvout.WriteSlices),
// through a temporary file renamed into place.
func writeRows(path string, t *table.Table, rows []int) error {
	return csvout.WriteSlices(path, len(rows), table.WriteOptions{}, func(lo, hi int) (*table.Table, error) {
		return t.Take(rows[lo:hi]), nil
	})
}
