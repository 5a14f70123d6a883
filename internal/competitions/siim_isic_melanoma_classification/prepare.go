package siim_isic_melanoma_classification

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/table"
)

// testRecords are the TFRecord files whose images form the test split.
var testRecords = []string{"train00-2071.tfrec", "train06-2071.tfrec"}

// testColumns are the public test.csv columns.
var testColumns = []string{"image_name", "patient_id", "sex", "age_approx", "anatom_site_general_challenge"}

func Prepare(ctx context.Context, d competition.Dirs) error {
	src := filepath.Join(d.Raw, "train.csv")
	df, err := table.ReadFile(src, table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if got := df.Names(); strings.Join(got, ",") != strings.Join(columns, ",") {
		return fmt.Errorf("%s: columns %v, want exactly %v", src, got, columns)
	}
	testIDs := map[string]bool{}
	for _, name := range testRecords {
		path := filepath.Join(d.Raw, "tfrecords", name)
		ids, err := readImageNames(path)
		if err != nil {
			return err
		}
		for _, id := range ids {
			testIDs[id] = true
		}
	}
	names, _ := df.Col("image_name")
	var trainRows, testRows []int
	for i := 0; i < df.Len(); i++ {
		if isText(names, i) && testIDs[names.Str(i)] {
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
	}
	train, test := df.Take(trainRows), df.Take(testRows)

	// The original's asserts on the copied files: one file per row, so
	// image names must be unique (and present: a missing name is the text
	// "nan" in a path).
	seen := make(map[string]bool, df.Len())
	for i := 0; i < df.Len(); i++ {
		n := names.Str(i)
		if seen[n] {
			return fmt.Errorf("%s: image_name %s appears twice; the original's file-count assert fails", src, n)
		}
		seen[n] = true
	}

	testNames, _ := test.Col("image_name")
	publicTest, err := test.Select(testColumns...)
	if err != nil {
		return err
	}
	answers, err := test.Select("image_name", "target")
	if err != nil {
		return err
	}
	sample := table.MustNew(testNames, table.Ints("target", make([]int64, test.Len())))
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: train},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: publicTest},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: answers},
	); err != nil {
		return err
	}

	// Images.
	var copies []copyJob
	add := func(part *table.Table, split string) {
		col, _ := part.Col("image_name")
		for i := 0; i < col.Len(); i++ {
			n := col.Str(i)
			copies = append(copies,
				copyJob{filepath.Join(d.Raw, "train", n+".dcm"), filepath.Join(d.Public, split, n+".dcm")},
				copyJob{filepath.Join(d.Raw, "jpeg", "train", n+".jpg"), filepath.Join(d.Public, "jpeg", split, n+".jpg")})
		}
	}
	add(train, "train")
	add(test, "test")
	for _, dir := range []string{"train", "test", filepath.Join("jpeg", "train"), filepath.Join("jpeg", "test"), "tfrecords"} {
		if err := os.MkdirAll(filepath.Join(d.Public, dir), 0o755); err != nil {
			return err
		}
	}

	// TFRecords.
	recs, err := filepath.Glob(filepath.Join(d.Raw, "tfrecords", "train*.tfrec"))
	if err != nil {
		return err
	}
	sort.Strings(recs)
	nTest, nTrain := 0, 0
	for _, p := range recs {
		base := filepath.Base(p)
		stem := strings.TrimSuffix(base, ".tfrec")
		parts := strings.Split(stem, "-")
		if len(parts) < 2 {
			return fmt.Errorf("%s: no record count after a \"-\" in the file name (IndexError in the original)", p)
		}
		var dst string
		if base == testRecords[0] || base == testRecords[1] {
			dst = fmt.Sprintf("test%02d-%s.tfrec", nTest, parts[1])
			nTest++
		} else {
			dst = fmt.Sprintf("train%02d-%s.tfrec", nTrain, parts[1])
			nTrain++
		}
		copies = append(copies, copyJob{p, filepath.Join(d.Public, "tfrecords", dst)})
	}
	return copyAll(ctx, copies)
}

// isText reports whether cell i of c holds a Python str: isin() with the
// set of TFRecord names (all str) never matches a number, NaN or bool, so
// an image_name pandas parsed as a number ("1") is never a test image.
func isText(c *table.Column, i int) bool {
	if c.Kind != table.String || c.IsNull(i) {
		return false
	}
	return c.Mixed == nil || c.Mixed[i] == table.String
}

// copyJob is one file to copy.
type copyJob struct{ src, dst string }

// copyAll copies the files on two workers (the machine's disk, not the
// CPU, is the limit), stopping at the first error or cancellation.
func copyAll(ctx context.Context, copies []copyJob) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu   sync.Mutex
		next int
		fail error
		wg   sync.WaitGroup
	)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if fail != nil || next >= len(copies) {
					mu.Unlock()
					return
				}
				c := copies[next]
				next++
				mu.Unlock()
				err := ctx.Err()
				if err == nil {
					err = copyFile(c.src, c.dst)
				}
				if err != nil {
					mu.Lock()
					if fail == nil {
						fail = err
					}
					mu.Unlock()
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
	return fail
}

