package leaf_classification

import (
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv.zip (train.csv: id, species from the 99
// classes, 192 features; 120 rows by default) and raw/images.zip
// (images/<id>.jpg for every id plus a few ids of the Kaggle test set).
// Features mix canonical text, text Python prints differently ("0.50",
// "0.000063265") and exponent forms ("6.3265e-05").
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 120)
	r := synth.Rand(opt.Seed, "train")
	header := []string{"id", "species"}
	for _, kind := range []string{"margin", "shape", "texture"} {
		for i := 1; i <= 64; i++ {
			header = append(header, fmt.Sprintf("%s%d", kind, i))
		}
	}
	c := &synth.CSV{Header: header}
	perm := r.Perm(n + n/2)
	ids := make([]int, 0, n)
	for _, p := range perm[:n] {
		ids = append(ids, p+1)
	}
	odd := []string{"0.50", "0.000063265", "6.3265e-05", "0", "0.0"}
	for _, id := range ids {
		row := []string{fmt.Sprint(id), synth.Pick(r, classes)}
		for k := 0; k < 192; k++ {
			var v string
			switch {
			case r.IntN(300) == 0:
				v = synth.Pick(r, odd)
			case k >= 64 && k < 128: // shape: small values
				v = fmt.Sprintf("%.5g", r.Float64()*1e-3)
			default:
				v = fmt.Sprintf("%.5g", float64(r.IntN(128))/1024)
			}
			row = append(row, v)
		}
		c.Add(row...)
	}
	if err := synth.WriteZip(filepath.Join(dir, "train.csv.zip"), []synth.ZipEntry{{Name: "train.csv", Data: c.Bytes()}}); err != nil {
		return err
	}
	entries := []synth.ZipEntry{{Name: "images/"}}
	for _, p := range perm {
		img, err := synth.JPEG(synth.Gray(r, 8, 6))
		if err != nil {
			return err
		}
		entries = append(entries, synth.ZipEntry{Name: fmt.Sprintf("images/%d.jpg", p+1), Data: img})
	}
	return synth.WriteZip(filepath.Join(dir, "images.zip"), entries)
}
