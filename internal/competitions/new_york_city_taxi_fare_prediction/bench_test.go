package new_york_city_taxi_fare_prediction

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

// BenchmarkPrepare prepares fake raw data of MLEBENCH_NYCTAXI_BENCH_ROWS
// rows (default 1,000,000, about 1/55 of the Kaggle train.csv's 55,423,856
// rows and 5.5 GB) and reports the process's peak resident set during
// Prepare (VmHWM, reset right before it; Linux only). The raw file is
// mapped whole (package table's big-file mode: the rows are written in
// permutation order, so every row is read at random), and its pages count
// in the resident set once read; the heap holds 8 bytes of row offset and
// 8 bytes of permutation per row. Both grow linearly with the rows:
//
//	MLEBENCH_NYCTAXI_BENCH_ROWS=5000000 go test ./internal/competitions/new_york_city_taxi_fare_prediction -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	rows := 1_000_000
	if s := os.Getenv("MLEBENCH_NYCTAXI_BENCH_ROWS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 10_000 {
			b.Fatalf("MLEBENCH_NYCTAXI_BENCH_ROWS=%q: want a number >= 10000", s)
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