// copyFile is shutil.copy's data copy.
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

// readImageNames returns the first image_name value of every record of
// a TFRecord file, verifying the framing and checksums as TensorFlow does.
func readImageNames(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading test ids: %w", err)
	}
	var ids []string
	for off, k := 0, 0; off < len(data); k++ {
		if len(data)-off < 12 {
			return nil, fmt.Errorf("%s: record %d: truncated header", path, k)
		}
		head := data[off : off+8]
		n := binary.LittleEndian.Uint64(head)
		if binary.LittleEndian.Uint32(data[off+8:]) != maskedCRC(head) {
			return nil, fmt.Errorf("%s: record %d: corrupted record length (CRC mismatch)", path, k)
		}
		off += 12
		if n > uint64(len(data)-off) || uint64(len(data)-off)-n < 4 {
			return nil, fmt.Errorf("%s: record %d: truncated data", path, k)
		}
		rec := data[off : off+int(n)]
		off += int(n)
		if binary.LittleEndian.Uint32(data[off:]) != maskedCRC(rec) {
			return nil, fmt.Errorf("%s: record %d: corrupted record data (CRC mismatch)", path, k)
		}
		off += 4
		id, err := exampleImageName(rec)
		if err != nil {
			return nil, fmt.Errorf("%s: record %d: %w", path, k, err)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// exampleImageName parses a serialized tf.train.Example and returns the
// first value of its image_name bytes_list, decoded as UTF-8.
func exampleImageName(b []byte) (string, error) {
	var feature []byte // the last image_name entry wins, as in protobuf maps
	found := false
	err := fields(b, func(num int, wire int, val []byte) error {
		if num != 1 || wire != 2 { // Example.features
			return nil
		}
		return fields(val, func(num int, wire int, entry []byte) error {
			if num != 1 || wire != 2 { // Features.feature map entry
				return nil
			}
			var key, value []byte
			hasValue := false
			err := fields(entry, func(num int, wire int, v []byte) error {
				switch {
				case num == 1 && wire == 2:
					key = v
				case num == 2 && wire == 2:
					value, hasValue = v, true
				}
				return nil
			})
			if err != nil {
				return err
			}
			if string(key) == "image_name" {
				feature, found = value, hasValue
				if !hasValue {
					feature, found = nil, true
				}
			}
			return nil
		})
	})
	if err != nil {
		return "", fmt.Errorf("parsing tf.train.Example: %w", err)
	}
	if !found {
		return "", errors.New("no image_name feature")
	}
	var first []byte
	have := false
	err = fields(feature, func(num int, wire int, v []byte) error {
		if num != 1 || wire != 2 { // Feature.bytes_list
			return nil
		}
		return fields(v, func(num int, wire int, s []byte) error {
			if num == 1 && wire == 2 && !have { // BytesList.value
				first, have = s, true
			}
			return nil
		})
	})
	if err != nil {
		return "", fmt.Errorf("parsing image_name feature: %w", err)
	}
	if !have {
		return "", errors.New("image_name has no bytes value (IndexError in the original)")
	}
	if !utf8.Valid(first) {
		return "", errors.New("image_name is not valid UTF-8")
	}
	return string(first), nil
}

// fields walks the protobuf wire-format fields of b, calling fn with
// each field number, wire type and, for length-delimited fields, the payload
// (other wire types are skipped with a nil payload).
func fields(b []byte, fn func(num, wire int, val []byte) error) error {
	for len(b) > 0 {
		tag, n := binary.Uvarint(b)
		if n <= 0 {
			return errors.New("bad field tag")
		}
		b = b[n:]
		num, wire := int(tag>>3), int(tag&7)
		var val []byte
		switch wire {
		case 0:
			_, n := binary.Uvarint(b)
			if n <= 0 {
				return errors.New("bad varint")
			}
			b = b[n:]
		case 1:
			if len(b) < 8 {
				return errors.New("truncated fixed64")
			}
			b = b[8:]
		case 2:
			l, n := binary.Uvarint(b)
			if n <= 0 || l > uint64(len(b)-n) {
				return errors.New("bad length-delimited field")
			}
			val = b[n : n+int(l)]
			b = b[n+int(l):]
		case 5:
			if len(b) < 4 {
				return errors.New("truncated fixed32")
			}
			b = b[4:]
		default:
			return fmt.Errorf("unsupported wire type %d", wire)
		}
		if num == 0 {
			return errors.New("field number 0")
		}
		if err := fn(num, wire, val); err != nil {
			return err
		}
	}
	return nil
}
