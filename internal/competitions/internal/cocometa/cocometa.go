// Package cocometa reads and writes the COCO-style metadata files of the
// FGVC competitions (herbarium-2021-fgvc8, herbarium-2022-fgvc9,
// inaturalist-2019-fgvc6) as their preparers do with Python's json module,
// and holds the per-category split those preparers share.
//
// Reading reproduces json.load: integers are exact (*big.Int, any size),
// other numbers float64, objects map[string]any (a repeated key keeps its
// last value, as a dict does). The big record lists are kept as raw JSON
// and decoded one record at a time: [Open] maps the file and splits it
// into members and record offsets ([Elements]) without copying, so the raw
// bytes are held once, and [LazyRecords] encodes each output record just
// before it is written.
//
// Writing reproduces json.dump(obj, f, indent=4, sort_keys=True): keys in
// code-point order at every level, "," + newline between items, ": "
// between key and value, 4 spaces per level, ensure_ascii escapes, floats
// in Python repr, "[]" / "{}" for empty containers, no final newline.
// Files are streamed record by record through a buffered writer.
//
// Equal is Python's == on decoded values (1 == 1.0 == True).
package cocometa

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/pyjson"
)

// ReadObject reads a JSON file whose top-level value is an object and
// returns its members as raw JSON.
func ReadObject(path string) (map[string]json.RawMessage, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	var top map[string]json.RawMessage
	if err := dec.Decode(&top); err != nil {
		return nil, fmt.Errorf("parsing %s: %w", path, err)
	}
	if top == nil {
		return nil, fmt.Errorf("parsing %s: the top-level value is not a JSON object", path)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("parsing %s: extra data after the top-level value", path)
	}
	return top, nil
}

// List splits a raw JSON array into its raw elements; null or any other
// value is an error naming what.
func List(raw json.RawMessage, what string) ([]json.RawMessage, error) {
	var out []json.RawMessage
	if err := json.Unmarshal(raw, &out); err != nil || out == nil && !bytes.Equal(bytes.TrimSpace(raw), []byte("[]")) {
		return nil, fmt.Errorf("%s is not a JSON list", what)
	}
	return out, nil
}

// Decode decodes raw JSON into Python values: nil, bool, string, *big.Int,
// float64, []any and map[string]any.
func Decode(raw json.RawMessage) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return convert(v)
}

// Object decodes a raw JSON object; what names it in errors.
func Object(raw json.RawMessage, what string) (map[string]any, error) {
	v, err := Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s is not a JSON object", what)
	}
	return m, nil
}

func convert(v any) (any, error) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			c, err := convert(e)
			if err != nil {
				return nil, err
			}
			x[k] = c
		}
		return x, nil
	case []any:
		for i, e := range x {
			c, err := convert(e)
			if err != nil {
				return nil, err
			}
			x[i] = c
		}
		return x, nil
	case json.Number:
		s := string(x)
		if strings.ContainsAny(s, ".eE") {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil && !math.IsInf(f, 0) {
				return nil, fmt.Errorf("bad number %q", s)
			}
			return f, nil
		}
		n, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return nil, fmt.Errorf("bad number %q", s)
		}
		return n, nil
	}
	return v, nil
}

// Marshal is json.dumps(v, indent=4, sort_keys=True) of a decoded value
// (nested at level 0).
func Marshal(v any) ([]byte, error) {
	return pyjson.Marshal(toPy(v), pyjson.Options{Indent: 4, SortKeys: true})
}

// toPy replaces *big.Int by its decimal text and json.RawMessage by its
// decoded value, for pyjson.
func toPy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = toPy(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toPy(e)
		}
		return out
	case *big.Int:
		return pyjson.Raw(x.String())
	}
	return v
}

// Records are list elements already encoded by [Marshal] (level 0); a
// writer indents them to their level.
type Records [][]byte

// LazyRecords is a list of N records encoded one at a time, each just
// before it is written: Encode(i) returns record i as [Marshal] would
// (level 0). The encoded record is not kept, so a list of millions of
// records never exists encoded in memory at once. Encode's error stops
// the writing.
type LazyRecords struct {
	N      int
	Encode func(i int) ([]byte, error)
}

