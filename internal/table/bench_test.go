package table

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// makeCSV builds an n-row "id,target" CSV: numeric or text ids and float
// targets in repr form.
func makeCSV(n int, textIDs bool) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	b.Grow(n * 32)
	b.WriteString("id,target\n")
	for i := 0; i < n; i++ {
		if textIDs {
			b.WriteString("id_")
		}
		b.WriteString(strconv.Itoa(i))
		b.WriteByte(',')
		b.Write(appendRepr(nil, r.Float64()))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func benchFile(b *testing.B, n int, textIDs bool) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "bench.csv")
	if err := os.WriteFile(path, makeCSV(n, textIDs), 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// cpuTime is the process's user+system CPU time: on this shared 2-core
// machine wall times vary with other load, CPU per operation much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

func benchRead(b *testing.B, n int, textIDs bool, opt ReadOptions) {
	path := benchFile(b, n, textIDs)
	st, _ := os.Stat(path)
	b.SetBytes(st.Size())
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	defer reportCPU(b, c0)
	for b.Loop() {
		t, err := ReadFile(path, opt)
		if err != nil {
			b.Fatal(err)
		}
		if t.Len() != n {
			b.Fatalf("%d rows", t.Len())
		}
	}
}

func BenchmarkReadFile1M(b *testing.B)        { benchRead(b, 1_000_000, false, ReadOptions{}) }
func BenchmarkReadFile1MTextIDs(b *testing.B) { benchRead(b, 1_000_000, true, ReadOptions{}) }
func BenchmarkReadFile1MOneCore(b *testing.B) {
	benchRead(b, 1_000_000, false, ReadOptions{Workers: 1})
}
func BenchmarkReadFile1MAllString(b *testing.B) {
	benchRead(b, 1_000_000, true, ReadOptions{AllString: true})
}
func BenchmarkReadFile10K(b *testing.B) { benchRead(b, 10_000, false, ReadOptions{}) }

func BenchmarkReader1M(b *testing.B) {
	data := makeCSV(1_000_000, true)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 1_000_000 {
			b.Fatal(n)
		}
	}
}

func BenchmarkWriteCSV1M(b *testing.B) {
	t, err := ReadBytes(makeCSV(1_000_000, true), ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	b.ReportAllocs()
	c0 := cpuTime()
	defer reportCPU(b, c0)
	for b.Loop() {
		buf.Reset()
		if err := t.WriteCSV(&buf, WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

func BenchmarkWriteFile1M(b *testing.B) {
	t, err := ReadBytes(makeCSV(1_000_000, false), ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "out.csv")
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteFile(path, t, WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadQuoted1M: text with quoted fields (general scanner path).
func BenchmarkReadQuoted1M(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString("id,comment_text,toxic\n")
	for i := 0; i < 1_000_000; i++ {
		buf.WriteString(strconv.Itoa(i))
		buf.WriteString(`,"Some comment, with ""quotes"" and`)
		buf.WriteString("\nnewlines \",0.5\n")
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	c0 := cpuTime()
	defer reportCPU(b, c0)
	for b.Loop() {
		t, err := ReadBytes(append([]byte(nil), data...), ReadOptions{})
		if err != nil || t.Len() != 1_000_000 {
			b.Fatal(err)
		}
	}
}
