package nfl_player_contact_detection

import (
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (CSVs and copied videos) must match testdata/golden_md5.json, which
// reference_prepare.py (pandas + scikit-learn + shutil) produced from the
// same raw data. The sample (all 0) is the degenerate MCC 0.0 and the gold
// (the answers) scores 1.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: comptest.Ptr(0),
		GoldScore:   comptest.Ptr(1),
	})
	_ = p
}
