// Package stanford_covid_vaccine is the stanford-covid-vaccine competition
// (the original's mlebench/competitions/stanford-covid-vaccine/): its
// prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/stanford-covid-vaccine.md
//
// Prepare reads raw/train.json and raw/test.json as pandas
// read_json(lines=True) does (json.go: ujson's fast, not always correctly
// rounded number parser; frame.go: read_json's dtype inference), draws
// int(0.1·n) test rows with DataFrame.sample(random_state=0) among the rows
// with SN_filter > 0, and writes the answers, the sample submission and the
// two JSON Lines files (to_json: ujson's 10-digit float format).
//
// Quirks reproduced:
//   - dtype inference changes bytes: a column whose numbers are all
//     integral becomes int64 ("SN_filter":1.0 is written "SN_filter":1),
//     while list elements keep their form (1.0 stays 1.0);
//   - ujson reads at most 15 fraction digits ("0.38430000000000003" reads
//     as 0.3843) and writes floats with at most 10 (ties by its own rule);
//   - the test rows are flagged by label, so both outputs keep file order;
//   - every test row must have the first test row's seq_length (the count
//     assert), seq_scored < seq_length, and at least int(0.1·n) rows must
//     pass SN_filter > 0 (no fallback);
//   - grading selects the submission's rows with the answers' keep column
//     aligned by label: in id-sorted order, a submission row is used when the
//     answers' row at its position in the submission FILE has keep=True. A
//     submission in the answers' row order (as the sample is) is graded
//     right; another order is graded on the wrong rows, without an error;
//   - deg_pH10 and deg_50C are required in a submission but not scored.
package stanford_covid_vaccine

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "stanford-covid-vaccine",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const idCol = "id_seqpos"

// targets are the five target columns in the answers' column order.
var targets = []string{"reactivity", "deg_Mg_pH10", "deg_pH10", "deg_Mg_50C", "deg_50C"}

// scored are the three scored targets, in the grader's order.
var scored = []string{"reactivity", "deg_Mg_pH10", "deg_Mg_50C"}
