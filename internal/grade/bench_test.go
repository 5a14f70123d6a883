package grade_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/grade"
)

// BenchmarkGradeROCAUC1M grades a 1,000,000-row ROC-AUC submission end to
// end with the real tabular-playground-series-may-2022 grader: read the
// answers and the submission CSVs, check and align ids, score, rank. The
// original takes about 4.3 s for this (whole process).
func BenchmarkGradeROCAUC1M(b *testing.B) {
	const id = "tabular-playground-series-may-2022"
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := cat.Lookup(id); err != nil {
		b.Skip(err)
	}
	data := b.TempDir()
	priv := filepath.Join(data, id, "prepared", "private")
	os.MkdirAll(priv, 0o755)
	const n = 1_000_000
	r := rand.New(rand.NewPCG(1, 2))
	writeCSV(b, filepath.Join(priv, "test.csv"), n, func(w *bufio.Writer, i int) {
		fmt.Fprintf(w, "%d,%d\n", 900000+i, r.IntN(2))
	})
	sub := filepath.Join(b.TempDir(), "submission.csv")
	writeCSV(b, sub, n, func(w *bufio.Writer, i int) {
		fmt.Fprintf(w, "%d,%v\n", 900000+i, r.Float64())
	})
	g := &grade.Grader{Catalog: cat, DataDir: data}
	b.ReportAllocs()
	for b.Loop() {
		rep, err := g.GradeCSV(context.Background(), id, sub)
		if err != nil || rep.Score == nil {
			b.Fatalf("grading failed: %v %+v", err, rep)
		}
	}
}

func writeCSV(b *testing.B, path string, n int, row func(*bufio.Writer, int)) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString("id,target\n")
	for i := 0; i < n; i++ {
		row(w, i)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
}
