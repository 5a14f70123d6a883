package pyjson

import (
	"math"
	"testing"
)

// Expected strings are what CPython 3.11's json.dumps prints for the same
// values (checked by hand against the json module's documented separators).
func TestMarshal(t *testing.T) {
	obj := Object{
		{"id", "caf\u00e9 \U0001F600 <&>"},
		{"score", 0.5},
		{"nan", math.NaN()},
		{"inf", math.Inf(-1)},
		{"int", 3},
		{"small", 6e-05},
		{"none", nil},
		{"ok", true},
		{"empty", []any{}},
		{"emptyobj", Object{}},
		{"list", []any{1.0, "a"}},
	}
	got, err := Marshal(obj, Options{Indent: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "id": "caf\u00e9 \ud83d\ude00 <&>",
  "score": 0.5,
  "nan": NaN,
  "inf": -Infinity,
  "int": 3,
  "small": 6e-05,
  "none": null,
  "ok": true,
  "empty": [],
  "emptyobj": {},
  "list": [
    1.0,
    "a"
  ]
}`
	if string(got) != want {
		t.Errorf("indent 2:\n%s\nwant\n%s", got, want)
	}
	got, _ = Marshal(Object{{"b", 1}, {"a", []any{1, 2}}}, Options{})
	if string(got) != `{"b": 1, "a": [1, 2]}` {
		t.Errorf("compact: %s", got)
	}
	got, _ = Marshal(Object{{"b", 1}, {"a", 2}}, Options{SortKeys: true, Compact: true})
	if string(got) != `{"a":2,"b":1}` {
		t.Errorf("sorted compact: %s", got)
	}
	got, _ = Marshal(map[string]any{"z": "\n\t\"\\", "a": 1e16}, Options{})
	if string(got) != `{"a": 1e+16, "z": "\n\t\"\\"}` {
		t.Errorf("map: %s", got)
	}
	if _, err := Marshal(struct{}{}, Options{}); err == nil {
		t.Error("unsupported type accepted")
	}
}
