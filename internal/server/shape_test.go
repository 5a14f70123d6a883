package server

import (
	"strings"
	"testing"
)

func TestShapeCounter(t *testing.T) {
	for _, tc := range []struct {
		name         string
		in           string
		records, cel int64
	}{
		{"plain", "a,b\n1,2\n", 2, 4},
		{"no final newline", "a,b\n1,2", 2, 4},
		{"crlf is one line end", "a,b\r\n1,2\r\n", 2, 4},
		{"lone cr ends a line", "a,b\r1,2\r", 2, 4},
		{"blank lines count as lines, not cells", "a,b\n\n\n1,2\n", 4, 4},
		{"quoted separator and newline", "a,b\n\"x,\ny\",2\n", 2, 4},
		{"escaped quote", "a\n\"he said \"\"hi\"\"\"\n", 2, 2},
		{"quote inside an unquoted field is literal", "a,b\nx\"y,2\n3,4\n", 3, 6},
		{"empty cells", ",,\n,,\n", 2, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Byte at a time and whole: the same counts.
			for _, chunk := range []int{1, len(tc.in)} {
				c := newShapeCounter(0, 0)
				for i := 0; i < len(tc.in); i += chunk {
					c.Write([]byte(tc.in[i:min(i+chunk, len(tc.in))]))
				}
				c.Close()
				if c.Records != tc.records || c.Cells != tc.cel {
					t.Errorf("chunk %d: %d records, %d cells; want %d, %d", chunk, c.Records, c.Cells, tc.records, tc.cel)
				}
			}
		})
	}
}

func TestShapeCounterStops(t *testing.T) {
	c := newShapeCounter(0, 10)
	n, err := c.Write([]byte(strings.Repeat(",", 100)))
	if err != errShape || n > 11 {
		t.Errorf("Write = %d, %v; want a stop at the 11th cell", n, err)
	}
	c = newShapeCounter(5, 0)
	if _, err := c.Write([]byte(strings.Repeat("\n", 100))); err != errShape {
		t.Errorf("Write of 100 lines with a limit of 5 = %v", err)
	}
}
