package ai4code

// AI4Code: ../shared/spec/competitions/AI4Code.md
//
// Quirks reproduced:
//   - the split shuffles train_ancestors.csv with RandomState(0).permutation
//     and walks the fork families (ancestor_id) in order of first appearance,
//     greedily taking whole families while the test set stays <= 20000
//     notebooks (rejected families do not stop the walk); exactly 20000 test
//     notebooks are asserted;
//   - public/train_ancestors.csv keeps the shuffled order, the two orders
//     files keep the original train_orders.csv order;
//   - the sample submission is each test notebook's cell_type keys in JSON
//     document order (code cells in order, markdown shuffled);
//   - grading: row count, columns, id set, then per-notebook token counts
//     (invalid); a true cell id missing from the submitted order is
//     Python's ValueError (a plain error, null score); the score is
//     1 - 4*sum(inversions)/sum(n(n-1)) with integer sums.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{ID: "AI4Code", Prepare: Prepare, Grade: Grade, FakeRaw: FakeRaw}

// testSize is the literal test size of the upstream split.
const testSize = 20000

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

// isSpace is Python's str.isspace for str.split(): Unicode
// whitespace plus the ASCII separators \x1c-\x1f.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f, 0x85, 0xa0, 0x1680,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("submission has %d rows, answers have %d", sub.Len(), ans.Len())
	}
	sid, ok1 := sub.Col("id")
	sco, ok2 := sub.Col("cell_order")
	if !ok1 || !ok2 {
		return competition.Score{}, competition.Invalid("submission must have columns id and cell_order")
	}
	aid, ok1 := ans.Col("id")
	aco, ok2 := ans.Col("cell_order")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and cell_order")
	}
	if !pandas.SameSet(sid, aid) {
		return competition.Score{}, competition.Invalid("submission ids do not match the answer ids")
	}
	if err := pandas.SortErrors(sid, aid); err != nil {
		return competition.Score{}, err
	}
	si, ai := pandas.SortIndex(sid), pandas.SortIndex(aid)
	subTok := make([][]string, len(si))
	ansTok := make([][]string, len(ai))
	for k := range si {
		subTok[k] = strings.FieldsFunc(sco.Str(si[k]), isSpace)
		ansTok[k] = strings.FieldsFunc(aco.Str(ai[k]), isSpace)
		if len(subTok[k]) != len(ansTok[k]) {
			return competition.Score{}, competition.Invalid("notebook %s: submission has %d cell ids, answer has %d",
				aid.Str(ai[k]), len(subTok[k]), len(ansTok[k]))
		}
	}
	var inv, total int64
	for k := range subTok {
		first := make(map[string]int, len(subTok[k]))
		for p, x := range subTok[k] {
			if _, ok := first[x]; !ok {
				first[x] = p
			}
		}
		pos := make([]int, len(ansTok[k]))
		for j, x := range ansTok[k] {
			p, ok := first[x]
			if !ok {
				return competition.Score{}, fmt.Errorf("ValueError: %s is not in list (notebook %s)", strconv.Quote(x), aid.Str(ai[k]))
			}
			pos[j] = p
		}
		inv += inversions(pos)
		m := int64(len(pos))
		total += m * (m - 1)
	}
	if total == 0 {
		return competition.Score{}, fmt.Errorf("ZeroDivisionError: every notebook has at most one cell")
	}
	return competition.Float(1 - float64(4*inv)/float64(total)), nil
}

// inversions counts pairs i < j with a[i] > a[j] (merge sort; a is
// reordered).
func inversions(a []int) int64 {
	if len(a) < 2 {
		return 0
	}
	tmp := make([]int, len(a))
	var rec func(lo, hi int) int64
	rec = func(lo, hi int) int64 {
		if hi-lo < 2 {
			return 0
		}
		mid := (lo + hi) / 2
		c := rec(lo, mid) + rec(mid, hi)
		i, j, k := lo, mid, lo
		for i < mid && j < hi {
			if a[j] < a[i] {
				c += int64(mid - i)
				tmp[k] = a[j]
				j++
			} else {
				tmp[k] = a[i]
				i++
			}
			k++
		}
		k += copy(tmp[k:], a[i:mid])
		copy(tmp[k:], a[j:hi])
		copy(a[lo:hi], tmp[lo:hi])
		return c
	}
	return rec(0, len(a))
}

