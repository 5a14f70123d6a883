package imet_2020_fgvc7

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (id = a letter + 15 hex digits,
// attribute_ids = 1–4 distinct ids from 0..39, so some rows have a single
// label and most several; default 60 rows), raw/labels.csv (the attribute
// dictionary) and a 4×4 PNG raw/train/<id>.png per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "imet-2020-fgvc7")
	n := max(synth.Rows(opt.Rows, 60), 4)
	ids, err := synth.Unique(n, func() string { return synth.String(r, "abcdf", 1) + synth.Hex(r, 15) })
	if err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{"id", "attribute_ids"}}
	for i, id := range ids {
		k := 1 + r.IntN(4)
		if i%7 == 3 {
			k = 1
		}
		perm := r.Perm(40)[:k]
		toks := make([]string, k)
		for j, p := range perm {
			toks[j] = fmt.Sprint(p)
		}
		csv.Add(id, strings.Join(toks, " "))
		img, err := synth.PNG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id+".png"), img); err != nil {
			return err
		}
	}
	labels := synth.CSV{Header: []string{"attribute_id", "attribute_name"}}
	for a := range 40 {
		labels.Add(fmt.Sprint(a), fmt.Sprintf("tag::thing %d, kind", a))
	}
	if err := labels.Write(filepath.Join(dir, "labels.csv")); err != nil {
		return err
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}
