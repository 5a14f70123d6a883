package synth

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"strings"
	"testing"
)

func TestRandDeterministicAndStreamsIndependent(t *testing.T) {
	a := Hex(Rand(7, "ids"), 32)
	b := Hex(Rand(7, "ids"), 32)
	c := Hex(Rand(7, "images"), 32)
	d := Hex(Rand(8, "ids"), 32)
	if a != b {
		t.Fatalf("same seed and stream differ: %s vs %s", a, b)
	}
	if a == c || a == d {
		t.Fatalf("different stream or seed gave the same draws")
	}
}

func TestHexIDsAreTextLike(t *testing.T) {
	ids, err := HexIDs(Rand(0, "x"), 500, 3)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			t.Fatalf("duplicate id %s", id)
		}
		seen[id] = true
		if !strings.ContainsAny(id, "abcdf") {
			t.Fatalf("id %q would not be read as text", id)
		}
	}
	if _, err := HexIDs(Rand(0, "x"), 10000, 1); err == nil {
		t.Fatal("want an error when the id space is too small")
	}
}

func TestBalancedCoversClasses(t *testing.T) {
	got := Balanced(Rand(1, "b"), 10, []string{"a", "b"})
	n := map[string]int{}
	for _, g := range got {
		n[g]++
	}
	if n["a"] != 5 || n["b"] != 5 {
		t.Fatalf("counts %v", n)
	}
}

func TestImagesDecode(t *testing.T) {
	r := Rand(0, "img")
	gray, rgb := Gray(r, 5, 3), RGB(r, 4, 2)
	p, err := PNG(gray)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(p))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := img.(*image.Gray); !ok || img.Bounds().Dx() != 5 || img.Bounds().Dy() != 3 {
		t.Fatalf("png decoded as %T %v", img, img.Bounds())
	}
	j, err := JPEG(rgb)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(j))
	if err != nil || cfg.Width != 4 || cfg.Height != 2 {
		t.Fatalf("jpeg config %v %v", cfg, err)
	}
	p2, _ := PNG(gray)
	if !bytes.Equal(p, p2) {
		t.Fatal("png encoding is not deterministic")
	}
}

// readTIFF is a tiny baseline TIFF reader for the files TIFF writes.
func readTIFF(t *testing.T, b []byte) (w, h, spp int, pix []byte) {
	t.Helper()
	le := binary.LittleEndian
	if string(b[:2]) != "II" || le.Uint16(b[2:]) != 42 {
		t.Fatalf("bad tiff header % x", b[:4])
	}
	ifd := int(le.Uint32(b[4:]))
	n := int(le.Uint16(b[ifd:]))
	var off, count int
	for k := 0; k < n; k++ {
		e := b[ifd+2+12*k:]
		tag, typ := le.Uint16(e), le.Uint16(e[2:])
		v := int(le.Uint32(e[8:]))
		if typ == 3 && le.Uint32(e[4:]) == 1 {
			v = int(le.Uint16(e[8:]))
		}
		switch tag {
		case 256:
			w = v
		case 257:
			h = v
		case 273:
			off = v
		case 277:
			spp = v
		case 279:
			count = v
		case 259:
			if v != 1 {
				t.Fatalf("compression %d", v)
			}
		}
	}
	return w, h, spp, b[off : off+count]
}

func TestTIFF(t *testing.T) {
	r := Rand(0, "tif")
	for _, img := range []image.Image{Gray(r, 3, 2), RGB(r, 2, 3)} {
		b, err := TIFF(img)
		if err != nil {
			t.Fatal(err)
		}
		w, h, spp, pix := readTIFF(t, b)
		wantSpp := 3
		if g, ok := img.(*image.Gray); ok {
			wantSpp = 1
			if !bytes.Equal(pix, g.Pix) {
				t.Fatal("gray pixels differ")
			}
		}
		if w != img.Bounds().Dx() || h != img.Bounds().Dy() || spp != wantSpp || len(pix) != w*h*spp {
			t.Fatalf("tiff %dx%d spp %d len %d", w, h, spp, len(pix))
		}
	}
}

func TestWAVHeader(t *testing.T) {
	b := WAV([]int16{1, -1, 3}, 16000)
	if string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" || len(b) != 44+6 {
		t.Fatalf("bad wav %q len %d", b[:12], len(b))
	}
}

func TestZipDeterministicAndReadable(t *testing.T) {
	entries := []ZipEntry{{Name: "train/"}, {Name: "train/a.png", Data: []byte("x")}, {Name: "b.csv", Data: []byte("id\n1\n")}}
	z1, err := ZipBytes(entries)
	if err != nil {
		t.Fatal(err)
	}
	z2, _ := ZipBytes(entries)
	if !bytes.Equal(z1, z2) {
		t.Fatal("zip not deterministic")
	}
	zr, err := zip.NewReader(bytes.NewReader(z1), int64(len(z1)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		if f.Name == "b.csv" {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			if string(b) != "id\n1\n" {
				t.Fatalf("content %q", b)
			}
		}
	}
	if strings.Join(names, ",") != "train/,train/a.png,b.csv" {
		t.Fatalf("names %v", names)
	}
}

func TestCSVQuoting(t *testing.T) {
	c := CSV{Header: []string{"a", "b"}}
	c.Add("x, y", ` lead`)
	c.Add(`say "hi"`, "")
	want := "a,b\n\"x, y\", lead\n\"say \"\"hi\"\"\",\n"
	if got := string(c.Bytes()); got != want {
		t.Fatalf("got %q want %q", got, want)
	}
	c.QuoteAll, c.CRLF = true, true
	want = "\"a\",\"b\"\r\n\"x, y\",\" lead\"\r\n\"say \"\"hi\"\"\",\"\"\r\n"
	if got := string(c.Bytes()); got != want {
		t.Fatalf("got %q want %q", got, want)
	}
}
