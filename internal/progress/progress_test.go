package progress

import (
	"bytes"
	"io"
	"strings"
	"sync/atomic"
	"testing"
)

type counter struct {
	name  string
	total int64
	n     atomic.Int64
	done  bool
}

func (c *counter) Start(name string, total int64) { c.name, c.total = name, total }
func (c *counter) Add(n int64)                    { c.n.Add(n) }
func (c *counter) Done()                          { c.done = true }

func TestReaderWriterCount(t *testing.T) {
	c := &counter{}
	c.Start("copy", 11)
	var out bytes.Buffer
	if _, err := io.Copy(&Writer{W: &out, P: c}, &Reader{R: strings.NewReader("hello world"), P: c}); err != nil {
		t.Fatal(err)
	}
	c.Done()
	if c.n.Load() != 22 || out.String() != "hello world" || !c.done {
		t.Errorf("counted %d bytes, out %q, done %v", c.n.Load(), out.String(), c.done)
	}
}

func TestOrNop(t *testing.T) {
	r := OrNop(nil)
	r.Start("x", 1)
	r.Add(1)
	r.Done()
	c := &counter{}
	if OrNop(c) != Reporter(c) {
		t.Error("OrNop replaced a reporter")
	}
}
