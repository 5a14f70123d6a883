package runner

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// runLog writes a run's run.log in the original's line format
// ("[2024-10-08 14:03:56,123] [source] message"); agent output lines are
// prefixed "[Container] ".
type runLog struct {
	mu  sync.Mutex
	w   io.Writer
	now func() time.Time
}

func (l *runLog) printf(format string, args ...any) {
	l.line("runner", fmt.Sprintf(format, args...))
}

func (l *runLog) line(source, msg string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.now()
	stamp := t.Format("2006-01-02 15:04:05") + fmt.Sprintf(",%03d", t.Nanosecond()/1e6)
	fmt.Fprintf(l.w, "[%s] [%s] %s\n", stamp, source, msg)
}

// containerWriter returns a writer that logs each complete line of agent
// output as "[Container] <line>" (trailing whitespace trimmed); Close
// flushes a final partial line.
func (l *runLog) containerWriter() *lineWriter {
	return &lineWriter{emit: func(s string) { l.line("runner", "[Container] "+s) }}
}

type lineWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	emit func(string)
}

// maxLine bounds a buffered line so an agent printing without newlines
// cannot grow memory without limit.
const maxLine = 64 << 10

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for {
		b := w.buf.Bytes()
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			if len(b) > maxLine {
				w.emit(strings.TrimRight(string(b), " \t\r"))
				w.buf.Reset()
			}
			return len(p), nil
		}
		w.emit(strings.TrimRight(string(b[:i]), " \t\r"))
		w.buf.Next(i + 1)
	}
}

func (w *lineWriter) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf.Len() > 0 {
		w.emit(strings.TrimRight(w.buf.String(), " \t\r\n"))
		w.buf.Reset()
	}
	return nil
}
