package bigcsv

import (
	"slices"
)

// QuoteField returns s as Python's csv writer (QUOTE_MINIMAL) writes a
// string field: quoted, with inner quotes doubled, when it holds a comma, a
// quote, CR or LF; as is otherwise. The result may alias s.
func QuoteField(s []byte) []byte {
	if !slices.ContainsFunc(s, func(c byte) bool { return c == ',' || c == '"' || c == '\n' || c == '\r' }) {
		return s
	}
	out := make([]byte, 0, len(s)+2)
	out = append(out, '"')
	for _, c := range s {
		if c == '"' {
			out = append(out, '"')
		}
		out = append(out, c)
	}
	return append(out, '"')
}
