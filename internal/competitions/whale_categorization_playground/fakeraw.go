package whale_categorization_playground

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (Image = 8 hex digits + ".jpg", Id =
// new_whale or w_ + 7 hex digits) and a 4×4 JPEG raw/train/<Image> per row.
// Default 80 rows: a new_whale group of ~15%, whales with 1, 2 and 3–5
// images (half the whales are single-image, so some reach test and are
// relabelled new_whale), rows shuffled so first appearances interleave.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "whale-categorization-playground")
	n := max(synth.Rows(opt.Rows, 80), 20)
	var labels []string
	for range max(n*15/100, 3) {
		labels = append(labels, "new_whale")
	}
	whale := func() string { return "w_" + synth.Hex(r, 7) }
	for i := 0; len(labels) < n; i++ {
		k := []int{1, 1, 2, 3, 1, 1, 2, 4, 1, 5}[i%10]
		k = min(k, n-len(labels))
		w := whale()
		for range k {
			labels = append(labels, w)
		}
	}
	r.Shuffle(len(labels), func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
	images, err := synth.HexIDs(r, n, 8)
	if err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{"Image", "Id"}}
	for i, name := range images {
		csv.Add(name+".jpg", labels[i])
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", name+".jpg"), img); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}
