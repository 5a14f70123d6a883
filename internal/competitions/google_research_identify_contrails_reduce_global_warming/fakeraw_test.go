package google_research_identify_contrails_reduce_global_warming

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

var fakeRawOut = flag.String("fakeraw-out", "", "write the seed-0 fake raw download to this directory (for testdata/reference_prepare.py)")

// TestWriteFakeRaw writes the fake raw data the reference scripts run on:
// go test -run TestWriteFakeRaw -args -fakeraw-out DIR
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("no -fakeraw-out")
	}
	if err := FakeRaw(*fakeRawOut, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
}

// TestFakeRawSizes: every size prepares.
func TestFakeRawSizes(t *testing.T) {
	for _, rows := range []int{1, 2, 5, 100} {
		d := newDirs(t)
		if err := os.RemoveAll(d.Raw); err != nil {
			t.Fatal(err)
		}
		if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: rows, Seed: 3}); err != nil {
			t.Fatal(err)
		}
		if err := Prepare(context.Background(), d); err != nil {
			t.Fatalf("rows %d: %v", rows, err)
		}
	}
}
