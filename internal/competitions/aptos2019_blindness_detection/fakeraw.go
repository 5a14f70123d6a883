package aptos2019_blindness_detection

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (id_code as 12 hex digits with a
// letter, diagnosis 0-4 balanced; default 120 rows) and an 8×8 RGB PNG
// raw/train_images/<id_code>.png per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "aptos2019-blindness-detection")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.HexIDs(r, n, 12)
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, []string{"0", "0", "1", "2", "2", "3", "4"})
	csv := synth.CSV{Header: []string{"id_code", "diagnosis"}}
	for i, id := range ids {
		csv.Add(id, labels[i])
		img, err := synth.PNG(synth.RGB(r, 8, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", id+".png"), img); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}
