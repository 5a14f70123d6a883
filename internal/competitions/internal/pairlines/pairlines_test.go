package pairlines

import (
	"strings"
	"testing"
)

// readAll returns the rows of data as "key=value" lines, or the error.
func readAll(data string) (string, error) {
	f, err := Open([]byte(data), "id", "v", true, false)
	if err != nil {
		return "", err
	}
	var rows []string
	for {
		k, v, more, err := f.Next()
		if err != nil {
			return "", err
		}
		if !more {
			return strings.Join(rows, "\n"), nil
		}
		rows = append(rows, k+"="+v)
	}
}

// TestNext: the accepted forms give the cells' values (quotes stripped,
// doubled ones undoubled, a last line without its line end).
func TestNext(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"id,v\na,1\n", "a=1"},
		{"\"id\",\"v\"\n\"a\",\"x, \"\"y\"\"\"\nb,\n", "a=x, \"y\"\nb="},
		{"id,v\na,\"\"\nb,z", "a=\nb=z"},
		{"id,v\n\"k\",\"\"\"\"\n", "k=\""},
	} {
		got, err := readAll(c.data)
		if err != nil || got != c.want {
			t.Errorf("%q: %q, %v; want %q", c.data, got, err, c.want)
		}
	}
}

// TestRefuses: every form the harness could read otherwise is an error.
func TestRefuses(t *testing.T) {
	for _, data := range []string{
		"",                    // no header
		"id,v",                // no data rows line end
		"\ufeffid,v\na,1\n",   // byte-order mark
		"id,v,w\na,1,2\n",     // another header
		"\"id\",v\na,1\n",     // half-quoted header
		"id,v\na,1\r\n",       // carriage return
		"id,v\na,1\x00\n",     // NUL
		"id,v\na,\xff\n",      // invalid UTF-8
		"id,v\na\n",           // one field
		"id,v\na,1,2\n",       // three fields
		"id,v\na,\"x\"y\n",    // text after the closing quote
		"id,v\na,\"x\"\"\n",   // a quoted value left open
		"id,v\na,\"x\n y\"\n", // a line break inside quotes
		"id,v\n\"a\"b,1\n",    // a quote inside the key
		"id,v\na,x\"y\n",      // a quote in a bare value
		"id,v\n1,x\n",         // no key only text can hold
		"id,v\nNA,x\n",        // nor here (NA)
		"id,v\na,18446744073709551615\nb,-x\nc,NA\n", // pandas' uint64 conflict
		"id,v\n99999999999999999999,x\nb,y\n",        // a key beyond int64
	} {
		if got, err := readAll(data); err == nil {
			t.Errorf("%q: read %q, want an error", data, got)
		}
	}
}
