package herbarium_2022_fgvc9

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train_metadata.json (the seven Kaggle keys; UTF-8
// with non-ASCII text, ints and floats) and one tiny JPEG per image at
// raw/train_images/<cid//100:03d>/<cid%100:02d>/<cid:05d>__<n:03d>.jpg,
// categories of 2 to 12 images interleaved in file order (opt.Rows images,
// default 60), plus the unused test_metadata.json, test_images/ and
// sample_submission.csv.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "herbarium-2022-fgvc9")
	n := synth.Rows(opt.Rows, 60)
	if n < 2 {
		return fmt.Errorf("herbarium-2022 fake raw: %d images, need at least 2", n)
	}
	sizes := []int{2, 7, 3, 12, 4, 5, 9, 2, 6} // 50 images; the rest in categories of 5
	var cats []int
	for c := 0; len(cats) < n; c++ {
		size := 5
		if c < len(sizes) {
			size = sizes[c]
		}
		size = min(size, n-len(cats))
		if n-len(cats)-size == 1 { // never leave a single image for the last category
			size++
		}
		for range size {
			cats = append(cats, c)
		}
	}
	var cids []int
	taken := synth.FreeAbove{}
	for c := range cats[len(cats)-1] + 1 {
		cid := 100*r.IntN(155) + r.IntN(100)
		if c == 0 {
			cid = r.IntN(100)
		}
		cids = append(cids, taken.Claim(cid)) // the first cid, cid+1, … not taken yet
	}
	r.Shuffle(len(cats), func(i, j int) { cats[i], cats[j] = cats[j], cats[i] })
	count := map[int]int{}
	var anns, imgs []any
	for _, c := range cats {
		cid := cids[c]
		count[cid]++
		id := fmt.Sprintf("%05d__%03d", cid, count[cid])
		name := fmt.Sprintf("%03d/%02d/%s.jpg", cid/100, cid%100, id)
		genus := r.IntN(4) + 1
		anns = append(anns, map[string]any{"category_id": cid, "genus_id": genus, "image_id": id, "institution_id": r.IntN(3)})
		imgs = append(imgs, map[string]any{"file_name": name, "image_id": id, "license": 0})
		b, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", filepath.FromSlash(name)), b); err != nil {
			return err
		}
	}
	var categories []any
	for _, cid := range cids {
		categories = append(categories, map[string]any{"authors": "(L.) Mönch", "category_id": cid, "family": "Asteraceae", "genus": "Ácer", "species": fmt.Sprintf("sp. %d", cid)})
	}
	meta := map[string]any{
		"annotations":  anns,
		"categories":   categories,
		"genera":       []any{map[string]any{"genus": "Ácer", "genus_id": 1}, map[string]any{"genus": "Abies \"x\" <&>", "genus_id": 2}},
		"images":       imgs,
		"distances":    []any{map[string]any{"distance": 0.123456789, "genus_id_x": 1, "genus_id_y": 2}, map[string]any{"distance": 1e-07, "genus_id_x": 1, "genus_id_y": 3}},
		"licenses":     []any{map[string]any{"id": 0, "name": "CC BY-NC-ND 4.0", "url": "https://example.org/l"}},
		"institutions": []any{map[string]any{"collectionCode": "NY", "institution_id": 0}, map[string]any{"collectionCode": "MO", "institution_id": 1}},
	}
	if err := writeJSON(filepath.Join(dir, "train_metadata.json"), meta); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, "test_metadata.json"), []any{map[string]any{"file_name": "000/test-000000.jpg", "image_id": "0", "license": 0}}); err != nil {
		return err
	}
	b, err := synth.JPEG(synth.RGB(r, 4, 4))
	if err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "test_images", "000", "test-000000.jpg"), b); err != nil {
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
