package siim_covid19_detection

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/dicomfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train_study_level.csv (default 40 studies, one-hot
// over the four classes), raw/train_image_level.csv (one to three images
// per study; typical/indeterminate/atypical studies get images with one to
// three opacity boxes, written as Kaggle does: a Python-literal boxes list
// and the corner label text, with 5-decimal coordinates; the others
// "none 1 0 0 1 1" and empty boxes) and raw/train/<study>/<series>/<image>.dcm,
// a small chest X-ray DICOM per image.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "siim-covid19-detection")
	n := synth.Rows(opt.Rows, 40)
	used := map[string]bool{}
	hexID := func() string {
		for {
			// a letter first: StudyInstanceUID must be read as text
			id := string(rune('a'+r.IntN(6))) + synth.Hex(r, 11)
			if !used[id] {
				used[id] = true
				return id
			}
		}
	}
	studies := synth.CSV{Header: []string{"id", "Negative for Pneumonia", "Typical Appearance", "Indeterminate Appearance", "Atypical Appearance"}}
	images := synth.CSV{Header: []string{"id", "boxes", "label", "StudyInstanceUID"}}
	classes := synth.Balanced(r, n, []int{0, 1, 1, 2, 3})
	for _, cls := range classes {
		study := hexID()
		row := []string{study + "_study", "0", "0", "0", "0"}
		row[1+cls] = "1"
		studies.Add(row...)
		series := []string{hexID()}
		if r.IntN(4) == 0 {
			series = append(series, hexID())
		}
		for range 1 + r.IntN(3) {
			img := hexID()
			boxes, label := "", "none 1 0 0 1 1"
			if cls != 0 && r.IntN(5) != 0 {
				boxes, label = fakeBoxes(r)
			}
			images.Add(img+"_image", boxes, label, study)
			ser := synth.Pick(r, series)
			if err := writeImage(r, filepath.Join(dir, "train", study, ser, img+".dcm"), study); err != nil {
				return err
			}
		}
	}
	if err := studies.Write(filepath.Join(dir, "train_study_level.csv")); err != nil {
		return err
	}
	return images.Write(filepath.Join(dir, "train_image_level.csv"))
}

// fakeBoxes draws one to three boxes in units of 1e-5 pixels, so that the
// corner sums print exactly with 5 decimals.
func fakeBoxes(r *rand.Rand) (boxes, label string) {
	fix := func(v int64) string { return fmt.Sprintf("%d.%05d", v/100000, v%100000) }
	var dicts, groups []string
	for range 1 + r.IntN(3) {
		x, y := int64(r.IntN(2000*100000)), int64(r.IntN(2000*100000))
		w, h := int64(100*100000+r.IntN(1500*100000)), int64(100*100000+r.IntN(1500*100000))
		dicts = append(dicts, fmt.Sprintf("{'x': %s, 'y': %s, 'width': %s, 'height': %s}", fix(x), fix(y), fix(w), fix(h)))
		groups = append(groups, fmt.Sprintf("opacity 1 %s %s %s %s", fix(x), fix(y), fix(x+w), fix(y+h)))
	}
	return "[" + strings.Join(dicts, ", ") + "]", strings.Join(groups, " ")
}

// writeImage writes one 16×16 chest X-ray slice.
func writeImage(r *rand.Rand, path, study string) error {
	pix := make([]uint16, 256)
	for i := range pix {
		pix[i] = uint16(r.IntN(4096))
	}
	elems, err := dicomfile.Image16{Rows: 16, Columns: 16, Pix: pix}.Elements(12)
	if err != nil {
		return err
	}
	b, err := dicomfile.Encode(dicomfile.File{
		SOPClassUID:    dicomfile.DigitalXRayImageStorage,
		SOPInstanceUID: dicomfile.UIDFrom(r.Uint64(), r.Uint64()),
		Elements: append(elems,
			dicomfile.Str(dicomfile.Modality, "CS", "DX"),
			dicomfile.Str(dicomfile.PatientID, "LO", study),
			dicomfile.Str(dicomfile.BodyPartExamined, "CS", "CHEST"),
			dicomfile.UID(dicomfile.StudyInstanceUID, dicomfile.UIDFrom(r.Uint64(), r.Uint64())),
			dicomfile.UID(dicomfile.SeriesInstanceUID, dicomfile.UIDFrom(r.Uint64(), r.Uint64())),
		),
	})
	if err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	return synth.WriteFile(path, b)
}
