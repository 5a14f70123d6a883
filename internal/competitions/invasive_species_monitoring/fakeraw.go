package invasive_species_monitoring

import (
	"context"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train_labels.csv.zip (name,invasive; default
// 60 rows, names 1..n, both classes) and raw/train.7z holding a train/
// directory entry and a tiny JPEG train/<name>.jpg for every name.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "invasive-species-monitoring")
	n := max(synth.Rows(opt.Rows, 60), 10)
	labels := synth.Balanced(r, n, []string{"0", "1"})
	c := synth.CSV{Header: []string{"name", "invasive"}}
	for i, l := range labels {
		c.Add(strconv.Itoa(i+1), l)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := synth.WriteZip(filepath.Join(dir, "train_labels.csv.zip"), []synth.ZipEntry{{Name: "train_labels.csv", Data: c.Bytes()}}); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(dir, ".invasive-images-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	entries := []archive.Entry7z{{Name: "train", Dir: true}}
	for i := range labels {
		img, err := synth.JPEG(synth.RGB(r, 8, 6))
		if err != nil {
			return err
		}
		name := strconv.Itoa(i+1) + ".jpg"
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, img, 0o644); err != nil {
			return err
		}
		entries = append(entries, archive.Entry7z{Name: "train/" + name, Path: p})
	}
	return archive.Write7z(context.Background(), filepath.Join(dir, "train.7z"), entries)
}
