package hubmap_kidney_segmentation

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes a synthetic Kaggle download: raw/train.csv with exactly the
// 15 rows the preparer requires (opt.Rows is ignored: 12 + 3 is hard-coded
// upstream), the 16-column dataset information file listing those images
// and 5 original test images in shuffled order, and per image a small RGB
// TIFF of the listed size with its glomerulus and anatomical-structure
// JSON files; raw/test/ and raw/sample_submission.csv hold the 5 original
// test images, which prepare ignores.
//
// Every train mask is non-empty (an empty true encoding would make every
// grading fail); sizes are small and some non-square. The information file
// exercises the re-serialisation: a float column with integral values
// ("70" is rewritten "70.0"), an integer column with a blank cell in a kept
// row (rewritten as floats), a blank text cell and a bmi with many digits.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "hubmap-kidney-segmentation")
	const nTrain, nTest = 15, 5
	ids, err := synth.HexIDs(r, nTrain+nTest, 9)
	if err != nil {
		return err
	}
	type image struct {
		id   string
		h, w int
		mask rle.Mask
		test bool
	}
	images := make([]image, len(ids))
	for i, id := range ids {
		im := image{id: id, h: 16 + r.IntN(33), w: 16 + r.IntN(33), test: i >= nTrain}
		if i == 0 {
			im.w = im.h // one square image
		}
		im.mask = glomeruli(r, im.h, im.w)
		images[i] = im
	}

	train := synth.CSV{Header: []string{"id", "encoding"}}
	for _, im := range images[:nTrain] {
		train.Add(im.id, im.mask.String())
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	sample := synth.CSV{Header: []string{"id", "predicted"}}
	for _, im := range images[nTrain:] {
		sample.Add(im.id, "")
	}
	if err := sample.Write(filepath.Join(dir, "sample_submission.csv")); err != nil {
		return err
	}

	info := synth.CSV{Header: []string{"image_file", "width_pixels", "height_pixels",
		"anatomical_structures_segmention_file", "glomerulus_segmentation_file", "patient_number",
		"race", "ethnicity", "sex", "age", "weight_kilograms", "height_centimeters", "bmi_kg/m^2",
		"laterality", "percent_cortex", "percent_medulla"}}
	order := r.Perm(len(images))
	for k, i := range order {
		im := images[i]
		glom := im.id + ".json"
		if im.test && k%2 == 0 {
			glom = "" // not every original test image has annotations
		}
		age := strconv.Itoa(30 + r.IntN(50))
		if i == 3 {
			age = "" // a kept row: the age column becomes float
		}
		weight := strconv.Itoa(55+r.IntN(60)) + "." + strconv.Itoa(r.IntN(10))
		if i%4 == 1 {
			weight = strconv.Itoa(55 + r.IntN(60)) // integral text in a float column
		}
		heightCM := strconv.Itoa(150+r.IntN(45)) + ".0"
		bmi := strconv.FormatFloat(18+r.Float64()*20, 'f', 1+r.IntN(12), 64)
		cortex := 40 + r.IntN(60)
		info.Add(im.id+".tiff", strconv.Itoa(im.w), strconv.Itoa(im.h),
			im.id+"-anatomical-structure.json", glom, strconv.Itoa(10000+r.IntN(90000)),
			synth.Pick(r, []string{"White", "Black or African American", "Asian"}),
			synth.Pick(r, []string{"Not Hispanic or Latino", "Hispanic or Latino"}),
			synth.Pick(r, []string{"Male", "Female"}), age, weight, heightCM, bmi,
			synth.Pick(r, []string{"Left", "Right"}), strconv.Itoa(cortex), strconv.Itoa(100-cortex))
	}
	if err := info.Write(filepath.Join(dir, infoFile)); err != nil {
		return err
	}

	for _, im := range images {
		sub := "train"
		if im.test {
			sub = "test"
		}
		tiff, err := synth.TIFF(synth.RGB(r, im.w, im.h))
		if err != nil {
			return err
		}
		glom, err := geoJSON(im.mask, "glomerulus", -3140401)
		if err != nil {
			return err
		}
		cortex, err := geoJSON(rle.FromPixels(im.h, im.w, func(int, int) bool { return true }), "Cortex", -1)
		if err != nil {
			return err
		}
		names := imageFiles(im.id)
		for k, data := range [][]byte{tiff, glom, cortex} {
			if err := synth.WriteFile(filepath.Join(dir, sub, names[k]), data); err != nil {
				return err
			}
		}
	}
	return nil
}

// glomeruli returns an h×w mask of 1 to 3 random rectangles (never empty).
func glomeruli(r *rand.Rand, h, w int) rle.Mask {
	type rect struct{ r0, c0, r1, c1 int }
	rects := make([]rect, 1+r.IntN(3))
	for i := range rects {
		r0, c0 := r.IntN(h-2), r.IntN(w-2)
		rects[i] = rect{r0, c0, min(h, r0+2+r.IntN(h/3)), min(w, c0+2+r.IntN(w/3))}
	}
	return rle.FromPixels(h, w, func(row, col int) bool {
		for _, q := range rects {
			if row >= q.r0 && row < q.r1 && col >= q.c0 && col < q.c1 {
				return true
			}
		}
		return false
	})
}

// geoJSON is a Kaggle-like annotation file: one polygon feature per run of
// the mask's bounding box (enough structure to look like the real files;
// prepare copies them without parsing).
func geoJSON(m rle.Mask, name string, color int) ([]byte, error) {
	type feature struct {
		Type     string `json:"type"`
		ID       string `json:"id"`
		Geometry struct {
			Type        string         `json:"type"`
			Coordinates [][][2]float64 `json:"coordinates"`
		} `json:"geometry"`
		Properties struct {
			Classification struct {
				Name     string `json:"name"`
				ColorRGB int    `json:"colorRGB"`
			} `json:"classification"`
			IsLocked bool `json:"isLocked"`
		} `json:"properties"`
	}
	var minR, minC, maxR, maxC int64 = m.H, m.W, -1, -1
	m.Pixels(func(row, col int64) {
		minR, minC, maxR, maxC = min(minR, row), min(minC, col), max(maxR, row), max(maxC, col)
	})
	if maxR < 0 {
		return nil, fmt.Errorf("geojson of an empty mask")
	}
	var f feature
	f.Type, f.ID = "Feature", "PathAnnotationObject"
	f.Geometry.Type = "Polygon"
	x0, y0, x1, y1 := float64(minC), float64(minR), float64(maxC+1), float64(maxR+1)
	f.Geometry.Coordinates = [][][2]float64{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}}
	f.Properties.Classification.Name = name
	f.Properties.Classification.ColorRGB = color
	f.Properties.IsLocked = true
	return json.MarshalIndent([]feature{f}, "", "  ")
}
