package hms_harmful_brain_activity_classification

import (
	"context"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

// BenchmarkPrepare prepares a raw train.csv of the real size (106,800
// rows; about 11,000 spectrograms and 17,000 EEGs here, as on Kaggle) with
// empty placeholder Parquet files (prepare copies them without opening
// them, so their size only adds I/O). Reported: peak-RSS-MB (VmHWM, reset
// right before Prepare, Linux only).
//
//	go test ./internal/competitions/hms_harmful_brain_activity_classification/ -run XXX -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	dir := b.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	if err := fakeRaw(d.Raw, competition.FakeOptions{Rows: 106_800}, false); err != nil {
		b.Fatal(err)
	}
	var peak float64
	for range b.N {
		b.StopTimer()
		os.RemoveAll(d.Public)
		os.RemoveAll(d.Private)
		os.MkdirAll(d.Public, 0o755)
		os.MkdirAll(d.Private, 0o755)
		debug.FreeOSMemory()
		comptest.ResetPeakRSS()
		b.StartTimer()
		if err := Prepare(context.Background(), d); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		peak = max(peak, float64(comptest.PeakRSS())/(1<<20))
		b.StartTimer()
	}
	b.ReportMetric(peak, "peak-RSS-MB")
}
