// Package hotel_id_2021_fgvc8 is the hotel-id-2021-fgvc8 competition (the original's
// mlebench/competitions/hotel-id-2021-fgvc8/): its prepare, grade and fake raw data.
//
// hotel-id-2021-fgvc8: ../shared/spec/competitions/hotel-id-2021-fgvc8.md
//
// Quirks reproduced:
//   - every row whose image is ce27d36c9147cc19.jpg is dropped before
//     train_test_split(test_size=0.1, random_state=0); both sides keep the
//     permutation order and all four columns;
//   - images are byte copies raw/train_images/<str(chain)>/<image> →
//     public/train_images/<str(chain)>/<image> (train) or the flat
//     public/test_images/<image> (test); str() of a float chain gives
//     "123.0", as pandas would;
//   - the sample submission repeats "36363 53586 18807 64314 60181";
//   - grading: missing image / hotel_id, Image set, row count → invalid (in
//     that order; extra columns are allowed); both sorted by image;
//     predictions are str(hotel_id).split(" ") (empty tokens occupy
//     positions; a float column gives "123.0"/"nan"); MAP@5, a numpy float64.
//
// Deliberate difference: image names or chain folders that are not plain file
// names are refused.
package hotel_id_2021_fgvc8

import (
	"github.com/mlebench/mlebench/internal/competition"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "hotel-id-2021-fgvc8",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	duplicate = "ce27d36c9147cc19.jpg"
	sampleIDs = "36363 53586 18807 64314 60181"
)
