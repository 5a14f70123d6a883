package tensorflow_speech_recognition_challenge

import (
	"context"
	"flag"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
)

var fakeRawOut = flag.String("fakeraw-out", "", "write the seed-0 fake raw data to DIR/raw and train.7z extracted to DIR/extracted (for testdata/reference_prepare.py, as Debian's Python has no py7zr)")

// TestWriteFakeRaw writes the fake raw data the reference script ran on; it
// does nothing without -fakeraw-out.
func TestWriteFakeRaw(t *testing.T) {
	if *fakeRawOut == "" {
		t.Skip("no -fakeraw-out")
	}
	raw := filepath.Join(*fakeRawOut, "raw")
	if err := FakeRaw(raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := archive.Extract(context.Background(), filepath.Join(raw, "train.7z"), filepath.Join(*fakeRawOut, "extracted"), archive.Options{}); err != nil {
		t.Fatal(err)
	}
}
