package cdiscount_image_classification_challenge

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/bsonstream"
	"github.com/mlebench/mlebench/internal/pyrand"
)

const (
	sampleCategory = 1000010653
	exampleDocs    = 100
)

// Prepare splits raw/train.bson.
func Prepare(ctx context.Context, d competition.Dirs) error {
	rawPath := filepath.Join(d.Raw, "train.bson")

	// Pass 1: (_id, category_id) of every document, in file order.
	var ids, cats []int64
	err := scan(ctx, rawPath, func(doc []byte, _ int) error {
		id, err := bsonstream.Int(doc, "_id")
		if err != nil {
			return err
		}
		cat, err := bsonstream.Int(doc, "category_id")
		if err != nil {
			return err
		}
		ids = append(ids, id)
		cats = append(cats, cat)
		return nil
	})
	if err != nil {
		return err
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(ids), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting train.bson: %w", err)
	}
	// Output membership is by _id in upstream; with disjoint id sets (asserted
	// below) that is membership by position.
	isTest := make([]bool, len(ids))
	for _, i := range testIdx {
		isTest[i] = true
	}
	if err := checkDisjoint(ids, trainIdx, testIdx); err != nil {
		return err
	}

	// Answers: test rows sorted by _id; the sample submission follows them.
	order := slices.Clone(testIdx)
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case ids[a] < ids[b]:
			return -1
		case ids[a] > ids[b]:
			return 1
		}
		return 0
	})
	if err := writeCSV(filepath.Join(d.Private, "answers.csv"), order, func(b []byte, i int) []byte {
		b = strconv.AppendInt(b, ids[i], 10)
		b = append(b, ',')
		return strconv.AppendInt(b, cats[i], 10)
	}); err != nil {
		return err
	}
	if err := writeCSV(filepath.Join(d.Public, "sample_submission.csv"), order, func(b []byte, i int) []byte {
		b = strconv.AppendInt(b, ids[i], 10)
		return append(b, ","+strconv.Itoa(sampleCategory)...)
	}); err != nil {
		return err
	}
	ids, cats = nil, nil

	// Pass 2: the three BSON files in raw order.
	outs := map[string]*bsonFile{}
	for _, name := range []string{"train.bson", "test.bson", "train_example.bson"} {
		f, err := createBSON(filepath.Join(d.Public, name))
		if err != nil {
			for _, o := range outs {
				o.abort()
			}
			return err
		}
		outs[name] = f
	}
	var buf []byte
	examples := 0
	err = scan(ctx, rawPath, func(doc []byte, k int) error {
		var err error
		if k >= len(isTest) {
			return fmt.Errorf("train.bson changed between passes")
		}
		if isTest[k] {
			if buf, err = bsonstream.Reencode(buf[:0], doc, "category_id"); err != nil {
				return err
			}
			return outs["test.bson"].write(buf)
		}
		if buf, err = bsonstream.Reencode(buf[:0], doc, ""); err != nil {
			return err
		}
		if err := outs["train.bson"].write(buf); err != nil {
			return err
		}
		if examples < exampleDocs {
			examples++
			return outs["train_example.bson"].write(buf)
		}
		return nil
	})
	for _, name := range []string{"train.bson", "test.bson", "train_example.bson"} {
		if err != nil {
			outs[name].abort()
		} else {
			err = outs[name].close()
		}
	}
	if err != nil {
		return err
	}
	return copyFile(filepath.Join(d.Raw, "category_names.csv"), filepath.Join(d.Public, "category_names.csv"))
}

// scan calls fn for every document of a BSON file with its position.
func scan(ctx context.Context, path string, fn func(doc []byte, k int) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	r := bsonstream.NewReader(f)
	for k := 0; ; k++ {
		if k%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		off := r.Offset()
		doc, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", path, err)
		}
		if err := fn(doc, k); err != nil {
			return fmt.Errorf("%s: document %d (byte %d): %w", path, k, off, err)
		}
	}
}

// checkDisjoint is the original's assert that no _id is both a train and a
// test id.
func checkDisjoint(ids []int64, trainIdx, testIdx []int) error {
	tr := make([]int64, len(trainIdx))
	for k, i := range trainIdx {
		tr[k] = ids[i]
	}
	te := make([]int64, len(testIdx))
	for k, i := range testIdx {
		te[k] = ids[i]
	}
	slices.Sort(tr)
	slices.Sort(te)
	for a, b := 0, 0; a < len(tr) && b < len(te); {
		switch {
		case tr[a] == te[b]:
			return fmt.Errorf("train.bson: _id %d falls into both the train and the test split (duplicate _id)", tr[a])
		case tr[a] < te[b]:
			a++
		default:
			b++
		}
	}
	return nil
}

func writeCSV(path string, rows []int, line func([]byte, int) []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	w := bufio.NewWriterSize(f, 1<<16)
	w.WriteString("_id,category_id\n")
	var b []byte
	for _, i := range rows {
		b = append(line(b[:0], i), '\n')
		w.Write(b)
	}
	err = w.Flush()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

type bsonFile struct {
	path, tmp string
	f         *os.File
	w         *bufio.Writer
}

func createBSON(path string) (*bsonFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return &bsonFile{path: path, tmp: f.Name(), f: f, w: bufio.NewWriterSize(f, 1<<20)}, nil
}

func (b *bsonFile) write(doc []byte) error {
	if _, err := b.w.Write(doc); err != nil {
		return fmt.Errorf("writing %s: %w", b.path, err)
	}
	return nil
}

func (b *bsonFile) close() error {
	err := b.w.Flush()
	if cerr := b.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(b.tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(b.tmp, b.path)
	}
	if err != nil {
		os.Remove(b.tmp)
		return fmt.Errorf("writing %s: %w", b.path, err)
	}
	return nil
}

func (b *bsonFile) abort() {
	b.f.Close()
	os.Remove(b.tmp)
}

func copyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("copying %s: %w", src, cerr)
		}
	}()
	if _, err := io.Copy(out, in); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return nil
}
