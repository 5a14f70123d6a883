package herbarium_2020_fgvc7

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// FakeRaw writes raw/nybg2020/train/metadata.json (six keys, COCO
// style, some non-ASCII text to exercise the latin-1 mojibake) and tiny
// JPEGs at images/<cid//100:03d>/<cid%100:02d>/<id>.jpg, with categories
// of size 1, 2–4 and ≥ 5 interleaved in file order, plus an unused
// raw/nybg2020/test/metadata.json.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "herbarium-2020-fgvc7")
	n := synth.Rows(opt.Rows, 60)
	sizes := []int{1, 7, 2, 3, 12, 1, 4, 5, 9, 2, 6} // sums to 52; the rest go to extra categories
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
	cidOf := make([]int, 0)
	taken := synth.FreeAbove{}
	for range cats[len(cats)-1] + 1 {
		cid := 100*r.IntN(320) + r.IntN(100)
		if len(cidOf) == 0 {
			cid = r.IntN(100) // exercises the 000 folder
		}
		cidOf = append(cidOf, taken.Claim(cid)) // the first cid, cid+1, … not taken yet
	}
	r.Shuffle(len(cats), func(i, j int) { cats[i], cats[j] = cats[j], cats[i] })
	var anns, imgs []any
	for i, c := range cats {
		id := 1000 + 7*i + r.IntN(7)
		cid := cidOf[c]
		name := fmt.Sprintf("images/%03d/%02d/%d.jpg", cid/100, cid%100, id)
		anns = append(anns, pyjson.Object{{Key: "category_id", Value: cid}, {Key: "id", Value: id}, {Key: "image_id", Value: id}, {Key: "region_id", Value: r.IntN(5)}})
		imgs = append(imgs, pyjson.Object{{Key: "file_name", Value: name}, {Key: "height", Value: 1000 + r.IntN(9)}, {Key: "id", Value: id}, {Key: "license", Value: 0}, {Key: "width", Value: 600 + r.IntN(9)}})
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "nybg2020", "train", filepath.FromSlash(name)), img); err != nil {
			return err
		}
	}
	var categories []any
	for _, cid := range cidOf {
		categories = append(categories, pyjson.Object{{Key: "family", Value: "Asteraceae"}, {Key: "genus", Value: "Ácer"}, {Key: "id", Value: cid}, {Key: "name", Value: fmt.Sprintf("Species %d \"q\"", cid)}})
	}
	meta := pyjson.Object{
		{Key: "annotations", Value: anns},
		{Key: "categories", Value: categories},
		{Key: "images", Value: imgs},
		{Key: "info", Value: pyjson.Object{{Key: "contributor", Value: "NYBG — fake"}, {Key: "version", Value: 1.0}, {Key: "year", Value: 2020}}},
		{Key: "licenses", Value: []any{pyjson.Object{{Key: "id", Value: 0}, {Key: "name", Value: "CC BY 4.0"}, {Key: "url", Value: "https://example.org/l"}}}},
		{Key: "regions", Value: []any{pyjson.Object{{Key: "id", Value: 0}, {Key: "name", Value: "Région 0"}}}},
	}
	if err := synth.WriteFile(filepath.Join(dir, "nybg2020", "train", "metadata.json"), goJSON(meta)); err != nil {
		return err
	}
	return synth.WriteFile(filepath.Join(dir, "nybg2020", "test", "metadata.json"), []byte(`{"images": [], "info": {}, "licenses": []}`))
}

// goJSON writes the fake metadata as raw UTF-8 JSON (not escaped) so
// that prepare's latin-1 reading matters.
func goJSON(v any) []byte {
	var buf bytes.Buffer
	writeGo(&buf, v)
	return buf.Bytes()
}

func writeGo(buf *bytes.Buffer, v any) {
	switch x := v.(type) {
	case pyjson.Object:
		buf.WriteByte('{')
		for i, m := range x {
			if i > 0 {
				buf.WriteString(", ")
			}
			writeGo(buf, m.Key)
			buf.WriteString(": ")
			writeGo(buf, m.Value)
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteString(", ")
			}
			writeGo(buf, e)
		}
		buf.WriteByte(']')
	case string:
		enc := json.NewEncoder(buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(x)
		buf.Truncate(buf.Len() - 1) // Encode's newline
	case float64:
		buf.WriteString(strconv.FormatFloat(x, 'f', 1, 64))
	case int:
		buf.WriteString(strconv.Itoa(x))
	}
}
