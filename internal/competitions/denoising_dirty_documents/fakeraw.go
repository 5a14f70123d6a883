package denoising_dirty_documents

import (
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// FakeRaw writes raw/train.zip (a train/ directory entry, default
// 21 noisy 8×6 grey PNGs train/<k>.png with integer stems chosen so that
// lexicographic and numeric order differ, plus a non-PNG member
// train/notes.txt and a __MACOSX/ member, which are extracted but not
// split) and raw/train_cleaned.zip with train_cleaned/<k>.png. Cleaned
// images come as 8-bit grey, RGB, palette (with a translucent entry) and
// 16-bit grey PNGs so that Pillow's "L" conversion is exercised; the
// generator runs the split itself so that the test images cover every
// format and one test image has no cleaned version.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "denoising-dirty-documents")
	n := synth.Rows(opt.Rows, 21)
	stems := make([]string, n)
	for i := range stems {
		stems[i] = strconv.Itoa(1 + i*i*7)
	}
	sorted := make([]string, n)
	for i, s := range stems {
		sorted[i] = s + ".png"
	}
	slices.Sort(sorted)
	_, testIdx, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
	if err != nil {
		return err
	}
	testNames := make([]string, len(testIdx))
	for k, i := range testIdx {
		testNames[k] = sorted[i]
	}
	slices.Sort(testNames)
	format := map[string]int{} // 0 grey, 1 RGB, 2 palette, 3 16-bit grey, 4 no cleaned image
	for k, name := range testNames {
		format[name] = min(k, 4)
	}
	train := []synth.ZipEntry{{Name: "train/"}}
	cleaned := []synth.ZipEntry{{Name: "train_cleaned/"}}
	for i, s := range stems {
		noisy, err := synth.PNG(synth.Gray(r, 8, 6))
		if err != nil {
			return err
		}
		train = append(train, synth.ZipEntry{Name: "train/" + s + ".png", Data: noisy})
		f, isTest := format[s+".png"]
		if !isTest {
			f = i % 4
		}
		var img image.Image
		switch f {
		case 0:
			img = synth.Gray(r, 8, 6)
		case 1:
			img = synth.RGB(r, 8, 6)
		case 2:
			pal := color.Palette{color.RGBA{255, 255, 255, 255}, color.RGBA{0, 0, 0, 255}, color.RGBA{200, 30, 90, 255}, color.NRGBA{10, 240, 60, 128}}
			p := image.NewPaletted(image.Rect(0, 0, 8, 6), pal)
			for k := range p.Pix {
				p.Pix[k] = uint8(r.IntN(len(pal)))
			}
			img = p
		case 3:
			g := image.NewGray16(image.Rect(0, 0, 8, 6))
			for y := 0; y < 6; y++ {
				for x := 0; x < 8; x++ {
					g.SetGray16(x, y, color.Gray16{Y: uint16(r.IntN(600))})
				}
			}
			img = g
		default:
			continue
		}
		var b strings.Builder
		if err := png.Encode(&b, img); err != nil {
			return err
		}
		cleaned = append(cleaned, synth.ZipEntry{Name: "train_cleaned/" + s + ".png", Data: []byte(b.String())})
	}
	train = append(train,
		synth.ZipEntry{Name: "train/notes.txt", Data: []byte("not an image\n")},
		synth.ZipEntry{Name: "__MACOSX/train/._1.png", Data: []byte{0, 5, 22, 7}})
	if err := synth.WriteZip(filepath.Join(dir, "train.zip"), train); err != nil {
		return err
	}
	return synth.WriteZip(filepath.Join(dir, "train_cleaned.zip"), cleaned)
}
