package dog_breed_identification

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/labels.csv (id as 32 hex digits, breed drawn
// from DOGS_LIST; default 150 rows) and a 4×4 JPEG raw/train/<id>.jpg per
// row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "dog-breed-identification")
	n := synth.Rows(opt.Rows, 150)
	ids, err := synth.HexIDs(r, n, 32)
	if err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{"id", "breed"}}
	for _, id := range ids {
		csv.Add(id, synth.Pick(r, Breeds))
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id+".jpg"), img); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "labels.csv"))
}
