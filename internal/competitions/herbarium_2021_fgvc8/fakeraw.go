package herbarium_2021_fgvc8

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train/metadata.json (the six keys, COCO style, UTF-8
// with non-ASCII text, ints and floats) and one tiny JPEG per image at
// raw/train/images/<cid//100:03d>/<cid%100:02d>/<id>.jpg, with categories
// of 1, 2–4 and ≥ 5 images interleaved in file order (opt.Rows images,
// default 60), plus the unused raw/test/metadata.json, a test image and
// raw/sample_submission.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "herbarium-2021-fgvc8")
	n := synth.Rows(opt.Rows, 60)
	sizes := []int{1, 7, 2, 3, 12, 1, 4, 5, 9, 2, 6} // 52 images; the rest in categories of 5
	var cats []int
	for c := 0; len(cats) < n; c++ {
		size := 5
		if c < len(sizes) {
			size = sizes[c]
		}
		for range size {
			if len(cats) < n {
				cats = append(cats, c)
			}
		}
	}
	var cids []int
	taken := synth.FreeAbove{}
	for c := range cats[len(cats)-1] + 1 {
		cid := 100*r.IntN(640) + r.IntN(100)
		if c == 0 {
			cid = r.IntN(100) // the images/000/… folder
		}
		cid = taken.Claim(cid) // the first cid, cid+1, … not taken yet
		cids = append(cids, cid)
	}
	r.Shuffle(len(cats), func(i, j int) { cats[i], cats[j] = cats[j], cats[i] })
	var anns, imgs []any
	for i, c := range cats {
		id := 1_600_000 + 13*i + r.IntN(13)
		cid := cids[c]
		name := fmt.Sprintf("images/%03d/%02d/%d.jpg", cid/100, cid%100, id)
		anns = append(anns, map[string]any{"category_id": cid, "id": id, "image_id": id, "institution_id": r.IntN(5)})
		imgs = append(imgs, map[string]any{"file_name": name, "height": 1000 + r.IntN(9), "id": id, "license": 0, "width": 600 + r.IntN(9)})
		b, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", filepath.FromSlash(name)), b); err != nil {
			return err
		}
	}
	var categories []any
	for _, cid := range cids {
		categories = append(categories, map[string]any{"family": "Asteraceae", "id": cid, "name": fmt.Sprintf("Ácer sp. %d \"q\" <&>", cid), "order": "Sapindales"})
	}
	meta := map[string]any{
		"annotations":  anns,
		"categories":   categories,
		"images":       imgs,
		"info":         map[string]any{"contributor": "NYBG — fake", "version": 1.5, "year": 2021, "date_created": "2021-02-19"},
		"licenses":     []any{map[string]any{"id": 0, "name": "CC BY 4.0", "url": "https://example.org/l"}},
		"institutions": []any{map[string]any{"id": 0, "name": "Jardin botanique de Montréal"}, map[string]any{"id": 1, "name": "NYBG"}},
	}
	if err := writeJSON(filepath.Join(dir, "train", "metadata.json"), meta); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, "test", "metadata.json"), map[string]any{"images": []any{map[string]any{"file_name": "images/000/0.jpg", "id": "0"}}, "info": map[string]any{}, "licenses": []any{}}); err != nil {
		return err
	}
	b, err := synth.JPEG(synth.RGB(r, 4, 4))
	if err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "test", "images", "000", "0.jpg"), b); err != nil {
		return err
	}
	sample := &synth.CSV{Header: []string{"Id", "Predicted"}}
	sample.Add("0", "0")
	return sample.Write(filepath.Join(dir, "sample_submission.csv"))
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
