package three_d_object_detection_for_autonomous_vehicles

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition/competitiontest"
)

// TestConformance runs the suite on the seed-0 fake data; every prepared
// file (tables, JSON, copied images, lidar sweeps and map) must match
// testdata/golden_md5.json, which reference_prepare.py (json, pandas,
// scikit-learn, shutil) produced from the same raw data. The sample
// submission (no boxes) scores 0 and the gold (the answers) 1.
func TestConformance(t *testing.T) {
	sample, gold := 0.0, 1.0
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &gold,
	})
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
