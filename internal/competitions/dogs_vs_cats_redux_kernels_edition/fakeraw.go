package dogs_vs_cats_redux_kernels_edition

import (
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.zip (a train/ directory entry and
// default 40 4×4 JPEGs, train/cat.<k>.jpg and train/dog.<k>.jpg, k from 0,
// so the sorted order is cat.0, cat.1, cat.10, …) and raw/test.zip with
// test/1.jpg and test/2.jpg.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "dogs-vs-cats-redux-kernels-edition")
	n := synth.Rows(opt.Rows, 40)
	train := []synth.ZipEntry{{Name: "train/"}}
	for i := range n {
		kind := "cat"
		if i%2 == 1 {
			kind = "dog"
		}
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		train = append(train, synth.ZipEntry{Name: fmt.Sprintf("train/%s.%d.jpg", kind, i/2), Data: img})
	}
	if err := synth.WriteZip(filepath.Join(dir, "train.zip"), train); err != nil {
		return err
	}
	var test []synth.ZipEntry
	for i := 1; i <= 2; i++ {
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		test = append(test, synth.ZipEntry{Name: fmt.Sprintf("test/%d.jpg", i), Data: img})
	}
	return synth.WriteZip(filepath.Join(dir, "test.zip"), test)
}
