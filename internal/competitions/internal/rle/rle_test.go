package rle

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

type decodeCase struct {
	Name   string `json:"name"`
	RLE    string `json:"rle"`
	Height int64  `json:"height"`
	Width  int64  `json:"width"`
}

type decodeRef struct {
	Runs  [][2]int64 `json:"runs"`
	Error string     `json:"error"`
}

// TestDecodeReference compares Decode with testdata/decode_reference.json,
// which reference_decode.py computed with NumPy 1.24 from the cases of
// make_cases.py: the same exception class, or the same set pixels.
func TestDecodeReference(t *testing.T) {
	var cases []decodeCase
	var refs map[string]decodeRef
	readJSON(t, "testdata/decode_cases.json", &cases)
	readJSON(t, "testdata/decode_reference.json", &refs)
	if len(cases) == 0 || len(cases) != len(refs) {
		t.Fatalf("%d cases, %d reference outcomes", len(cases), len(refs))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			ref, ok := refs[c.Name]
			if !ok {
				t.Fatal("no reference outcome")
			}
			m, err := Decode(c.RLE, c.Height, c.Width)
			if ref.Error != "" {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("err = %v, want %s", err, ref.Error)
				}
				if e.Kind.String() != ref.Error {
					t.Fatalf("%s (%v), want %s", e.Kind, e, ref.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("err = %v, want runs %v", err, ref.Runs)
			}
			got := make([][2]int64, len(m.Runs))
			for i, r := range m.Runs {
				got[i] = [2]int64{r.Lo, r.Hi}
			}
			if !slices.Equal(got, ref.Runs) && !(len(got) == 0 && len(ref.Runs) == 0) {
				t.Fatalf("runs %v, want %v", got, ref.Runs)
			}
			if m.H != c.Height || m.W != c.Width {
				t.Fatalf("shape %dx%d", m.H, m.W)
			}
		})
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestEncodeRoundTrip: String (rle_encode) of a decoded mask decodes to the
// same mask, and merges touching runs.
func TestEncodeRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"1 3 4 2", "1 5"},
		{"2 1 4 1 9 3", "2 1 4 1 9 3"},
		{"1 2 5", "1 2 5 2"},
	} {
		m, err := Decode(tc.in, 4, 5)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.String(); got != tc.want {
			t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
		}
		back, err := Decode(m.String(), 4, 5)
		if err != nil || !Equal(back, m) {
			t.Errorf("round trip of %q: %v %v", tc.in, back, err)
		}
	}
}

func TestFromPixelsColumnMajor(t *testing.T) {
	// A 3×4 image with rows 0-1 of column 1 and row 2 of columns 2 and 3.
	m := FromPixels(3, 4, func(r, c int) bool {
		return (c == 1 && r < 2) || (r == 2 && c >= 2)
	})
	if got := m.String(); got != "4 2 9 1 12 1" {
		t.Fatalf("String = %q", got)
	}
	var px []string
	m.Pixels(func(r, c int64) { px = append(px, string(rune('0'+r))+string(rune('0'+c))) })
	if got := strings.Join(px, " "); got != "01 11 22 23" {
		t.Fatalf("Pixels = %s", got)
	}
	if m.Count() != 4 || m.Size() != 12 {
		t.Fatalf("count %d size %d", m.Count(), m.Size())
	}
}

func TestIntersection(t *testing.T) {
	mk := func(runs ...Run) Mask { return Mask{H: 10, W: 10, Runs: runs} }
	for _, tc := range []struct {
		a, b Mask
		want int64
	}{
		{mk(), mk(Run{0, 5}), 0},
		{mk(Run{0, 5}), mk(Run{3, 8}), 2},
		{mk(Run{0, 5}, Run{10, 20}), mk(Run{4, 12}, Run{15, 16}, Run{19, 30}), 1 + 2 + 1 + 1},
		{mk(Run{0, 100}), mk(Run{0, 100}), 100},
	} {
		if got := Intersection(tc.a, tc.b); got != tc.want {
			t.Errorf("Intersection(%v, %v) = %d, want %d", tc.a.Runs, tc.b.Runs, got, tc.want)
		}
		if got := Intersection(tc.b, tc.a); got != tc.want {
			t.Errorf("Intersection is not symmetric: %d", got)
		}
	}
}

// TestDecodeLargeImage: a billion-pixel mask costs only its runs.
func TestDecodeLargeImage(t *testing.T) {
	m, err := Decode("1 10 1000000000 5 1999999990 100", 40000, 50000)
	if err != nil {
		t.Fatal(err)
	}
	if m.Count() != 10+5+11 { // the last run is cut at 2e9
		t.Fatalf("count %d", m.Count())
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "1 2", "1 2 3", "5 1 3 1 1", "2 9223372036854775807", "1_0 2"} {
		f.Add(s, int64(4), int64(5))
	}
	f.Fuzz(func(t *testing.T, s string, h, w int64) {
		m, err := Decode(s, h, w)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		size := m.Size()
		var prev int64 = -1
		for _, r := range m.Runs {
			if r.Lo <= prev || r.Hi <= r.Lo || r.Hi > size {
				t.Fatalf("bad runs %v for size %d", m.Runs, size)
			}
			prev = r.Hi
		}
	})
}
