// Package random_acts_of_pizza is the random-acts-of-pizza competition (the original's
// mlebench/competitions/random-acts-of-pizza/): its prepare, grade and fake raw data.
//
// random-acts-of-pizza — spec: ../shared/spec/competitions/random-acts-of-pizza.md
//
// Quirks reproduced:
//   - raw/train.json and raw/test.json are plain JSON arrays read as Python's
//     json.load reads them (object key order kept; ints arbitrary precision;
//     floats through float(); lone surrogate escapes kept); only the length
//     and the key list of the first test object are used from test.json;
//   - all train objects must share one key set, all test objects another
//     (asserted); every test key must exist in the train objects;
//   - train_test_split(train, test_size=len(test)/(len(train)+len(test)),
//     random_state=0) on the list;
//   - public/train.json and public/test.json are json.dump(indent=4) output
//     (ensure_ascii, no key sorting, Python float repr, no final newline);
//     test objects keep only the test keys, in test[0]'s order;
//   - public/train.zip and public/test.zip hold train.json / test.json (the
//     .json files stay too);
//   - answers: request_id and int(requester_received_pizza); the sample
//     predicts 0 (an int) everywhere; the leaking giver_username_if_known
//     field is kept;
//   - grading: prepare_for_auroc_metric + roc_auc_score (numpy float64).
package random_acts_of_pizza

import (
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "random-acts-of-pizza",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	idCol  = "request_id"
	target = "requester_received_pizza"
)

// split is train_test_split(train_list, test_size=ratio,
// random_state=0) with ratio = nTestRaw / (nTrain + nTestRaw).
func split(nTrain, nTestRaw int) (train, test []int, err error) {
	ratio := float64(nTestRaw) / float64(nTrain+nTestRaw)
	return pyrand.TrainTestSplit(nTrain, pyrand.SplitOptions{TestSize: pyrand.Fraction(ratio), RandomState: 0})
}
