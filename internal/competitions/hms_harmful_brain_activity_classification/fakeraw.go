package hms_harmful_brain_activity_classification

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/parquetcols"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// eegChannels are the columns of a Kaggle EEG Parquet file: the 19 scalp
// electrodes and the EKG lead, one float32 row per 200 Hz sample.
var eegChannels = []string{"Fp1", "F3", "C3", "P3", "F7", "T3", "T5", "O1", "Fz", "Cz", "Pz",
	"Fp2", "F4", "C4", "P4", "F8", "T4", "T6", "O2", "EKG"}

// consensus names the expert_consensus value of each target, in
// targetCols order.
var consensus = []string{"Seizure", "LPD", "GPD", "LRDA", "GRDA", "Other"}

// FakeRaw writes the Kaggle layout: raw/train.csv (the 15 columns; default
// about 120 rows; spectrograms holding one to three EEGs, each EEG one to
// six labelled sub-windows with their own votes; groups in random id
// order, not sorted), one Parquet file per distinct eeg_id in
// raw/train_eegs/ (the 20 EEG channels as float32, a few samples, some
// NaN) and per distinct spectrogram_id in raw/train_spectrograms/ (`time`
// plus the 400 LL/RL/LP/RP frequency-band float32 columns, a few rows),
// raw/example_figures/ with two PNGs, and the unused raw/test.csv,
// raw/sample_submission.csv, raw/test_eegs/ and raw/test_spectrograms/.
//
// Quirks exercised: an eeg_label_offset_seconds column whose raw text mixes
// "0" and "6.0" (pandas reads it as float and writes 0.0), votes whose row
// sums give repeating binary fractions (1/3, 1/7), single-class rows
// (probability 1.0 and 0.0), rows sharing an eeg_id with different votes.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	return fakeRaw(dir, opt, true)
}

// fakeRaw is FakeRaw; without parquet the per-id files are empty
// placeholders (the preparer never opens them), for benchmarks at the real
// scale.
func fakeRaw(dir string, opt competition.FakeOptions, parquet bool) error {
	r := synth.Rand(opt.Seed, "hms-harmful-brain-activity-classification")
	want := synth.Rows(opt.Rows, 120)
	if want < 2 {
		return fmt.Errorf("hms-harmful-brain-activity-classification: need at least 2 rows, got %d", want)
	}
	used := map[int64]bool{}
	newID := func(limit int64) int64 {
		for {
			id := 1 + r.Int64N(limit)
			if !used[id] {
				used[id] = true
				return id
			}
		}
	}
	nPatients := max(2, want/12)
	patients := make([]int64, nPatients)
	for i := range patients {
		patients[i] = newID(65_535)
	}

	train := synth.CSV{Header: trainColumns}
	var eegIDs, specIDs []int64
	rows := 0
	for nSpec := 0; rows < want || nSpec < 2; nSpec++ {
		spec := newID(2_147_000_000)
		specIDs = append(specIDs, spec)
		patient := patients[nSpec%nPatients]
		if nSpec >= nPatients {
			patient = synth.Pick(r, patients)
		}
		specSub := 0
		base := float64(r.IntN(4000))
		limit := want
		if nSpec == 0 {
			limit = want - 1 // leaves a row for a second spectrogram
		}
		for e := range 1 + r.IntN(3) {
			if e > 0 && rows >= limit {
				break
			}
			eeg := newID(4_294_000_000)
			eegIDs = append(eegIDs, eeg)
			off := 0
			votes := drawVotes(r)
			for sub := range 1 + r.IntN(6) {
				if sub > 0 && rows >= limit {
					break
				}
				if sub > 0 {
					off += 2 * (1 + r.IntN(5))
					if r.IntN(3) == 0 {
						votes = drawVotes(r)
					}
				}
				eegOff := strconv.Itoa(off) + ".0"
				if off == 0 && r.IntN(3) == 0 {
					eegOff = "0"
				}
				cells := []string{
					strconv.FormatInt(eeg, 10), strconv.Itoa(sub), eegOff,
					strconv.FormatInt(spec, 10), strconv.Itoa(specSub), strconv.FormatFloat(base+float64(off), 'f', 1, 64),
					strconv.FormatInt(newID(4_294_000_000), 10), strconv.FormatInt(patient, 10), consensus[argmax(votes)],
				}
				for _, v := range votes {
					cells = append(cells, strconv.Itoa(v))
				}
				train.Add(cells...)
				specSub++
				rows++
			}
			base += float64(off + 50 + r.IntN(600))
		}
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	eegFile, specFile := writeEEG, writeSpectrogram
	if !parquet {
		eegFile = func(_ *rand.Rand, path string) error { return synth.WriteFile(path, nil) }
		specFile = eegFile
	}
	for _, id := range eegIDs {
		if err := eegFile(r, filepath.Join(dir, "train_eegs", strconv.FormatInt(id, 10)+".parquet")); err != nil {
			return err
		}
	}
	for _, id := range specIDs {
		if err := specFile(r, filepath.Join(dir, "train_spectrograms", strconv.FormatInt(id, 10)+".parquet")); err != nil {
			return err
		}
	}

	// The unused Kaggle test side: one EEG with its spectrogram.
	testEEG, testSpec := newID(4_294_000_000), newID(2_147_000_000)
	test := synth.CSV{Header: []string{specCol, idCol, patCol}}
	test.Add(strconv.FormatInt(testSpec, 10), strconv.FormatInt(testEEG, 10), strconv.FormatInt(newID(65_535), 10))
	if err := test.Write(filepath.Join(dir, "test.csv")); err != nil {
		return err
	}
	sample := synth.CSV{Header: append([]string{idCol}, targetCols...)}
	sample.Add(strconv.FormatInt(testEEG, 10), "0.16666666666666666", "0.16666666666666666", "0.16666666666666666",
		"0.16666666666666666", "0.16666666666666666", "0.16666666666666666")
	if err := sample.Write(filepath.Join(dir, "sample_submission.csv")); err != nil {
		return err
	}
	if err := eegFile(r, filepath.Join(dir, "test_eegs", strconv.FormatInt(testEEG, 10)+".parquet")); err != nil {
		return err
	}
	if err := specFile(r, filepath.Join(dir, "test_spectrograms", strconv.FormatInt(testSpec, 10)+".parquet")); err != nil {
		return err
	}

	for i := 1; i <= 2; i++ {
		png, err := synth.PNG(synth.RGB(r, 24, 16))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "example_figures", fmt.Sprintf("Sample%02d.png", i)), png); err != nil {
			return err
		}
	}
	return nil
}

