// Package progress is how long-running library code reports progress without
// printing: it calls a [Reporter], and the command line decides how to show
// it (a bar on a terminal, JSON lines for machines, nothing at all).
package progress

import "io"

// Reporter receives the progress of one operation at a time. Start begins a
// named step of total units (bytes, rows, runs; total <= 0 when unknown), Add
// advances it, Done ends it. Implementations must be safe for concurrent Add
// calls.
type Reporter interface {
	Start(name string, total int64)
	Add(n int64)
	Done()
}

// Nop discards progress.
type Nop struct{}

func (Nop) Start(string, int64) {}
func (Nop) Add(int64)           {}
func (Nop) Done()               {}

// OrNop returns r, or [Nop] when r is nil.
func OrNop(r Reporter) Reporter {
	if r == nil {
		return Nop{}
	}
	return r
}

// Reader counts bytes read from R into P.
type Reader struct {
	R io.Reader
	P Reporter
}

func (r *Reader) Read(b []byte) (int, error) {
	n, err := r.R.Read(b)
	if n > 0 {
		r.P.Add(int64(n))
	}
	return n, err
}

// Writer counts bytes written to W into P.
type Writer struct {
	W io.Writer
	P Reporter
}

func (w *Writer) Write(b []byte) (int, error) {
	n, err := w.W.Write(b)
	if n > 0 {
		w.P.Add(int64(n))
	}
	return n, err
}
