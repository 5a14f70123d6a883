package tabular_playground_series_dec_2021

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// BenchmarkPrepare prepares fake raw data of MLEBENCH_TPSDEC2021_BENCH_ROWS
// rows (default 400,000, a tenth of the Kaggle train.csv's 4,000,000) and
// reports the process's peak resident set during Prepare (VmHWM, reset
// right before it; Linux only). The raw file is mapped (package table's
// big-file mode), so its pages count in the resident set as they are read:
//
//	MLEBENCH_TPSDEC2021_BENCH_ROWS=4000000 go test ./internal/competitions/tabular_playground_series_dec_2021 -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	rows := 400_000
	if s := os.Getenv("MLEBENCH_TPSDEC2021_BENCH_ROWS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1000 {
			b.Fatalf("MLEBENCH_TPSDEC2021_BENCH_ROWS=%q: want a number >= 1000", s)
		}
		rows = n
	}
	dir := b.TempDir()
	raw := filepath.Join(dir, "raw")
	if err := os.MkdirAll(raw, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := FakeRaw(raw, competition.FakeOptions{Rows: rows}); err != nil {
		b.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(raw, "train.csv"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	var peak float64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
		for _, p := range []string{d.Public, d.Private} {
			os.RemoveAll(p)
			if err := os.MkdirAll(p, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		debug.FreeOSMemory()
		comptest.ResetPeakRSS()
		b.StartTimer()
		if err := Prepare(context.Background(), d); err != nil {
			b.Fatal(err)
		}
		peak = max(peak, float64(comptest.PeakRSS())/(1<<20))
	}
	b.ReportMetric(peak, "peak-RSS-MB")
}
