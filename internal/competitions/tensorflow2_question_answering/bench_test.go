package tensorflow2_question_answering

import (
	"bufio"
	"context"
	"fmt"
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
)

// BenchmarkPrepare prepares a synthetic train file whose lines are shaped
// like the Kaggle ones (~56 kB of document_text with HTML tags, slashes and
// some non-ASCII text, ~130 candidates, one annotation) with
// MLEBENCH_TF2QA_BENCH_LINES lines (default 3,000, ~170 MB; the Kaggle
// file has 307,373 lines, ~17 GB) and reports the peak heap in use during
// Prepare (sampled every 2 ms), which depends on the chunk size and the
// number of chunks in flight, not on the file size.
//
//	MLEBENCH_TF2QA_BENCH_LINES=20000 go test ./internal/competitions/tensorflow2_question_answering -run '^$' -bench Prepare -benchtime 1x
func BenchmarkPrepare(b *testing.B) {
	lines := 3000
	if s := os.Getenv("MLEBENCH_TF2QA_BENCH_LINES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 2 || n%chunkLines == 1 {
			b.Fatalf("MLEBENCH_TF2QA_BENCH_LINES=%q: want a number of lines >= 2, not 1 mod %d", s, chunkLines)
		}
		lines = n
	}
	dir := b.TempDir()
	raw := filepath.Join(dir, "raw")
	size, err := writeBenchRaw(raw, lines)
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
	b.ReportMetric(float64(lines), "lines")
}

// writeBenchRaw streams the benchmark's train file and returns its size.
func writeBenchRaw(raw string, lines int) (int64, error) {
	if err := os.MkdirAll(raw, 0o755); err != nil {
		return 0, err
	}
	f, err := os.Create(filepath.Join(raw, "simplified-nq-train.jsonl"))
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	r := rand.New(rand.NewPCG(3, 4))
	words := []string{"the", "river", "café", "town", "1987", "Zürich", "and", "of", "population", "north", "built", "was", "\\\"x\\\""}
	var doc, cands strings.Builder
	for i := 0; i < lines; i++ {
		doc.Reset()
		cands.Reset()
		tok := 0
		for p := 0; doc.Len() < 56000; p++ {
			if p > 0 {
				doc.WriteByte(' ')
				cands.WriteByte(',')
			}
			start := tok
			doc.WriteString("<P>")
			for range 60 {
				doc.WriteByte(' ')
				doc.WriteString(words[r.IntN(len(words))])
				tok++
			}
			doc.WriteString(" </P>")
			tok += 2
			fmt.Fprintf(&cands, `{"start_byte":%d,"end_byte":%d,"start_token":%d,"end_token":%d,"top_level":true}`, start*7, tok*7, start, tok)
		}
		fmt.Fprintf(w, `{"document_text":"%s","long_answer_candidates":[%s],"question_text":"what is the river","annotations":[{"yes_no_answer":"NONE","long_answer":{"start_byte":0,"end_byte":400,"start_token":0,"end_token":62,"candidate_index":0},"short_answers":[{"start_byte":10,"end_byte":20,"start_token":3,"end_token":5}],"annotation_id":%d}],"document_url":"https://en.wikipedia.org//w/index.php?title=X","example_id":%d}`+"\n",
			doc.String(), cands.String(), r.Uint64(), int64(r.Uint64()))
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

// BenchmarkLoadAnswers reads a private/test.jsonl prepared from raw lines
// of two shapes: the fake raw data's (~1.1 kB, many \u escapes; the bench
// grades 30,737 of them) and Kaggle-shaped ones (~56 kB, see
// BenchmarkPrepare).
//
//	go test ./internal/competitions/tensorflow2_question_answering -run '^$' -bench LoadAnswers
func BenchmarkLoadAnswers(b *testing.B) {
	for _, shape := range []struct {
		name  string
		write func(raw string) error
	}{
		{"fake_lines", func(raw string) error { return FakeRaw(raw, competition.FakeOptions{Rows: 20000}) }},
		{"kaggle_lines", func(raw string) error { _, err := writeBenchRaw(raw, 2000); return err }},
	} {
		b.Run(shape.name, func(b *testing.B) {
			dir := b.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				if err := os.MkdirAll(p, 0o755); err != nil {
					b.Fatal(err)
				}
			}
			if err := shape.write(d.Raw); err != nil {
				b.Fatal(err)
			}
			if err := Prepare(context.Background(), d); err != nil {
				b.Fatal(err)
			}
			path := filepath.Join(d.Private, "test.jsonl")
			st, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(st.Size())
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := LoadAnswers(path); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
