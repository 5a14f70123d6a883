package bms_molecular_translation

import (
	"flag"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

var fakeRawOut = flag.String("fakeraw-out", "", "write the seed-0 fake raw data to this directory (for the reference scripts)")

// TestWriteFakeRaw writes the fake raw data the reference scripts ran on,
// when -fakeraw-out is given.
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("no -fakeraw-out")
	}
	if err := FakeRaw(*fakeRawOut, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
}
