package h_and_m_personalized_fashion_recommendations

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyfloat"
)

// BenchmarkPrepare prepares a synthetic transactions file shaped like the
// Kaggle one (734 days ending 2020-09-22 in date order, 64-hex customer ids
// from a pool of 1.37M, zero-padded article ids from a pool of 105k,
// prices k/590) with MLEBENCH_HM_BENCH_ROWS rows (default 1,000,000; the
// Kaggle file has 31,788,324) and reports the peak heap in use during
// Prepare (sampled every 2 ms) and the process's peak resident set
// (VmHWM, which also covers the streaming generator).
//
//	MLEBENCH_HM_BENCH_ROWS=31788324 go test ./internal/competitions/h_and_m_personalized_fashion_recommendations -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	rows := 1_000_000
	if s := os.Getenv("MLEBENCH_HM_BENCH_ROWS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 100 {
			b.Fatalf("MLEBENCH_HM_BENCH_ROWS=%q: want a number of rows >= 100", s)
		}
		rows = n
	}
	dir := b.TempDir()
	raw := filepath.Join(dir, "raw")
	size, err := writeBenchRaw(raw, rows)
	if err != nil {
		b.Fatal(err)
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
	b.ReportMetric(float64(rows), "rows")
	if hwm := vmHWM(); hwm > 0 {
		b.ReportMetric(float64(hwm)/(1<<10), "peak-RSS-MiB")
	}
}

// writeBenchRaw writes the benchmark's raw folder and returns the size of
// the transactions file. Memory stays bounded: rows are generated on the
// fly.
func writeBenchRaw(raw string, rows int) (int64, error) {
	if err := os.MkdirAll(filepath.Join(raw, "images"), 0o755); err != nil {
		return 0, err
	}
	for _, n := range []string{"articles.csv", "customers.csv", "sample_submission.csv"} {
		if err := os.WriteFile(filepath.Join(raw, n), []byte("x\n"), 0o644); err != nil {
			return 0, err
		}
	}
	path := filepath.Join(raw, "transactions_train.csv")
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString(strings.Join(columns, ",") + "\n")
	r := rand.New(rand.NewPCG(1, 2))
	const days = 734
	first := time.Date(2020, 9, 22, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -(days - 1))
	var line []byte
	for i := 0; i < rows; i++ {
		day := first.AddDate(0, 0, i*days/rows)
		c := uint64(r.IntN(1_370_000))
		line = day.AppendFormat(line[:0], "2006-01-02")
		line = append(line, ',')
		for k := uint64(0); k < 4; k++ {
			h := (c + 1) * (0x9E3779B97F4A7C15 + k*0x632BE59BD9B4E019)
			h ^= h >> 29
			line = append(line, hexDigits(h)...)
		}
		line = append(line, ",0"...)
		line = strconv.AppendInt(line, int64(108775015+r.IntN(105_000)*997), 10)
		line = append(line, ',')
		line = pyfloat.AppendRepr(line, float64(1+r.IntN(300))/590)
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(1+r.IntN(2)), 10)
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			f.Close()
			return 0, err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return 0, err
	}
	return st.Size(), f.Close()
}

func hexDigits(h uint64) []byte {
	const digits = "0123456789abcdef"
	var b [16]byte
	for i := 15; i >= 0; i-- {
		b[i] = digits[h&15]
		h >>= 4
	}
	return b[:]
}

// vmHWM returns the process's peak resident set in KiB (Linux), or 0.
func vmHWM() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}
