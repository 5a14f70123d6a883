package plant_pathology_2020_fgvc7

import (
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (image_id Train_0…, one-hot labels over
// the four classes; 120 rows by default) and raw/images/Train_*.jpg for
// every row plus a few unused Test_*.jpg. The labels of the rows the seed-0
// split puts in the test part cover every class, so each class column has
// both 0 and 1 there.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 120)
	r := synth.Rand(opt.Seed, "train")
	labels := make([]int, n)
	for i := range labels {
		labels[i] = r.IntN(4)
	}
	if _, test, err := split(n); err == nil && len(test) >= 2 {
		for k, row := range test[:min(4, len(test))] {
			labels[row] = k
		}
	}
	c := &synth.CSV{Header: columns}
	for i := 0; i < n; i++ {
		row := []string{fmt.Sprintf("Train_%d", i), "0", "0", "0", "0"}
		row[1+labels[i]] = "1"
		c.Add(row...)
		img, err := synth.JPEG(synth.RGB(r, 8, 6))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "images", row[0]+".jpg"), img); err != nil {
			return err
		}
	}
	for i := 0; i < 3; i++ {
		img, err := synth.JPEG(synth.RGB(r, 8, 6))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "images", fmt.Sprintf("Test_%d.jpg", i)), img); err != nil {
			return err
		}
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
