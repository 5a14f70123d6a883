package cdiscount_image_classification_challenge

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkPrepare measures Prepare's time and peak memory on a synthetic
// raw/train.bson at the real scale: "docs" has the real 7,069,896
// documents with tiny pictures (memory that grows with the document count),
// "images" has 20,000 documents of 50 KB pictures (memory that would grow
// with the bytes if documents were not streamed). Reported: peak-RSS-MB
// (the process's VmHWM, reset through /proc/self/clear_refs right before
// Prepare) and peak-heap-MB (Go heap in use, sampled every 10 ms). The
// sizes can be changed with MLEBENCH_CDISCOUNT_BENCH="docs:pictureBytes,...".
//
//	go test ./internal/competitions/cdiscount_image_classification_challenge/ -run XXX -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	cases := [][2]int{{7069896, 16}, {20000, 50000}}
	if env := os.Getenv("MLEBENCH_CDISCOUNT_BENCH"); env != "" {
		cases = nil
		for _, c := range strings.Split(env, ",") {
			var docs, pic int
			if _, err := fmt.Sscanf(c, "%d:%d", &docs, &pic); err != nil {
				b.Fatalf("MLEBENCH_CDISCOUNT_BENCH: %v", err)
			}
			cases = append(cases, [2]int{docs, pic})
		}
	}
	for _, c := range cases {
		b.Run(fmt.Sprintf("docs=%d/picture=%dB", c[0], c[1]), func(b *testing.B) {
			d := dirs(b)
			size, err := writeBenchRaw(d.Raw, c[0], c[1])
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(size)
			b.ResetTimer()
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
			b.ReportMetric(float64(size)/(1<<20), "raw-MB")
		})
	}
}

// writeBenchRaw writes n documents {_id, imgs: [{picture}], category_id}
// (ids 1..n) and returns the file size.
func writeBenchRaw(dir string, n, pic int) (int64, error) {
	f, err := os.Create(filepath.Join(dir, "train.bson"))
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	picture := bytes.Repeat([]byte{0xab}, pic)
	var doc []byte
	le := binary.LittleEndian
	for i := 1; i <= n; i++ {
		doc = doc[:0]
		doc = le.AppendUint32(doc, 0)
		doc = append(doc, 0x10, '_', 'i', 'd', 0)
		doc = le.AppendUint32(doc, uint32(i))
		doc = append(doc, 0x04, 'i', 'm', 'g', 's', 0)
		arr := len(doc)
		doc = le.AppendUint32(doc, 0)
		doc = append(doc, 0x03, '0', 0)
		sub := len(doc)
		doc = le.AppendUint32(doc, 0)
		doc = append(doc, 0x05)
		doc = append(doc, "picture"...)
		doc = append(doc, 0)
		doc = le.AppendUint32(doc, uint32(pic))
		doc = append(doc, 0)
		doc = append(doc, picture...)
		doc = append(doc, 0)
		le.PutUint32(doc[sub:], uint32(len(doc)-sub))
		doc = append(doc, 0)
		le.PutUint32(doc[arr:], uint32(len(doc)-arr))
		doc = append(doc, 0x10)
		doc = append(doc, "category_id"...)
		doc = append(doc, 0)
		doc = le.AppendUint32(doc, uint32(categories[i%len(categories)].id))
		doc = append(doc, 0)
		le.PutUint32(doc, uint32(len(doc)))
		w.Write(doc)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return 0, err
	}
	st, err := f.Stat()
	f.Close()
	if err != nil {
		return 0, err
	}
	return st.Size(), os.WriteFile(filepath.Join(dir, "category_names.csv"), []byte("category_id\n"), 0o644)
}

// sampleHeap samples HeapInuse until the returned stop is called, which
// returns the peak.
func sampleHeap() (stop func() uint64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	finished := make(chan struct{})
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