// drawVotes returns the six vote counts of one labelled window: 1 to 20
// experts, concentrated on one or two classes as in the real labels, at
// least one vote in all.
func drawVotes(r *rand.Rand) []int {
	v := make([]int, len(targetCols))
	switch r.IntN(5) {
	case 0: // unanimous
		v[r.IntN(len(v))] = 1 + r.IntN(15)
	case 1: // thirds and sevenths
		a, b := r.IntN(len(v)), r.IntN(len(v))
		v[a] += 1 + r.IntN(2)*3
		v[b] += 2 + r.IntN(2)*2
	default:
		experts := 1 + r.IntN(20)
		a, b := r.IntN(len(v)), r.IntN(len(v))
		for range experts {
			switch k := r.IntN(10); {
			case k < 5:
				v[a]++
			case k < 8:
				v[b]++
			default:
				v[r.IntN(len(v))]++
			}
		}
	}
	return v
}

func argmax(v []int) int {
	best := 0
	for k, x := range v {
		if x > v[best] {
			best = k
		}
	}
	return best
}

// writeEEG writes an EEG recording: the 20 channels as float32 microvolt
// values, a few samples, an occasional NaN (flat or missing leads occur in
// the real files).
func writeEEG(r *rand.Rand, path string) error {
	fields := make([]parquetcols.Field, len(eegChannels))
	for k, name := range eegChannels {
		fields[k] = parquetcols.Field{Name: name, Type: parquetcols.Float32}
	}
	n := 10 + r.IntN(20)
	cols := make([]*parquetcols.Column, len(fields))
	for k := range cols {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(float32(r.NormFloat64() * 40))
			if r.IntN(60) == 0 {
				v[i] = math.NaN()
			}
		}
		cols[k] = &parquetcols.Column{Field: fields[k], Floats: v}
	}
	return writeParquet(path, fields, cols)
}

// writeSpectrogram writes a spectrogram: `time` (seconds, every 2 s from 1)
// and the power of the four chains (LL, RL, LP, RP) in 100 bands from 0.59
// to 19.92 Hz as float32, a few rows, an occasional NaN.
func writeSpectrogram(r *rand.Rand, path string) error {
	fields := []parquetcols.Field{{Name: "time", Type: parquetcols.Float64}}
	for _, chain := range []string{"LL", "RL", "LP", "RP"} {
		for k := range 100 {
			fields = append(fields, parquetcols.Field{
				Name: chain + "_" + strconv.FormatFloat(float64(k+3)*0.1953125, 'f', 2, 64), Type: parquetcols.Float32})
		}
	}
	n := 3 + r.IntN(4)
	cols := make([]*parquetcols.Column, len(fields))
	t := make([]float64, n)
	for i := range t {
		t[i] = float64(1 + 2*i)
	}
	cols[0] = &parquetcols.Column{Field: fields[0], Floats: t}
	for k := 1; k < len(fields); k++ {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(float32(math.Exp(r.NormFloat64() * 1.5)))
			if r.IntN(200) == 0 {
				v[i] = math.NaN()
			}
		}
		cols[k] = &parquetcols.Column{Field: fields[k], Floats: v}
	}
	return writeParquet(path, fields, cols)
}

func writeParquet(path string, fields []parquetcols.Field, cols []*parquetcols.Column) error {
	if err := synth.WriteFile(path, nil); err != nil { // creates the folder
		return err
	}
	w, err := parquetcols.Create(path, fields)
	if err != nil {
		return err
	}
	if err := w.Write(cols); err != nil {
		w.Abort()
		return err
	}
	return w.Close()
}
