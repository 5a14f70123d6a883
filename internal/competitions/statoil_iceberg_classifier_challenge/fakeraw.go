package statoil_iceberg_classifier_challenge

import (
	"context"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// FakeRaw writes raw/train.json.7z and raw/test.json.7z (members
// data/processed/{train,test}.json; 120 train objects by default, 12 test
// objects) and a raw/sample_submission.csv.7z that prepare ignores. Ids are
// 8 hex digits; bands are 4 floats (repr quirks: integral values as 5.0,
// small ones in exponent form); inc_angle is a float or "na"; labels are
// balanced; one id holds a non-ASCII character (ensure_ascii escaping).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := max(synth.Rows(opt.Rows, 120), 2)
	r := synth.Rand(opt.Seed, "train")
	ids, err := synth.HexIDs(r, n+12, 8)
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, []int{0, 1})
	band := func() []any {
		out := make([]any, 4)
		for i := range out {
			switch r.IntN(8) {
			case 0:
				out[i] = float64(-r.IntN(40))
			case 1:
				out[i] = r.Float64() * 1e-5
			default:
				out[i] = -40 + r.Float64()*40
			}
		}
		return out
	}
	angle := func() any {
		if r.IntN(10) == 0 {
			return "na"
		}
		return 30 + r.Float64()*15
	}
	train := make([]any, n)
	for i := range train {
		id := ids[i]
		if i == 3 {
			id = "é" + id[1:]
		}
		train[i] = pyjson.Object{{Key: "id", Value: id}, {Key: "band_1", Value: band()}, {Key: "band_2", Value: band()}, {Key: "inc_angle", Value: angle()}, {Key: "is_iceberg", Value: int64(labels[i])}}
	}
	test := make([]any, 12)
	for i := range test {
		test[i] = pyjson.Object{{Key: "id", Value: ids[n+i]}, {Key: "band_1", Value: band()}, {Key: "band_2", Value: band()}, {Key: "inc_angle", Value: angle()}}
	}
	tmp, err := os.MkdirTemp("", "statoil-fake")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		v    []any
	}{{"train.json", train}, {"test.json", test}} {
		b, err := pyjson.Marshal(f.v, pyjson.Options{})
		if err != nil {
			return err
		}
		p := filepath.Join(tmp, f.name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
		if err := archive.Write7z(context.Background(), filepath.Join(dir, f.name+".7z"), []archive.Entry7z{
			{Name: "data", Dir: true, Modified: zipfile.ModTime},
			{Name: "data/processed", Dir: true, Modified: zipfile.ModTime},
			{Name: "data/processed/" + f.name, Path: p, Modified: zipfile.ModTime},
		}); err != nil {
			return err
		}
	}
	c := &synth.CSV{Header: []string{"id", "is_iceberg"}}
	for _, id := range ids[n:] {
		c.Add(id, "0.5")
	}
	p := filepath.Join(tmp, "sample_submission.csv")
	if err := c.Write(p); err != nil {
		return err
	}
	return archive.Write7z(context.Background(), filepath.Join(dir, "sample_submission.csv.7z"), []archive.Entry7z{{Name: "sample_submission.csv", Path: p, Modified: zipfile.ModTime}})
}
