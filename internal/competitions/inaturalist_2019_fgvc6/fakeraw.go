package inaturalist_2019_fgvc6

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// categoryIDs is the real 2019 category count: fake ids are drawn from
// 0…1009.
const categoryIDs = 1010

// supercategories of the fake categories (the real data has 6 in 2019).
var supercategories = []string{"Amphibians", "Birds", "Fungi", "Insects", "Plants", "Reptiles"}

// FakeRaw writes raw/train2019.json (the five keys; UTF-8 with non-ASCII
// text), raw/val2019.json, and raw/train_val2019.tar.gz, a gzip tar with
// folder entries and one tiny JPEG per train and val image at
// train_val2019/<supercategory>/<category_id>/<hash>.jpg. Categories of 1,
// 2–4, ≥ 5 and 25 images (where 0.12·25 rounds up to 4) are interleaved in
// file order (opt.Rows train images, default 80). The unused Kaggle
// test2019.json and kaggle_sample_submission.csv are written too.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "inaturalist-2019-fgvc6")
	n := synth.Rows(opt.Rows, 80)
	sizes := []int{1, 25, 2, 3, 7, 1, 4, 5, 9, 2, 6, 10} // 75 images; the rest in categories of 5
	// The category ids are drawn from the real 1,010: past 75 + 998·5
	// images the rest's categories grow so that their count stays within.
	fixed := 0
	for _, s := range sizes {
		fixed += s
	}
	free := categoryIDs - len(sizes)
	rest := max(5, (n-fixed+free-1)/free)
	var cats []int
	for c := 0; len(cats) < n; c++ {
		size := rest
		if c < len(sizes) {
			size = sizes[c]
		}
		for range min(size, n-len(cats)) {
			cats = append(cats, c)
		}
	}
	var cids []int
	for range cats[len(cats)-1] + 1 {
		cid := r.IntN(categoryIDs)
		for slices.Contains(cids, cid) {
			cid = (cid + 1) % categoryIDs
		}
		cids = append(cids, cid)
	}
	superOf := func(cid int) string { return supercategories[cid%len(supercategories)] }
	r.Shuffle(len(cats), func(i, j int) { cats[i], cats[j] = cats[j], cats[i] })

	var tarBuf bytes.Buffer
	zw := gzip.NewWriter(&tarBuf)
	tw := tar.NewWriter(zw)
	seenDir := map[string]bool{}
	addImage := func(name string) error {
		for _, d := range []string{filepath.ToSlash(filepath.Dir(filepath.Dir(name))), filepath.ToSlash(filepath.Dir(name))} {
			if !seenDir[d] {
				seenDir[d] = true
				if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: tarTime}); err != nil {
					return err
				}
			}
		}
		b, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: name, Size: int64(len(b)), Mode: 0o644, ModTime: tarTime}); err != nil {
			return err
		}
		_, err = tw.Write(b)
		return err
	}
	hashes, err := synth.Unique(n+3, func() string { return synth.Hex(r, 32) })
	if err != nil {
		return err
	}
	var anns, imgs []any
	for i, c := range cats {
		cid := cids[c]
		id := 10*i + r.IntN(10)
		name := fmt.Sprintf("train_val2019/%s/%d/%s.jpg", superOf(cid), cid, hashes[i])
		anns = append(anns, map[string]any{"category_id": cid, "id": id, "image_id": id})
		imgs = append(imgs, map[string]any{"date_created": "2018-06-01 12:00:00+00:00", "file_name": name, "height": 800, "id": id, "license": r.IntN(3), "rights_holder": "Jöhn Dœ <&>", "width": 600 + r.IntN(200)})
		if err := addImage(name); err != nil {
			return err
		}
	}
	var valImgs []any
	for k := range 3 {
		cid := cids[k%len(cids)]
		name := fmt.Sprintf("train_val2019/%s/%d/%s.jpg", superOf(cid), cid, hashes[n+k])
		valImgs = append(valImgs, map[string]any{"file_name": name, "id": 900000 + k})
		if err := addImage(name); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "train_val2019.tar.gz"), tarBuf.Bytes()); err != nil {
		return err
	}

	var categories []any
	for _, cid := range cids {
		categories = append(categories, map[string]any{"class": "Magnoliopsida", "id": cid, "kingdom": "Plantae", "name": fmt.Sprintf("Ácer sp. %d", cid), "supercategory": superOf(cid)})
	}
	meta := map[string]any{
		"info":        map[string]any{"contributor": "iNaturalist — fake", "date_created": "2019-03-01", "description": "iNat2019 \"fake\"", "url": "https://example.org", "version": "1.0", "year": 2019},
		"images":      imgs,
		"licenses":    []any{map[string]any{"id": 0, "name": "CC BY", "url": "https://example.org/0"}, map[string]any{"id": 1, "name": "CC BY-NC", "url": "https://example.org/1"}, map[string]any{"id": 2, "name": "CC0", "url": "https://example.org/2"}},
		"annotations": anns,
		"categories":  categories,
	}
	if err := writeJSON(filepath.Join(dir, "train2019.json"), meta); err != nil {
		return err
	}
	// val2019.json is copied byte for byte: odd spacing and raw UTF-8 show
	// it is not re-encoded.
	val, err := json.Marshal(map[string]any{"images": valImgs, "info": map[string]any{"contributor": "Männer", "version": 1.0}})
	if err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "val2019.json"), append(append([]byte("  "), val...), " \n"...)); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, "test2019.json"), map[string]any{"images": []any{map[string]any{"file_name": "test2019/0.jpg", "id": 0}}, "info": map[string]any{}, "licenses": []any{}}); err != nil {
		return err
	}
	sample := &synth.CSV{Header: []string{"id", "predicted"}}
	sample.Add("0", "0 1 2 3 4")
	return sample.Write(filepath.Join(dir, "kaggle_sample_submission.csv"))
}

// writeJSON writes v as UTF-8 JSON (non-ASCII and <>& unescaped).
func writeJSON(path string, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return synth.WriteFile(path, buf.Bytes())
}
