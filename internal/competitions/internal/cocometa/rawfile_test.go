package cocometa

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSplitList(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string // nil with ok false: an error
		ok       bool
	}{
		{"empty", `[]`, []string{}, true},
		{"empty with space", " \n[ \t]\r\n", []string{}, true},
		{"scalars", `[1, -2.5e3,true,false , null, "x"]`, []string{`1`, `-2.5e3`, `true`, `false`, `null`, `"x"`}, true},
		{"escaped quote and brackets in strings", `["a\"]", "[{", "}\\", "\\\"", "\u005d"]`, []string{`"a\"]"`, `"[{"`, `"}\\"`, `"\\\""`, `"\u005d"`}, true},
		{"nested", `[{"a": [1, {"b": "]}"}], "c": {}}, [[], [[]]], {}]`, []string{`{"a": [1, {"b": "]}"}], "c": {}}`, `[[], [[]]]`, `{}`}, true},
		{"non-ASCII", "[\"é\xff\", {\"k\": \"ü\"}]", []string{"\"é\xff\"", `{"k": "ü"}`}, true},
		{"object", `{"a": []}`, nil, false},
		{"null", `null`, nil, false},
		{"string holding a list", `"[]"`, nil, false},
		{"number", `12`, nil, false},
		{"trailing data", `[1] 2`, nil, false},
		{"trailing bracket", `[1]]`, nil, false},
		{"truncated", `[1, {"a": 2`, nil, false},
		{"truncated string", `["ab`, nil, false},
		{"missing comma", `[1 2]`, nil, false},
		{"empty input", ``, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, wide := range []bool{false, true} {
				if wide {
					old := wideAbove
					wideAbove = 0
					defer func() { wideAbove = old }()
				}
				e, err := SplitList(json.RawMessage(c.in), "x")
				if !c.ok {
					if err == nil || err.Error() != "x is not a JSON list" {
						t.Fatalf("wide %v: err = %v, want x is not a JSON list", wide, err)
					}
					if _, lerr := List(json.RawMessage(c.in), "x"); lerr == nil {
						t.Fatalf("List accepted what SplitList refused")
					}
					return
				}
				if err != nil {
					t.Fatalf("wide %v: %v", wide, err)
				}
				got := []string{}
				for i := range e.Len() {
					got = append(got, string(e.At(i)))
				}
				if !slices.Equal(got, c.want) {
					t.Fatalf("wide %v: elements %q, want %q", wide, got, c.want)
				}
				// The decoder's split agrees.
				l, err := List(json.RawMessage(c.in), "x")
				if err != nil || len(l) != e.Len() {
					t.Fatalf("List = %d elements, %v; SplitList %d", len(l), err, e.Len())
				}
				for i := range l {
					if string(l[i]) != got[i] {
						t.Fatalf("element %d: List %q, SplitList %q", i, l[i], got[i])
					}
				}
			}
		})
	}
}

