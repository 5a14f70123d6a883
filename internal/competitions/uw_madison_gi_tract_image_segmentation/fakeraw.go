package uw_madison_gi_tract_image_segmentation

import (
	"fmt"
	"image"
	"math/rand/v2"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var classes = []string{"large_bowel", "small_bowel", "stomach"}

// sizes are the scans' (width, height) in pixels: small, some non-square.
var sizes = [][2]int{{16, 16}, {20, 14}, {14, 18}}

// FakeRaw writes a synthetic Kaggle download: raw/train.csv (id, class,
// segmentation; three rows per slice) and for every case-day a scans/
// folder of small 16-bit PNGs named slice_<SSSS>_<W>_<H>_1.50_1.50.png,
// plus the header-only raw sample_submission.csv, which prepare never
// opens. The default has 12 cases (opt.Rows, when set, is the approximate
// row count: one case per 45 rows, at least 2); with 12 cases
// RandomState(42) makes cases 9 and 10 the test cases, and case 0 (6 days)
// and case 3 (5 days) are train cases whose later days move to test.
//
// Days are listed in a shuffled order whose numbers sort differently as
// text and as integers; about half the masks are empty, and each case-day's
// first slice has a stomach mask, so no test case-day is empty.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "uw-madison-gi-tract-image-segmentation")
	nCases := 12
	if opt.Rows > 0 {
		nCases = max(2, opt.Rows/45)
	}
	caseNums := r.Perm(160)[:nCases]
	train := synth.CSV{Header: []string{"id", "class", "segmentation"}}
	for k, cn := range caseNums {
		caseID := fmt.Sprintf("case%d", cn+1)
		nDays := 1 + r.IntN(3)
		switch k {
		case 0:
			nDays = 6
		case 3:
			nDays = 5
		}
		for _, dn := range r.Perm(40)[:nDays] {
			day := fmt.Sprintf("day%d", dn+1)
			size := synth.Pick(r, sizes)
			w, h := size[0], size[1]
			first := 1 + r.IntN(20)
			for s := range 3 + r.IntN(3) {
				slice := fmt.Sprintf("%04d", first+s)
				id := caseID + "_" + day + "_slice_" + slice
				for ci, class := range classes {
					seg := ""
					if (s == 0 && ci == 2) || r.IntN(100) < 45 {
						seg = organ(r, h, w).String()
					}
					train.Add(id, class, seg)
				}
				scan, err := synth.PNG(scanImage(r, w, h))
				if err != nil {
					return err
				}
				name := fmt.Sprintf("slice_%s_%d_%d_1.50_1.50.png", slice, w, h)
				if err := synth.WriteFile(filepath.Join(dir, "train", caseID, caseID+"_"+day, "scans", name), scan); err != nil {
					return err
				}
			}
		}
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	sample := synth.CSV{Header: []string{"id", "class", "predicted"}}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

// organ returns an h×w mask of one random rectangle.
func organ(r *rand.Rand, h, w int) rle.Mask {
	r0, c0 := r.IntN(h-2), r.IntN(w-2)
	r1, c1 := r0+1+r.IntN(h/2), c0+1+r.IntN(w/2)
	return rle.FromPixels(h, w, func(row, col int) bool {
		return row >= r0 && row < r1 && col >= c0 && col < c1
	})
}

// scanImage is a w×h 16-bit grey image of noise.
func scanImage(r *rand.Rand, w, h int) *image.Gray16 {
	img := image.NewGray16(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	return img
}
