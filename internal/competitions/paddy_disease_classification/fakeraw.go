package paddy_disease_classification

import (
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var (
	labelList = []string{"bacterial_leaf_blight", "bacterial_leaf_streak", "bacterial_panicle_blight", "blast", "brown_spot", "dead_heart", "downy_mildew", "hispa", "normal", "tungro"}
	varieties = []string{"ADT45", "KarnatakaPonni", "Ponni", "AtchayaPonni", "Zonal", "AndraPonni", "Onthanel", "IR20", "RR", "Surya"}
)

// FakeRaw writes raw/train.csv (default 120 rows: unique NNNNNN.jpg
// ids, the 10 real labels balanced, varieties, int ages), the matching tiny
// JPEGs under raw/train_images/<label>/, a few unused raw/test_images/ and
// raw/sample_submission.csv (image_id,label).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "paddy-disease-classification")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.Unique(n+5, func() string { return strconv.Itoa(100000+r.IntN(900000)) + ".jpg" })
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, labelList)
	train := synth.CSV{Header: []string{"image_id", "label", "variety", "age"}}
	for i := range n {
		train.Add(ids[i], labels[i], synth.Pick(r, varieties), strconv.Itoa(45+r.IntN(38)))
		img, err := synth.JPEG(synth.RGB(r, 6, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", labels[i], ids[i]), img); err != nil {
			return err
		}
	}
	sample := synth.CSV{Header: []string{"image_id", "label"}}
	for _, id := range ids[n:] {
		sample.Add(id, "")
		img, err := synth.JPEG(synth.RGB(r, 6, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "test_images", id), img); err != nil {
			return err
		}
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}
