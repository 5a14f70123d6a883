package bms_molecular_translation

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train_labels.csv (default 60 rows) with 12-character
// hex image ids (two of them all digits, which pandas still reads as text
// in this column) and InChI strings whose layers hold commas (quoted
// fields); a small grayscale PNG raw/train/<a>/<b>/<c>/<id>.png for every
// id; raw/extra_approved_InChIs.csv; and, never read by prepare but part of
// the Kaggle layout, a few raw/test images and raw/sample_submission.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "bms-molecular-translation")
	n := synth.Rows(opt.Rows, 60)
	if n < 2 {
		return fmt.Errorf("bms-molecular-translation fake raw data needs at least 2 rows, got %d", n)
	}
	nTest := 5
	ids, err := synth.HexIDs(r, n+nTest, 12)
	if err != nil {
		return err
	}
	if n >= 12 { // all-digit ids, unique since HexIDs never gives one
		ids[3] = "000000123456"
		ids[11] = "902100000077" // lands in the seed-0 test split
	}
	labels := synth.CSV{Header: []string{"image_id", "InChI"}}
	for i := range n {
		labels.Add(ids[i], inchi(r))
	}
	if err := labels.Write(filepath.Join(dir, "train_labels.csv")); err != nil {
		return err
	}
	img := synth.Rand(opt.Seed, "bms-molecular-translation/images")
	writeImage := func(split, id string) error {
		b, err := synth.PNG(synth.Gray(img, 8+img.IntN(8), 8+img.IntN(8)))
		if err != nil {
			return err
		}
		return synth.WriteFile(filepath.Join(dir, split, id[:1], id[1:2], id[2:3], id+".png"), b)
	}
	for _, id := range ids[:n] {
		if err := writeImage("train", id); err != nil {
			return err
		}
	}
	sample := synth.CSV{Header: []string{"image_id", "InChI"}}
	for _, id := range ids[n:] {
		if err := writeImage("test", id); err != nil {
			return err
		}
		sample.Add(id, sampleInChI)
	}
	if err := sample.Write(filepath.Join(dir, "sample_submission.csv")); err != nil {
		return err
	}
	extra := synth.CSV{Header: []string{"InChI"}}
	for range 20 {
		extra.Add(inchi(r))
	}
	return extra.Write(filepath.Join(dir, "extra_approved_InChIs.csv"))
}

// inchi returns an InChI-like string: formula, connection layer with
// branches and commas, hydrogen layer with commas, sometimes
// stereochemistry layers.
func inchi(r *rand.Rand) string {
	c := 3 + r.IntN(25)
	var b strings.Builder
	b.WriteString("InChI=1S/C" + strconv.Itoa(c) + "H" + strconv.Itoa(2+r.IntN(2*c)))
	for _, el := range []string{"Br", "Cl", "N", "O", "S"} {
		if r.IntN(3) == 0 {
			b.WriteString(el)
			if k := 1 + r.IntN(4); k > 1 {
				b.WriteString(strconv.Itoa(k))
			}
		}
	}
	b.WriteString("/c")
	for a := 1; a <= c; a++ {
		if a > 1 {
			b.WriteString(synth.Pick(r, []string{"-", "-", "-", "(", ")", ","}))
		}
		b.WriteString(strconv.Itoa(1 + r.IntN(c)))
	}
	b.WriteString("/h")
	for k := range 1 + r.IntN(4) {
		if k > 0 {
			b.WriteByte(',')
		}
		lo := 1 + r.IntN(c)
		b.WriteString(strconv.Itoa(lo))
		if r.IntN(2) == 0 {
			b.WriteString("-" + strconv.Itoa(lo+1+r.IntN(4)))
		}
		b.WriteString(synth.Pick(r, []string{"H", "H2", "H3"}))
	}
	if r.IntN(4) == 0 {
		b.WriteString("/t" + strconv.Itoa(1+r.IntN(c)) + "-/m0/s1")
	}
	return b.String()
}
