// Package siim_isic_melanoma_classification is the siim-isic-melanoma-classification competition (the original's
// mlebench/competitions/siim-isic-melanoma-classification/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/siim-isic-melanoma-classification.md
//
// Quirks reproduced:
//   - the test split is every train.csv row whose image_name appears in the
//     two TFRecord files hard-coded by full name, raw/tfrecords/train00-2071.tfrec
//     and train06-2071.tfrec (a differently suffixed file is not looked for);
//     records are checked as TensorFlow's reader does (masked CRC32C of the
//     length and the data) and each must carry an image_name bytes feature;
//   - both parts keep train.csv's row order; age_approx is float64 ("45.0",
//     empty when missing);
//   - DICOM and JPEG files are copied per row into public/{train,test}/ and
//     public/jpeg/{train,test}/; a missing file or a duplicate image_name
//     fails prepare (the original's copy / count asserts);
//   - every raw train*.tfrec is copied, sorted by name, to
//     public/tfrecords/testKK-<count>.tfrec (the two test files) or
//     trainKK-<count>.tfrec (the rest), KK counting each kind from 00 and
//     <count> being the second "-"-separated field of the file stem;
//   - grading is prepare_for_auroc_metric (image_name, target) and
//     scikit-learn's binary roc_auc_score, a numpy float64.
//
// Deviation: the original reads raw/train.csv with pandas' default float
// parser, this port with the round-trip one; they differ at most in the last
// bit of long decimals, which age_approx (whole numbers) never has.
package siim_isic_melanoma_classification

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "siim-isic-melanoma-classification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

// testRecords are the TFRecord files whose images form the test split.
var testRecords = []string{"train00-2071.tfrec", "train06-2071.tfrec"}

// columns are the asserted train.csv columns, in order.
var columns = []string{"image_name", "patient_id", "sex", "age_approx", "anatom_site_general_challenge", "diagnosis", "benign_malignant", "target"}

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

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maskedCRC is TFRecord's masked CRC32C.
func maskedCRC(b []byte) uint32 {
	c := crc32.Checksum(b, castagnoli)
	return (c>>15 | c<<17) + 0xa282ead8
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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, "image_name", "target")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// recordFiles are the fake train*.tfrec names (the real download has
// train00-2071 … train15-2061); the two test files come first.
var recordFiles = []string{"train00-2071.tfrec", "train06-2071.tfrec", "train01-2071.tfrec", "train02-2071.tfrec", "train07-2070.tfrec", "train10-2069.tfrec", "train15-2061.tfrec"}

// FakeRaw writes raw/train.csv (8 columns, default 60 rows: blanks in
// sex, age_approx and the site, some ages written "45" rather than "45.0"),
// raw/train/<image>.dcm (minimal valid DICOM files), raw/jpeg/train/<image>.jpg
// (tiny JPEGs), and raw/tfrecords/train*.tfrec: every image is in one
// record (a tf.train.Example with image, image_name and target features) of
// one of seven files; train00-2071 and train06-2071 hold about a quarter
// of the rows including both targets. A raw tfrecords/test00-0687.tfrec
// (never read) checks that only train*.tfrec files are copied.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "siim-isic-melanoma-classification")
	n := max(4, synth.Rows(opt.Rows, 60))
	names, err := synth.Unique(n, func() string { return "ISIC_" + synth.Digits(r, 7) })
	if err != nil {
		return err
	}
	patients, err := synth.Unique(max(1, n/3), func() string { return "IP_" + synth.Digits(r, 7) })
	if err != nil {
		return err
	}
	sites := []string{"head/neck", "upper extremity", "lower extremity", "torso", "palms/soles", "oral/genital", ""}
	benign := []string{"unknown", "unknown", "unknown", "nevus", "seborrheic keratosis", "lentigo NOS", "lichenoid keratosis", "solar lentigo", "cafe-au-lait macule", "atypical melanocytic proliferation"}
	csv := synth.CSV{Header: columns}
	files := make([][][]byte, len(recordFiles)) // records per file
	for i, name := range names {
		target := 0
		if r.IntN(6) == 0 {
			target = 1
		}
		file := 2 + r.IntN(len(recordFiles)-2)
		if r.IntN(4) == 0 {
			file = r.IntN(2)
		}
		switch i { // both targets in the test files, and in train
		case 0, 1:
			file, target = i, i
		case 2, 3:
			file, target = 2+i, i-2
		}
		sex := synth.Pick(r, []string{"male", "female", "male", "female", ""})
		age := strconv.Itoa(5*(2+r.IntN(17))) + ".0"
		switch r.IntN(12) {
		case 0:
			age = ""
		case 1:
			age = strings.TrimSuffix(age, ".0")
		}
		diag, bm := synth.Pick(r, benign), "benign"
		if target == 1 {
			diag, bm = "melanoma", "malignant"
		}
		csv.Add(name, synth.Pick(r, patients), sex, age, synth.Pick(r, sites), diag, bm, strconv.Itoa(target))

		img, err := synth.JPEG(synth.RGB(r, 8, 8))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "jpeg", "train", name+".jpg"), img); err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train", name+".dcm"), dicom(r.Uint64(), name, 4, 4, r)); err != nil {
			return err
		}
		files[file] = append(files[file], example(name, img, int64(target)))
	}
	if err := csv.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	for k, recs := range files {
		if err := synth.WriteFile(filepath.Join(dir, "tfrecords", recordFiles[k]), tfRecords(recs)); err != nil {
			return err
		}
	}
	return synth.WriteFile(filepath.Join(dir, "tfrecords", "test00-0687.tfrec"), tfRecords(nil))
}

