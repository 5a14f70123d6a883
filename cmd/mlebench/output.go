package main

import (
	"encoding/json"
	"io"

	"github.com/mlebench/mlebench/internal/competition"
)

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func splitNames() []string { return competition.SplitNames }
