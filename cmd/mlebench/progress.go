package main

import (
	"encoding/json"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/mlebench/mlebench/internal/progress"
)

// bar is the command line's rendering of progress: a progress bar when
// stderr is a terminal, JSON lines under --json, nothing otherwise.
type bar struct {
	mu      sync.Mutex
	g       *Global
	pb      *progressbar.ProgressBar
	name    string
	total   int64
	current int64
	last    time.Time
}

var _ progress.Reporter = (*bar)(nil)

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// newProgress returns a reporter already started on one step.
func newProgress(g *Global, name string, total int64) *bar {
	b := &bar{g: g}
	b.Start(name, total)
	return b
}

// newReporter returns a reporter for library code that starts its own steps.
func newReporter(g *Global) *bar { return &bar{g: g} }

func (b *bar) Start(name string, total int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.finishLocked()
	b.name, b.total, b.current = name, total, 0
	if !b.g.JSON && isTerminal(b.g.Err) {
		b.pb = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(b.g.Err),
			progressbar.OptionSetDescription(name),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	b.emitLocked(true)
}

func (b *bar) Add(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.current += n
	if b.pb != nil {
		b.pb.Add64(n)
	}
	b.emitLocked(false)
}

// Set moves the current step to an absolute count.
func (b *bar) Set(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pb != nil {
		b.pb.Set64(n)
	}
	b.current = n
	b.emitLocked(false)
}

func (b *bar) Done() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.finishLocked()
}

func (b *bar) finishLocked() {
	if b.name == "" {
		return
	}
	if b.pb != nil {
		b.pb.Finish()
		b.pb = nil
	}
	b.emitLocked(true)
	b.name = ""
}

func (b *bar) emitLocked(force bool) {
	if !b.g.JSON || b.name == "" {
		return
	}
	if !force && time.Since(b.last) < time.Second {
		return
	}
	b.last = time.Now()
	line, _ := json.Marshal(map[string]any{"message_type": "progress", "step": b.name, "current": b.current, "total": b.total})
	b.g.Err.Write(append(line, '\n'))
}
