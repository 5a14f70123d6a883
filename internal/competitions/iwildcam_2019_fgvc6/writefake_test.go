package iwildcam_2019_fgvc6

import (
	"flag"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

var fakeRawOut = flag.String("fakeraw-out", "", "TestWriteFakeRaw: write the seed-0 fake raw data into this directory")

// TestWriteFakeRaw writes the fake raw data for testdata/reference_prepare.py.
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("set -fakeraw-out")
	}
	if err := FakeRaw(*fakeRawOut, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
}

// TestFakeRawManyRows: more rows than the 1,600 whose locations the first
// 200 location values cover (n/8 locations) are generated, not a panic.
func TestFakeRawManyRows(t *testing.T) {
	if err := FakeRaw(t.TempDir(), competition.FakeOptions{Rows: 2000}); err != nil {
		t.Fatal(err)
	}
}
