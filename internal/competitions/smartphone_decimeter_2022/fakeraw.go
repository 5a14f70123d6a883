package smartphone_decimeter_2022

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes the Kaggle layout: train/<drive>/<phone>/ with
// ground_truth.csv (the 9 Kaggle columns), device_gnss.csv, device_imu.csv
// and supplemental/{span_log.nmea,gnss_log.txt}; metadata/ with its three
// files; a test/ drive and sample_submission.csv that prepare never reads.
// 14 drives over 11 dates (n_test = 2), some dates with two drives, one pair
// of drive ids whose dates differ only by zero padding ("2021-4-28-…" and
// "2021-04-28-…"), 1–3 phones per drive (one phone folder without ground
// truth beside a phone with it), 20–40 epochs per phone by default
// (opt.Rows: about that many epochs per phone). Coordinates have 7–9
// decimals, a few are printed non-canonically ("37.50000") or with 17
// digits, which the default "high" float converter reads differently from
// a correctly rounded parse.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "drives")
	drives := []string{
		"2020-05-15-US-MTV-1", "2020-05-21-US-MTV-2", "2020-05-21-US-MTV-1", "2020-07-08-US-MTV-1",
		"2020-12-10-US-SJC-1", "2021-01-04-US-RWC-2", "2021-04-22-US-SJC-1", "2021-4-28-US-MTV-1",
		"2021-04-28-US-SJC-1", "2021-07-19-US-MTV-1", "2021-08-24-US-SVL-1", "2021-12-07-US-LAX-2",
		"2021-12-07-US-LAX-3", "2022-01-11-US-MTV-1",
	}
	phones := []string{"GooglePixel4", "GooglePixel4XL", "GooglePixel5", "GooglePixel6Pro", "SamsungGalaxyS20Ultra", "XiaomiMi8"}
	perPhone := func() int {
		if opt.Rows > 0 {
			return opt.Rows + r.IntN(max(1, opt.Rows/4))
		}
		return 20 + r.IntN(21)
	}
	for di, drive := range drives {
		n := 1 + r.IntN(3)
		picked := map[string]bool{}
		for len(picked) < n {
			picked[synth.Pick(r, phones)] = true
		}
		baseLat := 37.3 + r.Float64()*0.2
		baseLon := -122.1 + r.Float64()*0.3
		start := int64(1589570000000) + int64(di)*86_400_000*17
		for pi, phone := range synth.SortedKeys(picked) {
			pdir := filepath.Join(dir, "train", drive, phone)
			rows := perPhone()
			if !(di == 3 && pi == 1) { // one phone without ground truth
				if err := synth.WriteFile(filepath.Join(pdir, gtName), groundTruth(r, rows, start, baseLat, baseLon, di*7+pi)); err != nil {
					return err
				}
			}
			if err := synth.WriteFile(filepath.Join(pdir, "device_gnss.csv"), deviceGNSS(r, rows, start)); err != nil {
				return err
			}
			var imu strings.Builder
			imu.WriteString("MessageType,utcTimeMillis,MeasurementX,MeasurementY,MeasurementZ,BiasX,BiasY,BiasZ\n")
			for i := 0; i < rows; i++ {
				fmt.Fprintf(&imu, "UncalAccel,%d,%.6f,%.6f,%.6f,0.0,0.0,0.0\n", start+int64(i)*1000, r.NormFloat64(), r.NormFloat64(), 9.8+r.NormFloat64()*0.1)
			}
			if err := synth.WriteFile(filepath.Join(pdir, "device_imu.csv"), []byte(imu.String())); err != nil {
				return err
			}
			nmea := fmt.Sprintf("$GPGGA,000000.00,%09.4f,N,%010.4f,W,2,12,0.9,10.0,M,-30.0,M,,*5B\n", baseLat*100, -baseLon*100)
			if err := synth.WriteFile(filepath.Join(pdir, "supplemental", "span_log.nmea"), []byte(nmea)); err != nil {
				return err
			}
			if err := synth.WriteFile(filepath.Join(pdir, "supplemental", "gnss_log.txt"), []byte("# Version: v3.0.0.1 Platform: 11\n")); err != nil {
				return err
			}
		}
	}
	for name, body := range map[string]string{
		"accumulated_delta_range_state_bit_map.json": `[{"ADR_STATE_VALID": 1, "ADR_STATE_RESET": 2, "ADR_STATE_CYCLE_SLIP": 4}]` + "\n",
		"constellation_type_mapping.csv":             "ConstellationType,ConstellationName\n0,UNKNOWN\n1,GPS\n3,GLONASS\n4,QZSS\n5,BEIDOU\n6,GALILEO\n",
		"raw_state_bit_map.json":                     `[{"STATE_CODE_LOCK": 1, "STATE_BIT_SYNC": 2}]` + "\n",
	} {
		if err := synth.WriteFile(filepath.Join(dir, "metadata", name), []byte(body)); err != nil {
			return err
		}
	}
	if err := synth.WriteFile(filepath.Join(dir, "test", "2022-04-25-US-OAK-1", "GooglePixel4", "device_gnss.csv"), deviceGNSS(r, 3, 1650900000000)); err != nil {
		return err
	}
	return synth.WriteFile(filepath.Join(dir, "sample_submission.csv"),
		[]byte("tripId,UnixTimeMillis,LatitudeDegrees,LongitudeDegrees\n2022-04-25-US-OAK-1-GooglePixel4,1650900000000,37.904611315634504,-86.48107806249548\n"))
}

// groundTruth is a ground_truth.csv of rows epochs one second apart.
func groundTruth(r *rand.Rand, rows int, start int64, lat0, lon0 float64, salt int) []byte {
	var b strings.Builder
	b.WriteString("MessageType,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,BearingDegrees,UnixTimeMillis\n")
	la, lo := lat0, lon0
	for i := 0; i < rows; i++ {
		la += r.NormFloat64() * 1e-4
		lo += r.NormFloat64() * 1e-4
		latText := strconv.FormatFloat(la, 'f', 7+r.IntN(3), 64)
		lonText := strconv.FormatFloat(lo, 'f', 7+r.IntN(3), 64)
		switch (i + salt) % 17 {
		case 3:
			latText = strconv.FormatFloat(la, 'f', 15, 64) // 17 digits
		case 9:
			lonText = strconv.FormatFloat(float64(int(lo*100))/100, 'f', 5, 64) // trailing zeros
		}
		fmt.Fprintf(&b, "Fix,GT,%s,%s,%.3f,%.2f,0.1,%.1f,%d\n", latText, lonText, 10+r.Float64()*30, r.Float64()*20, r.Float64()*360, start+int64(i)*1000)
	}
	return []byte(b.String())
}

func deviceGNSS(r *rand.Rand, rows int, start int64) []byte {
	var b strings.Builder
	b.WriteString("MessageType,utcTimeMillis,Svid,ConstellationType,Cn0DbHz,RawPseudorangeMeters\n")
	for i := 0; i < rows; i++ {
		fmt.Fprintf(&b, "Raw,%d,%d,1,%.2f,%.3f\n", start+int64(i)*1000, 1+r.IntN(32), 20+r.Float64()*25, 2e7+r.Float64()*5e6)
	}
	return []byte(b.String())
}
