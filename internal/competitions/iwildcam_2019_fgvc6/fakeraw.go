package iwildcam_2019_fgvc6

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv in the Kaggle column order (default 150
// rows over 20 camera locations in shuffled first-appearance order, 12
// categories, a rights holder with a comma to exercise quoting) and
// raw/train_images.zip with a small JPEG <id>.jpg per row at the archive
// root plus a sub-folder .jpg and a .txt member the count assert ignores.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "iwildcam-2019-fgvc6")
	n := synth.Rows(opt.Rows, 150)
	ids, err := synth.Unique(n, func() string {
		return fmt.Sprintf("%s-%s-%s-%s-%s", synth.Hex(r, 8), synth.Hex(r, 4), synth.Hex(r, 4), synth.Hex(r, 4), synth.Hex(r, 12))
	})
	if err != nil {
		return err
	}
	nLoc := max(2, n/8)
	locVals := r.Perm(max(200, nLoc))[:nLoc] // the first 200 as before for small n
	holders := []string{"Justin Brown", "Erin Boydston", "Smith, Jane", ""}
	csv := synth.CSV{Header: []string{"category_id", "date_captured", "file_name", "frame_num", "id", "location", "rights_holder", "seq_id", "seq_num_frames", "width", "height"}}
	entries := []synth.ZipEntry{{Name: "extra/nested.jpg", Data: []byte("x")}, {Name: "notes.txt", Data: []byte("not an image")}}
	for i := range n {
		loc := locVals[i%nLoc]
		if i >= nLoc {
			loc = locVals[r.IntN(nLoc)]
		}
		cat := r.IntN(12)
		if cat >= 9 {
			cat += 10 // labels up to 22, with gaps
		}
		date := fmt.Sprintf("20%02d-%02d-%02d %02d:%02d:%02d", 11+r.IntN(3), 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
		w, h := 1024, 747
		if r.IntN(3) == 0 {
			w, h = 2048, 1494
		}
		csv.Add(strconv.Itoa(cat), date, ids[i]+".jpg", strconv.Itoa(1+r.IntN(3)), ids[i], strconv.Itoa(loc),
			holders[r.IntN(len(holders))], synth.Hex(r, 8)+"-5567-11e8-b3c0-dca9047ef277", "3", strconv.Itoa(w), strconv.Itoa(h))
		img, err := synth.JPEG(synth.RGB(r, 8, 8))
		if err != nil {
			return err
		}
		entries = append(entries, synth.ZipEntry{Name: ids[i] + ".jpg", Data: img})
	}
	if err := csv.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return synth.WriteZip(filepath.Join(dir, "train_images.zip"), entries)
}
