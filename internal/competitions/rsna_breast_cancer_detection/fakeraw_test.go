package rsna_breast_cancer_detection

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

// TestPositiveInTest: patients whose test split holds no cancer get one
// after the swap, and the number of cancerous patients is unchanged.
func TestPositiveInTest(t *testing.T) {
	cancerous := make([]bool, 60)
	_, test, _ := pyrand.TrainTestSplit(60, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 42})
	for i := range cancerous {
		cancerous[i] = !slices.Contains(test, i) && i%3 == 0
	}
	before := 0
	for _, c := range cancerous {
		if c {
			before++
		}
	}
	if err := positiveInTest(cancerous); err != nil {
		t.Fatal(err)
	}
	after, inTest := 0, 0
	for i, c := range cancerous {
		if c {
			after++
			if slices.Contains(test, i) {
				inTest++
			}
		}
	}
	if after != before || inTest != 1 {
		t.Errorf("%d cancerous (was %d), %d in test; want the same count and 1", after, before, inTest)
	}
}
