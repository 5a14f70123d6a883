package google_research_identify_contrails_reduce_global_warming

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/npyfile"
	"github.com/mlebench/mlebench/internal/pyjson"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// bands are the nine band files of a record, band_08 … band_16.
var bands = func() []string {
	var b []string
	for i := 8; i <= 16; i++ {
		b = append(b, fmt.Sprintf("band_%02d.npy", i))
	}
	return b
}()

// sampleChoices are the two masks the sample submission draws from.
var sampleChoices = []string{"1 3 10 5", "-"}

// Prepare is the original's prepare.py (spec "Prepare").
func Prepare(ctx context.Context, d competition.Dirs) error {
	trainMeta, err := loadJSONArray(filepath.Join(d.Raw, "train_metadata.json"))
	if err != nil {
		return err
	}
	valMeta, err := loadJSONArray(filepath.Join(d.Raw, "validation_metadata.json"))
	if err != nil {
		return err
	}
	ids := make([]string, len(trainMeta))
	for i, v := range trainMeta {
		obj, ok := v.(pyjson.Object)
		if !ok {
			return fmt.Errorf("train_metadata.json element %d is not an object", i)
		}
		rid, found := member(obj, "record_id")
		if !found {
			return fmt.Errorf("train_metadata.json element %d: KeyError: 'record_id'", i)
		}
		s, ok := rid.(string)
		if !ok {
			return fmt.Errorf("train_metadata.json element %d: record_id is not a string (a path component)", i)
		}
		if s == "" || s == "." || s == ".." || strings.ContainsAny(s, `/\`+"\x00") {
			return fmt.Errorf("train_metadata.json element %d: record_id %q is not a plain path component", i, s)
		}
		ids[i] = s
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(trainMeta), pyrand.SplitOptions{TestSize: pyrand.Count(len(valMeta))})
	if err != nil {
		return err
	}
	rawTrain := filepath.Join(d.Raw, "train")

	// Answers.
	n := len(testIdx)
	recIDs, encoded := make([]string, n), make([]string, n)
	heights, widths := make([]int64, n), make([]int64, n)
	for k, i := range testIdx {
		if err := ctx.Err(); err != nil {
			return err
		}
		dir := filepath.Join(rawTrain, ids[i])
		enc, err := encodeMaskFile(filepath.Join(dir, "human_pixel_masks.npy"))
		if err != nil {
			return err
		}
		if enc == "" {
			enc = "-"
		}
		a, err := npyfile.ReadHeader(filepath.Join(dir, "band_08.npy"))
		if err != nil {
			return fmt.Errorf("loading band_08.npy of record %s: %w", ids[i], err)
		}
		if len(a.Shape) != 3 {
			return fmt.Errorf("record %s: band_08.npy has %d dimensions; ValueError: expected 3 values to unpack", ids[i], len(a.Shape))
		}
		recIDs[k], encoded[k] = ids[i], enc
		heights[k], widths[k] = int64(a.Shape[0]), int64(a.Shape[1])
	}

	// Copies.
	for _, i := range trainIdx {
		names := append(append([]string{}, bands...), "human_individual_masks.npy", "human_pixel_masks.npy")
		if err := copyFiles(ctx, filepath.Join(rawTrain, ids[i]), filepath.Join(d.Public, "train", ids[i]), names); err != nil {
			return err
		}
	}
	for _, i := range testIdx {
		if err := copyFiles(ctx, filepath.Join(rawTrain, ids[i]), filepath.Join(d.Public, "test", ids[i]), bands); err != nil {
			return err
		}
	}
	rawVal := filepath.Join(d.Raw, "validation")
	if err := os.MkdirAll(rawVal, 0o755); err != nil {
		return fmt.Errorf("creating raw/validation: %w", err)
	}
	if err := copyTree(ctx, rawVal, filepath.Join(d.Public, "validation")); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(d.Raw, "validation_metadata.json"), filepath.Join(d.Public, "validation_metadata.json")); err != nil {
		return err
	}

	// Metadata, answers, sample submission.
	newTrain := make([]any, len(trainIdx))
	for k, i := range trainIdx {
		newTrain[k] = trainMeta[i]
	}
	js, err := pyjson.Marshal(newTrain, pyjson.Options{})
	if err != nil {
		return fmt.Errorf("encoding train_metadata.json: %w", err)
	}
	if err := os.WriteFile(filepath.Join(d.Public, "train_metadata.json"), js, 0o644); err != nil {
		return fmt.Errorf("writing train_metadata.json: %w", err)
	}
	answers, err := table.New(table.Strings("record_id", recIDs), table.Strings("encoded_pixels", encoded),
		table.Ints("height", heights), table.Ints("width", widths))
	if err != nil {
		return err
	}
	r := pyrand.NewRandom(0)
	sampleEnc := make([]string, n)
	for k := range sampleEnc {
		c, err := r.Choice(len(sampleChoices))
		if err != nil {
			return err
		}
		sampleEnc[k] = sampleChoices[c]
	}
	sample, err := table.New(table.Strings("record_id", recIDs), table.Strings("encoded_pixels", sampleEnc),
		table.Ints("height", heights), table.Ints("width", widths))
	if err != nil {
		return err
	}
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "answers.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}
	return checkCounts(d.Public, len(trainIdx), len(testIdx))
}

// checkCounts is prepare.py's closing asserts on the copied files.
func checkCounts(public string, nTrain, nTest int) error {
	for _, c := range []struct {
		dir                  string
		bands, indiv, pixels int
	}{{"train", nTrain * 9, nTrain, nTrain}, {"test", nTest * 9, 0, 0}} {
		var b, ind, pix int
		err := filepath.WalkDir(filepath.Join(public, c.dir), func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := e.Name()
			switch {
			case strings.HasPrefix(name, "band") && strings.HasSuffix(name, ".npy"):
				b++
			case name == "human_individual_masks.npy":
				ind++
			case name == "human_pixel_masks.npy":
				pix++
			}
			return nil
		})
		if err != nil && !(errors.Is(err, fs.ErrNotExist) && c.bands == 0) {
			return fmt.Errorf("counting files under public/%s: %w", c.dir, err)
		}
		if b != c.bands || ind != c.indiv || pix != c.pixels {
			return fmt.Errorf("assertion failed: public/%s holds %d band files, %d individual and %d pixel masks; want %d, %d, %d",
				c.dir, b, ind, pix, c.bands, c.indiv, c.pixels)
		}
	}
	return nil
}

// encodeMaskFile is rle_encode(np.load(path)) on the .npy at path: the
// transposed array flattened, i.e. the elements in Fortran order, runs of
// elements equal to 1.
func encodeMaskFile(path string) (string, error) {
	a, err := npyfile.ReadHeader(path)
	if err != nil {
		return "", fmt.Errorf("loading %s: %w", path, err)
	}
	switch a.Kind {
	case 'b', 'i', 'u', 'f':
	default:
		return "", fmt.Errorf("loading %s: unsupported dtype %s for a mask", path, a.Descr)
	}
	total := 1
	for _, s := range a.Shape {
		total *= s
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("loading %s: %w", path, err)
	}
	if int64(len(data)) < a.Offset+int64(total*a.ItemSize) {
		return "", fmt.Errorf("loading %s: file too short for shape %v", path, a.Shape)
	}
	data = data[a.Offset:]
	order := a.Order()
	isOne := func(off int) (bool, error) {
		b := data[off*a.ItemSize : (off+1)*a.ItemSize]
		switch a.Kind {
		case 'b':
			return b[0] != 0, nil
		case 'u':
			return uintOf(b, order) == 1, nil
		case 'i':
			v := uintOf(b, order)
			return v == 1, nil
		case 'f':
			switch a.ItemSize {
			case 4:
				return math.Float32frombits(order.Uint32(b)) == 1, nil
			case 8:
				return math.Float64frombits(order.Uint64(b)) == 1, nil
			}
		}
		return false, fmt.Errorf("loading %s: unsupported dtype %s", path, a.Descr)
	}
	// C-order strides of the stored array (elements).
	nd := len(a.Shape)
	strides := make([]int, nd)
	s := 1
	for k := nd - 1; k >= 0; k-- {
		strides[k] = s
		s *= a.Shape[k]
	}
	idx := make([]int, nd)
	var out []string
	var lo, hi = -1, -1
	flush := func() {
		if lo >= 0 {
			out = append(out, strconv.Itoa(lo+1), strconv.Itoa(hi-lo))
		}
	}
	for p := 0; p < total; p++ {
		off := p
		if !a.Fortran {
			off = 0
			for k := range idx {
				off += idx[k] * strides[k]
			}
		}
		one, err := isOne(off)
		if err != nil {
			return "", err
		}
		if one {
			if hi == p {
				hi++
			} else {
				flush()
				lo, hi = p, p+1
			}
		}
		for k := 0; k < nd; k++ { // Fortran-order increment
			idx[k]++
			if idx[k] < a.Shape[k] {
				break
			}
			idx[k] = 0
		}
	}
	flush()
	return strings.Join(out, " "), nil
}

// uintOf reads an unsigned integer of len(b) bytes; for signed types the
// value 1 has the same bytes.
func uintOf(b []byte, order binary.ByteOrder) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(order.Uint16(b))
	case 4:
		return uint64(order.Uint32(b))
	case 8:
		return order.Uint64(b)
	}
	return 0
}

func copyFiles(ctx context.Context, src, dst string, names []string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dst, err)
	}
	for _, n := range names {
		if err := copyFile(filepath.Join(src, n), filepath.Join(dst, n)); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying: %w", err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copying: %w", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copying %s: %w", src, err)
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return nil
}

// copyTree is shutil.copytree(src, dst, dirs_exist_ok=True).
func copyTree(ctx context.Context, src, dst string) error {
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("copying %s: %w", src, err)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return copyFile(p, target)
	})
}

// member is obj[key] (the last duplicate wins, as in a Python dict).
func member(obj pyjson.Object, key string) (any, bool) {
	for _, m := range obj {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// loadJSONArray is json.load of a file holding an array, keeping object key
// order, integers as their exact digits and floats as float64 (so they are
// written back in Python repr).
func loadJSONArray(path string) ([]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", filepath.Base(path), err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", filepath.Base(path), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("loading %s: extra data after the JSON value", filepath.Base(path))
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("loading %s: not a JSON array", filepath.Base(path))
	}
	return arr, nil
}

var jsonInt = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)

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
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key := kt.(string)
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				replaced := false
				for i := range obj {
					if obj[i].Key == key {
						obj[i].Value, replaced = v, true
					}
				}
				if !replaced {
					obj = append(obj, pyjson.Member{Key: key, Value: v})
				}
			}
			_, err := dec.Token()
			return obj, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case json.Number:
		s := string(t)
		if jsonInt.MatchString(s) {
			if s == "-0" {
				s = "0"
			}
			return pyjson.Raw(s), nil
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, fmt.Errorf("bad number %q", s)
		}
		return f, nil
	default:
		return t, nil // string, bool, nil
	}
}
