package aerial_cactus_identification

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (id,has_cactus; default 60 rows, 40 %
// without cactus) and raw/train.zip with a train/ directory entry and a
// 32×32 JPEG train/<id> per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "aerial-cactus-identification")
	n := synth.Rows(opt.Rows, 60)
	hex, err := synth.HexIDs(r, n, 32)
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, []string{"1", "1", "1", "0", "0"})
	csv := synth.CSV{Header: []string{"id", "has_cactus"}}
	entries := []synth.ZipEntry{{Name: "train/"}}
	for i := range n {
		id := hex[i] + ".jpg"
		csv.Add(id, labels[i])
		img, err := synth.JPEG(synth.RGB(r, 32, 32))
		if err != nil {
			return err
		}
		entries = append(entries, synth.ZipEntry{Name: "train/" + id, Data: img})
	}
	if err := csv.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return synth.WriteZip(filepath.Join(dir, "train.zip"), entries)
}
