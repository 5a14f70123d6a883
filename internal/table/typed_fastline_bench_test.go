package table

import (
	"bytes"
	"os"
	"testing"
)

// benchLines is the first MiB of MLEBENCH_TYPED_BENCH_FILE without its
// header, cut at a line end.
func benchLines(b *testing.B) []byte {
	path := os.Getenv("MLEBENCH_TYPED_BENCH_FILE")
	if path == "" {
		b.Skip("set MLEBENCH_TYPED_BENCH_FILE")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	data = data[bytes.IndexByte(data, '\n')+1:]
	if len(data) > 1<<20 {
		data = data[:bytes.LastIndexByte(data[:1<<20], '\n')+1]
	}
	return data
}

// BenchmarkLineFast parses the lines with fastLine (no column stores).
func BenchmarkLineFast(b *testing.B) {
	data := benchLines(b)
	b.SetBytes(int64(len(data)))
	out := make([]fastCell, 2)
	declined := 0
	for b.Loop() {
		for i := 0; i < len(data); {
			k := bytes.IndexByte(data[i:], '\n')
			if !fastLine(data, i, i+k, ',', out) {
				declined++
			}
			i += k + 1
		}
	}
	b.ReportMetric(float64(declined)/float64(b.N), "declined/op")
}

// BenchmarkLineCells parses the lines cell by cell as the per-cell path
// does (plainInt, then ParseFloat), without column stores.
func BenchmarkLineCells(b *testing.B) {
	data := benchLines(b)
	b.SetBytes(int64(len(data)))
	var sink float64
	for b.Loop() {
		for i := 0; i < len(data); {
			k := bytes.IndexByte(data[i:], '\n')
			line := data[i : i+k]
			for {
				c := bytes.IndexByte(line, ',')
				cell := line
				if c >= 0 {
					cell = line[:c]
				}
				v, _, st := plainInt(cell)
				if st == numOK {
					sink += float64(v)
				} else {
					f, _ := ParseFloat(bytesString(cell))
					sink += f
				}
				if c < 0 {
					break
				}
				line = line[c+1:]
			}
			i += k + 1
		}
	}
	_ = sink
}
