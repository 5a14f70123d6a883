package iwildcam_2020_fgvc7

// iwildcam-2020-fgvc7:
// ../shared/spec/competitions/iwildcam-2020-fgvc7.md
//
// Quirks reproduced:
//   - records go through pandas DataFrame(list_of_dicts) and back through
//     to_dict("records"): columns are the union of keys in first-seen
//     order, a missing key becomes NaN and turns an all-number column into
//     floats (3 → 3.0), int+float columns become floats;
//   - locations (first-appearance order) split with train_test_split(
//     test_size=0.22, random_state=0), then the two rebalancing loops with
//     the odd ratio T / (N + T) against 0.22;
//   - the sample submission draws numpy.random.randint(0, 676) after
//     numpy.random.seed(0);
//   - JSON written with Python's default json.dump (", ", ": ", ensure_ascii,
//     NaN), key order train {annotations, images, categories, info} and test
//     {images, categories (from the test information), info};
//   - grading is prepare_for_accuracy_metric + accuracy_score (Python float).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyjson"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "iwildcam-2020-fgvc7",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// missing marks a key absent from a record (pandas NaN).
type missingT struct{}

var missing = missingT{}

// decode parses one JSON value keeping object key order (duplicate
// keys: first position, last value, as a Python dict). Numbers become
// *big.Int (integers) or float64.
func decode(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			var obj pyjson.Object
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				v, err := decode(dec)
				if err != nil {
					return nil, err
				}
				if i := slices.IndexFunc(obj, func(m pyjson.Member) bool { return m.Key == k }); i >= 0 {
					obj[i].Value = v
				} else {
					obj = append(obj, pyjson.Member{Key: k, Value: v})
				}
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			if obj == nil {
				obj = pyjson.Object{}
			}
			return obj, nil
		case '[':
			list := []any{}
			for dec.More() {
				v, err := decode(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return list, nil
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
		n, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return nil, fmt.Errorf("bad number %q", s)
		}
		return n, nil
	}
	return tok, nil // nil, bool, string
}

func readJSON(path string) (pyjson.Object, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	dec.UseNumber()
	v, err := decode(dec)
	if err != nil {
		return nil, fmt.Errorf("parsing %s: %w", filepath.Base(path), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("parsing %s: extra data after the top-level value", filepath.Base(path))
	}
	obj, ok := v.(pyjson.Object)
	if !ok {
		return nil, fmt.Errorf("%s is not a JSON object", filepath.Base(path))
	}
	return obj, nil
}

func getKey(o pyjson.Object, k string) (any, bool) {
	for _, m := range o {
		if m.Key == k {
			return m.Value, true
		}
	}
	return nil, false
}

// frame is DataFrame(records): column names in first-seen order and
// each record's cells already converted as to_dict("records") returns them.
type frame struct {
	cols []string
	rows [][]any
}

func newFrame(v any, what string) (*frame, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s is not a list", what)
	}
	f := &frame{}
	idx := map[string]int{}
	for i, r := range list {
		o, ok := r.(pyjson.Object)
		if !ok {
			return nil, fmt.Errorf("%s[%d] is not an object", what, i)
		}
		for _, m := range o {
			if _, ok := idx[m.Key]; !ok {
				idx[m.Key] = len(f.cols)
				f.cols = append(f.cols, m.Key)
			}
		}
	}
	f.rows = make([][]any, len(list))
	for i, r := range list {
		row := make([]any, len(f.cols))
		for j := range row {
			row[j] = missing
		}
		for _, m := range r.(pyjson.Object) {
			row[idx[m.Key]] = m.Value
		}
		f.rows[i] = row
	}
	for j := range f.cols {
		infer(f.rows, j)
	}
	return f, nil
}

