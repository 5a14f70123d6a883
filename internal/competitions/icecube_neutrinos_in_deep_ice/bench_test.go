package icecube_neutrinos_in_deep_ice

import (
	"context"
	"fmt"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/parquetcols"
)

// BenchmarkPrepare prepares a train_meta.parquet of 660 batches (the real
// count) and MLEBENCH_ICECUBE_BENCH_ROWS rows (default 2,000,000; the real
// file has about 132 M), written as ONE row group to show that memory does
// not follow the row-group size. Reported: peak-RSS-MB (VmHWM, reset right
// before Prepare) and peak-heap-MB (sampled every 10 ms).
//
//	go test ./internal/competitions/icecube_neutrinos_in_deep_ice/ -run XXX -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	rows := 2_000_000
	if s := os.Getenv("MLEBENCH_ICECUBE_BENCH_ROWS"); s != "" {
		var err error
		if rows, err = strconv.Atoi(s); err != nil || rows < 660 {
			b.Fatalf("MLEBENCH_ICECUBE_BENCH_ROWS=%q", s)
		}
	}
	dir := b.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	if err := writeBenchMeta(d.Raw, rows); err != nil {
		b.Fatal(err)
	}
	st, _ := os.Stat(filepath.Join(d.Raw, "train_meta.parquet"))
	b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
		var peakRSS, peakHeap float64
		for range b.N {
			b.StopTimer()
			os.RemoveAll(d.Public)
			os.RemoveAll(d.Private)
			os.MkdirAll(d.Public, 0o755)
			os.MkdirAll(d.Private, 0o755)
			debug.FreeOSMemory() // RSS of the setup is returned before the peak is reset
			comptest.ResetPeakRSS()
			stop := sampleHeap()
			b.StartTimer()
			if err := Prepare(context.Background(), d); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			peakHeap = max(peakHeap, float64(stop())/(1<<20))
			peakRSS = max(peakRSS, float64(comptest.PeakRSS())/(1<<20))
			b.StartTimer()
		}
		b.ReportMetric(peakRSS, "peak-RSS-MB")
		b.ReportMetric(peakHeap, "peak-heap-MB")
		b.ReportMetric(float64(st.Size())/(1<<20), "meta-MB")
	})
}

func writeBenchMeta(raw string, rows int) error {
	if err := os.MkdirAll(filepath.Join(raw, "train"), 0o755); err != nil {
		return err
	}
	fields := []parquetcols.Field{{Name: "batch_id", Type: parquetcols.Int64}, {Name: "event_id", Type: parquetcols.Int64},
		{Name: "first_pulse_index", Type: parquetcols.Int64}, {Name: "last_pulse_index", Type: parquetcols.Int64},
		{Name: "azimuth", Type: parquetcols.Float64}, {Name: "zenith", Type: parquetcols.Float64}}
	w, err := parquetcols.CreateGroups(filepath.Join(raw, "train_meta.parquet"), fields, int64(rows))
	if err != nil {
		return err
	}
	const chunk = 1 << 16
	for lo := 0; lo < rows; lo += chunk {
		n := min(chunk, rows-lo)
		cols := make([]*parquetcols.Column, 6)
		for k, f := range fields {
			cols[k] = &parquetcols.Column{Field: f}
		}
		for i := lo; i < lo+n; i++ {
			cols[0].Ints = append(cols[0].Ints, int64(1+i*660/rows))
			cols[1].Ints = append(cols[1].Ints, int64(24+3*i))
			cols[2].Ints = append(cols[2].Ints, int64(60*i))
			cols[3].Ints = append(cols[3].Ints, int64(60*i+59))
			cols[4].Floats = append(cols[4].Floats, math.Mod(float64(i)*0.7, 2*math.Pi))
			cols[5].Floats = append(cols[5].Floats, math.Mod(float64(i)*0.3, math.Pi))
		}
		if err := w.Write(cols); err != nil {
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	for b := 1; b <= 660; b++ {
		if err := os.WriteFile(filepath.Join(raw, "train", fmt.Sprintf("batch_%d.parquet", b)), []byte("PAR1"), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(raw, "sensor_geometry.csv"), []byte("sensor_id,x,y,z\n0,1,2,3\n"), 0o644)
}

// sampleHeap samples HeapInuse until stop, which returns the peak.
func sampleHeap() (stop func() uint64) {
	var peak atomic.Uint64
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		var ms runtime.MemStats
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		return peak.Load()
	}
}
