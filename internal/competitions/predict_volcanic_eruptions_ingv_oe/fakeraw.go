package predict_volcanic_eruptions_ingv_oe

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes the Kaggle layout: raw/train.csv (segment_id,
// time_to_eruption; default 60 rows, unique ids of up to ten digits as in
// the real file), one sensor CSV raw/train/<segment_id>.csv per row (ten
// sensor columns of integers, some sensors entirely empty and some cells
// missing, as in the real recordings; a few lines each), and the unused
// raw/test/ segments and raw sample_submission.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "predict-volcanic-eruptions-ingv-oe")
	n := synth.Rows(opt.Rows, 60)
	if n < 2 {
		return fmt.Errorf("predict-volcanic-eruptions-ingv-oe: need at least 2 rows, got %d", n)
	}
	nTest := 5
	used := map[int64]bool{}
	newID := func() int64 {
		for {
			id := 1 + r.Int64N(2_147_000_000)
			if !used[id] {
				used[id] = true
				return id
			}
		}
	}
	train := synth.CSV{Header: []string{idCol, targetCol}}
	sample := synth.CSV{Header: []string{idCol, targetCol}}
	for i := 0; i < n; i++ {
		id := newID()
		tte := 6000 + r.Int64N(49_000_000)
		if i == 7 {
			tte = 2 // MAE rounding near small values
		}
		train.Add(strconv.FormatInt(id, 10), strconv.FormatInt(tte, 10))
		if err := synth.WriteFile(filepath.Join(dir, "train", strconv.FormatInt(id, 10)+".csv"), segment(r)); err != nil {
			return err
		}
	}
	for i := 0; i < nTest; i++ {
		id := newID()
		sample.Add(strconv.FormatInt(id, 10), "")
		if err := synth.WriteFile(filepath.Join(dir, "test", strconv.FormatInt(id, 10)+".csv"), segment(r)); err != nil {
			return err
		}
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

// segment is one sensor recording: sensor_1..sensor_10, integers, a whole
// sensor sometimes missing (empty cells), occasionally a single empty cell.
func segment(r *rand.Rand) []byte {
	var b strings.Builder
	for s := 1; s <= 10; s++ {
		if s > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "sensor_%d", s)
	}
	b.WriteByte('\n')
	dead := r.IntN(12) // 10, 11: no dead sensor
	lines := 3 + r.IntN(6)
	for l := 0; l < lines; l++ {
		for s := 0; s < 10; s++ {
			if s > 0 {
				b.WriteByte(',')
			}
			if s == dead || r.IntN(40) == 0 {
				continue
			}
			b.WriteString(strconv.Itoa(r.IntN(4001) - 2000))
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}