// tfRecords frames records as a TFRecord file.
func tfRecords(recs [][]byte) []byte {
	var b bytes.Buffer
	for _, rec := range recs {
		var head [8]byte
		binary.LittleEndian.PutUint64(head[:], uint64(len(rec)))
		b.Write(head[:])
		binary.Write(&b, binary.LittleEndian, maskedCRC(head[:]))
		b.Write(rec)
		binary.Write(&b, binary.LittleEndian, maskedCRC(rec))
	}
	return b.Bytes()
}

// example encodes a tf.train.Example with features image (bytes),
// image_name (bytes) and target (int64).
func example(name string, image []byte, target int64) []byte {
	field := func(dst []byte, num int, payload []byte) []byte {
		dst = binary.AppendUvarint(dst, uint64(num<<3|2))
		dst = binary.AppendUvarint(dst, uint64(len(payload)))
		return append(dst, payload...)
	}
	bytesFeature := func(v []byte) []byte { return field(nil, 1, field(nil, 1, v)) }
	int64Feature := func(v int64) []byte {
		return field(nil, 3, field(nil, 1, binary.AppendUvarint(nil, uint64(v))))
	}
	entry := func(key string, feature []byte) []byte {
		return field(field(nil, 1, []byte(key)), 2, feature)
	}
	var features []byte
	features = field(features, 1, entry("image", bytesFeature(image)))
	features = field(features, 1, entry("image_name", bytesFeature([]byte(name))))
	features = field(features, 1, entry("target", int64Feature(target)))
	return field(nil, 1, features)
}

// dicom returns a minimal DICOM Part 10 file (explicit VR little
// endian, Secondary Capture) holding a rows×cols 8-bit grayscale image.
func dicom(uid uint64, patient string, rows, cols int, r interface{ IntN(int) int }) []byte {
	le := binary.LittleEndian
	pad := func(s string, with byte) []byte {
		b := []byte(s)
		if len(b)%2 == 1 {
			b = append(b, with)
		}
		return b
	}
	elem := func(dst []byte, group, element uint16, vr string, val []byte) []byte {
		dst = le.AppendUint16(dst, group)
		dst = le.AppendUint16(dst, element)
		dst = append(dst, vr...)
		switch vr {
		case "OB", "OW", "SQ", "UN", "UT":
			dst = append(dst, 0, 0)
			dst = le.AppendUint32(dst, uint32(len(val)))
		default:
			dst = le.AppendUint16(dst, uint16(len(val)))
		}
		return append(dst, val...)
	}
	us := func(v int) []byte { return le.AppendUint16(nil, uint16(v)) }
	sopClass := pad("1.2.840.10008.5.1.4.1.1.7", 0)
	sopInstance := pad("1.2.826.0.1.3680043.8.498."+strconv.FormatUint(uid>>1, 10), 0)
	var meta []byte
	meta = elem(meta, 0x0002, 0x0001, "OB", []byte{0, 1})
	meta = elem(meta, 0x0002, 0x0002, "UI", sopClass)
	meta = elem(meta, 0x0002, 0x0003, "UI", sopInstance)
	meta = elem(meta, 0x0002, 0x0010, "UI", pad("1.2.840.10008.1.2.1", 0))
	out := make([]byte, 128, 1024)
	out = append(out, "DICM"...)
	out = elem(out, 0x0002, 0x0000, "UL", le.AppendUint32(nil, uint32(len(meta))))
	out = append(out, meta...)
	out = elem(out, 0x0008, 0x0016, "UI", sopClass)
	out = elem(out, 0x0008, 0x0018, "UI", sopInstance)
	out = elem(out, 0x0008, 0x0060, "CS", pad("OT", ' '))
	out = elem(out, 0x0010, 0x0020, "LO", pad(patient, ' '))
	out = elem(out, 0x0028, 0x0002, "US", us(1))
	out = elem(out, 0x0028, 0x0004, "CS", pad("MONOCHROME2", ' '))
	out = elem(out, 0x0028, 0x0010, "US", us(rows))
	out = elem(out, 0x0028, 0x0011, "US", us(cols))
	out = elem(out, 0x0028, 0x0100, "US", us(8))
	out = elem(out, 0x0028, 0x0101, "US", us(8))
	out = elem(out, 0x0028, 0x0102, "US", us(7))
	out = elem(out, 0x0028, 0x0103, "US", us(0))
	pixels := make([]byte, rows*cols+rows*cols%2)
	for i := 0; i < rows*cols; i++ {
		pixels[i] = byte(r.IntN(256))
	}
	return elem(out, 0x7FE0, 0x0010, "OB", pixels)
}
