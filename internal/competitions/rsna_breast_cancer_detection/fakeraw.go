package rsna_breast_cancer_detection

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/dicomfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// rawColumns are Kaggle's train.csv columns, in order.
var rawColumns = []string{"site_id", "patient_id", "image_id", "laterality", "view", "age", "cancer", "biopsy",
	"invasive", "BIRADS", "implant", "density", "machine_id", "difficult_negative_case"}

// FakeRaw writes raw/train.csv (default 60 patients with 2 or 3 images
// per side, 30 % of them with cancer on one side, at least one among
// the test patients; age and BIRADS with
// missing cells and written as floats, density text with missing cells,
// difficult_negative_case True/False, views including a rare "AT") and
// raw/train_images/<patient_id>/<image_id>.dcm, a small mammogram per row.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "rsna-breast-cancer-detection")
	n := synth.Rows(opt.Rows, 60)
	csv := synth.CSV{Header: rawColumns}
	usedPatients, usedImages := map[int]bool{}, map[int]bool{}
	fresh := func(used map[int]bool, lo, hi int) int {
		for {
			v := lo + r.IntN(hi-lo)
			if !used[v] {
				used[v] = true
				return v
			}
		}
	}
	cancerous := synth.Balanced(r, n, []bool{true, false, false, true, false, false, true, false, false, false})
	if err := positiveInTest(cancerous); err != nil {
		return err
	}
	for k := range n {
		pid := fresh(usedPatients, 10000, 65535)
		site := 1 + r.IntN(2)
		machine := synth.Pick(r, []int{21, 29, 48, 49, 93, 170, 190, 197, 210, 216})
		age := ""
		if r.IntN(8) != 0 {
			age = strconv.Itoa(40+r.IntN(45)) + ".0"
		}
		density := synth.Pick(r, []string{"A", "B", "C", "D", ""})
		implant := "0"
		if r.IntN(15) == 0 {
			implant = "1"
		}
		sickSide := synth.Pick(r, []string{"L", "R"})
		for _, side := range []string{"L", "R"} {
			cancer := "0"
			if cancerous[k] && side == sickSide {
				cancer = "1"
			}
			biopsy, invasive := "0", "0"
			if cancer == "1" {
				biopsy, invasive = "1", strconv.Itoa(r.IntN(2))
			}
			birads := synth.Pick(r, []string{"0.0", "1.0", "2.0", ""})
			difficult := "False"
			if cancer == "0" && biopsy == "0" && r.IntN(10) == 0 {
				difficult = "True"
			}
			for v := range 2 + r.IntN(2) {
				view := []string{"CC", "MLO", synth.Pick(r, []string{"CC", "MLO", "MLO", "AT"})}[v]
				img := fresh(usedImages, 1, 2147483647)
				csv.Add(strconv.Itoa(site), strconv.Itoa(pid), strconv.Itoa(img), side, view, age, cancer, biopsy,
					invasive, birads, implant, density, strconv.Itoa(machine), difficult)
				if err := writeImage(r, filepath.Join(dir, "train_images", strconv.Itoa(pid), strconv.Itoa(img)+".dcm"), pid, side, view); err != nil {
					return err
				}
			}
		}
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}

// positiveInTest swaps two patients' flags if prepare's test patients
// (train_test_split(test_size=0.1, random_state=42) over the patients in
// order) would hold no cancer, which the pF1 cannot grade.
func positiveInTest(cancerous []bool) error {
	train, test, err := pyrand.TrainTestSplit(len(cancerous), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 42})
	if err != nil {
		return fmt.Errorf("fake patients: %w", err)
	}
	for _, i := range test {
		if cancerous[i] {
			return nil
		}
	}
	for _, i := range train {
		if cancerous[i] {
			cancerous[i], cancerous[test[0]] = false, true
			return nil
		}
	}
	return nil
}

// writeImage writes one 16×12 mammogram slice.
func writeImage(r *rand.Rand, path string, pid int, side, view string) error {
	pix := make([]uint16, 16*12)
	for i := range pix {
		pix[i] = uint16(r.IntN(4096))
	}
	elems, err := dicomfile.Image16{Rows: 16, Columns: 12, Pix: pix}.Elements(12)
	if err != nil {
		return err
	}
	b, err := dicomfile.Encode(dicomfile.File{
		SOPClassUID:    dicomfile.DigitalMammographyImageStorage,
		SOPInstanceUID: dicomfile.UIDFrom(r.Uint64(), r.Uint64()),
		Elements: append(elems,
			dicomfile.Str(dicomfile.Modality, "CS", "MG"),
			dicomfile.Str(dicomfile.PatientID, "LO", strconv.Itoa(pid)),
			dicomfile.Str(dicomfile.ImageLaterality, "CS", side),
			dicomfile.Str(dicomfile.SeriesDescription, "LO", view),
			dicomfile.UID(dicomfile.StudyInstanceUID, dicomfile.UIDFrom(uint64(pid), 1)),
			dicomfile.UID(dicomfile.SeriesInstanceUID, dicomfile.UIDFrom(uint64(pid), 2)),
		),
	})
	if err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	return synth.WriteFile(path, b)
}