// WriteObject writes path as json.dump(obj, indent=4, sort_keys=True) of
// a top-level object. Member values are [Records], [LazyRecords],
// json.RawMessage (decoded and re-encoded) or decoded values.
func WriteObject(path string, members map[string]any) error {
	return writeFile(path, func(w *bufio.Writer) error {
		keys := make([]string, 0, len(members))
		for k := range members {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if len(keys) == 0 {
			_, err := w.WriteString("{}")
			return err
		}
		w.WriteString("{")
		for i, k := range keys {
			if i > 0 {
				w.WriteString(",")
			}
			w.WriteString("\n    ")
			w.Write(pyjson.String(k))
			w.WriteString(": ")
			if err := writeValue(w, members[k], 1); err != nil {
				return fmt.Errorf("key %q: %w", k, err)
			}
		}
		_, err := w.WriteString("\n}")
		return err
	})
}

// WriteList writes path as json.dump(list, indent=4, sort_keys=True) of a
// top-level list of records.
func WriteList(path string, recs Records) error {
	return writeFile(path, func(w *bufio.Writer) error { return writeRecords(w, recs, 0) })
}

// WriteLazyList is [WriteList] of records encoded one at a time.
func WriteLazyList(path string, recs LazyRecords) error {
	return writeFile(path, func(w *bufio.Writer) error { return writeLazy(w, recs, 0) })
}

func writeValue(w *bufio.Writer, v any, level int) error {
	switch x := v.(type) {
	case Records:
		return writeRecords(w, x, level)
	case LazyRecords:
		return writeLazy(w, x, level)
	case json.RawMessage:
		// A list is written element by element (a 451k-category list
		// decoded whole took hundreds of MB), as json.dump writes it.
		if e, err := SplitList(x, "value"); err == nil && e.Len() > 0 {
			return writeLazy(w, LazyRecords{N: e.Len(), Encode: func(i int) ([]byte, error) {
				d, err := Decode(e.At(i))
				if err != nil {
					return nil, wholeDecodeError{x, err}
				}
				return Marshal(d)
			}}, level)
		}
		d, err := Decode(x)
		if err != nil {
			return err
		}
		v = d
	}
	b, err := Marshal(v)
	if err != nil {
		return err
	}
	_, err = writeIndented(w, b, level)
	return err
}

// wholeDecodeError is an element's decoding error, reported as decoding
// the whole value reports it.
type wholeDecodeError struct {
	whole json.RawMessage
	err   error
}

func (e wholeDecodeError) Error() string {
	if _, err := Decode(e.whole); err != nil {
		return err.Error()
	}
	return e.err.Error()
}

func writeRecords(w *bufio.Writer, recs Records, level int) error {
	return writeLazy(w, LazyRecords{N: len(recs), Encode: func(i int) ([]byte, error) { return recs[i], nil }}, level)
}

func writeLazy(w *bufio.Writer, recs LazyRecords, level int) error {
	if recs.N == 0 {
		_, err := w.WriteString("[]")
		return err
	}
	pad := "\n" + strings.Repeat("    ", level+1)
	w.WriteString("[")
	for i := range recs.N {
		r, err := recs.Encode(i)
		if err != nil {
			var whole wholeDecodeError
			if errors.As(err, &whole) {
				return whole
			}
			return fmt.Errorf("record %d: %w", i, err)
		}
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString(pad)
		if _, err := writeIndented(w, r, level+1); err != nil {
			return err
		}
	}
	w.WriteString("\n" + strings.Repeat("    ", level))
	_, err := w.WriteString("]")
	return err
}

// writeIndented writes indent(b, level) without building it.
func writeIndented(w *bufio.Writer, b []byte, level int) (int, error) {
	if level == 0 {
		return w.Write(b)
	}
	pad := strings.Repeat("    ", level)
	n := 0
	for {
		j := bytes.IndexByte(b, '\n')
		if j < 0 {
			m, err := w.Write(b)
			return n + m, err
		}
		m, err := w.Write(b[:j+1])
		n += m
		if err != nil {
			return n, err
		}
		m, err = w.WriteString(pad)
		n += m
		if err != nil {
			return n, err
		}
		b = b[j+1:]
	}
}

func writeFile(path string, body func(w *bufio.Writer) error) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	if err := body(w); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Equal is Python's == on two decoded values.
func Equal(a, b any) bool {
	an, aNum := number(a)
	bn, bNum := number(b)
	if aNum || bNum {
		return aNum && bNum && an.Cmp(bn) == 0
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case nil:
		return b == nil
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, e := range x {
			f, ok := y[k]
			if !ok || !Equal(e, f) {
				return false
			}
		}
		return true
	}
	return false
}

// number returns a number (bools as 0/1) as an exact rational; NaN and
// infinities are not (they never equal a finite number; NaN != NaN).
func number(v any) (*big.Rat, bool) {
	switch x := v.(type) {
	case *big.Int:
		return new(big.Rat).SetInt(x), true
	case bool:
		if x {
			return big.NewRat(1, 1), true
		}
		return big.NewRat(0, 1), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, false
		}
		return new(big.Rat).SetFloat64(x), true
	}
	return nil, false
}

// Pad is format(n, "0<w>d").
func Pad(n *big.Int, w int) string {
	s := new(big.Int).Abs(n).String()
	sign := ""
	if n.Sign() < 0 {
		sign = "-"
		w--
	}
	if len(s) < w {
		s = strings.Repeat("0", w-len(s)) + s
	}
	return sign + s
}

// CategoryDir is "<cid//100:03d>/<cid%100:02d>" with Python's floor
// division and modulo.
func CategoryDir(cid *big.Int) string {
	q, m := new(big.Int), new(big.Int)
	q.DivMod(cid, big.NewInt(100), m) // Euclidean = floor for a positive divisor
	return Pad(q, 3) + "/" + Pad(m, 2)
}
