package ai4code

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	anc, err := table.ReadFile(filepath.Join(d.Raw, "train_ancestors.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_ancestors.csv: %w", err)
	}
	idCol, ok1 := anc.Col("id")
	ancCol, ok2 := anc.Col("ancestor_id")
	if !ok1 || !ok2 {
		return fmt.Errorf("raw train_ancestors.csv: need columns id and ancestor_id")
	}
	n := anc.Len()
	perm := pyrand.NewRandomState(0).Permutation(n)
	shuffled := anc.Take(perm)
	idCol, _ = shuffled.Col("id")
	ancCol, _ = shuffled.Col("ancestor_id")

	// Group by ancestor id in order of first appearance.
	groupOf := map[string]int{}
	var groups [][]int
	for i := 0; i < n; i++ {
		if ancCol.IsNull(i) {
			return fmt.Errorf("train_ancestors.csv: missing ancestor_id for id %s (pandas groupby drops it)", idCol.Str(i))
		}
		if idCol.IsNull(i) {
			return fmt.Errorf("train_ancestors.csv: missing id in row %d", perm[i])
		}
		k := ancCol.Str(i)
		g, ok := groupOf[k]
		if !ok {
			g = len(groups)
			groupOf[k] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	isTest := make([]bool, n)
	var testIDs, trainIDs []string
	c := 0
	for _, g := range groups {
		if c+len(g) <= testSize {
			for _, i := range g {
				isTest[i] = true
				testIDs = append(testIDs, idCol.Str(i))
			}
			c += len(g)
		}
	}
	for _, g := range groups {
		for _, i := range g {
			if !isTest[i] {
				trainIDs = append(trainIDs, idCol.Str(i))
			}
		}
	}
	if len(testIDs) != testSize {
		return fmt.Errorf("AssertionError: split gave %d test notebooks, want %d", len(testIDs), testSize)
	}
	if len(trainIDs) != n-testSize {
		return fmt.Errorf("AssertionError: split gave %d train notebooks, want %d", len(trainIDs), n-testSize)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	ext := imagecopy.WithExt
	if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), filepath.Join(d.Public, "train"), ext(trainIDs, ".json")); err != nil {
		return fmt.Errorf("copying train notebooks: %w", err)
	}
	if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), filepath.Join(d.Public, "test"), ext(testIDs, ".json")); err != nil {
		return fmt.Errorf("copying test notebooks: %w", err)
	}

	orders, err := table.ReadFile(filepath.Join(d.Raw, "train_orders.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_orders.csv: %w", err)
	}
	oid, ok := orders.Col("id")
	if !ok {
		return fmt.Errorf("raw train_orders.csv: no id column")
	}
	inTest := make(map[string]bool, len(testIDs))
	for _, id := range testIDs {
		inTest[id] = true
	}
	inTrain := make(map[string]bool, len(trainIDs))
	for _, id := range trainIDs {
		inTrain[id] = true
	}
	var trainRows, testRows []int
	for i := 0; i < orders.Len(); i++ {
		if oid.IsNull(i) {
			continue
		}
		k := oid.Str(i)
		if inTrain[k] {
			trainRows = append(trainRows, i)
		}
		if inTest[k] {
			testRows = append(testRows, i)
		}
	}
	var keepRows []int
	for i := 0; i < n; i++ {
		if !isTest[i] {
			keepRows = append(keepRows, i)
		}
	}
	testOrders := orders.Take(testRows)
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train_orders.csv"), Table: orders.Take(trainRows)},
		csvout.File{Path: filepath.Join(d.Private, "test_orders.csv"), Table: testOrders},
		csvout.File{Path: filepath.Join(d.Public, "train_ancestors.csv"), Table: shuffled.Take(keepRows)},
	); err != nil {
		return err
	}

	sids := make([]string, len(testRows))
	cells := make([]string, len(testRows))
	tid, _ := testOrders.Col("id")
	for i := range sids {
		if err := ctx.Err(); err != nil {
			return err
		}
		sids[i] = tid.Str(i)
		keys, err := cellKeys(filepath.Join(d.Public, "test", sids[i]+".json"))
		if err != nil {
			return err
		}
		cells[i] = strings.Join(keys, " ")
	}
	if len(sids) != len(testIDs) {
		return fmt.Errorf("AssertionError: sample submission has %d rows, want %d (test ids without a train_orders.csv row)", len(sids), len(testIDs))
	}
	return csvout.Write(csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"),
		Table: table.MustNew(table.Strings("id", sids), table.Strings("cell_order", cells))})
}

// cellKeys returns the keys of the notebook's "cell_type" object in
// document order (json.load keeps insertion order; a repeated key keeps
// its first position, as a Python dict does).
func cellKeys(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading notebook: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	bad := func(e error) ([]string, error) { return nil, fmt.Errorf("parsing %s: %w", path, e) }
	tok, err := dec.Token()
	if err != nil {
		return bad(err)
	}
	if tok != json.Delim('{') {
		return bad(fmt.Errorf("not a JSON object"))
	}
	var keys []string
	found := false
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		k, _ := kt.(string)
		if k != "cell_type" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return bad(err)
			}
			continue
		}
		// A later duplicate "cell_type" replaces the value (Python dict).
		found = true
		keys = keys[:0]
		t, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		if t != json.Delim('{') {
			return bad(fmt.Errorf("cell_type is not an object"))
		}
		seen := map[string]bool{}
		for dec.More() {
			ct, err := dec.Token()
			if err != nil {
				return bad(err)
			}
			ck, _ := ct.(string)
			if !seen[ck] {
				seen[ck] = true
				keys = append(keys, ck)
			}
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return bad(err)
			}
		}
		if _, err := dec.Token(); err != nil {
			return bad(err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return bad(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return bad(fmt.Errorf("trailing data"))
	}
	if !found {
		return bad(fmt.Errorf("no cell_type key (KeyError)"))
	}
	return keys, nil
}
