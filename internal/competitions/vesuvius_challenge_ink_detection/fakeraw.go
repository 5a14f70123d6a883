package vesuvius_challenge_ink_detection

import (
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes three small fragments in the Kaggle layout: mask.png,
// ir.png (width ≠ height), inklabels.png, inklabels_rle.csv (one row, a
// row-major RLE of an ink rectangle) and surface_volume/NN.tif 16-bit
// slices (8-bit: they are only copied). opt.Rows scales the image width (default 64, height 3/4 of it).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	w := max(4, synth.Rows(opt.Rows, 64))
	h := max(2, w*3/4)
	r := synth.Rand(opt.Seed, "fragments")
	for f := 1; f <= 3; f++ {
		fd := filepath.Join(dir, "train", strconv.Itoa(f))
		ink := image.NewGray(image.Rect(0, 0, w, h))
		y0, x0 := r.IntN(h/2), r.IntN(w/2)
		y1, x1 := y0+1+r.IntN(h/2), x0+1+r.IntN(w/2)
		var runs []string
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				ink.SetGray(x, y, color.Gray{Y: 255})
			}
			runs = append(runs, fmt.Sprintf("%d %d", y*w+x0+1, x1-x0))
		}
		csv := &synth.CSV{Header: []string{"Id", "Predicted"}}
		csv.Add(strconv.Itoa(f), strings.Join(runs, " "))
		if err := csv.Write(filepath.Join(fd, "inklabels_rle.csv")); err != nil {
			return err
		}
		for _, name := range []string{"inklabels.png", "ir.png", "mask.png"} {
			var img image.Image = ink
			if name != "inklabels.png" {
				img = synth.Gray(r, w, h)
			}
			b, err := synth.PNG(img)
			if err != nil {
				return err
			}
			if err := synth.WriteFile(filepath.Join(fd, name), b); err != nil {
				return err
			}
		}
		for s := range 3 {
			b, err := synth.TIFF(synth.Gray(r, w, h))
			if err != nil {
				return err
			}
			if err := synth.WriteFile(filepath.Join(fd, "surface_volume", fmt.Sprintf("%02d.tif", s)), b); err != nil {
				return err
			}
		}
	}
	return nil
}
