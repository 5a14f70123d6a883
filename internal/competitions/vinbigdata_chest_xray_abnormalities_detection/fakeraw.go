package vinbigdata_chest_xray_abnormalities_detection

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/dicomfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// classNames are Kaggle's class names by class_id.
var classNames = []string{"Aortic enlargement", "Atelectasis", "Calcification", "Cardiomegaly", "Consolidation",
	"ILD", "Infiltration", "Lung Opacity", "Nodule/Mass", "Other lesion", "Pleural effusion", "Pleural thickening",
	"Pneumothorax", "Pulmonary fibrosis", "No finding"}

// numImages is the number of distinct image ids prepare's literal asserts
// require; opt.Rows cannot change it.
const numImages = 15000

// FakeRaw writes raw/train.csv for exactly 15,000 images (32-hex ids; 70 %
// "No finding" with one to three radiologist rows and empty boxes, the
// others one or two findings, each boxed by one to three radiologists) and
// raw/train/<image_id>.dicom, a tiny chest X-ray DICOM per image.
// opt.Rows is ignored: the original asserts the 15,000.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "vinbigdata-chest-xray-abnormalities-detection")
	csv := synth.CSV{Header: rawColumns}
	used := map[string]bool{}
	rad := func() string { return "R" + strconv.Itoa(1+r.IntN(17)) }
	coord := func(lo, hi int) int {
		return lo + r.IntN(hi-lo)
	}
	num := func(v int) string {
		if r.IntN(4) == 0 {
			return strconv.Itoa(v) + ".5"
		}
		return strconv.Itoa(v) + ".0"
	}
	for range numImages {
		var id string
		for {
			id = string(rune('a'+r.IntN(6))) + synth.Hex(r, 31)
			if !used[id] {
				used[id] = true
				break
			}
		}
		if r.IntN(10) < 7 {
			for range 1 + r.IntN(3) {
				csv.Add(id, classNames[14], "14", rad(), "", "", "", "")
			}
		} else {
			for range 1 + r.IntN(2) {
				c := r.IntN(14)
				x, y := coord(0, 2000), coord(0, 2000)
				w, h := coord(20, 800), coord(20, 800)
				for range 1 + r.IntN(3) {
					dx, dy := r.IntN(41)-20, r.IntN(41)-20
					csv.Add(id, classNames[c], strconv.Itoa(c), rad(),
						num(x+dx), num(y+dy), num(x+dx+w), num(y+dy+h))
				}
			}
		}
		if err := writeImage(r, filepath.Join(dir, "train", id+".dicom"), id); err != nil {
			return err
		}
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}

// writeImage writes one 4×4 chest X-ray.
func writeImage(r *rand.Rand, path, id string) error {
	pix := make([]uint16, 16)
	for i := range pix {
		pix[i] = uint16(r.IntN(4096))
	}
	elems, err := dicomfile.Image16{Rows: 4, Columns: 4, Pix: pix}.Elements(12)
	if err != nil {
		return err
	}
	b, err := dicomfile.Encode(dicomfile.File{
		SOPClassUID:    dicomfile.DigitalXRayImageStorage,
		SOPInstanceUID: dicomfile.UIDFrom(r.Uint64(), r.Uint64()),
		Elements: append(elems,
			dicomfile.Str(dicomfile.Modality, "CS", "DX"),
			dicomfile.Str(dicomfile.PatientID, "LO", id),
			dicomfile.UID(dicomfile.StudyInstanceUID, dicomfile.UIDFrom(r.Uint64(), r.Uint64())),
			dicomfile.UID(dicomfile.SeriesInstanceUID, dicomfile.UIDFrom(r.Uint64(), r.Uint64())),
		),
	})
	if err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	return synth.WriteFile(path, b)
}
