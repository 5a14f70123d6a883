package kuzushiji_recognition

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// characters are the fake pages' Unicode code points and the characters
// of unicode_translation.csv.
var characters = [][2]string{
	{"U+306F", "は"}, {"U+304C", "が"}, {"U+3044", "い"}, {"U+3057", "し"}, {"U+306B", "に"},
	{"U+3092", "を"}, {"U+3066", "て"}, {"U+306E", "の"}, {"U+003F", "?"}, {"U+FF2F", "Ｏ"},
}

// FakeRaw writes a synthetic Kaggle download: raw/train.csv (image_id,
// labels; default 30 pages) whose labels are single-space-separated groups
// "<unicode> X Y W H" of integers, raw/train_images.zip with a small JPEG
// "<image_id>.jpg" per page at the archive root, raw/unicode_translation.csv
// (Unicode, char) and a raw sample_submission.csv that prepare never opens.
//
// Ids take both real forms (100241706_00004_2, umgy007-028). Exactly one
// train page (by the split prepare will draw) has no characters, an empty
// labels cell; every test page has some, as the gold submission needs.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "kuzushiji-recognition")
	n := synth.Rows(opt.Rows, 30)
	ids, err := synth.Unique(n, func() string {
		if r.IntN(2) == 0 {
			return fmt.Sprintf("%d_%05d_%d", 100000000+r.IntN(900000000), r.IntN(100), 1+r.IntN(2))
		}
		return fmt.Sprintf("%s%03d-%03d", synth.Letters(r, 4), r.IntN(1000), r.IntN(1000))
	})
	if err != nil {
		return err
	}
	trainIdx, _, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("fake kuzushiji pages: %w", err)
	}
	emptyPage := trainIdx[0]
	train := synth.CSV{Header: []string{"image_id", "labels"}}
	var images []synth.ZipEntry
	for i, id := range ids {
		var groups []string
		if i != emptyPage {
			for range 1 + r.IntN(6) {
				c := synth.Pick(r, characters)
				groups = append(groups, fmt.Sprintf("%s %d %d %d %d", c[0], r.IntN(3000), r.IntN(4000), 20+r.IntN(100), 20+r.IntN(100)))
			}
		}
		train.Add(id, strings.Join(groups, " "))
		img, err := synth.JPEG(synth.RGB(r, 24, 32))
		if err != nil {
			return err
		}
		images = append(images, synth.ZipEntry{Name: id + ".jpg", Data: img})
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	if err := synth.WriteZip(filepath.Join(dir, "train_images.zip"), images); err != nil {
		return err
	}
	translation := synth.CSV{Header: []string{"Unicode", "char"}}
	for _, c := range characters {
		translation.Add(c[0], c[1])
	}
	if err := translation.Write(filepath.Join(dir, "unicode_translation.csv")); err != nil {
		return err
	}
	sample := synth.CSV{Header: []string{"image_id", "labels"}}
	sample.Add("test_00000000", sampleLabels)
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}
