package histopathologic_cancer_detection

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train_labels.csv (40-hex ids, balanced 0/1
// labels; default 80 rows), a 4×4 RGB TIFF raw/train/<id>.tif per row, and
// n/4 placeholder raw/test/<hex>.tif files (only counted by prepare).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "histopathologic-cancer-detection")
	n := synth.Rows(opt.Rows, 80)
	ids, err := synth.HexIDs(r, n+max(n/4, 1), 40)
	if err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{"id", "label"}}
	for i, l := range synth.Balanced(r, n, []string{"0", "1"}) {
		csv.Add(ids[i], l)
		img, err := synth.TIFF(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", ids[i]+".tif"), img); err != nil {
			return err
		}
	}
	for _, id := range ids[n:] {
		img, err := synth.TIFF(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "test", id+".tif"), img); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "train_labels.csv"))
}
