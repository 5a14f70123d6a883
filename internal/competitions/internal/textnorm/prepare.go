package textnorm

import (
	"archive/zip"
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/blockcsv"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// The raw train file is 9.9M rows (en) and 10.5M rows (ru); as one table it
// takes several GB. Prepare streams it with package blockcsv in two passes:
// pass 1 keeps one small index per row (its distinct sentence id) plus the
// distinct ids, which is all the split needs; pass 2 converts each block to
// the whole file's dtypes and appends its rows to the five outputs. The
// three public CSVs are written to temporary files next to their zips and
// then stored into them.

// cellKey is one sentence_id cell as its block parsed it.
type cellKey struct {
	kind table.Kind
	i    int64
	f    float64
	s    string
}

// cellKeyOf is cell i of a block's sentence_id column.
func cellKeyOf(c *table.Column, i int) cellKey {
	k := c.Kind
	if c.Mixed != nil {
		k = c.Mixed[i]
	}
	switch k {
	case table.Int64:
		return cellKey{kind: k, i: c.Ints[i]}
	case table.Float64:
		return cellKey{kind: k, f: c.Floats[i]}
	case table.Bool, table.BoolObject:
		v := int64(0)
		if c.Bools[i] {
			v = 1
		}
		return cellKey{kind: table.Bool, i: v}
	}
	return cellKey{kind: table.String, s: strings.Clone(c.Text[i])}
}

// finalKey is sortKey of the cell k once its column has the file's dtype
// (kinds are the column's block dtypes).
func (k cellKey) finalKey(kinds []table.Kind) string {
	var c *table.Column
	switch k.kind {
	case table.Int64:
		c = table.Ints("sentence_id", []int64{k.i})
	case table.Float64:
		c = table.Floats("sentence_id", []float64{k.f})
	case table.Bool:
		c = table.Bools("sentence_id", []bool{k.i == 1})
	default:
		c = table.Strings("sentence_id", []string{k.s})
	}
	return sortKey(blockcsv.ConcatDtype(c, kinds), 0)
}

// Prepare prepares one language; lang is "en" or "ru". The zips
// are checked in the order given (the order the original extracts them).
func Prepare(ctx context.Context, d competition.Dirs, lang string, zipOrder []string) error {
	for _, z := range zipOrder {
		if err := zipfile.Check(filepath.Join(d.Raw, z)); err != nil {
			return err
		}
	}
	trainName := lang + "_train.csv"
	src := filepath.Join(d.Raw, trainName+".zip")
	open := func() (io.ReadCloser, error) { return openMember(src, trainName) }

	// Pass 1: the distinct block-level sentence ids, in first-appearance
	// order, and each row's index among them.
	var rowKey []uint32
	blockIdx := map[cellKey]uint32{}
	var blockKeys []cellKey
	fr, err := blockcsv.Scan(ctx, open, blockcsv.Options{Path: src + ":" + trainName}, func(b blockcsv.Block) error {
		if got := b.T.Names(); strings.Join(got, ",") != strings.Join(columns, ",") {
			return fmt.Errorf("%s: columns %v, want exactly %v", trainName, got, columns)
		}
		sid, _ := b.T.Col("sentence_id")
		for i, n := 0, b.T.Len(); i < n; i++ {
			if sid.IsNull(i) {
				return fmt.Errorf("%s: row %d has no sentence_id", trainName, b.First+i+1)
			}
			k := cellKeyOf(sid, i)
			if k.kind == table.Float64 && math.IsNaN(k.f) {
				return fmt.Errorf("%s: row %d has no sentence_id", trainName, b.First+i+1)
			}
			u, ok := blockIdx[k]
			if !ok {
				u = uint32(len(blockKeys))
				blockIdx[k] = u
				blockKeys = append(blockKeys, k)
			}
			rowKey = append(rowKey, u)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if fr.Blocks == 0 { // header only: the frame's columns are the header's
		if got := fr.Names; strings.Join(got, ",") != strings.Join(columns, ",") {
			return fmt.Errorf("%s: columns %v, want exactly %v", trainName, got, columns)
		}
	}
	blockIdx = nil
	// Distinct ids of the whole column (Series.unique()): block-level ids
	// that are one pandas value once the blocks are concatenated merge.
	sidKinds := fr.Kinds[fr.Col("sentence_id")]
	canon := make([]uint32, len(blockKeys)) // block-level id → unique position
	first := map[string]uint32{}
	for u, k := range blockKeys {
		fk := k.finalKey(sidKinds)
		p, ok := first[fk]
		if !ok {
			p = uint32(len(first))
			first[fk] = p
		}
		canon[u] = p
	}
	unique := len(first)
	first, blockKeys = nil, nil
	if err := ctx.Err(); err != nil {
		return err
	}
	_, testPos, err := pyrand.TrainTestSplit(unique, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting %d sentences: %w", unique, err)
	}
	isTest := make([]bool, unique)
	for _, p := range testPos {
		isTest[p] = true
	}
	testPos = nil

	// Pass 2: every block's rows appended to the outputs.
	tmp := func(name string) string { return filepath.Join(d.Public, "."+name+".part") }
	outs := &outputs{}
	defer outs.abort()
	specs := []struct {
		path string
		cols []string
	}{
		{filepath.Join(d.Private, "answers.csv"), []string{"id", "after"}},
		{filepath.Join(d.Private, "sample_submission.csv"), []string{"id", "after"}},
		{tmp(lang + "_train.csv"), columns},
		{tmp(lang + "_test_2.csv"), []string{"sentence_id", "token_id", "before"}},
		{tmp(lang + "_sample_submission_2.csv"), []string{"id", "after"}},
	}
	for _, s := range specs {
		if err := outs.create(s.path); err != nil {
			return err
		}
	}
	opt := table.WriteOptions{Quoting: table.QuoteNonNumeric, Workers: 1}
	renum := make([]int64, unique) // unique position → renumbered id in its part
	for i := range renum {
		renum[i] = -1
	}
	var nextTrain, nextTest int64
	var nTrain, nTest int
	wroteHeader := false
	err = fr.Each(ctx, func(b blockcsv.Block) error {
		n := b.T.Len()
		var trainRows, testRows []int
		var trainSID, testSID []int64
		for i := 0; i < n; i++ {
			u := canon[rowKey[b.First+i]]
			rows, sids, next := &trainRows, &trainSID, &nextTrain
			if isTest[u] {
				rows, sids, next = &testRows, &testSID, &nextTest
			}
			v := renum[u]
			if v < 0 {
				v = *next
				*next++
				renum[u] = v
			}
			*rows = append(*rows, i)
			*sids = append(*sids, v)
		}
		nTrain += len(trainRows)
		nTest += len(testRows)
		train, err := b.T.Take(trainRows).With(table.Ints("sentence_id", trainSID))
		if err != nil {
			return err
		}
		answersAll, err := b.T.Take(testRows).With(table.Ints("sentence_id", testSID))
		if err != nil {
			return err
		}
		newTest, err := answersAll.Select("sentence_id", "token_id", "before")
		if err != nil {
			return err
		}
		tok, _ := answersAll.Col("token_id")
		ids := make([]string, len(testRows))
		for i := range ids {
			ids[i] = strconv.FormatInt(testSID[i], 10) + "_" + tok.Str(i)
		}
		idCol := table.Strings("id", ids)
		after, _ := answersAll.Col("after")
		before, _ := answersAll.Col("before")
		answers := table.MustNew(idCol, after)
		sample := table.MustNew(idCol, before.Renamed("after"))
		o := opt
		o.NoHeader = wroteHeader
		wroteHeader = true
		for k, t := range []*table.Table{answers, sample, train, newTest, sample} {
			if err := t.WriteCSV(outs.w[k], o); err != nil {
				return fmt.Errorf("writing %s: %w", specs[k].path, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if nTrain+nTest != fr.Rows {
		return fmt.Errorf("split lost rows: %d + %d != %d", nTrain, nTest, fr.Rows)
	}
	if err := outs.close(); err != nil {
		return err
	}
	for _, name := range []string{lang + "_train.csv", lang + "_test_2.csv", lang + "_sample_submission_2.csv"} {
		if err := ctx.Err(); err != nil {
			return err
		}
		part := tmp(name)
		member := zipfile.Member{Name: name, Method: zip.Store, Write: func(w io.Writer) error {
			f, err := os.Open(part)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(w, f)
			return err
		}}
		if err := zipfile.WriteMembers(filepath.Join(d.Public, name+".zip"), []zipfile.Member{member}); err != nil {
			return err
		}
		if err := os.Remove(part); err != nil {
			return fmt.Errorf("removing %s: %w", part, err)
		}
	}
	return nil
}

// openMember opens member (at the archive root) of the zip at zipPath; the
// returned reader closes the archive too.
func openMember(zipPath, member string) (io.ReadCloser, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", zipPath, err)
	}
	for _, f := range zr.File {
		if f.Name != member {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			zr.Close()
			return nil, fmt.Errorf("%s: opening member %s: %w", zipPath, member, err)
		}
		return memberReader{rc, zr}, nil
	}
	zr.Close()
	return nil, fmt.Errorf("%s: no member %s at the archive root", zipPath, member)
}

type memberReader struct {
	io.ReadCloser
	zr *zip.ReadCloser
}

func (m memberReader) Close() error {
	err := m.ReadCloser.Close()
	if zerr := m.zr.Close(); err == nil {
		err = zerr
	}
	return err
}

// outputs are the CSV files pass 2 appends to.
type outputs struct {
	f []*os.File
	w []*bufio.Writer
}

func (o *outputs) create(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	o.f = append(o.f, f)
	o.w = append(o.w, bufio.NewWriterSize(f, 1<<20))
	return nil
}

// close flushes and closes every file.
func (o *outputs) close() error {
	var first error
	for k, f := range o.f {
		err := o.w[k].Flush()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil && first == nil {
			first = fmt.Errorf("writing %s: %w", f.Name(), err)
		}
	}
	o.f, o.w = nil, nil
	return first
}

// abort closes and removes files left open by a failed pass.
func (o *outputs) abort() {
	for _, f := range o.f {
		f.Close()
		os.Remove(f.Name())
	}
	o.f, o.w = nil, nil
}
