package hms_harmful_brain_activity_classification

import (
	"flag"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

var fakeRawOut = flag.String("fakeraw-out", "", "write the seed-0 fake raw data to this directory (for testdata/reference_prepare.py)")

// TestWriteFakeRaw writes the fake raw data the reference scripts ran on;
// it does nothing without -fakeraw-out.
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("no -fakeraw-out")
	}
	if err := FakeRaw(*fakeRawOut, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
}
