package ranzcr_clip_catheter_line_classification

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// rawLabels are the 11 label columns of the raw train.csv.
var rawLabels = append(append([]string{}, classes...), "CVC - Normal", "Swan Ganz Catheter Present")

// FakeRaw writes raw/train.csv (the real 13-column header, 120 rows
// by default, UIDs in the dotted 1.2.826… form), raw/train_annotations.csv
// (0–3 rows per study with quoted coordinate lists) and raw/train/<uid>.jpg.
// The rows the seed-0 split puts in the test part give every scored class
// both labels.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 120)
	r := synth.Rand(opt.Seed, "train")
	labels := make([][]int, n)
	for i := range labels {
		labels[i] = make([]int, len(rawLabels))
		for k := range labels[i] {
			if r.IntN(3) == 0 {
				labels[i][k] = 1
			}
		}
	}
	if _, test, err := split(n); err == nil && len(test) >= 2 {
		for k := range classes {
			labels[test[k%(len(test)-1)]][k] = 1
			labels[test[len(test)-1]][k] = 0
		}
	}
	uidGen := func() string {
		return fmt.Sprintf("1.2.826.0.1.3680043.8.498.%s%s", synth.String(r, "123456789", 1), synth.Digits(r, 20))
	}
	uids, err := synth.Unique(n, uidGen)
	if err != nil {
		return err
	}
	c := &synth.CSV{Header: append(append([]string{id}, rawLabels...), "PatientID")}
	ann := &synth.CSV{Header: []string{id, "label", "data"}}
	patients := make([]string, max(1, n/3))
	for i := range patients {
		patients[i] = "p" + synth.Hex(r, 8)
	}
	for i, uid := range uids {
		row := []string{uid}
		for _, v := range labels[i] {
			row = append(row, fmt.Sprint(v))
		}
		c.Add(append(row, synth.Pick(r, patients))...)
		for a := 0; a < r.IntN(4); a++ {
			var pts []string
			for p := 0; p < 2+r.IntN(3); p++ {
				pts = append(pts, fmt.Sprintf("[%d, %d]", r.IntN(3000), r.IntN(3000)))
			}
			ann.Add(uid, synth.Pick(r, rawLabels), "["+strings.Join(pts, ", ")+"]")
		}
		img, err := synth.JPEG(synth.Gray(r, 8, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", uid+".jpg"), img); err != nil {
			return err
		}
	}
	if err := c.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return ann.Write(filepath.Join(dir, "train_annotations.csv"))
}
