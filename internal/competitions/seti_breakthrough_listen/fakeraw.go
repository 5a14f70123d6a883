package seti_breakthrough_listen

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/npyfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train_labels.csv (15-character hex ids, one in
// five all-digit and one with a leading zero; targets 0/1 with one in three
// positive; default 120 rows), a small float16 .npy cadence array per id
// under raw/train/<id[0]>/, and raw/old_leaky_data with a CSV and a nested
// .npy.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "seti-breakthrough-listen")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.Unique(n, func() string {
		if r.IntN(5) == 0 {
			return synth.Digits(r, 15)
		}
		return synth.Hex(r, 15)
	})
	if err != nil {
		return err
	}
	if n > 1 {
		ids[1] = "0" + ids[1][1:]
	}
	csv := synth.CSV{Header: []string{"id", "target"}}
	npy := func(id string) []byte {
		b := npyfile.FormatHeader("<f2", []int{2, 3, 4})
		for i := 0; i < 2*3*4; i++ {
			b = append(b, byte(r.IntN(256)), byte(r.IntN(60)))
		}
		return b
	}
	for i, id := range ids {
		target := "0"
		if i%3 == 0 {
			target = "1"
		}
		csv.Add(id, target)
		if err := synth.WriteFile(filepath.Join(dir, "train", id[:1], id+".npy"), npy(id)); err != nil {
			return err
		}
	}
	if err := csv.Write(filepath.Join(dir, "train_labels.csv")); err != nil {
		return err
	}
	leak := synth.CSV{Header: []string{"id", "target"}}
	leak.Add(ids[0], "1")
	if err := leak.Write(filepath.Join(dir, "old_leaky_data", "train_labels_old.csv")); err != nil {
		return err
	}
	return synth.WriteFile(filepath.Join(dir, "old_leaky_data", "train_old", ids[0][:1], ids[0]+".npy"), npy(ids[0]))
}
