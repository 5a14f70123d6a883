package smartphone_decimeter_2022

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
)

// BenchmarkPrepare prepares fake raw data of MLEBENCH_GSDC_BENCH_ROWS
// epochs per phone (default 20,000, about 5.5 hours at 1 Hz; the 14 drives
// then hold some 600,000 ground-truth rows and as many device_gnss rows),
// generated once outside the timer, and reports the peak heap in use
// during Prepare (sampled every 2 ms): the copies stream, only the test
// ground truth is held in memory.
//
//	MLEBENCH_GSDC_BENCH_ROWS=20000 go test ./internal/competitions/smartphone_decimeter_2022 -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	rows := 20_000
	if s := os.Getenv("MLEBENCH_GSDC_BENCH_ROWS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 10 {
			b.Fatalf("MLEBENCH_GSDC_BENCH_ROWS=%q: want a number >= 10", s)
		}
		rows = n
	}
	dir := b.TempDir()
	raw := filepath.Join(dir, "raw")
	if err := FakeRaw(raw, competition.FakeOptions{Rows: rows}); err != nil {
		b.Fatal(err)
	}
	var size int64
	filepath.Walk(raw, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			size += info.Size()
		}
		return nil
	})
	b.SetBytes(size)
	var peak uint64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		d := competition.Dirs{Raw: raw, Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
		os.RemoveAll(d.Public)
		os.RemoveAll(d.Private)
		os.MkdirAll(d.Public, 0o755)
		os.MkdirAll(d.Private, 0o755)
		runtime.GC()
		b.StartTimer()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ms runtime.MemStats
			tick := time.NewTicker(2 * time.Millisecond)
			defer tick.Stop()
			for {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
				select {
				case <-stop:
					return
				case <-tick.C:
				}
			}
		}()
		err := Prepare(context.Background(), d)
		close(stop)
		wg.Wait()
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(size)/(1<<20), "raw-MiB")
}
