package nfl_player_contact_detection

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

// BenchmarkPrepare prepares fake raw data of MLEBENCH_NFL_BENCH_ROWS label
// rows (default 500,000; the Kaggle train_labels.csv has about 4.7M rows
// over 240 game plays, with 1.35M tracking rows), generated once outside
// the timer, and reports the peak heap in use during Prepare (sampled
// every 2 ms), which stays near one parsing block per file whatever the
// size:
//
//	MLEBENCH_NFL_BENCH_ROWS=4700000 go test ./internal/competitions/nfl_player_contact_detection -run '^$' -bench Prepare -benchtime 1x
//
// Measured on a shared 2-core machine (load average about 30): 1.5M rows
// (254 MiB of CSV) peaked at 128 MiB of heap; 4.7M rows (801 MiB of CSV:
// 4.7M labels, 1.6M tracking and 3.2M helmet rows) at 143 MiB, in 172 s.
func BenchmarkPrepare(b *testing.B) {
	rows := 500_000
	if s := os.Getenv("MLEBENCH_NFL_BENCH_ROWS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1000 {
			b.Fatalf("MLEBENCH_NFL_BENCH_ROWS=%q: want a number >= 1000", s)
		}
		rows = n
	}
	dir := b.TempDir()
	raw := filepath.Join(dir, "raw")
	if err := FakeRaw(raw, competition.FakeOptions{Rows: rows}); err != nil {
		b.Fatal(err)
	}
	var size int64
	for _, n := range []string{"train_labels.csv", "train_baseline_helmets.csv", "train_player_tracking.csv", "train_video_metadata.csv"} {
		st, err := os.Stat(filepath.Join(raw, n))
		if err != nil {
			b.Fatal(err)
		}
		size += st.Size()
	}
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
	b.ReportMetric(float64(size)/(1<<20), "raw-csv-MiB")
}
