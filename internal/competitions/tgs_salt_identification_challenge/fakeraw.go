package tgs_salt_identification_challenge

import (
	"image"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes a synthetic Kaggle download: raw/competition_data.zip with
// competition_data/train.csv (id, rle_mask; default 40 rows), a 101×101
// grey PNG image and a 0/255 PNG mask per id under competition_data/train/,
// and a few original test images under competition_data/test/images/
// (ignored by prepare); raw/depths.csv (id, z) for the train and the
// original test ids in shuffled order; and the top-level train.csv and
// sample_submission.csv of the Kaggle download, which prepare never opens.
//
// About 40% of the masks are empty; the others include a full-image mask,
// one of about 6000 pixels and small blobs, so that every per-image branch
// of the metric is reached.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "tgs-salt-identification-challenge")
	n := synth.Rows(opt.Rows, 40)
	const nOrigTest = 4
	ids, err := synth.HexIDs(r, n+nOrigTest, 10)
	if err != nil {
		return err
	}
	kinds := synth.Balanced(r, n, []string{"empty", "empty", "blob", "blob", "big"})
	kinds[r.IntN(n)] = "full"
	train := synth.CSV{Header: []string{"id", "rle_mask"}}
	entries := []synth.ZipEntry{{Name: "competition_data/"}}
	var images, masks []synth.ZipEntry
	for i, id := range ids[:n] {
		m := salt(r, kinds[i])
		train.Add(id, m.String())
		img, err := synth.PNG(synth.Gray(r, side, side))
		if err != nil {
			return err
		}
		mask, err := synth.PNG(maskImage(m))
		if err != nil {
			return err
		}
		images = append(images, synth.ZipEntry{Name: "competition_data/train/images/" + id + ".png", Data: img})
		masks = append(masks, synth.ZipEntry{Name: "competition_data/train/masks/" + id + ".png", Data: mask})
	}
	entries = append(entries, synth.ZipEntry{Name: "competition_data/train.csv", Data: train.Bytes()})
	entries = append(entries, images...)
	entries = append(entries, masks...)
	sample := synth.CSV{Header: []string{"id", "rle_mask"}}
	for _, id := range ids[n:] {
		img, err := synth.PNG(synth.Gray(r, side, side))
		if err != nil {
			return err
		}
		entries = append(entries, synth.ZipEntry{Name: "competition_data/test/images/" + id + ".png", Data: img})
		sample.Add(id, "1 1")
	}
	if err := synth.WriteZip(filepath.Join(dir, archive), entries); err != nil {
		return err
	}
	depths := synth.CSV{Header: []string{"id", "z"}}
	for _, i := range r.Perm(len(ids)) {
		depths.Add(ids[i], strconv.Itoa(50+r.IntN(900)))
	}
	for _, f := range []struct {
		name string
		csv  synth.CSV
	}{{"depths.csv", depths}, {"train.csv", train}, {"sample_submission.csv", sample}} {
		if err := f.csv.Write(filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	return nil
}

// salt returns a 101×101 mask of the given kind: empty, the full image, a
// band of about 6000 pixels, or one or two small rectangles.
func salt(r *rand.Rand, kind string) rle.Mask {
	var in func(row, col int) bool
	switch kind {
	case "empty":
		in = func(int, int) bool { return false }
	case "full":
		in = func(int, int) bool { return true }
	case "big":
		top := 35 + r.IntN(10)
		in = func(row, _ int) bool { return row >= top }
	default:
		r0, c0 := r.IntN(side-10), r.IntN(side-10)
		r1, c1 := r0+3+r.IntN(30), c0+3+r.IntN(30)
		r2, c2 := r.IntN(side-5), r.IntN(side-5)
		in = func(row, col int) bool {
			return (row >= r0 && row < r1 && col >= c0 && col < c1) || (row >= r2 && row < r2+4 && col >= c2 && col < c2+4)
		}
	}
	return rle.FromPixels(side, side, in)
}

// maskImage draws a mask as a grey image (255 = salt).
func maskImage(m rle.Mask) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, side, side))
	m.Pixels(func(row, col int64) { img.Pix[row*side+col] = 255 })
	return img
}