// FakeRaw writes raw/train_ancestors.csv (default 20050 notebooks:
// mostly singleton families, some families of 2-4 forks, parent_id mostly
// empty), raw/train_orders.csv (all notebooks, in another order than the
// ancestors file), raw/train/<id>.json (2-6 cells: code cells in order,
// then markdown cells shuffled; sources with quotes, unicode and
// newlines), plus the unused raw/test/ and raw/sample_submission.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "AI4Code")
	n := max(synth.Rows(opt.Rows, testSize+50), testSize+1) // the split needs > 20000
	ids, err := synth.HexIDs(r, n, 14)
	if err != nil {
		return err
	}
	anc := synth.CSV{Header: []string{"ancestor_id", "id", "parent_id"}}
	ancOf := make([]string, n)
	for i := 0; i < n; i++ {
		if i > 0 && r.IntN(40) == 0 { // join an earlier family
			ancOf[i] = ancOf[r.IntN(i)]
		} else {
			ancOf[i] = synth.Hex(r, 8)
		}
	}
	for i := 0; i < n; i++ {
		parent := ""
		if r.IntN(10) == 0 {
			parent = synth.Hex(r, 14)
		}
		anc.Add(ancOf[i], ids[i], parent)
	}
	orders := synth.CSV{Header: []string{"id", "cell_order"}}
	ordIdx := r.Perm(n)
	texts := []string{"import numpy as np", "# Title", "print(\"hi, there\")", "Ünïcode — text", "a\nb", "df.head()"}
	type cell struct{ id, kind, src string }
	nb := make(map[int][]cell, n)
	for i := 0; i < n; i++ {
		m := 2 + r.IntN(5)
		cellIDs, err := synth.Unique(m, func() string { return synth.Hex(r, 8) })
		if err != nil {
			return err
		}
		var cs []cell
		for j, id := range cellIDs {
			kind := "code"
			if j > 0 && r.IntN(2) == 0 || j == m-1 {
				kind = "markdown"
			}
			cs = append(cs, cell{id, kind, synth.Pick(r, texts)})
		}
		nb[i] = cs
	}
	for _, i := range ordIdx {
		var order []string
		for _, c := range nb[i] {
			order = append(order, c.id)
		}
		orders.Add(ids[i], strings.Join(order, " "))
	}
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	for i := 0; i < n; i++ {
		var code, md []cell
		for _, c := range nb[i] {
			if c.kind == "code" {
				code = append(code, c)
			} else {
				md = append(md, c)
			}
		}
		r.Shuffle(len(md), func(a, b int) { md[a], md[b] = md[b], md[a] })
		all := append(code, md...)
		var ct, src []string
		for _, c := range all {
			ct = append(ct, q(c.id)+":"+q(c.kind))
			src = append(src, q(c.id)+":"+q(c.src))
		}
		js := "{\"cell_type\":{" + strings.Join(ct, ",") + "},\"source\":{" + strings.Join(src, ",") + "}}"
		if err := synth.WriteFile(filepath.Join(dir, "train", ids[i]+".json"), []byte(js)); err != nil {
			return err
		}
	}
	if err := anc.Write(filepath.Join(dir, "train_ancestors.csv")); err != nil {
		return err
	}
	if err := orders.Write(filepath.Join(dir, "train_orders.csv")); err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "test", "0009d135ece78d.json"), []byte(`{"cell_type":{"ddfd239c":"code"},"source":{"ddfd239c":"x = 1"}}`)); err != nil {
		return err
	}
	sample := synth.CSV{Header: []string{"id", "cell_order"}}
	sample.Add("0009d135ece78d", "ddfd239c")
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}
