package statoil_iceberg_classifier_challenge

// statoil-iceberg-classifier-challenge — spec: ../shared/spec/competitions/statoil-iceberg-classifier-challenge.md
//
// Quirks reproduced:
//   - raw train.json.7z / test.json.7z extracted into raw/ and read from
//     raw/data/processed/; every object must have the first object's key
//     set; only the first test object's key order is used, and label-free
//     test objects take those keys (in that order) from the split's train
//     objects (a key missing there is the original's KeyError);
//   - train_test_split(test_size=0.2, random_state=0) in permutation order;
//   - JSON re-written as Python's json.dump (", "/": ", repr floats, ints
//     kept as ints, ensure_ascii, the "na" string kept; duplicate keys: the
//     last value at the first position), then 7z-compressed (one entry per
//     archive; Go's LZMA2 writer, so archive bytes differ from py7zr's but
//     the member names and contents match); private/tmp_data is removed;
//   - the sample submission lives in private/ and is also 7z-compressed
//     into public/;
//   - grading: id and is_iceberg present, set(ids) equal (no length check:
//     duplicated ids reach log_loss, which raises → plain error), every
//     probability in [0, 1] (NaN fails → invalid; text → TypeError, plain
//     error), then scikit-learn 1.5 binary log_loss after sorting by id; a
//     single-class answers file makes log_loss raise (plain error).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyjson"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "statoil-iceberg-classifier-challenge",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"id", "is_iceberg"} {
		if !sub.Has(c) {
			return competition.Score{}, competition.Invalid("Submission is missing the %q column", c)
		}
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("answers have no %q column", c)
		}
	}
	subID, _ := sub.Col("id")
	ansID, _ := ans.Col("id")
	if !pandas.SameSet(subID, ansID) {
		return competition.Score{}, competition.Invalid("Submission ids do not match the answers' ids")
	}
	p, _ := sub.Col("is_iceberg")
	probs := make([]float64, p.Len())
	for i := range probs {
		if p.Kind == table.String && !p.IsNull(i) && (p.Mixed == nil || p.Mixed[i] == table.String) {
			return competition.Score{}, fmt.Errorf("is_iceberg value %q is text: comparing it with 0 raises TypeError", p.Str(i))
		}
	}
	for i := range probs {
		x, ok := p.Float(i)
		if !ok || math.IsNaN(x) || x < 0 || x > 1 {
			return competition.Score{}, competition.Invalid("is_iceberg values must be probabilities between 0 and 1")
		}
		probs[i] = x
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subOrder, ansOrder := pandas.SortIndex(subID), pandas.SortIndex(ansID)
	yPred := make([]float64, len(subOrder))
	for i, r := range subOrder {
		yPred[i] = probs[r]
	}
	lab, _ := ans.Col("is_iceberg")
	yTrue := make([]float64, len(ansOrder))
	for i, r := range ansOrder {
		x, ok := lab.Float(r)
		if !ok {
			return competition.Score{}, fmt.Errorf("answers is_iceberg %q is not numeric", lab.Str(r))
		}
		yTrue[i] = x
	}
	v, err := metric.LogLossBinary(yTrue, yPred, metric.LogLossOptions{})
	if err != nil {
		return competition.Score{}, fmt.Errorf("log_loss: %w", err)
	}
	return competition.Float(v), nil
}

// FakeRaw writes raw/train.json.7z and raw/test.json.7z (members
// data/processed/{train,test}.json; 120 train objects by default, 12 test
// objects) and a raw/sample_submission.csv.7z that prepare ignores. Ids are
// 8 hex digits; bands are 4 floats (repr quirks: integral values as 5.0,
// small ones in exponent form); inc_angle is a float or "na"; labels are
// balanced; one id holds a non-ASCII character (ensure_ascii escaping).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := max(synth.Rows(opt.Rows, 120), 2)
	r := synth.Rand(opt.Seed, "train")
	ids, err := synth.HexIDs(r, n+12, 8)
	if err != nil {
		return err
	}
	labels := synth.Balanced(r, n, []int{0, 1})
	band := func() []any {
		out := make([]any, 4)
		for i := range out {
			switch r.IntN(8) {
			case 0:
				out[i] = float64(-r.IntN(40))
			case 1:
				out[i] = r.Float64() * 1e-5
			default:
				out[i] = -40 + r.Float64()*40
			}
		}
		return out
	}
	angle := func() any {
		if r.IntN(10) == 0 {
			return "na"
		}
		return 30 + r.Float64()*15
	}
	train := make([]any, n)
	for i := range train {
		id := ids[i]
		if i == 3 {
			id = "é" + id[1:]
		}
		train[i] = pyjson.Object{{Key: "id", Value: id}, {Key: "band_1", Value: band()}, {Key: "band_2", Value: band()}, {Key: "inc_angle", Value: angle()}, {Key: "is_iceberg", Value: int64(labels[i])}}
	}
	test := make([]any, 12)
	for i := range test {
		test[i] = pyjson.Object{{Key: "id", Value: ids[n+i]}, {Key: "band_1", Value: band()}, {Key: "band_2", Value: band()}, {Key: "inc_angle", Value: angle()}}
	}
	tmp, err := os.MkdirTemp("", "statoil-fake")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		v    []any
	}{{"train.json", train}, {"test.json", test}} {
		b, err := pyjson.Marshal(f.v, pyjson.Options{})
		if err != nil {
			return err
		}
		p := filepath.Join(tmp, f.name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
		if err := archive.Write7z(context.Background(), filepath.Join(dir, f.name+".7z"), []archive.Entry7z{
			{Name: "data", Dir: true, Modified: zipfile.ModTime},
			{Name: "data/processed", Dir: true, Modified: zipfile.ModTime},
			{Name: "data/processed/" + f.name, Path: p, Modified: zipfile.ModTime},
		}); err != nil {
			return err
		}
	}
	c := &synth.CSV{Header: []string{"id", "is_iceberg"}}
	for _, id := range ids[n:] {
		c.Add(id, "0.5")
	}
	p := filepath.Join(tmp, "sample_submission.csv")
	if err := c.Write(p); err != nil {
		return err
	}
	return archive.Write7z(context.Background(), filepath.Join(dir, "sample_submission.csv.7z"), []archive.Entry7z{{Name: "sample_submission.csv", Path: p, Modified: zipfile.ModTime}})
}
