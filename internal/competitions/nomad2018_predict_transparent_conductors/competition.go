// Package nomad2018_predict_transparent_conductors is the nomad2018-predict-transparent-conductors competition (the original's
// mlebench/competitions/nomad2018-predict-transparent-conductors/): its prepare, grade and fake raw data.
//
// nomad2018-predict-transparent-conductors — spec: ../shared/spec/competitions/nomad2018-predict-transparent-conductors.md
//
// Quirks reproduced:
//   - the four raw zips are read in place (raw/train.csv.zip holds
//     train.csv at its root, read as "raw/train.csv/train.csv"; raw/train.zip
//     holds train/<id>/*.xyz); test.zip and test.csv.zip must exist and be
//     valid zips but are never read;
//   - train_test_split(test_size=0.1, random_state=0); ids renumbered 1..n in
//     each part's permutation order;
//   - geometry: every train/*/*.xyz member (one directory level, glob order:
//     full paths sorted as strings, hidden names skipped) has its folder name
//     parsed with Python int() — before filtering, so a non-integer folder
//     fails prepare; a train id's files go to public/train/<new>/geometry.xyz
//     and, in a second pass, a test id's to public/test/<new>/geometry.xyz,
//     so with several .xyz files in one folder the last in sort order wins;
//   - the .xyz counts below public/train and public/test must equal the row
//     counts (every id needs at least one .xyz);
//   - grading has no id alignment: rows are compared by position, the id
//     column is not required; each target's RMSLE follows scikit-learn 1.5.x
//     (any negative value raises → plain error); score = mean of the two, a
//     numpy float64.
package nomad2018_predict_transparent_conductors

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "nomad2018-predict-transparent-conductors",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	formation = "formation_energy_ev_natom"
	bandgap   = "bandgap_energy_ev"
)
