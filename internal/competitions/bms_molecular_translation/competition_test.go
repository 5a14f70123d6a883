package bms_molecular_translation

import (
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (images included) must match testdata/golden_md5.json, which
// reference_prepare.py (pandas, scikit-learn, shutil) produced from the same
// raw data.
func TestConformance(t *testing.T) {
	// reference_grade.py: the sample scores 48.083333333333336, the answers 0.
	sample, gold := 48.08333, 0.0
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &gold,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, Competition, p.Paths.Answers, "testdata")
	})
	t.Run("malformed", func(t *testing.T) {
		comptest.MalformedFromAnswers(t, Competition, p.Paths.Answers, idCol, targetCol)
	})
}