// infer applies pandas' dtype inference to column j: all int64 → int;
// numbers (not bools) with some float, None or missing → float64 (None and
// missing → NaN); anything else is an object column where a missing key is
// NaN and None stays None.
func infer(rows [][]any, j int) {
	numeric, hasFloat := true, false
	for _, r := range rows {
		switch x := r[j].(type) {
		case *big.Int:
			if !x.IsInt64() {
				numeric = false
			}
		case float64:
			hasFloat = true
		case nil, missingT:
			hasFloat = true
		default:
			numeric = false
		}
	}
	allNone := true
	for _, r := range rows {
		if r[j] != nil && r[j] != missing {
			allNone = false
		}
	}
	for _, r := range rows {
		switch x := r[j].(type) {
		case *big.Int:
			if numeric && hasFloat && !allNone {
				f, _ := new(big.Float).SetInt(x).Float64()
				r[j] = f
			} else {
				r[j] = pyjson.Raw(x.String())
			}
		case nil:
			if numeric && !allNone {
				r[j] = math.NaN()
			}
		case missingT:
			r[j] = math.NaN()
		default:
			r[j] = raw(x)
		}
	}
}

// raw turns nested *big.Int into pyjson.Raw.
func raw(v any) any {
	switch x := v.(type) {
	case pyjson.Object:
		out := make(pyjson.Object, len(x))
		for i, m := range x {
			out[i] = pyjson.Member{Key: m.Key, Value: raw(m.Value)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = raw(e)
		}
		return out
	case *big.Int:
		return pyjson.Raw(x.String())
	}
	return v
}

func (f *frame) col(name string) (int, error) {
	if j := slices.Index(f.cols, name); j >= 0 {
		return j, nil
	}
	return 0, fmt.Errorf("no column %q", name)
}

func (f *frame) records(rows []int) []any {
	out := make([]any, 0, len(rows))
	for _, i := range rows {
		o := make(pyjson.Object, len(f.cols))
		for j, c := range f.cols {
			o[j] = pyjson.Member{Key: c, Value: f.rows[i][j]}
		}
		out = append(out, o)
	}
	return out
}

// key is a hashable key for isin / unique: numbers by value (NaN one
// key), text by content, other values by their JSON text.
func key(v any) string {
	switch x := v.(type) {
	case pyjson.Raw:
		return "n" + string(x)
	case float64:
		if math.IsNaN(x) {
			return "nan"
		}
		if x == math.Trunc(x) && math.Abs(x) < 1e18 {
			return "n" + strconv.FormatInt(int64(x), 10)
		}
		return "f" + strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return "s" + x
	case bool:
		if x {
			return "n1"
		}
		return "n0"
	}
	b, _ := pyjson.Marshal(v, pyjson.Options{})
	return "o" + string(b)
}

func keys(o pyjson.Object) []string {
	ks := make([]string, len(o))
	for i, m := range o {
		ks[i] = m.Key
	}
	slices.Sort(ks)
	return ks
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	trainRaw, err := readJSON(filepath.Join(d.Raw, "iwildcam2020_train_annotations.json"))
	if err != nil {
		return err
	}
	testRaw, err := readJSON(filepath.Join(d.Raw, "iwildcam2020_test_information.json"))
	if err != nil {
		return err
	}
	get := func(o pyjson.Object, k, file string) (any, error) {
		v, ok := getKey(o, k)
		if !ok {
			return nil, fmt.Errorf("%s has no %q key", file, k)
		}
		return v, nil
	}
	var vals [6]any
	for i, kk := range []struct{ o, k, f string }{{"tr", "annotations", "train"}, {"tr", "images", "train"}, {"tr", "categories", "train"}, {"tr", "info", "train"}, {"te", "categories", "test"}, {"te", "info", "test"}} {
		o := trainRaw
		if kk.o == "te" {
			o = testRaw
		}
		if vals[i], err = get(o, kk.k, kk.f+" metadata"); err != nil {
			return err
		}
	}
	anns, err := newFrame(vals[0], "annotations")
	if err != nil {
		return err
	}
	imgs, err := newFrame(vals[1], "images")
	if err != nil {
		return err
	}
	cats, err := newFrame(vals[2], "categories")
	if err != nil {
		return err
	}
	testCats, err := newFrame(vals[4], "test categories")
	if err != nil {
		return err
	}
	locCol, err := imgs.col("location")
	if err != nil {
		return fmt.Errorf("images: %w", err)
	}
	idCol, err := imgs.col("id")
	if err != nil {
		return fmt.Errorf("images: %w", err)
	}
	imgIDCol, err := anns.col("image_id")
	if err != nil {
		return fmt.Errorf("annotations: %w", err)
	}
	catCol, err := anns.col("category_id")
	if err != nil {
		return fmt.Errorf("annotations: %w", err)
	}
	var locs []string
	seen := map[string]bool{}
	for _, r := range imgs.rows {
		k := key(r[locCol])
		if !seen[k] {
			seen[k] = true
			locs = append(locs, k)
		}
	}
	trI, teI, err := pyrand.TrainTestSplit(len(locs), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.22), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting locations: %w", err)
	}
	var trainLocs, testLocs []string
	for _, i := range trI {
		trainLocs = append(trainLocs, locs[i])
	}
	for _, i := range teI {
		testLocs = append(testLocs, locs[i])
	}
	subset := func(ls []string) []int {
		set := map[string]bool{}
		for _, l := range ls {
			set[l] = true
		}
		var rows []int
		for i, r := range imgs.rows {
			if set[key(r[locCol])] {
				rows = append(rows, i)
			}
		}
		return rows
	}
	n := len(imgs.rows)
	testRows := subset(testLocs)
	ratio := func() float64 { return float64(len(testRows)) / float64(n+len(testRows)) }
	for ratio() < 0.22 {
		if err := ctx.Err(); err != nil {
			return err
		}
		if len(trainLocs) == 0 {
			return errors.New("rebalancing: index -1 is out of bounds (no train location left)")
		}
		l := trainLocs[len(trainLocs)-1]
		trainLocs = trainLocs[:len(trainLocs)-1]
		testLocs = append(testLocs, l)
		testRows = subset(testLocs)
	}
	for ratio() > 0.22 {
		if err := ctx.Err(); err != nil {
			return err
		}
		if len(testLocs) == 0 {
			return errors.New("rebalancing: index -1 is out of bounds (no test location left)")
		}
		l := testLocs[len(testLocs)-1]
		testLocs = testLocs[:len(testLocs)-1]
		trainLocs = append(trainLocs, l)
		testRows = subset(testLocs)
	}
	trainRows := subset(trainLocs)
	uniqueIDs := func(rows []int) ([]string, map[string]bool) {
		var ids []string
		set := map[string]bool{}
		for _, i := range rows {
			k := key(imgs.rows[i][idCol])
			if !set[k] {
				set[k] = true
				ids = append(ids, k)
			}
		}
		return ids, set
	}
	trainIDs, trainSet := uniqueIDs(trainRows)
	testIDs, testSet := uniqueIDs(testRows)
	var trainAnn, testAnn []int
	for i, r := range anns.rows {
		k := key(r[imgIDCol])
		if trainSet[k] {
			trainAnn = append(trainAnn, i)
		}
		if testSet[k] {
			testAnn = append(testAnn, i)
		}
	}
	// answers and sample
	ansIDs := make([]string, len(testAnn))
	ansCat := make([]any, len(testAnn))
	for k, i := range testAnn {
		s, ok := anns.rows[i][imgIDCol].(string)
		if !ok {
			return fmt.Errorf("annotation image_id %v is not a string", anns.rows[i][imgIDCol])
		}
		ansIDs[k] = s
		ansCat[k] = anns.rows[i][catCol]
	}
	catColumn, err := column("Category", ansCat)
	if err != nil {
		return err
	}
	answers := table.MustNew(table.Strings("Id", ansIDs), catColumn)
	draws, err := pyrand.NewRandomState(0).RandintN(0, 676, len(testAnn))
	if err != nil {
		return err
	}
	sample := table.MustNew(table.Strings("Id", ansIDs), table.Ints("Category", draws))
	// asserts
	for _, i := range trainAnn {
		if testSet[key(anns.rows[i][imgIDCol])] {
			return errors.New("a train annotation references a test image")
		}
	}
	if len(trainIDs)+len(testIDs) != n {
		return fmt.Errorf("train + test ids = %d, want %d image rows (duplicate image ids?)", len(trainIDs)+len(testIDs), n)
	}
	for _, l := range trainLocs {
		if slices.Contains(testLocs, l) {
			return errors.New("train and test locations overlap")
		}
	}
	allRows := func(f *frame) []int { return indexRange(len(f.rows)) }
	newTrain := pyjson.Object{
		{Key: "annotations", Value: anns.records(trainAnn)},
		{Key: "images", Value: imgs.records(trainRows)},
		{Key: "categories", Value: cats.records(allRows(cats))},
		{Key: "info", Value: raw(vals[3])},
	}
	if !slices.Equal(keys(newTrain), keys(trainRaw)) {
		return fmt.Errorf("train metadata keys %v differ from the rebuilt %v", keys(trainRaw), keys(newTrain))
	}
	newTest := pyjson.Object{
		{Key: "images", Value: imgs.records(testRows)},
		{Key: "categories", Value: testCats.records(allRows(testCats))},
		{Key: "info", Value: raw(vals[5])},
	}
	if !slices.Equal(keys(newTest), keys(testRaw)) {
		return fmt.Errorf("test information keys %v differ from the rebuilt %v", keys(testRaw), keys(newTest))
	}
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "answers.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		obj  pyjson.Object
	}{{"iwildcam2020_train_annotations.json", newTrain}, {"iwildcam2020_test_information.json", newTest}} {
		b, err := pyjson.Marshal(f.obj, pyjson.Options{})
		if err != nil {
			return fmt.Errorf("encoding %s: %w", f.name, err)
		}
		if err := os.WriteFile(filepath.Join(d.Public, f.name), b, 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", f.name, err)
		}
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "iwildcam2020_megadetector_results.json"), filepath.Join(d.Public, "iwildcam2020_megadetector_results.json")); err != nil {
		return fmt.Errorf("copying megadetector results: %w", err)
	}
	for _, part := range []struct {
		dir string
		ids []string
	}{{"train", trainIDs}, {"test", testIDs}} {
		names := make([]string, len(part.ids))
		for i, k := range part.ids {
			if !strings.HasPrefix(k, "s") || !imagecopy.SafeName(k[1:]) {
				return fmt.Errorf("image id %q is not a plain file name", k[1:])
			}
			names[i] = k[1:] + ".jpg"
		}
		if err := os.MkdirAll(filepath.Join(d.Public, part.dir), 0o755); err != nil {
			return err
		}
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), filepath.Join(d.Public, part.dir), names); err != nil {
			return fmt.Errorf("copying %s images: %w", part.dir, err)
		}
		ents, err := os.ReadDir(filepath.Join(d.Public, part.dir))
		if err != nil {
			return err
		}
		if len(ents) != len(names) {
			return fmt.Errorf("public/%s has %d files, want %d", part.dir, len(ents), len(names))
		}
	}
	return nil
}