func TestOpenAgreesWithReadObject(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, in string }{
		{"object", `{"annotations": [{"id": 1}, {"id": "a\"}"}], "info": {"x": [1, 2]}, "n": null}`},
		{"repeated key keeps the last", `{"a": [1], "b": 2, "a": [3, 4]}`},
		{"escaped key", `{"\u0061nn": 1, "q\"k": [], "é": {}}`},
		{"space around", " \n {\"a\" :\t[ ] , \"b\":{ } } \n\t"},
		{"empty object", `{}`},
		{"null", `null`},
		{"list", `[{"a": 1}]`},
		{"number", `5`},
		{"string", `"{}"`},
		{"trailing value", `{"a": 1} {"b": 2}`},
		{"trailing garbage", `{"a": 1} x`},
		{"trailing brace", `{"a": 1}}`},
		{"truncated", `{"a": [1, 2`},
		{"truncated key", `{"a`},
		{"bad literal", `{"a": tru}`},
		{"empty file", ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".json")
			if err := os.WriteFile(path, []byte(c.in), 0o644); err != nil {
				t.Fatal(err)
			}
			want, werr := ReadObject(path)
			f, err := Open(path)
			if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
				t.Fatalf("Open error %v, ReadObject error %v", err, werr)
			}
			if err != nil {
				if _, merr := Map(path); !errors.Is(merr, ErrNotObject) {
					t.Fatalf("Map error %v, want ErrNotObject", merr)
				}
				return
			}
			defer f.Close()
			if !maps.EqualFunc(f.Members, want, func(a, b json.RawMessage) bool { return string(a) == string(b) }) {
				t.Fatalf("members %q, want %q", f.Members, want)
			}
		})
	}
	if _, err := Open(filepath.Join(dir, "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestFileList(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json")
	if err := os.WriteFile(path, []byte(`{"l": [{"a": 1}, 2], "e": [], "n": null, "o": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, c := range []struct {
		key  string
		n    int
		fail bool
	}{{"l", 2, false}, {"e", 0, false}, {"n", 0, true}, {"o", 0, true}, {"missing", 0, true}} {
		e, err := f.List(c.key, "what")
		if c.fail {
			if err == nil || err.Error() != "what is not a JSON list" {
				t.Errorf("%s: err %v", c.key, err)
			}
			continue
		}
		if err != nil || e.Len() != c.n {
			t.Errorf("%s: %v, %v", c.key, e, err)
		}
	}
}

func TestLazyRecordsWriteAsRecords(t *testing.T) {
	dir := t.TempDir()
	var recs Records
	for _, v := range []any{
		map[string]any{"b": []any{"x", map[string]any{"c": nil}}, "a": 1.5},
		map[string]any{},
		[]any{},
		"s",
	} {
		b, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, b)
	}
	lazy := func(r Records) LazyRecords {
		return LazyRecords{N: len(r), Encode: func(i int) ([]byte, error) { return r[i], nil }}
	}
	for _, c := range []struct {
		name string
		recs Records
	}{{"some", recs}, {"one", recs[:1]}, {"none", nil}} {
		t.Run(c.name, func(t *testing.T) {
			a, b := filepath.Join(dir, c.name+"-a.json"), filepath.Join(dir, c.name+"-b.json")
			meta := json.RawMessage(`{"k": [1, {"z": 2}]}`)
			if err := WriteObject(a, map[string]any{"r": c.recs, "m": meta, "s": c.recs}); err != nil {
				t.Fatal(err)
			}
			if err := WriteObject(b, map[string]any{"r": lazy(c.recs), "m": meta, "s": lazy(c.recs)}); err != nil {
				t.Fatal(err)
			}
			if ga, gb := read(t, a), read(t, b); ga != gb {
				t.Fatalf("Records:\n%s\nLazyRecords:\n%s", ga, gb)
			}
			if err := WriteList(a, c.recs); err != nil {
				t.Fatal(err)
			}
			if err := WriteLazyList(b, lazy(c.recs)); err != nil {
				t.Fatal(err)
			}
			if ga, gb := read(t, a), read(t, b); ga != gb {
				t.Fatalf("WriteList:\n%s\nWriteLazyList:\n%s", ga, gb)
			}
		})
	}
	boom := errors.New("boom")
	err := WriteObject(filepath.Join(dir, "e.json"), map[string]any{"r": LazyRecords{N: 3, Encode: func(i int) ([]byte, error) {
		if i == 1 {
			return nil, boom
		}
		return []byte("1"), nil
	}}})
	if !errors.Is(err, boom) {
		t.Errorf("Encode error: %v", err)
	}
}

func TestWriteIndented(t *testing.T) {
	for _, c := range []struct {
		in    string
		level int
		want  string
	}{
		{"{\n    \"a\": 1\n}", 0, "{\n    \"a\": 1\n}"},
		{"{\n    \"a\": 1\n}", 2, "{\n            \"a\": 1\n        }"},
		{"1", 3, "1"},
		{"\n", 1, "\n    "},
	} {
		var sb strings.Builder
		w := bufio.NewWriter(&sb)
		if _, err := writeIndented(w, []byte(c.in), c.level); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		if sb.String() != c.want {
			t.Errorf("writeIndented(%q, %d) = %q, want %q", c.in, c.level, sb.String(), c.want)
		}
	}
}

func TestNames(t *testing.T) {
	var n Names
	in := []string{"images/000/01/1.jpg", "", "é/x.jpg", "a"}
	for _, s := range in {
		n.Add(s)
	}
	if n.Len() != len(in) {
		t.Fatalf("Len %d", n.Len())
	}
	for i, s := range in {
		if n.At(i) != s {
			t.Errorf("At(%d) = %q, want %q", i, n.At(i), s)
		}
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWriteRawListElementwise: a raw list member is written element by
// element; the file is the one of writing its decoded value whole, and a
// decoding error is the whole value's.
func TestWriteRawListElementwise(t *testing.T) {
	dir := t.TempDir()
	for _, raw := range []string{
		`[]`, `[1]`, ` [ "x" , 2.50, -0, 1e3, true, null ] `,
		`[{"b": [1, {"c": []}], "a": {}}, [[]], [{"é": "\u00e9\ud83d\ude00"}], 12345678901234567890123]`,
		`{"not": ["a", "list"]}`, `"[1]"`, `[1, 2`, `[1, "\ud800"]`, `[1, 1e400]`,
	} {
		whole, err := Decode(json.RawMessage(raw))
		a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
		gotErr := WriteObject(a, map[string]any{"k": json.RawMessage(raw), "z": 1})
		if err != nil {
			want := fmt.Sprintf("writing %s: key \"k\": %v", a, err)
			if gotErr == nil || gotErr.Error() != want {
				t.Errorf("%s: error %v, want %s", raw, gotErr, want)
			}
			continue
		}
		if gotErr != nil {
			t.Errorf("%s: %v", raw, gotErr)
			continue
		}
		if err := WriteObject(b, map[string]any{"k": whole, "z": 1}); err != nil {
			t.Fatal(err)
		}
		x, _ := os.ReadFile(a)
		y, _ := os.ReadFile(b)
		if string(x) != string(y) {
			t.Errorf("%s: written\n%s\nwant\n%s", raw, x, y)
		}
	}
}
