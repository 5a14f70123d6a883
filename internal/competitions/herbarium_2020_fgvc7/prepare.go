package herbarium_2020_fgvc7

import (
	"bytes"
	"context"
	"encoding/json"
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

type pair struct {
	ann, img map[string]any
}

func copyJob(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
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

func Prepare(ctx context.Context, d competition.Dirs) error {
	rawTrain := filepath.Join(d.Raw, "nybg2020", "train")
	b, err := os.ReadFile(filepath.Join(rawTrain, "metadata.json"))
	if err != nil {
		return fmt.Errorf("reading raw metadata: %w", err)
	}
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
	top, ok := conv.(map[string]any)
	if !ok {
		return fmt.Errorf("raw metadata.json is not a JSON object")
	}
	for _, k := range keys {
		if _, ok := top[k]; !ok {
			return fmt.Errorf("raw metadata.json has no %q key", k)
		}
	}
	if len(top) != len(keys) {
		return fmt.Errorf("raw metadata.json has top-level keys other than %v (the test metadata key-set assert fails)", keys)
	}
	anns, ok1 := top["annotations"].([]any)
	imgs, ok2 := top["images"].([]any)
	if !ok1 || !ok2 {
		return fmt.Errorf("raw annotations and images must be lists")
	}
	if len(anns) != len(imgs) {
		return fmt.Errorf("raw metadata has %d annotations and %d images", len(anns), len(imgs))
	}
	// Group by category_id in first-appearance order.
	var order []string
	groups := map[string][]pair{}
	cids := map[string]*big.Int{}
	for i := range anns {
		a, ok1 := anns[i].(map[string]any)
		m, ok2 := imgs[i].(map[string]any)
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
		if _, ok := m["file_name"].(string); !ok {
			return fmt.Errorf("image %d: file_name is not a string", i)
		}
		k := cid.String()
		if _, seen := groups[k]; !seen {
			order = append(order, k)
			cids[k] = cid
		}
		groups[k] = append(groups[k], pair{a, m})
	}
	// Split each category.
	trainOf := make(map[string][]pair, len(order))
	var testPairs []pair
	for _, k := range order {
		ps := groups[k]
		n := len(ps)
		switch {
		case n == 1:
			trainOf[k] = ps
		case n <= 4:
			kk := max(1, int(float64(n)*0.2))
			trainOf[k] = ps[:n-kk]
			testPairs = append(testPairs, ps[n-kk:]...)
		default:
			tr, te, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2), RandomState: 0})
			if err != nil {
				return fmt.Errorf("splitting category %s: %w", k, err)
			}
			for _, i := range tr {
				trainOf[k] = append(trainOf[k], ps[i])
			}
			for _, i := range te {
				testPairs = append(testPairs, ps[i])
			}
		}
	}
	// Train metadata and images.
	pubTrain := filepath.Join(d.Public, "nybg2020", "train")
	if err := os.MkdirAll(filepath.Join(pubTrain, "images"), 0o755); err != nil {
		return err
	}
	var trAnns, trImgs []any
	var jobs []filecopy.Job
	copied := 0
	for _, k := range order {
		if err := os.MkdirAll(filepath.Join(pubTrain, filepath.FromSlash(dirs(cids[k]))), 0o755); err != nil {
			return err
		}
		for _, p := range trainOf[k] {
			if copied%256 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			copied++
			trAnns = append(trAnns, copyJob(p.ann))
			trImgs = append(trImgs, copyJob(p.img))
			name := p.img["file_name"].(string)
			job, err := copyImage(rawTrain, name, pubTrain, name)
			if err != nil {
				return fmt.Errorf("copying train image: %w", err)
			}
			jobs = append(jobs, job)
		}
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return fmt.Errorf("copying train image: %w", err)
	}
	jobs = nil
	trainTop := copyJob(top)
	trainTop["annotations"] = list(trAnns)
	trainTop["images"] = list(trImgs)
	if err := writeJSON(filepath.Join(pubTrain, "metadata.json"), trainTop); err != nil {
		return err
	}
	if n, err := countJPG(filepath.Join(pubTrain, "images")); err != nil {
		return err
	} else if n != len(trImgs) {
		return fmt.Errorf("public train images: %d .jpg files, want %d", n, len(trImgs))
	}
	// Test metadata and images.
	if len(testPairs) == 0 {
		return fmt.Errorf("no test images: every category has a single image")
	}
	pyrand.NewRandom(0).Shuffle(len(testPairs), func(i, j int) { testPairs[i], testPairs[j] = testPairs[j], testPairs[i] })
	pubTest := filepath.Join(d.Public, "nybg2020", "test")
	var teImgs []any
	var answers, sample bytes.Buffer
	answers.WriteString("Id,Predicted\n")
	sample.WriteString("Id,Predicted\n")
	for idx, p := range testPairs {
		if idx%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		id := strconv.Itoa(idx)
		name := "images/" + pad(big.NewInt(int64(idx/1000)), 3) + "/" + id + ".jpg"
		img := copyJob(p.img)
		img["id"] = id
		img["file_name"] = name
		teImgs = append(teImgs, img)
		if err := os.MkdirAll(filepath.Join(pubTest, "images", pad(big.NewInt(int64(idx/1000)), 3)), 0o755); err != nil {
			return err
		}
		job, err := copyImage(rawTrain, p.img["file_name"].(string), pubTest, name)
		if err != nil {
			return fmt.Errorf("copying test image: %w", err)
		}
		jobs = append(jobs, job)
		fmt.Fprintf(&answers, "%s,%s\n", id, p.ann["category_id"].(*big.Int).String())
		fmt.Fprintf(&sample, "%s,0\n", id)
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return fmt.Errorf("copying test image: %w", err)
	}
	testTop := map[string]any{"images": list(teImgs), "info": top["info"], "licenses": top["licenses"]}
	if err := writeJSON(filepath.Join(pubTest, "metadata.json"), testTop); err != nil {
		return err
	}
	if n, err := countJPG(filepath.Join(pubTest, "images")); err != nil {
		return err
	} else if n != len(teImgs) {
		return fmt.Errorf("public test images: %d .jpg files, want %d", n, len(teImgs))
	}
	if len(trAnns)+len(testPairs) != len(anns) {
		return fmt.Errorf("train + test annotations = %d, want %d", len(trAnns)+len(testPairs), len(anns))
	}
	if err := os.WriteFile(filepath.Join(d.Private, "answers.csv"), answers.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := os.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	return nil
}

// list makes sure an empty list is written [] (not null).
func list(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

func writeJSON(path string, v any) error {
	b, err := marshal(v)
	if err != nil {
		return fmt.Errorf("encoding %s: %w", filepath.Base(path), err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
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
