// Package prepbench is the BenchmarkPrepare of the streamed preparers: it
// generates a competition's fake raw data at a chosen size once, outside the
// timer, prepares it b.N times and reports the whole process's peak resident
// set during Prepare (VmHWM, reset before each run), its CPU time and the raw
// size. Only tests import it; the benchmarks it serves are skipped unless
// -bench selects them.
package prepbench

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// Run benchmarks impl's Prepare on fake raw data of rows rows (the meaning
// of a row is the competition's FakeRaw's), or of the number in the
// environment variable env when it is set. MLEBENCH_BENCH_RAW=DIR prepares
// the raw directory DIR (read in place) instead, e.g. a fake one whose text
// fields were lengthened to the Kaggle file's size.
func Run(b *testing.B, impl *competition.Impl, env string, rows int) {
	if s := os.Getenv(env); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("%s=%q: want a positive number of rows", env, s)
		}
		rows = n
	}
	dir := b.TempDir()
	raw := filepath.Join(dir, "raw")
	if given := os.Getenv("MLEBENCH_BENCH_RAW"); given != "" {
		raw = given
	} else if err := impl.FakeRaw(raw, competition.FakeOptions{Rows: rows}); err != nil {
		b.Fatal(err)
	}
	var size int64
	filepath.WalkDir(raw, func(_ string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			if st, err := e.Info(); err == nil {
				size += st.Size()
			}
		}
		return nil
	})
	b.SetBytes(size)
	var peak int64
	var cpu float64
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
		u0, s0 := comptest.CPUTime()
		b.StartTimer()
		err := impl.Prepare(context.Background(), d)
		b.StopTimer()
		u1, s1 := comptest.CPUTime()
		if err != nil {
			b.Fatal(err)
		}
		peak = max(peak, comptest.PeakRSS())
		cpu += (u1 - u0 + s1 - s0).Seconds()
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MiB")
	b.ReportMetric(cpu/float64(b.N), "CPU-s/op")
	b.ReportMetric(float64(size)/(1<<20), "raw-MiB")
}
