package tabular_playground_series_dec_2021

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// rawHeader is the real train.csv header (56 integer columns).
func rawHeader() []string {
	h := []string{idColumn, "Elevation", "Aspect", "Slope", "Horizontal_Distance_To_Hydrology",
		"Vertical_Distance_To_Hydrology", "Horizontal_Distance_To_Roadways", "Hillshade_9am",
		"Hillshade_Noon", "Hillshade_3pm", "Horizontal_Distance_To_Fire_Points"}
	for i := 1; i <= 4; i++ {
		h = append(h, "Wilderness_Area"+strconv.Itoa(i))
	}
	for i := 1; i <= 40; i++ {
		h = append(h, "Soil_Type"+strconv.Itoa(i))
	}
	return append(h, target)
}

// FakeRaw writes raw/train.csv in the real 56-column all-integer
// layout (default 500 rows) with consecutive Ids from 0, and a small
// test.csv / sample_submission.csv (Ids continuing after train's), which
// prepare never reads. Cover_Type is mostly 1 or 2 (as in the real data);
// the first three test rows of the original's split get classes 1, 2 and 3,
// so the test target is always multiclass. A few feature cells are written
// with leading zeros ("0042"), which pandas re-prints canonically.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "tabular-playground-series-dec-2021")
	n := synth.Rows(opt.Rows, 500)
	if n < 2 {
		n = 2
	}
	_, test, err := split(n)
	if err != nil {
		return err
	}
	labels := make([]int, n)
	for i := range labels {
		switch k := r.IntN(100); {
		case k < 37:
			labels[i] = 1
		case k < 93:
			labels[i] = 2
		default:
			labels[i] = 3 + r.IntN(5)
		}
	}
	for k, i := range test[:min(3, len(test))] {
		labels[i] = k + 1
	}
	header := rawHeader()
	row := func(line []byte, id int, withTarget bool) []byte {
		line = strconv.AppendInt(line[:0], int64(id), 10)
		feats := []int{2000 + r.IntN(2000), r.IntN(420) - 30, r.IntN(70) - 5, r.IntN(1700) - 100,
			r.IntN(700) - 200, r.IntN(7500) - 300, r.IntN(300), r.IntN(300), r.IntN(300), r.IntN(8000) - 300}
		for j, v := range feats {
			line = append(line, ',')
			if j == 1 && v >= 0 && r.IntN(40) == 0 {
				line = fmt.Appendf(line, "%04d", v) // leading zeros
				continue
			}
			line = strconv.AppendInt(line, int64(v), 10)
		}
		wild := r.IntN(4)
		for j := 0; j < 4; j++ {
			line = append(line, ',', bit(j == wild || r.IntN(50) == 0))
		}
		for j := 0; j < 40; j++ {
			line = append(line, ',', bit(r.IntN(12) == 0))
		}
		if withTarget {
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(labels[id]), 10)
		}
		return append(line, '\n')
	}
	write := func(name string, cols []string, from, count int, withTarget bool) error {
		out, w, err := csvout.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		defer out.Close()
		var line []byte
		for j, c := range cols {
			if j > 0 {
				line = append(line, ',')
			}
			line = append(line, c...)
		}
		w.Write(append(line, '\n'))
		for i := from; i < from+count; i++ {
			line = row(line, i, withTarget)
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
		if err := w.Flush(); err != nil {
			return err
		}
		return out.Close()
	}
	if err := write("train.csv", header, 0, n, true); err != nil {
		return err
	}
	nTest := max(1, n/10)
	if err := write("test.csv", header[:len(header)-1], n, nTest, false); err != nil {
		return err
	}
	sample := synth.CSV{Header: []string{idColumn, target}}
	for i := n; i < n+nTest; i++ {
		sample.Add(strconv.Itoa(i), "2")
	}
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
}

func bit(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}
