package table

import (
	"os"
	"testing"
)

// BenchmarkTypedReadSubmission1M reads a file named by
// MLEBENCH_TYPED_BENCH_FILE (e.g. a 1M-row id,score submission) through the
// typed path, in process.
func BenchmarkTypedReadSubmission1M(b *testing.B) {
	path := os.Getenv("MLEBENCH_TYPED_BENCH_FILE")
	if path == "" {
		b.Skip("set MLEBENCH_TYPED_BENCH_FILE")
	}
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	for b.Loop() {
		t, ok, err := readTypedFile(path, ReadOptions{DropNumericText: true})
		if err != nil || !ok || t.Len() == 0 {
			b.Fatal(err, ok)
		}
	}
}
