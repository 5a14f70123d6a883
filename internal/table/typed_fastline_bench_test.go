package table

import (
	"bytes"
	"fmt"
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
			if !fastLine(data, i, i+k, ',', out, nil) {
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

// BenchmarkLineFastSkip parses lines shaped like ventilator's answers
// (id,breath_id,R,C,time_step,u_in,u_out,pressure) with every column
// parsed and with only id, u_out and pressure kept, as the grader reads them.
func BenchmarkLineFastSkip(b *testing.B) {
	var buf bytes.Buffer
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&buf, "%d,%d,20,10,%.11g,%.10g,%d,%.10g\n", i+1, 557496+i/80, float64(i%80)*0.0315066727, float64(i%97)*0.18076689, i%80/30, 9.35062597+float64(i%13))
	}
	data := buf.Bytes()
	keep3 := []bool{false, true, true, true, true, true, false, false}
	for _, bc := range []struct {
		name string
		skip []bool
	}{{"all", nil}, {"keep3", keep3}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			out := make([]fastCell, 8)
			for b.Loop() {
				for i := 0; i < len(data); {
					next, ok := fastLineAt(data, i, ',', out, bc.skip)
					if !ok {
						b.Fatalf("line at %d declined", i)
					}
					i = next
				}
			}
		})
	}
}
