package petfinder_pawpularity_score

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var features = []string{"Subject Focus", "Eyes", "Face", "Near", "Action", "Accessory", "Group", "Collage", "Human", "Occlusion", "Info", "Blur"}

// FakeRaw writes raw/train.csv (default 100 rows: 32-hex Ids with a
// letter other than e, the 12 binary features, Pawpularity 1-100 last) and
// an 8×8 JPEG raw/train/<Id>.jpg per row; raw test.csv, test/ images and
// sample_submission.csv in their Kaggle layout too (never read).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "petfinder-pawpularity-score")
	n := synth.Rows(opt.Rows, 100)
	ids, err := synth.Unique(n+3, func() string {
		for {
			s := synth.Hex(r, 32)
			if strings.ContainsAny(s, "abcdf") {
				return s
			}
		}
	})
	if err != nil {
		return err
	}
	header := append(append([]string{"Id"}, features...), "Pawpularity")
	train := synth.CSV{Header: header}
	test := synth.CSV{Header: header[:len(header)-1]}
	sample := synth.CSV{Header: []string{"Id", "Pawpularity"}}
	for i := 0; i < n+3; i++ {
		row := []string{ids[i]}
		for range features {
			row = append(row, strconv.Itoa(r.IntN(2)))
		}
		sub := "train"
		if i < n {
			p := 1 + r.IntN(100)
			if i == 0 {
				p = 100
			} else if i == 1 {
				p = 1
			}
			train.Add(append(row, strconv.Itoa(p))...)
		} else {
			sub = "test"
			test.Add(row...)
			sample.Add(ids[i], "50.0")
		}
		img, err := synth.JPEG(synth.RGB(r, 8, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, sub, ids[i]+".jpg"), img); err != nil {
			return err
		}
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
