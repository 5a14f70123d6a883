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
