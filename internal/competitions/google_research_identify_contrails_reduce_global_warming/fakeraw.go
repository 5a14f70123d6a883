package google_research_identify_contrails_reduce_global_warming

import (
	"encoding/binary"
	"fmt"
	"math"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/npyfile"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// Fake image size: H = W = side, T time steps per band.
const (
	side  = 16
	steps = 2
)

// FakeRaw writes a small download in the Kaggle layout: train and
// validation metadata JSON (string record ids, a float timestamp, an
// integer and a non-ASCII string key), per-record band files and masks
// (every third pixel mask empty), and a raw/validation tree.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := max(2, synth.Rows(opt.Rows, 20))
	m := max(1, n/4)
	r := synth.Rand(opt.Seed, "records")
	ids, err := synth.Unique(n, func() string { return "1" + synth.Digits(r, 17) })
	if err != nil {
		return err
	}
	meta := make([]any, n)
	for i, id := range ids {
		meta[i] = pyjson.Object{
			{Key: "record_id", Value: id},
			{Key: "projection_wkt", Value: "PROJCS[\"Géostationnaire\"]"},
			{Key: "row_min", Value: -r.IntN(1000)},
			{Key: "timestamp", Value: 1.5e9 + float64(r.IntN(1e6))/8},
			{Key: "scale", Value: r.Float64() * 1e-4},
		}
	}
	if err := writeJSON(filepath.Join(dir, "train_metadata.json"), meta); err != nil {
		return err
	}
	val := make([]any, m)
	for i := range val {
		val[i] = pyjson.Object{{Key: "record_id", Value: "9" + synth.Digits(r, 17)}, {Key: "timestamp", Value: 1.6e9}}
	}
	if err := writeJSON(filepath.Join(dir, "validation_metadata.json"), val); err != nil {
		return err
	}
	for i, id := range ids {
		rd := filepath.Join(dir, "train", id)
		for _, b := range bands {
			data := make([]float32, side*side*steps)
			for k := range data {
				data[k] = 200 + r.Float32()*100
			}
			if err := writeNpy(filepath.Join(rd, b), "<f4", []int{side, side, steps}, f32Bytes(data)); err != nil {
				return err
			}
		}
		labelers := 1 + r.IntN(3)
		pixels := make([]byte, side*side*4)
		indiv := make([]byte, side*side*labelers)
		if i%3 != 0 {
			// A rectangle (C order over H, W): rows r0..r1, cols c0..c1.
			r0, c0 := r.IntN(side-2), r.IntN(side-2)
			r1, c1 := r0+1+r.IntN(side-r0-1), c0+1+r.IntN(side-c0-1)
			for y := r0; y <= r1; y++ {
				for x := c0; x <= c1; x++ {
					binary.LittleEndian.PutUint32(pixels[(y*side+x)*4:], 1)
					for l := range labelers {
						if r.IntN(2) == 0 {
							indiv[(y*side+x)*labelers+l] = 1
						}
					}
				}
			}
			if i%5 == 1 { // a value other than 1 is background
				binary.LittleEndian.PutUint32(pixels[(r0*side+c0)*4:], 2)
			}
		}
		if err := writeNpy(filepath.Join(rd, "human_pixel_masks.npy"), "<i4", []int{side, side, 1}, pixels); err != nil {
			return err
		}
		if err := writeNpy(filepath.Join(rd, "human_individual_masks.npy"), "|u1", []int{side, side, 1, labelers}, indiv); err != nil {
			return err
		}
	}
	vd := filepath.Join(dir, "validation", "9"+synth.Digits(r, 17))
	data := make([]float32, side*side*steps)
	for k := range data {
		data[k] = r.Float32()
	}
	if err := writeNpy(filepath.Join(vd, "band_08.npy"), "<f4", []int{side, side, steps}, f32Bytes(data)); err != nil {
		return err
	}
	return writeNpy(filepath.Join(vd, "human_pixel_masks.npy"), "<i4", []int{side, side, 1}, make([]byte, side*side*4))
}

func writeJSON(path string, v any) error {
	b, err := pyjson.Marshal(v, pyjson.Options{Indent: 1})
	if err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	return synth.WriteFile(path, b)
}

func writeNpy(path, descr string, shape []int, data []byte) error {
	return synth.WriteFile(path, append(npyfile.FormatHeader(descr, shape), data...))
}

func f32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}
