package plant_seedlings_classification

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var speciesList = []string{"Black-grass", "Charlock", "Cleavers", "Common Chickweed", "Common wheat", "Fat Hen", "Loose Silky-bent", "Maize", "Scentless Mayweed", "Shepherds Purse", "Small-flowered Cranesbill", "Sugar beet"}

// FakeRaw writes raw/train/<species>/<9 hex>.png for the 12 real
// species (default 60 images, tiny PNGs), plus entries prepare must ignore
// (a .PNG and a .txt file in a species folder, a stray file in raw/train),
// an unused raw/test/ and raw/sample_submission.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "plant-seedlings-classification")
	n := synth.Rows(opt.Rows, 60)
	ids, err := synth.Unique(n+4, func() string { return synth.Hex(r, 9) })
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, speciesList)
	for i := range n {
		img, err := synth.PNG(synth.RGB(r, 5, 5))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", labels[i], ids[i]+".png"), img); err != nil {
			return err
		}
	}
	for _, f := range []struct{ path, data string }{
		{filepath.Join(dir, "train", "Maize", "IGNORED.PNG"), "x"},
		{filepath.Join(dir, "train", "Charlock", "notes.txt"), "x"},
		{filepath.Join(dir, "train", "README.png"), "not a species folder"},
	} {
		if err := synth.WriteFile(f.path, []byte(f.data)); err != nil {
			return err
		}
	}
	sample := synth.CSV{Header: []string{"file", "species"}}
	for _, id := range ids[n:] {
		img, err := synth.PNG(synth.RGB(r, 5, 5))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "test", id+".png"), img); err != nil {
			return err
		}
		sample.Add(id+".png", "Sugar beet")
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}
