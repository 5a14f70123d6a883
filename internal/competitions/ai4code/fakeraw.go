package ai4code

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

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
