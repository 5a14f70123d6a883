package rsna_miccai_brain_tumor_radiogenomic_classification

import (
	"flag"
	"slices"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
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

// TestBothClassesInTest: a label vector whose test split holds one class
// gets both after the swap, and the class counts are unchanged.
func TestBothClassesInTest(t *testing.T) {
	labels := make([]string, 60)
	for i := range labels {
		labels[i] = "0"
	}
	labels[0] = "1" // position 0 is not among the 6 test positions [26 35 59 28 11 2] of RandomState(0)
	if err := bothClassesInTest(labels); err != nil {
		t.Fatal(err)
	}
	_, test, _ := pyrand.TrainTestSplit(60, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	ones, testOnes := 0, 0
	for i, l := range labels {
		if l == "1" {
			ones++
			if slices.Contains(test, i) {
				testOnes++
			}
		}
	}
	if ones != 1 || testOnes != 1 {
		t.Errorf("%d ones, %d in test; want 1 and 1", ones, testOnes)
	}
}
