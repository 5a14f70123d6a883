package rsna_miccai_brain_tumor_radiogenomic_classification

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/dicomfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// modalities are the four MRI series of every case, as on Kaggle.
var modalities = []string{"FLAIR", "T1w", "T1wCE", "T2w"}

// FakeRaw writes raw/train_labels.csv (default 60 cases: 5-digit
// zero-padded ids with Kaggle-like gaps, balanced 0/1 labels, both present
// in the test split), and per
// case raw/train/<id>/<modality>/Image-<k>.dcm, one or two small MR DICOM
// slices per series; plus two raw/test cases and raw/sample_submission.csv,
// which prepare never reads.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "rsna-miccai-brain-tumor-radiogenomic-classification")
	n := synth.Rows(opt.Rows, 60)
	labels := synth.Balanced(r, n, []string{"0", "1"})
	if err := bothClassesInTest(labels); err != nil {
		return err
	}
	csv := synth.CSV{Header: []string{idColumn, targetColumn}}
	next := 0
	for i := range n {
		id := fmt.Sprintf("%05d", next)
		next += 1 + r.IntN(3)
		csv.Add(id, labels[i])
		if err := writeCase(r, filepath.Join(dir, "train", id), id); err != nil {
			return err
		}
	}
	if err := csv.Write(filepath.Join(dir, "train_labels.csv")); err != nil {
		return err
	}
	sample := synth.CSV{Header: []string{idColumn, targetColumn}}
	for k := range 2 {
		id := fmt.Sprintf("%05d", next+k)
		sample.Add(id, "0.5")
		if err := writeCase(r, filepath.Join(dir, "test", id), id); err != nil {
			return err
		}
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

// bothClassesInTest swaps two labels if prepare's test split (the
// positions train_test_split(test_size=0.1, random_state=0) draws) would
// hold one class only, so that every seed gives a gradable answer key.
func bothClassesInTest(labels []string) error {
	train, test, err := pyrand.TrainTestSplit(len(labels), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("fake labels: %w", err)
	}
	first := labels[test[0]]
	for _, i := range test[1:] {
		if labels[i] != first {
			return nil
		}
	}
	for _, i := range train {
		if labels[i] != first {
			labels[i], labels[test[0]] = labels[test[0]], labels[i]
			return nil
		}
	}
	return nil
}

// writeCase writes one case's four series of 8×8 12-bit MR slices.
func writeCase(r *rand.Rand, dir, id string) error {
	study := dicomfile.UIDFrom(r.Uint64(), r.Uint64())
	for s, m := range modalities {
		series := dicomfile.UIDFrom(r.Uint64(), r.Uint64())
		if err := os.MkdirAll(filepath.Join(dir, m), 0o755); err != nil {
			return err
		}
		for k := 1; k <= 1+r.IntN(2); k++ {
			pix := make([]uint16, 64)
			for i := range pix {
				pix[i] = uint16(r.IntN(4096))
			}
			elems, err := dicomfile.Image16{Rows: 8, Columns: 8, Pix: pix}.Elements(12)
			if err != nil {
				return err
			}
			b, err := dicomfile.Encode(dicomfile.File{
				SOPClassUID:    dicomfile.MRImageStorage,
				SOPInstanceUID: dicomfile.UIDFrom(r.Uint64(), r.Uint64()),
				Elements: append(elems,
					dicomfile.Str(dicomfile.Modality, "CS", "MR"),
					dicomfile.Str(dicomfile.SeriesDescription, "LO", m),
					dicomfile.Str(dicomfile.PatientID, "LO", id),
					dicomfile.UID(dicomfile.StudyInstanceUID, study),
					dicomfile.UID(dicomfile.SeriesInstanceUID, series),
					dicomfile.Int(dicomfile.SeriesNumber, s+1),
					dicomfile.Int(dicomfile.InstanceNumber, k),
				),
			})
			if err != nil {
				return err
			}
			if err := synth.WriteFile(filepath.Join(dir, m, fmt.Sprintf("Image-%d.dcm", k)), b); err != nil {
				return err
			}
		}
	}
	return nil
}
