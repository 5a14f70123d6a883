package main

import (
	"bytes"
	"encoding/json"
	"io"
	"text/tabwriter"

	"github.com/mlebench/mlebench/internal/competition"
)

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
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
