// Package smartphone_decimeter_2022 is the smartphone-decimeter-2022
// competition (the original's mlebench/competitions/smartphone-decimeter-2022/):
// its prepare, grade and fake raw data.
//
// smartphone-decimeter-2022 — spec: ../shared/spec/competitions/smartphone-decimeter-2022.md
//
// Prepare splits the drives of raw/train by date (train_test_split over the
// sorted distinct dates, test_size=0.1, random_state=0), copies each drive
// tree, gathers the test phones' ground_truth.csv into private/test.csv and
// deletes them from public/test. Grade scores each trip by the mean of the
// 50th and 95th percentiles of the haversine distances and averages trips.
//
// Quirks reproduced:
//   - a drive's date is its first three '-' parts with month and day
//     left-padded by str.zfill(2) (text only: "005" stays "005"), so
//     "2021-4-2-…" and "2021-04-02-…" share a date and a side;
//   - ground truth is read with plain pandas.read_csv (the "high" float
//     converter) and re-printed in Python repr;
//   - all other files of the test drives stay public, including the
//     supplemental NMEA logs that leak the ground truth (upstream issue #93);
//   - grading pairs rows positionally within each trip: UnixTimeMillis is
//     never compared, there is no sort; the haversine is the notebook's
//     (np.deg2rad, R = 6,371,000 m, pred first) and the percentiles numpy's
//     'linear' method with its _lerp.
//
// Deviations: a latitude or longitude column of booleans, which numpy
// would convert through float16, is an error here.
package smartphone_decimeter_2022

import "github.com/mlebench/mlebench/internal/competition"

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:        "smartphone-decimeter-2022",
	Prepare:   Prepare,
	Grade:     Grade,
	TypedRead: true,
	FakeRaw:   FakeRaw,
}

const (
	tripID = "tripId"
	millis = "UnixTimeMillis"
	lat    = "LatitudeDegrees"
	lon    = "LongitudeDegrees"
	gtName = "ground_truth.csv"

	sampleLat = 37.904611315634504
	sampleLon = -86.48107806249548
)
