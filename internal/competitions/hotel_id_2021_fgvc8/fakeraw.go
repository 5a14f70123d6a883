package hotel_id_2021_fgvc8

import (
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (image = 16 hex digits + ".jpg", chain
// from 0..5, hotel_id from a small pool that includes the sample's ids,
// timestamp "YYYY-MM-DD hh:mm:ss"; default 60 rows) plus the duplicated
// ce27d36c9147cc19.jpg listed twice, and a 4×4 JPEG per listed row under
// raw/train_images/<chain>/.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "hotel-id-2021-fgvc8")
	n := max(synth.Rows(opt.Rows, 60), 4)
	names, err := synth.HexIDs(r, n, 16)
	if err != nil {
		return err
	}
	hotels := []string{"36363", "53586", "18807", "64314", "60181", "1021", "77", "45000", "8", "30303"}
	csv := synth.CSV{Header: []string{"image", "chain", "hotel_id", "timestamp"}}
	write := func(name, chain string) error {
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		return synth.WriteFile(filepath.Join(dir, "train_images", chain, name), img)
	}
	for i, name := range names {
		chain := fmt.Sprint(r.IntN(6))
		stamp := fmt.Sprintf("20%02d-%02d-%02d %02d:%02d:%02d", 15+r.IntN(5), 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
		csv.Add(name+".jpg", chain, synth.Pick(r, hotels), stamp)
		if err := write(name+".jpg", chain); err != nil {
			return err
		}
		if i == n/3 || i == 2*n/3 {
			csv.Add(duplicate, chain, "77", stamp)
			if err := write(duplicate, chain); err != nil {
				return err
			}
		}
	}
	return csv.Write(filepath.Join(dir, "train.csv"))
}
