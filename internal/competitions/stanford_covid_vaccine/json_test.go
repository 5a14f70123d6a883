package stanford_covid_vaccine

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJSONRoundTrip reads testdata/json_cases.jsonl and writes it back; the
// bytes must be those pandas wrote (reference_json.py): ujson's number
// parsing, read_json's dtype inference, missing keys, duplicate keys, and
// to_json's escapes and 10-digit float format with its rounding ties.
func TestJSONRoundTrip(t *testing.T) {
	f, err := readFrame(filepath.Join("testdata", "json_cases.jsonl"), false)
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]int, len(f.lines))
	for i := range rows {
		rows[i] = i
	}
	cols := make([]int, len(f.cols))
	for k := range cols {
		cols[k] = k
	}
	out := filepath.Join(t.TempDir(), "out.jsonl")
	if err := writeJSONLines(context.Background(), out, f, rows, cols); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	want, err := os.ReadFile(filepath.Join("testdata", "json_cases_pandas.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				g, w := strings.Split(gl[i], ","), strings.Split(wl[i], ",")
				for j := range min(len(g), len(w)) {
					if g[j] != w[j] {
						t.Errorf("line %d, item %d: got %s, pandas %s", i+1, j, g[j], w[j])
					}
				}
			}
		}
		t.Fatalf("round trip differs from pandas:\n got %s\nwant %s", got, want)
	}
}

func TestAppendJSONFloat(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "0.0"}, {math.Copysign(0, -1), "0.0"}, {1, "1.0"}, {-1.5, "-1.5"},
		{0.1, "0.1"}, {1e-11, "-0.0"[1:]}, {-1e-11, "-0.0"}, {0.99999999999, "1.0"},
		{1e16, "10000000000000000.0"}, {1e17, "1e+17"}, {1.5e-16, "1.5e-16"}, {-2e-16, "-2e-16"},
		{math.NaN(), "null"}, {math.Inf(1), "null"}, {math.Inf(-1), "null"},
		{123.456789012345, "123.4567890123"},
	} {
		if got := string(appendJSONFloat(nil, tc.v)); got != tc.want {
			t.Errorf("appendJSONFloat(%v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, line := range []string{
		`[1,2]`, `{"a":1`, `{"a":}`, `{"a":1}x`, `{"a":"\ud800"}`, `{"a":"` + "\xff" + `"}`,
		`{"a":99999999999999999999}`, `{"a":-}`, `{"a":tru}`, `{a:1}`, `{"a":"\q"}`,
		strings.Repeat("[", 200) + strings.Repeat("]", 200),
	} {
		if _, err := decodeObjectLine([]byte(line)); err == nil {
			t.Errorf("decodeObjectLine(%q): no error", line)
		}
	}
}
