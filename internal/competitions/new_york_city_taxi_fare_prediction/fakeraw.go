package new_york_city_taxi_fare_prediction

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var rawHeader = []string{"key", "fare_amount", "pickup_datetime", "pickup_longitude", "pickup_latitude", "dropoff_longitude", "dropoff_latitude", "passenger_count"}

// FakeRaw writes raw/train.csv (the real 8-column header, 10,500 rows by
// default: the test size is the fixed 9,914) and
// raw/GCP-Coupons-Instructions.rtf. Keys are unique "YYYY-MM-DD
// hh:mm:ss.fffffff" strings; some dropoff coordinates are missing and some
// fares use non-canonical text ("4.50", "7"). The rows are streamed to
// disk (the real 55M rows are 5.4 GB).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 10_500)
	r := synth.Rand(opt.Seed, "train")
	c, err := synth.CreateCSV(filepath.Join(dir, "train.csv"), synth.CSV{Header: rawHeader})
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		day := r.IntN(365 * 6)
		year, yday := 2009+day/365, day%365
		month, mday := 1+yday/31, 1+yday%28
		hh, mm, ss := r.IntN(24), r.IntN(60), r.IntN(60)
		stamp := fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d", year, min(month, 12), mday, hh, mm, ss)
		key := fmt.Sprintf("%s.%07d", stamp, i+1)
		fare := strconv.FormatFloat(float64(250+r.IntN(5000))/100, 'f', -1, 64)
		switch r.IntN(200) {
		case 0:
			fare = fmt.Sprintf("%d.50", 3+r.IntN(20))
		case 1:
			fare = strconv.Itoa(5 + r.IntN(40))
		}
		coord := func(base float64) string {
			return strconv.FormatFloat(base+r.NormFloat64()*0.05, 'f', 6, 64)
		}
		dLon, dLat := coord(-73.97), coord(40.75)
		if r.IntN(300) == 0 {
			dLon, dLat = "", ""
		}
		c.Add(key, fare, stamp+" UTC", coord(-73.98), coord(40.76), dLon, dLat, strconv.Itoa(1+r.IntN(6)))
	}
	if err := c.Close(); err != nil {
		return err
	}
	rtf := "{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\\f0 Synthetic coupon instructions.\\par}\n"
	return synth.WriteFile(filepath.Join(dir, coupons), []byte(rtf))
}
