package synth

import (
	"os"
	"path/filepath"
	"testing"
)

// A CSV written row by row is the same file as the one rendered whole.
func TestCSVFileMatchesBytes(t *testing.T) {
	rows := [][]string{{"1", "plain"}, {"2", "a,comma"}, {"3", `a "quote"`}, {"4", "line\nbreak"}, {"", ""}}
	for _, tc := range []struct {
		name string
		csv  CSV
	}{
		{"minimal", CSV{Header: []string{"id", "text"}}},
		{"quote all", CSV{Header: []string{"id", "text"}, QuoteAll: true}},
		{"crlf", CSV{Header: []string{"id", "text"}, CRLF: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sub", "f.csv")
			f, err := CreateCSV(path, tc.csv)
			if err != nil {
				t.Fatal(err)
			}
			whole := tc.csv
			for _, r := range rows {
				f.Add(r...)
				whole.Add(r...)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if want := whole.Bytes(); string(got) != string(want) {
				t.Errorf("streamed\n%q\nwhole\n%q", got, want)
			}
		})
	}
}
