package main

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"
	"text/tabwriter"

	"github.com/mlebench/mlebench/internal/competition"
)

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

// writeJSON writes v as one JSON line (the --json results: JSON lines
// only).
func writeJSON(w io.Writer, v any) error {
	return json.NewEncoder(w).Encode(v)
}

// jsonLines is stderr under --json: every line written to it is a JSON
// object; a line of text (a library's or a command's message) becomes
// {"message_type": "text", "message": line}. Safe for concurrent writes.
type jsonLines struct {
	mu      sync.Mutex
	w       io.Writer
	partial []byte
}

func (j *jsonLines) Write(p []byte) (int, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.partial = append(j.partial, p...)
	for {
		i := bytes.IndexByte(j.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := j.partial[:i]
		if err := j.writeLine(line); err != nil {
			return len(p), err
		}
		j.partial = j.partial[i+1:]
	}
}

func (j *jsonLines) writeLine(line []byte) error {
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 {
		return nil
	}
	if trimmed[0] == '{' && json.Valid(trimmed) {
		_, err := j.w.Write(append(append([]byte(nil), trimmed...), '\n'))
		return err
	}
	b, _ := json.Marshal(map[string]string{"message_type": "text", "message": string(line)})
	_, err := j.w.Write(append(b, '\n'))
	return err
}

func splitNames() []string { return competition.SplitNames }

func newTable(w io.Writer) *tabwriter.Writer { return tabwriter.NewWriter(w, 0, 0, 2, ' ', 0) }

func compactJSON(b []byte) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b
	}
	return buf.Bytes()
}
