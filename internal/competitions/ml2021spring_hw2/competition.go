// Package ml2021spring_hw2 is the ml2021spring-hw2 competition (the original's
// mlebench/competitions/ml2021spring-hw2/): its prepare, grade and fake raw data.
//
// ml2021spring-hw2: ../shared/spec/competitions/ml2021spring-hw2.md
//
// Quirks reproduced:
//   - the test fraction is len(test_11)/(len(train_11)+len(test_11)) in
//     float64, and train_test_split(range(n), test_size=fraction,
//     random_state=0) takes ceil(fraction·n) rows in RandomState(0)
//     permutation order;
//   - the .npy outputs are np.save (numpy 1.26, format 1.0) of the raw
//     arrays indexed by those rows: the raw dtype is kept (labels stay
//     "<U2" strings), C order even for a Fortran-order raw file;
//   - answers.csv renders each label as plain text, so string labels "36"
//     and integer labels 36 give the same bytes; the sample submission is
//     ClassId 0 everywhere;
//   - grading is the shared accuracy helper (Id, ClassId): text predictions
//     score as wrong on the multiclass path and raise on the binary path.
package ml2021spring_hw2

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "ml2021spring-hw2",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const subDir = "timit_11/timit_11"
