package three_d_object_detection_for_autonomous_vehicles

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/pyjson"
)

// decodeValue reads one JSON value as Python's json module loads it:
// objects keep key order (a repeated key keeps its first position and takes
// the last value), numbers with a fraction or exponent are floats (±Inf on
// overflow), other numbers ints (beyond int64 kept as their digits).
func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		case '{':
			obj := pyjson.Object{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := k.(string)
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				if i := memberIndex(obj, key); i >= 0 {
					obj[i].Value = v
					continue
				}
				obj = append(obj, pyjson.Member{Key: key, Value: v})
			}
			_, err := dec.Token()
			return obj, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case json.Number:
		s := string(t)
		if strings.ContainsAny(s, ".eE") {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil && !math.IsInf(f, 0) {
				return nil, fmt.Errorf("bad number %q", s)
			}
			return f, nil
		}
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
		return pyjson.Raw(s), nil
	}
	return tok, nil // string, bool, nil
}

func memberIndex(o pyjson.Object, key string) int {
	for i, m := range o {
		if m.Key == key {
			return i
		}
	}
	return -1
}

// field returns o[key] or a KeyError-like error.
func field(o pyjson.Object, key string) (any, error) {
	if i := memberIndex(o, key); i >= 0 {
		return o[i].Value, nil
	}
	return nil, fmt.Errorf("KeyError: %q", key)
}

// hashKey is a JSON scalar as a Python dict/set key: values Python finds
// equal (1 == 1.0 == True, equal strings) give equal keys. Lists and
// objects are unhashable.
func hashKey(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return "s" + x, nil
	case int64:
		return "n" + strconv.FormatInt(x, 10), nil
	case pyjson.Raw:
		return "n" + string(x), nil
	case bool:
		if x {
			return "n1", nil
		}
		return "n0", nil
	case float64:
		if x == math.Trunc(x) && !math.IsInf(x, 0) {
			if x >= -0x1p63 && x < 0x1p63 {
				return "n" + strconv.FormatInt(int64(x), 10), nil
			}
			return "n" + strconv.FormatFloat(x, 'f', -1, 64), nil
		}
		return "f" + strconv.FormatUint(math.Float64bits(x), 16), nil
	case nil:
		return "z", nil
	}
	return "", fmt.Errorf("TypeError: unhashable type (%T)", v)
}

// objectKey returns hashKey(o[key]).
func objectKey(o pyjson.Object, key string) (string, error) {
	v, err := field(o, key)
	if err != nil {
		return "", err
	}
	return hashKey(v)
}

// eachElement streams the top-level JSON list of path, calling fn with
// each element (an object; anything else is an error) and its
// json.dumps encoding. The whole file is never held in memory.
func eachElement(path string, fn func(o pyjson.Object, enc []byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(f, 1<<20))
	dec.UseNumber()
	name := filepath.Base(path)
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("parsing %s: %w", name, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return fmt.Errorf("%s: the top-level JSON value is not a list", name)
	}
	for i := 0; dec.More(); i++ {
		v, err := decodeValue(dec)
		if err != nil {
			return fmt.Errorf("parsing %s: %w", name, err)
		}
		o, ok := v.(pyjson.Object)
		if !ok {
			return fmt.Errorf("%s: item %d is not a JSON object", name, i)
		}
		enc, err := pyjson.Marshal(o, pyjson.Options{})
		if err != nil {
			return fmt.Errorf("%s: item %d: %w", name, i, err)
		}
		if err := fn(o, enc); err != nil {
			return fmt.Errorf("%s: item %d: %w", name, i, err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("parsing %s: %w", name, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("parsing %s: extra data after the top-level list", name)
	}
	return nil
}

// loadList reads a whole top-level JSON list of objects (for the small
// tables), with each element's encoding.
func loadList(path string) ([]pyjson.Object, [][]byte, error) {
	var objs []pyjson.Object
	var encs [][]byte
	err := eachElement(path, func(o pyjson.Object, enc []byte) error {
		objs = append(objs, o)
		encs = append(encs, enc)
		return nil
	})
	return objs, encs, err
}

// listWriter writes a JSON list as json.dump does with default separators:
// "[" items joined by ", " "]", no trailing newline.
type listWriter struct {
	f   *os.File
	w   *bufio.Writer
	n   int
	err error
}

func createList(path string) (*listWriter, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteByte('[')
	return &listWriter{f: f, w: w}, nil
}

func (l *listWriter) add(enc []byte) {
	if l.n > 0 {
		l.w.WriteString(", ")
	}
	l.w.Write(enc)
	l.n++
}

// close finishes the list and the file.
func (l *listWriter) close() error {
	l.w.WriteByte(']')
	err := l.w.Flush()
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", l.f.Name(), err)
	}
	return nil
}

// abort closes the file after an error (its content does not matter).
func (l *listWriter) abort() { l.f.Close() }

// writeList writes encoded items as one JSON list to path.
func writeList(path string, items [][]byte) error {
	l, err := createList(path)
	if err != nil {
		return err
	}
	for _, it := range items {
		l.add(it)
	}
	return l.close()
}
