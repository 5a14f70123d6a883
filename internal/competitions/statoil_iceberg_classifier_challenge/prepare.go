package statoil_iceberg_classifier_challenge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/pyjson"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// decode parses JSON as Python's json.loads does into pyjson values:
// objects keep key order (a repeated key keeps its first position and takes
// the last value), numbers with a fraction or exponent are floats, others
// ints (big ints kept as their text).
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := value(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("extra data after the JSON value")
	}
	return v, nil
}

func value(dec *json.Decoder) (any, error) {
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
				v, err := value(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		case '{':
			obj := pyjson.Object{}
			pos := map[string]int{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := k.(string)
				v, err := value(dec)
				if err != nil {
					return nil, err
				}
				if i, ok := pos[key]; ok {
					obj[i].Value = v
					continue
				}
				pos[key] = len(obj)
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
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				return nil, err
			}
			return f, nil // ±Inf on overflow, as float("1e400")
		}
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
		return pyjson.Raw(s), nil
	default:
		return t, nil // string, bool, nil
	}
}

func get(o pyjson.Object, key string) (any, bool) {
	for _, m := range o {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

func sameKeys(a, b pyjson.Object) bool {
	if len(a) != len(b) {
		return false
	}
	for _, m := range a {
		if _, ok := get(b, m.Key); !ok {
			return false
		}
	}
	return true
}

// load extracts archive into raw and returns the objects of the JSON
// array at member.
func load(ctx context.Context, raw, archiveName, member string) ([]pyjson.Object, error) {
	path := filepath.Join(raw, archiveName)
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a file", path)
	}
	if err := archive.Extract(ctx, path, raw, archive.Options{SkipSpaceCheck: true}); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(raw, filepath.FromSlash(member)))
	if err != nil {
		return nil, err
	}
	v, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("parsing %s: %w", member, err)
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s is not a JSON array", member)
	}
	objs := make([]pyjson.Object, len(arr))
	for i, x := range arr {
		if objs[i], ok = x.(pyjson.Object); !ok {
			return nil, fmt.Errorf("%s item %d is not an object", member, i)
		}
	}
	if len(objs) == 0 {
		return nil, fmt.Errorf("%s is empty (the first object's keys are read)", member)
	}
	for i, o := range objs {
		if !sameKeys(o, objs[0]) {
			return nil, fmt.Errorf("%s item %d has keys other than the first item's", member, i)
		}
	}
	return objs, nil
}

// keyOf is a hashable form of a JSON value (for id sets).
func keyOf(v any) string {
	b, _ := pyjson.Marshal(v, pyjson.Options{})
	return string(b)
}

// cells builds a column from JSON values the way pandas' DataFrame
// constructor types them (all ints → int64, ints and floats → float64,
// strings → object).
func cells(name string, vals []any) (*table.Column, error) {
	allInt, allNum, allStr := true, true, true
	for _, v := range vals {
		switch v.(type) {
		case int64:
			allStr = false
		case float64:
			allInt, allStr = false, false
		case string:
			allInt, allNum = false, false
		default:
			return nil, fmt.Errorf("%s value %v is not a number or string", name, v)
		}
	}
	switch {
	case allInt:
		ints := make([]int64, len(vals))
		for i, v := range vals {
			ints[i] = v.(int64)
		}
		return table.Ints(name, ints), nil
	case allNum:
		fs := make([]float64, len(vals))
		for i, v := range vals {
			if x, ok := v.(int64); ok {
				fs[i] = float64(x)
			} else {
				fs[i] = v.(float64)
			}
		}
		return table.Floats(name, fs), nil
	case allStr:
		ss := make([]string, len(vals))
		for i, v := range vals {
			ss[i] = v.(string)
		}
		return table.Strings(name, ss), nil
	}
	return nil, fmt.Errorf("%s mixes numbers and strings", name)
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	train, err := load(ctx, d.Raw, "train.json.7z", "data/processed/train.json")
	if err != nil {
		return err
	}
	testRaw, err := load(ctx, d.Raw, "test.json.7z", "data/processed/test.json")
	if err != nil {
		return err
	}
	testFields := make([]string, len(testRaw[0]))
	for i, m := range testRaw[0] {
		testFields[i] = m.Key
	}
	trIdx, teIdx, err := pyrand.TrainTestSplit(len(train), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
	if err != nil {
		return err
	}
	newTrain := make([]any, len(trIdx))
	for i, r := range trIdx {
		newTrain[i] = train[r]
	}
	newTest := make([]any, len(teIdx))
	ids, labels := make([]any, len(teIdx)), make([]any, len(teIdx))
	for i, r := range teIdx {
		o := make(pyjson.Object, len(testFields))
		for j, k := range testFields {
			v, ok := get(train[r], k)
			if !ok {
				return fmt.Errorf("test field %q is missing from train item %d (KeyError)", k, r)
			}
			o[j] = pyjson.Member{Key: k, Value: v}
		}
		newTest[i] = o
		var ok1, ok2 bool
		ids[i], ok1 = get(train[r], "id")
		labels[i], ok2 = get(train[r], "is_iceberg")
		if !ok1 || !ok2 {
			return fmt.Errorf("train item %d lacks id or is_iceberg (KeyError)", r)
		}
	}
	idCol, err := cells("id", ids)
	if err != nil {
		return err
	}
	labelCol, err := cells("is_iceberg", labels)
	if err != nil {
		return err
	}
	answers := table.MustNew(idCol, labelCol)
	half := make([]float64, len(teIdx))
	for i := range half {
		half[i] = 0.5
	}
	sample := table.MustNew(idCol, table.Floats("is_iceberg", half))
	trainIDs := map[string]bool{}
	for _, o := range newTrain {
		v, _ := get(o.(pyjson.Object), "id")
		trainIDs[keyOf(v)] = true
	}
	for _, v := range ids {
		if trainIDs[keyOf(v)] {
			return fmt.Errorf("id %s is in both the train and test split", keyOf(v))
		}
	}

	tmp := filepath.Join(d.Private, "tmp_data")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		v    []any
	}{{"train.json", newTrain}, {"test.json", newTest}} {
		b, err := pyjson.Marshal(f.v, pyjson.Options{})
		if err != nil {
			return fmt.Errorf("encoding %s: %w", f.name, err)
		}
		p := filepath.Join(tmp, f.name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
		if err := archive.Write7z(ctx, filepath.Join(d.Public, f.name+".7z"), []archive.Entry7z{{Name: f.name, Path: p, Modified: zipfile.ModTime}}); err != nil {
			return err
		}
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), answers, table.WriteOptions{}); err != nil {
		return err
	}
	samplePath := filepath.Join(d.Private, "sample_submission.csv")
	if err := table.WriteFile(samplePath, sample, table.WriteOptions{}); err != nil {
		return err
	}
	if err := archive.Write7z(ctx, filepath.Join(d.Public, "sample_submission.csv.7z"), []archive.Entry7z{{Name: "sample_submission.csv", Path: samplePath, Modified: zipfile.ModTime}}); err != nil {
		return err
	}
	return os.RemoveAll(tmp)
}
