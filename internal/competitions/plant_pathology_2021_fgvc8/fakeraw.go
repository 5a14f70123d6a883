package plant_pathology_2021_fgvc8

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var labels = []string{
	"healthy", "scab", "frog_eye_leaf_spot", "rust", "complex", "powdery_mildew",
	"scab frog_eye_leaf_spot", "scab frog_eye_leaf_spot complex", "frog_eye_leaf_spot complex",
	"rust frog_eye_leaf_spot", "rust complex", "powdery_mildew complex",
}

// FakeRaw writes raw/train.csv (image = 16 hex digits + ".jpg", labels
// drawn from the real label combinations; 100 rows by default) and a tiny
// JPEG raw/train_images/<image> per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := max(synth.Rows(opt.Rows, 100), 2)
	r := synth.Rand(opt.Seed, "train")
	ids, err := synth.HexIDs(r, n, 16)
	if err != nil {
		return err
	}
	c := &synth.CSV{Header: []string{"image", "labels"}}
	for i := 0; i < n; i++ {
		name := ids[i] + ".jpg"
		c.Add(name, synth.Pick(r, labels))
		b, err := synth.JPEG(synth.RGB(r, 8, 6))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", name), b); err != nil {
			return err
		}
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