// indexRange is 0..n-1.
func indexRange(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// column builds the answers' Category column from converted cells.
func column(name string, cells []any) (*table.Column, error) {
	ints := make([]int64, len(cells))
	floats := make([]float64, len(cells))
	isFloat := false
	for i, c := range cells {
		switch x := c.(type) {
		case pyjson.Raw:
			v, err := strconv.ParseInt(string(x), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("category_id %s: %w", x, err)
			}
			ints[i], floats[i] = v, float64(v)
		case float64:
			isFloat = true
			floats[i] = x
		default:
			return nil, fmt.Errorf("category_id %v is not a number", c)
		}
	}
	if isFloat {
		return table.Floats(name, floats), nil
	}
	return table.Ints(name, ints), nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, err := submission.PrepareForAccuracy(sub, ans, "Category", "Id")
	if err != nil {
		return competition.Score{}, err
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

// FakeRaw writes the raw layout: train annotations (images with
// varied per-location counts, some records without seq_num_frames so that
// column turns float, a non-ASCII info string), test information,
// megadetector results and raw/train/<id>.jpg.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "iwildcam-2020-fgvc7")
	n := synth.Rows(opt.Rows, 80)
	ids, err := synth.Unique(n, func() string {
		return synth.Hex(r, 8) + "-" + synth.Hex(r, 4) + "-11ea-" + synth.Hex(r, 4)
	})
	if err != nil {
		return err
	}
	nLoc := max(3, n/5)
	locIDs := make([]int, nLoc)
	for i := range locIDs {
		locIDs[i] = 3*i + r.IntN(3)
	}
	var anns, imgs []any
	catIDs := []int{0, 1, 2, 3, 4, 6, 10, 372}
	for i, id := range ids {
		// skewed location sizes: low locations get more images
		loc := locIDs[min(nLoc-1, int(float64(nLoc)*r.Float64()*r.Float64()))]
		img := pyjson.Object{
			{Key: "seq_num_frames", Value: 1 + r.IntN(3)},
			{Key: "location", Value: loc},
			{Key: "datetime", Value: fmt.Sprintf("2013-%02d-%02d 0%d:1%d:00.000", 1+r.IntN(12), 1+r.IntN(28), r.IntN(10), r.IntN(10))},
			{Key: "id", Value: id},
			{Key: "frame_num", Value: 1},
			{Key: "seq_id", Value: synth.Hex(r, 8)},
			{Key: "width", Value: 2048},
			{Key: "height", Value: 1536},
			{Key: "file_name", Value: id + ".jpg"},
		}
		if i%17 == 5 {
			img = slices.Delete(img, 0, 1) // missing key: the column becomes float
		}
		imgs = append(imgs, img)
		anns = append(anns, pyjson.Object{{Key: "count", Value: 1 + r.IntN(2)}, {Key: "image_id", Value: id}, {Key: "id", Value: synth.Hex(r, 8)}, {Key: "category_id", Value: synth.Pick(r, catIDs)}})
		b, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", id+".jpg"), b); err != nil {
			return err
		}
	}
	var cats []any
	for _, c := range catIDs {
		cats = append(cats, pyjson.Object{{Key: "count", Value: 10 + c}, {Key: "id", Value: c}, {Key: "name", Value: fmt.Sprintf("species_%d", c)}})
	}
	info := pyjson.Object{{Key: "version", Value: "1.0"}, {Key: "description", Value: "Caméra trap / fake"}, {Key: "year", Value: 2020}}
	train := pyjson.Object{{Key: "annotations", Value: anns}, {Key: "images", Value: imgs}, {Key: "categories", Value: cats}, {Key: "info", Value: info}}
	test := pyjson.Object{
		{Key: "images", Value: []any{pyjson.Object{{Key: "id", Value: "t1"}, {Key: "location", Value: 1}}}},
		{Key: "categories", Value: []any{pyjson.Object{{Key: "id", Value: 0}, {Key: "name", Value: "empty"}}, pyjson.Object{{Key: "id", Value: 1}, {Key: "name", Value: "animal"}, {Key: "count", Value: 0.5}}}},
		{Key: "info", Value: info},
	}
	for name, v := range map[string]pyjson.Object{"iwildcam2020_train_annotations.json": train, "iwildcam2020_test_information.json": test} {
		b, err := pyjson.Marshal(v, pyjson.Options{})
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, name), b); err != nil {
			return err
		}
	}
	return synth.WriteFile(filepath.Join(dir, "iwildcam2020_megadetector_results.json"), []byte(`{"images": [], "detection_categories": {"1": "animal"}}`+"\n"))
}
