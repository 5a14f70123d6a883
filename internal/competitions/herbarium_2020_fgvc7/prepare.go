package herbarium_2020_fgvc7

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/cocometa"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyjson"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// keys are the raw metadata's required top-level keys.
var keys = []string{"annotations", "categories", "images", "info", "licenses", "regions"}

// latin1 decodes b as latin-1 into a UTF-8 Go string.
func latin1(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	for _, c := range b {
		if c < utf8.RuneSelf {
			sb.WriteByte(c)
		} else {
			sb.WriteRune(rune(c))
		}
	}
	return sb.String()
}

// convert turns a value decoded with UseNumber into a pyjson value
// written as Python would: ints canonical (arbitrary size), floats by repr.
func convert(v any) (any, error) {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			c, err := convert(e)
			if err != nil {
				return nil, err
			}
			out[k] = c
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			c, err := convert(e)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
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
	return v, nil // nil, bool, string
}

// marshal is json.dump(obj, indent=4, sort_keys=True).
func marshal(v any) ([]byte, error) {
	return pyjson.Marshal(raw(v), pyjson.Options{Indent: 4, SortKeys: true})
}

// raw replaces *big.Int by its decimal text (pyjson.Raw).
func raw(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = raw(e)
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

// equal is Python's == on two decoded JSON values.
func equal(a, b any) bool {
	an, aNum := num(a)
	bn, bNum := num(b)
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
			if !equal(x[i], y[i]) {
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
			if !ok || !equal(e, f) {
				return false
			}
		}
		return true
	}
	return false
}

// num returns a number (bools as 0/1) as an exact rational.
func num(v any) (*big.Rat, bool) {
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
		r, _ := new(big.Rat).SetString(strconv.FormatFloat(x, 'g', -1, 64))
		return r, r != nil
	}
	return nil, false
}

// dirs is images/<cid//100:03d>/<cid%100:02d> with Python's floor
// division and zero-padded formatting.
func dirs(cid *big.Int) string {
	q, m := new(big.Int), new(big.Int)
	q.DivMod(cid, big.NewInt(100), m) // Euclidean = floor for a positive divisor
	return "images/" + pad(q, 3) + "/" + pad(m, 2)
}

// pad is format(n, "0<w>d").
func pad(n *big.Int, w int) string {
	s := new(big.Int).Abs(n).String()
	sign := ""
	if n.Sign() < 0 {
		sign = "-"
		w--
	}
	for len(s) < w {
		s = "0" + s
	}
	return sign + s
}

