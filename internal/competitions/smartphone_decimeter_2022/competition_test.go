package smartphone_decimeter_2022

import (
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition/competitiontest"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (the CSVs and every copied drive file) must match
// testdata/golden_md5.json, which reference_prepare.py (pandas +
// scikit-learn + shutil) produced from the same raw data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5: filepath.Join("testdata", "golden_md5.json"),
	})
}
