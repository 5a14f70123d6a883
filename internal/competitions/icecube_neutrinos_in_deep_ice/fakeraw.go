package icecube_neutrinos_in_deep_ice

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/parquetcols"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes the Kaggle layout: train_meta.parquet (default 600 events in
// 30 batches, 20 events a batch up to the real 660 batches; several row groups), train/batch_<n>.parquet per batch (real
// pulse tables: sensor_id, time, charge, auxiliary, event_id), sensor_geometry.csv,
// and the unused test/, test_meta.parquet and sample_submission.parquet.
// The meta file stores batch_id and event_id as int64, the pulse indexes as
// int32 and the angles as float32, so the dtype carry-through and the
// float32 repr path are exercised.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	return fakeRaw(dir, opt, parquetcols.Float32)
}

// realBatches is the real competition's count of training batch files.
const realBatches = 660

func fakeRaw(dir string, opt competition.FakeOptions, angle parquetcols.Type) error {
	r := synth.Rand(opt.Seed, "icecube-neutrinos-in-deep-ice")
	events := synth.Rows(opt.Rows, 600)
	// 20 events a batch, up to the real 660 batches (≈ 200,000 events
	// each at the real 131,953,924).
	batches := max(2, min(events/20, realBatches))
	if events < batches {
		events = batches
	}
	if err := os.MkdirAll(filepath.Join(dir, "train"), 0o755); err != nil {
		return err
	}
	metaFields := []parquetcols.Field{{Name: "batch_id", Type: parquetcols.Int64}, {Name: "event_id", Type: parquetcols.Int64},
		{Name: "first_pulse_index", Type: parquetcols.Int32}, {Name: "last_pulse_index", Type: parquetcols.Int32},
		{Name: "azimuth", Type: angle}, {Name: "zenith", Type: angle}}
	meta, err := parquetcols.Create(filepath.Join(dir, "train_meta.parquet"), metaFields)
	if err != nil {
		return err
	}
	defer meta.Abort()
	eventID := int64(24)
	angleValue := func(hi float64) float64 {
		v := r.Float64() * hi
		if angle == parquetcols.Float32 {
			return float64(float32(v))
		}
		return v
	}
	for b := 1; b <= batches; b++ {
		n := events / batches
		if b <= events%batches {
			n++
		}
		cols := []*parquetcols.Column{{Field: metaFields[0]}, {Field: metaFields[1]}, {Field: metaFields[2]},
			{Field: metaFields[3]}, {Field: metaFields[4]}, {Field: metaFields[5]}}
		pulses := &pulseTable{}
		first := int64(0)
		for range n {
			eventID += 1 + int64(r.IntN(40))
			np := 1 + r.IntN(6)
			cols[0].Ints = append(cols[0].Ints, int64(b))
			cols[1].Ints = append(cols[1].Ints, eventID)
			cols[2].Ints = append(cols[2].Ints, first)
			cols[3].Ints = append(cols[3].Ints, first+int64(np)-1)
			cols[4].Floats = append(cols[4].Floats, angleValue(2*math.Pi))
			cols[5].Floats = append(cols[5].Floats, angleValue(math.Pi))
			first += int64(np)
			t := int64(5000 + r.IntN(3000))
			for range np {
				t += int64(r.IntN(500))
				pulses.add(eventID, int64(r.IntN(5160)), t, float64(float32(0.025+r.Float64()*3)), r.IntN(3) == 0)
			}
		}
		if err := meta.Write(cols); err != nil {
			return err
		}
		if b%7 == 0 { // several row groups, split inside the file
			if err := meta.EndRowGroup(); err != nil {
				return err
			}
		}
		if err := pulses.write(filepath.Join(dir, "train", fmt.Sprintf("batch_%d.parquet", b))); err != nil {
			return err
		}
	}
	if err := meta.Close(); err != nil {
		return err
	}

	geo := synth.CSV{Header: []string{"sensor_id", "x", "y", "z"}}
	for i := range 60 {
		geo.Add(strconv.Itoa(i), fmt.Sprintf("%.2f", -256.14+r.Float64()*500), fmt.Sprintf("%.2f", -521.08+r.Float64()*1000),
			fmt.Sprintf("%.2f", -500+r.Float64()*1000))
	}
	if err := geo.Write(filepath.Join(dir, "sensor_geometry.csv")); err != nil {
		return err
	}

	// Unused by prepare: the competition's hidden-test layout.
	testBatch := batches + 1
	tm, err := parquetcols.Create(filepath.Join(dir, "test_meta.parquet"), metaFields[:4])
	if err != nil {
		return err
	}
	tp := &pulseTable{}
	ids := []int64{eventID + 10, eventID + 20}
	if err := tm.Write([]*parquetcols.Column{{Field: metaFields[0], Ints: []int64{int64(testBatch), int64(testBatch)}},
		{Field: metaFields[1], Ints: ids}, {Field: metaFields[2], Ints: []int64{0, 1}}, {Field: metaFields[3], Ints: []int64{0, 1}}}); err != nil {
		tm.Abort()
		return err
	}
	if err := tm.Close(); err != nil {
		return err
	}
	tp.add(ids[0], 1, 6000, 1.025, false)
	tp.add(ids[1], 2, 6100, 0.475, true)
	if err := os.MkdirAll(filepath.Join(dir, "test"), 0o755); err != nil {
		return err
	}
	if err := tp.write(filepath.Join(dir, "test", fmt.Sprintf("batch_%d.parquet", testBatch))); err != nil {
		return err
	}
	ss, err := parquetcols.Create(filepath.Join(dir, "sample_submission.parquet"), []parquetcols.Field{
		{Name: "event_id", Type: parquetcols.Int64}, {Name: "azimuth", Type: parquetcols.Float64}, {Name: "zenith", Type: parquetcols.Float64}})
	if err != nil {
		return err
	}
	if err := ss.Write([]*parquetcols.Column{{Field: parquetcols.Field{Name: "event_id", Type: parquetcols.Int64}, Ints: ids},
		{Field: parquetcols.Field{Name: "azimuth", Type: parquetcols.Float64}, Floats: []float64{1, 1}},
		{Field: parquetcols.Field{Name: "zenith", Type: parquetcols.Float64}, Floats: []float64{1, 1}}}); err != nil {
		ss.Abort()
		return err
	}
	return ss.Close()
}

// pulseTable is one batch file: a row per pulse, event_id first (the real
// files store it as the pandas index).
type pulseTable struct {
	event, sensor, time []int64
	charge              []float64
	aux                 []bool
}

func (p *pulseTable) add(event, sensor, time int64, charge float64, aux bool) {
	p.event = append(p.event, event)
	p.sensor = append(p.sensor, sensor)
	p.time = append(p.time, time)
	p.charge = append(p.charge, charge)
	p.aux = append(p.aux, aux)
}

func (p *pulseTable) write(path string) error {
	fields := []parquetcols.Field{{Name: "sensor_id", Type: parquetcols.Int16}, {Name: "time", Type: parquetcols.Int64},
		{Name: "charge", Type: parquetcols.Float32}, {Name: "auxiliary", Type: parquetcols.Bool}, {Name: "event_id", Type: parquetcols.Int64}}
	w, err := parquetcols.Create(path, fields)
	if err != nil {
		return err
	}
	if err := w.Write([]*parquetcols.Column{{Field: fields[0], Ints: p.sensor}, {Field: fields[1], Ints: p.time},
		{Field: fields[2], Floats: p.charge}, {Field: fields[3], Bools: p.aux}, {Field: fields[4], Ints: p.event}}); err != nil {
		w.Abort()
		return err
	}
	return w.Close()
}
