package table

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkReadFiles reads, with the general path and the default options,
// each CSV named in $MLEBENCH_TABLE_BENCH_FILES (a colon-separated list,
// e.g. a prepared competition's answers and sample submission at real
// size). It is skipped when the variable is unset.
func BenchmarkReadFiles(b *testing.B) {
	list := os.Getenv("MLEBENCH_TABLE_BENCH_FILES")
	if list == "" {
		b.Skip("MLEBENCH_TABLE_BENCH_FILES not set")
	}
	for _, path := range strings.Split(list, ":") {
		b.Run(filepath.Base(filepath.Dir(filepath.Dir(path)))+"/"+filepath.Base(path), func(b *testing.B) {
			st, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(st.Size())
			b.ReportAllocs()
			c0 := cpuTime()
			defer reportCPU(b, c0)
			for b.Loop() {
				if _, err := ReadFile(path, ReadOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