// decodeFile is the whole-file decoding of the raw metadata (latin-1,
// json.load): it names the error of a file that is not exactly one JSON
// object. It returns nil when the file is one.
func decodeFile(b []byte) error {
	dec := json.NewDecoder(strings.NewReader(latin1(b)))
	dec.UseNumber()
	var top0 any
	if err := dec.Decode(&top0); err != nil {
		return fmt.Errorf("parsing raw metadata.json: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("parsing raw metadata.json: extra data after the top-level value")
	}
	conv, err := convert(top0)
	if err != nil {
		return fmt.Errorf("parsing raw metadata.json: %w", err)
	}
	if _, ok := conv.(map[string]any); !ok {
		return fmt.Errorf("raw metadata.json is not a JSON object")
	}
	return nil
}

// decode is one raw JSON value read as latin-1 and decoded as json.load
// does (converted for pyjson).
func decode(b []byte) (any, error) {
	dec := json.NewDecoder(strings.NewReader(latin1(b)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("parsing raw metadata.json: %w", err)
	}
	return convert(v)
}

// decodeObject is decode of a value that must be an object.
func decodeObject(b []byte) (map[string]any, bool) {
	v, err := decode(b)
	if err != nil {
		return nil, false
	}
	m, ok := v.(map[string]any)
	return m, ok
}

// Prepare writes public/nybg2020/{train,test}/{metadata.json,images/…},
// public/sample_submission.csv and private/answers.csv.
//
// Memory: the raw metadata is mapped and held once (its records are
// sub-slices of the mapping, decoded one at a time when needed); the split
// is decided as record positions, every record is checked in a first pass
// over each part, the images are copied in bounded batches, and each
// output record is encoded just before it is written. Errors are the ones
// of a loop that checks each record, then copies, then writes.
func Prepare(ctx context.Context, d competition.Dirs) error {
	rawTrain := filepath.Join(d.Raw, "nybg2020", "train")
	metaPath := filepath.Join(rawTrain, "metadata.json")
	f, err := cocometa.Map(metaPath)
	if errors.Is(err, cocometa.ErrNotObject) {
		b, err := os.ReadFile(metaPath)
		if err != nil {
			return fmt.Errorf("reading raw metadata: %w", err)
		}
		if err := decodeFile(b); err != nil {
			return err
		}
		return fmt.Errorf("raw metadata.json is not a JSON object")
	}
	if err != nil {
		return fmt.Errorf("reading raw metadata: %w", err)
	}
	defer f.Close()
	top := f.Members
	for _, k := range keys {
		if _, ok := top[k]; !ok {
			return fmt.Errorf("raw metadata.json has no %q key", k)
		}
	}
	if len(top) != len(keys) {
		return fmt.Errorf("raw metadata.json has top-level keys other than %v (the test metadata key-set assert fails)", keys)
	}
	anns, err1 := f.List("annotations", "annotations")
	imgs, err2 := f.List("images", "images")
	if err1 != nil || err2 != nil {
		return fmt.Errorf("raw annotations and images must be lists")
	}
	if anns.Len() != imgs.Len() {
		return fmt.Errorf("raw metadata has %d annotations and %d images", anns.Len(), imgs.Len())
	}
	// The other members, decoded (small).
	other := map[string]any{}
	for _, k := range keys {
		if k == "annotations" || k == "images" {
			continue
		}
		v, err := decode(top[k])
		if err != nil {
			return err
		}
		other[k] = v
	}
	// Group by category_id in first-appearance order; every image's
	// file_name kept.
	var order []string
	groups := map[string][]int{}
	cids := map[string]*big.Int{}
	var names cocometa.Names
	for i := range anns.Len() {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		a, ok1 := decodeObject(anns.At(i))
		m, ok2 := decodeObject(imgs.At(i))
		if !ok1 || !ok2 {
			return fmt.Errorf("annotation/image %d is not an object", i)
		}
		aid, ok1 := a["image_id"]
		iid, ok2 := m["id"]
		if !ok1 || !ok2 {
			return fmt.Errorf("annotation %d has no image_id or image %d has no id", i, i)
		}
		if !equal(aid, iid) {
			return fmt.Errorf("annotation %d image_id does not equal image id", i)
		}
		cid, ok := a["category_id"].(*big.Int)
		if !ok {
			return fmt.Errorf("annotation %d: category_id is not an integer", i)
		}
		name, ok := m["file_name"].(string)
		if !ok {
			return fmt.Errorf("image %d: file_name is not a string", i)
		}
		names.Add(name)
		k := cid.String()
		if _, seen := groups[k]; !seen {
			order = append(order, k)
			cids[k] = cid
		}
		groups[k] = append(groups[k], i)
	}
	// Split each category.
	trainOf := make(map[string][]int, len(order))
	var test []int
	var testCat []*big.Int
	for _, k := range order {
		ps := groups[k]
		n := len(ps)
		switch {
		case n == 1:
			trainOf[k] = ps
		case n <= 4:
			kk := max(1, int(float64(n)*0.2))
			trainOf[k] = ps[:n-kk]
			for _, p := range ps[n-kk:] {
				test, testCat = append(test, p), append(testCat, cids[k])
			}
		default:
			tr, te, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
			if err != nil {
				return fmt.Errorf("splitting category %s: %w", k, err)
			}
			part := make([]int, 0, len(tr))
			for _, i := range tr {
				part = append(part, ps[i])
			}
			trainOf[k] = part
			for _, i := range te {
				test, testCat = append(test, ps[i]), append(testCat, cids[k])
			}
		}
	}
	groups = nil
	// Train images checked, copied, then the metadata written.
	pubTrain := filepath.Join(d.Public, "nybg2020", "train")
	if err := os.MkdirAll(filepath.Join(pubTrain, "images"), 0o755); err != nil {
		return err
	}
	train := make([]int, 0, anns.Len()-len(test))
	for _, k := range order {
		if err := os.MkdirAll(filepath.Join(pubTrain, filepath.FromSlash(dirs(cids[k]))), 0o755); err != nil {
			return err
		}
		for _, p := range trainOf[k] {
			if len(train)%256 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			name := names.At(p)
			if _, err := copyImage(rawTrain, name, pubTrain, name); err != nil {
				return fmt.Errorf("copying train image: %w", err)
			}
			train = append(train, p)
		}
		delete(trainOf, k)
	}
	if err := filecopy.RunEach(ctx, len(train), func(j int) (filecopy.Job, error) {
		name := filepath.FromSlash(names.At(train[j]))
		return filecopy.Job{Src: filepath.Join(rawTrain, name), Dst: filepath.Join(pubTrain, name)}, nil
	}); err != nil {
		return fmt.Errorf("copying train image: %w", err)
	}
	trainTop := map[string]any{
		"annotations": cocometa.LazyRecords{N: len(train), Encode: func(j int) ([]byte, error) {
			v, err := decode(anns.At(train[j]))
			if err != nil {
				return nil, err
			}
			return marshal(v)
		}},
		"images": cocometa.LazyRecords{N: len(train), Encode: func(j int) ([]byte, error) {
			v, err := decode(imgs.At(train[j]))
			if err != nil {
				return nil, err
			}
			return marshal(v)
		}},
	}
	for k, v := range other {
		trainTop[k] = v
	}
	if err := cocometa.WriteObject(filepath.Join(pubTrain, "metadata.json"), trainTop); err != nil {
		return err
	}
	nTrain := len(train)
	train = nil
	if n, err := countJPG(filepath.Join(pubTrain, "images")); err != nil {
		return err
	} else if n != nTrain {
		return fmt.Errorf("public train images: %d .jpg files, want %d", n, nTrain)
	}
	// Test metadata and images.
	if len(test) == 0 {
		return fmt.Errorf("no test images: every category has a single image")
	}
	pyrand.NewRandom(0).Shuffle(len(test), func(i, j int) {
		test[i], test[j] = test[j], test[i]
		testCat[i], testCat[j] = testCat[j], testCat[i]
	})
	pubTest := filepath.Join(d.Public, "nybg2020", "test")
	var answers, sample bytes.Buffer
	answers.WriteString("Id,Predicted\n")
	sample.WriteString("Id,Predicted\n")
	for idx, p := range test {
		if idx%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		id := strconv.Itoa(idx)
		if err := os.MkdirAll(filepath.Join(pubTest, "images", pad(big.NewInt(int64(idx/1000)), 3)), 0o755); err != nil {
			return err
		}
		if _, err := copyImage(rawTrain, names.At(p), pubTest, testName(idx)); err != nil {
			return fmt.Errorf("copying test image: %w", err)
		}
		fmt.Fprintf(&answers, "%s,%s\n", id, testCat[idx].String())
		fmt.Fprintf(&sample, "%s,0\n", id)
	}
	testCat = nil
	if err := filecopy.RunEach(ctx, len(test), func(idx int) (filecopy.Job, error) {
		return filecopy.Job{Src: filepath.Join(rawTrain, filepath.FromSlash(names.At(test[idx]))), Dst: filepath.Join(pubTest, filepath.FromSlash(testName(idx)))}, nil
	}); err != nil {
		return fmt.Errorf("copying test image: %w", err)
	}
	names = cocometa.Names{}
	testTop := map[string]any{
		"images": cocometa.LazyRecords{N: len(test), Encode: func(idx int) ([]byte, error) {
			img, ok := decodeObject(imgs.At(test[idx]))
			if !ok {
				return nil, fmt.Errorf("image %d is not an object", test[idx])
			}
			img["id"] = strconv.Itoa(idx)
			img["file_name"] = testName(idx)
			return marshal(img)
		}},
		"info":     other["info"],
		"licenses": other["licenses"],
	}
	if err := cocometa.WriteObject(filepath.Join(pubTest, "metadata.json"), testTop); err != nil {
		return err
	}
	if n, err := countJPG(filepath.Join(pubTest, "images")); err != nil {
		return err
	} else if n != len(test) {
		return fmt.Errorf("public test images: %d .jpg files, want %d", n, len(test))
	}
	if nTrain+len(test) != anns.Len() {
		return fmt.Errorf("train + test annotations = %d, want %d", nTrain+len(test), anns.Len())
	}
	if err := os.WriteFile(filepath.Join(d.Private, "answers.csv"), answers.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := os.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	return nil
}

// testName is test image idx's file_name: images/<idx//1000:03d>/<idx>.jpg.
func testName(idx int) string {
	return "images/" + pad(big.NewInt(int64(idx/1000)), 3) + "/" + strconv.Itoa(idx) + ".jpg"
}

// copyImage is shutil.copy(srcRoot/name, dstRoot/dstName) as a job for
// package filecopy: the destination folder must already exist. Names
// escaping their root are refused.
func copyImage(srcRoot, name, dstRoot, dstName string) (filecopy.Job, error) {
	for _, n := range []string{name, dstName} {
		if !filepath.IsLocal(filepath.FromSlash(n)) {
			return filecopy.Job{}, fmt.Errorf("file name %q is not a local relative path", n)
		}
	}
	dst := filepath.Join(dstRoot, filepath.FromSlash(dstName))
	if info, err := os.Stat(filepath.Dir(dst)); err != nil || !info.IsDir() {
		return filecopy.Job{}, fmt.Errorf("%s: destination folder %s does not exist (file_name does not follow images/<cid//100>/<cid%%100>/)", name, filepath.Dir(dst))
	}
	return filecopy.Job{Src: filepath.Join(srcRoot, filepath.FromSlash(name)), Dst: dst}, nil
}

// countJPG is len(glob("<dir>/**/*.jpg", recursive=True)): hidden
// names are skipped as glob does.
func countJPG(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && strings.HasPrefix(e.Name(), ".") {
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if p != dir && strings.HasSuffix(e.Name(), ".jpg") {
			n++
		}
		return nil
	})
	return n, err
}
