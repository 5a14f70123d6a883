package tensorflow2_question_answering

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

// FuzzTopObject: the re-encoder never panics; what it accepts is valid JSON
// equal (as decoded values) to its input, pure ASCII, and re-encoding its
// own output changes nothing.
func FuzzTopObject(f *testing.F) {
	for _, s := range []string{
		`{"a":"x/y","b":[1,-2,{"c":null}],"d":true}`,
		`{"a":"\u00e9é😀\n\t\"\\"}`,
		`{"k":1,"k":2}`,
		`{"a":18446744073709551615}`,
		`{}`, `{"a":{}}`, `{"a":[]}`, `{"a":"\ud83d\ude00"}`,
		`{"a":1.5}`, `{"a":"\ud800"}`, `[1]`, `{"a":`, "{\"a\":\"\x7f\"}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		fields, err := topObject([]byte(in))
		if err != nil {
			return
		}
		keys := make([]string, len(fields))
		for i, fl := range fields {
			keys[i] = fl.key
		}
		out := (&row{fields: fields}).appendJSON(nil, keys)
		for _, c := range out {
			if c >= 0x80 {
				t.Fatalf("non-ASCII output %q", out)
			}
		}
		a, err := decodeCanonical([]byte(in))
		if err != nil {
			t.Fatalf("accepted invalid JSON %q: %v", in, err)
		}
		b, err := decodeCanonical(out)
		if err != nil {
			t.Fatalf("wrote invalid JSON %q: %v", out, err)
		}
		if ja, jb := mustJSON(t, a), mustJSON(t, b); ja != jb {
			t.Fatalf("value changed:\n in %s\nout %s", ja, jb)
		}
		again, err := topObject(out[:len(out)-1])
		if err != nil {
			t.Fatalf("own output refused: %v", err)
		}
		out2 := (&row{fields: again}).appendJSON(nil, keys)
		if string(out2) != string(out) {
			t.Fatalf("not idempotent:\n%s\n%s", out, out2)
		}
	})
}

// decodeCanonical decodes JSON with integers as exact decimal strings
// ("-0" as "0", as Python's int does).
func decodeCanonical(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return canonical(v), nil
}

func canonical(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, ok := new(big.Int).SetString(string(x), 10); ok {
			return "int:" + n.String()
		}
		return "num:" + string(x)
	case []any:
		for i := range x {
			x[i] = canonical(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = canonical(x[k])
		}
	}
	return v
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}
