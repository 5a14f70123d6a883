package iwildcam_2020_fgvc7

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// FakeRaw writes the raw layout: train annotations (images with
// varied per-location counts, some records without seq_num_frames so that
// column turns float, a non-ASCII info string), test information,
// megadetector results and raw/train/<id>.jpg.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "iwildcam-2020-fgvc7")
	n := synth.Rows(opt.Rows, 80)
	ids, err := synth.Unique(n, func() string {
		return synth.Hex(r, 8) + "-" + synth.Hex(r, 4) + "-11ea-" + synth.Hex(r, 4)
	})
	if err != nil {
		return err
	}
	nLoc := max(3, n/5)
	locIDs := make([]int, nLoc)
	for i := range locIDs {
		locIDs[i] = 3*i + r.IntN(3)
	}
	var anns, imgs []any
	catIDs := []int{0, 1, 2, 3, 4, 6, 10, 372}
	for i, id := range ids {
		// skewed location sizes: low locations get more images
		loc := locIDs[min(nLoc-1, int(float64(nLoc)*r.Float64()*r.Float64()))]
		img := pyjson.Object{
			{Key: "seq_num_frames", Value: 1 + r.IntN(3)},
			{Key: "location", Value: loc},
			{Key: "datetime", Value: fmt.Sprintf("2013-%02d-%02d 0%d:1%d:00.000", 1+r.IntN(12), 1+r.IntN(28), r.IntN(10), r.IntN(10))},
			{Key: "id", Value: id},
			{Key: "frame_num", Value: 1},
			{Key: "seq_id", Value: synth.Hex(r, 8)},
			{Key: "width", Value: 2048},
			{Key: "height", Value: 1536},
			{Key: "file_name", Value: id + ".jpg"},
		}
		if i%17 == 5 {
			img = slices.Delete(img, 0, 1) // missing key: the column becomes float
		}
		imgs = append(imgs, img)
		anns = append(anns, pyjson.Object{{Key: "count", Value: 1 + r.IntN(2)}, {Key: "image_id", Value: id}, {Key: "id", Value: synth.Hex(r, 8)}, {Key: "category_id", Value: synth.Pick(r, catIDs)}})
		b, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id+".jpg"), b); err != nil {
			return err
		}
	}
	var cats []any
	for _, c := range catIDs {
		cats = append(cats, pyjson.Object{{Key: "count", Value: 10 + c}, {Key: "id", Value: c}, {Key: "name", Value: fmt.Sprintf("species_%d", c)}})
	}
	info := pyjson.Object{{Key: "version", Value: "1.0"}, {Key: "description", Value: "Caméra trap / fake"}, {Key: "year", Value: 2020}}
	train := pyjson.Object{{Key: "annotations", Value: anns}, {Key: "images", Value: imgs}, {Key: "categories", Value: cats}, {Key: "info", Value: info}}
	test := pyjson.Object{
		{Key: "images", Value: []any{pyjson.Object{{Key: "id", Value: "t1"}, {Key: "location", Value: 1}}}},
		{Key: "categories", Value: []any{pyjson.Object{{Key: "id", Value: 0}, {Key: "name", Value: "empty"}}, pyjson.Object{{Key: "id", Value: 1}, {Key: "name", Value: "animal"}, {Key: "count", Value: 0.5}}}},
		{Key: "info", Value: info},
	}
	for name, v := range map[string]pyjson.Object{"iwildcam2020_train_annotations.json": train, "iwildcam2020_test_information.json": test} {
		b, err := pyjson.Marshal(v, pyjson.Options{})
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, name), b); err != nil {
			return err
		}
	}
	return synth.WriteFile(filepath.Join(dir, "iwildcam2020_megadetector_results.json"), []byte(`{"images": [], "detection_categories": {"1": "animal"}}`+"\n"))
}
