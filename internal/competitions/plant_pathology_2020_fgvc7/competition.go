// Package plant_pathology_2020_fgvc7 is the plant-pathology-2020-fgvc7 competition (the original's
// mlebench/competitions/plant-pathology-2020-fgvc7/): its prepare, grade and fake raw data.
//
// plant-pathology-2020-fgvc7 — spec: ../shared/spec/competitions/plant-pathology-2020-fgvc7.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0); both parts must have
//     exactly the five columns (as a set);
//   - ids are renamed Train_0, Train_1, … (unique train ids in permutation
//     order) and Test_0, … (test ids): one simultaneous lookup per cell, so
//     new names colliding with old ones never chain (old Train_9 may become
//     Train_5 while old Train_5 becomes Test_3);
//   - images are copied for every row of the original train.csv in file
//     order, each old id asserted to start with "Train_" and to have
//     raw/images/<old>.jpg; Kaggle's Test_*.jpg are not copied;
//   - grading: exact column set, length, ids compared after sorting both by
//     image_id as text ("Test_10" < "Test_2"; an id column mixing text and
//     numbers makes the sort raise TypeError, a plain error); the score is
//     numpy's mean of the four per-class binary ROC AUCs (a numpy float64);
//     no range check.
package plant_pathology_2020_fgvc7

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "plant-pathology-2020-fgvc7",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

var (
	classes = []string{"healthy", "multiple_diseases", "rust", "scab"}
	columns = append([]string{"image_id"}, classes...)
)

func split(n int) (train, test []int, err error) {
	return pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
}
