package us_patent_phrase_to_phrase_matching

import (
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (default 120 rows) with 16-hex ids
// (each containing a letter), short phrases (some with commas or quotes, so
// fields get quoted), CPC contexts and scores among 0, 0.25, 0.5, 0.75, 1.0
// written as decimals; raw test.csv and sample_submission.csv in their
// Kaggle layout too (never read by prepare).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "us-patent-phrase-to-phrase-matching")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.Unique(n+10, func() string {
		for {
			s := synth.Hex(r, 16)
			for _, c := range s {
				if c >= 'a' {
					return s
				}
			}
		}
	})
	if err != nil {
		return err
	}
	words := []string{"abatement", "pollution", "act of", "furnace", "wheel", "voltage", "control", "signal", "coating", "layer", "rotor", "gear"}
	phrase := func() string {
		s := synth.Pick(r, words)
		for k := r.IntN(3); k > 0; k-- {
			s += " " + synth.Pick(r, words)
		}
		switch r.IntN(25) {
		case 0:
			s += ", " + synth.Pick(r, words)
		case 1:
			s = `"` + s + `" type`
		}
		return s
	}
	contexts := []string{"A47", "B60", "C08", "F16", "G06", "H01", "H04"}
	scores := []string{"0.0", "0.25", "0.5", "0.75", "1.0"}
	train := synth.CSV{Header: []string{"id", "anchor", "target", "context", "score"}}
	test := synth.CSV{Header: []string{"id", "anchor", "target", "context"}}
	sample := synth.CSV{Header: []string{"id", "score"}}
	for i := 0; i < n; i++ {
		train.Add(ids[i], phrase(), phrase(), synth.Pick(r, contexts), synth.Pick(r, scores))
	}
	for i := n; i < n+10; i++ {
		test.Add(ids[i], phrase(), phrase(), synth.Pick(r, contexts))
		sample.Add(ids[i], "0")
	}
	for _, f := range []struct {
		name string
		c    *synth.CSV
	}{{"train.csv", &train}, {"test.csv", &test}, {"sample_submission.csv", &sample}} {
		if err := f.c.Write(filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	return nil
}
