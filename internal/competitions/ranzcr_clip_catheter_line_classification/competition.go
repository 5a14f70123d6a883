// Package ranzcr_clip_catheter_line_classification is the ranzcr-clip-catheter-line-classification competition (the original's
// mlebench/competitions/ranzcr-clip-catheter-line-classification/): its prepare, grade and fake raw data.
//
// ranzcr-clip-catheter-line-classification — spec: ../shared/spec/competitions/ranzcr-clip-catheter-line-classification.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0), not grouped by
//     PatientID; every output keeps the raw column order;
//   - only 9 of the 11 labels are scored (CVC - Normal and Swan Ganz
//     Catheter Present are missing from the class list, upstream issue #30);
//     the sample has StudyInstanceUID + those 9 classes, all int 0;
//   - public/train_annotations.csv keeps the annotation rows of train
//     studies, in file order, re-written by pandas (coordinate lists stay
//     quoted);
//   - images are copied to public/train and public/test; the .jpg counts
//     must equal the row counts (a repeated UID fails);
//   - grading: each class missing → invalid; a length mismatch is an
//     AssertionError (plain error); then prepare_for_auroc_metric per class,
//     in class order, on the whole tables (so a missing id column is
//     reported in the first class's call and a range error of a later class
//     only once the earlier classes pass); score = mean of the 9 binary ROC
//     AUCs (numpy float64).
package ranzcr_clip_catheter_line_classification

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "ranzcr-clip-catheter-line-classification",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const id = "StudyInstanceUID"

// classes are the 9 scored classes (upstream constant).
var classes = []string{"ETT - Abnormal", "ETT - Borderline", "ETT - Normal", "NGT - Abnormal", "NGT - Borderline",
	"NGT - Incompletely Imaged", "NGT - Normal", "CVC - Abnormal", "CVC - Borderline"}

func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
}
