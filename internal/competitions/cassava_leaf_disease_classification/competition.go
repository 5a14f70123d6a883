package cassava_leaf_disease_classification

// cassava-leaf-disease-classification:
// ../shared/spec/competitions/cassava-leaf-disease-classification.md
//
// Quirks reproduced:
//   - the split is over TFRecord FILES: train_test_split(test_size=0.1,
//     random_state=0) of the byte-sorted *.tfrec paths; the test image ids
//     are the image_name features of the test files' records (TFRecord
//     framing and both masked CRC32C checksums verified, tf.train.Example
//     decoded by a small protobuf wire reader: unknown fields skipped, last
//     map entry wins);
//   - train.csv rows whose image_id is in no test file go to train (also
//     ids in no TFRecord at all); test-file names with no train.csv row are
//     ignored;
//   - copied TFRecords are renamed ld_train{i:02d}-{n}.tfrec /
//     ld_test{i:02d}-{n}.tfrec with i the position in split order and n the
//     text after the first '-' of the original stem (no recount);
//   - the final asserts count every entry of the four public folders, so a
//     duplicated image_id fails prepare;
//   - the sample submission labels every test image 4;
//   - grading is the shared accuracy helper (label, image_id).

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "cassava-leaf-disease-classification",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// maskedCRC is TensorFlow's masked CRC32C.
func maskedCRC(b []byte) uint32 {
	c := crc32.Checksum(b, crcTable)
	return ((c >> 15) | (c << 17)) + 0xA282EAD8
}

// readImageNames returns feature["image_name"].bytes_list.value[0]
// of every record of the TFRecord file, in order.
func readImageNames(ctx context.Context, path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(f, 1<<20)
	var names []string
	var off int64
	for rec := 0; ; rec++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var head [12]byte
		k, err := io.ReadFull(br, head[:])
		if err == io.EOF {
			return names, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: record %d: truncated header (%d bytes)", path, rec, k)
		}
		if binary.LittleEndian.Uint32(head[8:]) != maskedCRC(head[:8]) {
			return nil, fmt.Errorf("%s: record %d: corrupted record (length checksum mismatch)", path, rec)
		}
		n := binary.LittleEndian.Uint64(head[:8])
		off += 12
		if n > uint64(st.Size()-off) {
			return nil, fmt.Errorf("%s: record %d: truncated record (length %d)", path, rec, n)
		}
		payload := make([]byte, n+4)
		if _, err := io.ReadFull(br, payload); err != nil {
			return nil, fmt.Errorf("%s: record %d: truncated record", path, rec)
		}
		off += int64(n) + 4
		if binary.LittleEndian.Uint32(payload[n:]) != maskedCRC(payload[:n]) {
			return nil, fmt.Errorf("%s: record %d: corrupted record (data checksum mismatch)", path, rec)
		}
		name, err := exampleImageName(payload[:n])
		if err != nil {
			return nil, fmt.Errorf("%s: record %d: %w", path, rec, err)
		}
		names = append(names, name)
	}
}

// field is one protobuf wire field: number, wire type and, for
// length-delimited fields, the bytes.
type field struct {
	num  uint64
	wt   uint64
	data []byte
}

// fields splits a protobuf message into its fields (groups are not
// supported: wire types 3/4 are an error).
func fields(b []byte) ([]field, error) {
	var out []field
	for len(b) > 0 {
		tag, k := binary.Uvarint(b)
		if k <= 0 {
			return nil, errors.New("protobuf: bad tag")
		}
		b = b[k:]
		f := field{num: tag >> 3, wt: tag & 7}
		if f.num == 0 {
			return nil, errors.New("protobuf: field number 0")
		}
		switch f.wt {
		case 0:
			_, k := binary.Uvarint(b)
			if k <= 0 {
				return nil, errors.New("protobuf: bad varint")
			}
			b = b[k:]
		case 1:
			if len(b) < 8 {
				return nil, errors.New("protobuf: truncated fixed64")
			}
			b = b[8:]
		case 5:
			if len(b) < 4 {
				return nil, errors.New("protobuf: truncated fixed32")
			}
			b = b[4:]
		case 2:
			l, k := binary.Uvarint(b)
			if k <= 0 || l > uint64(len(b)-k) {
				return nil, errors.New("protobuf: truncated length-delimited field")
			}
			f.data = b[k : k+int(l)]
			b = b[k+int(l):]
		default:
			return nil, fmt.Errorf("protobuf: unsupported wire type %d", f.wt)
		}
		out = append(out, f)
	}
	return out, nil
}

// exampleImageName decodes a tf.train.Example and returns
// feature["image_name"].bytes_list.value[0] as UTF-8 text.
func exampleImageName(b []byte) (string, error) {
	top, err := fields(b)
	if err != nil {
		return "", err
	}
	var feature []byte // the last "image_name" Feature message
	found := false
	for _, f := range top {
		if f.num != 1 || f.wt != 2 { // Example.features
			continue
		}
		entries, err := fields(f.data)
		if err != nil {
			return "", err
		}
		for _, e := range entries {
			if e.num != 1 || e.wt != 2 { // Features.feature map entry
				continue
			}
			kv, err := fields(e.data)
			if err != nil {
				return "", err
			}
			key, val := "", []byte(nil)
			for _, x := range kv {
				switch {
				case x.num == 1 && x.wt == 2:
					key = string(x.data)
				case x.num == 2 && x.wt == 2:
					val = append(val, x.data...) // repeated message fields merge
				}
			}
			if key == "image_name" {
				feature, found = val, true
			}
		}
	}
	if !found {
		return "", errors.New("no image_name feature (KeyError)")
	}
	parts, err := fields(feature)
	if err != nil {
		return "", err
	}
	var values [][]byte
	for _, p := range parts {
		if p.wt != 2 {
			continue
		}
		switch p.num {
		case 1: // bytes_list (merged if repeated)
			vs, err := fields(p.data)
			if err != nil {
				return "", err
			}
			for _, v := range vs {
				if v.num == 1 && v.wt == 2 {
					values = append(values, v.data)
				}
			}
		case 2, 3: // another oneof member clears bytes_list
			values = nil
		}
	}
	if len(values) == 0 {
		return "", errors.New("image_name has no bytes value (IndexError)")
	}
	if !utf8.Valid(values[0]) {
		return "", errors.New("image_name is not valid UTF-8 (UnicodeDecodeError)")
	}
	return string(values[0]), nil
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	recDir := filepath.Join(d.Raw, "train_tfrecords")
	ents, err := os.ReadDir(recDir)
	if err != nil {
		return fmt.Errorf("listing raw train_tfrecords: %w", err)
	}
	var files []string
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".tfrec") || e.Name() == ".tfrec" {
			continue
		}
		if st, err := os.Stat(filepath.Join(recDir, e.Name())); err != nil || !st.Mode().IsRegular() {
			continue
		}
		files = append(files, e.Name())
	}
	slices.Sort(files)
	lengths := make([]string, len(files))
	for i, name := range files {
		parts := strings.Split(strings.TrimSuffix(name, ".tfrec"), "-")
		if len(parts) < 2 {
			return fmt.Errorf("tfrecord %s: no '-' in the file stem (IndexError)", name)
		}
		lengths[i] = parts[1]
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(len(files), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting %d tfrecord files: %w", len(files), err)
	}
	testIDs := map[string]bool{}
	for _, i := range testIdx {
		names, err := readImageNames(ctx, filepath.Join(recDir, files[i]))
		if err != nil {
			return fmt.Errorf("reading tfrecord: %w", err)
		}
		for _, n := range names {
			testIDs[n] = true
		}
	}

	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !slices.Equal(old.Names(), []string{"image_id", "label"}) {
		return fmt.Errorf("AssertionError: raw train.csv columns %v, want [image_id label]", old.Names())
	}
	ids, _ := old.Col("image_id")
	var trainRows, testRows []int
	for i := 0; i < old.Len(); i++ {
		if !ids.IsNull(i) && testIDs[ids.Str(i)] {
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
	}
	newTrain, newTest := old.Take(trainRows), old.Take(testRows)
	fours := make([]int64, newTest.Len())
	for i := range fours {
		fours[i] = 4
	}
	sample, err := newTest.Drop("label").With(table.Ints("label", fours))
	if err != nil {
		return err
	}
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: newTest},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	); err != nil {
		return err
	}

	copyRecs := func(idx []int, sub, prefix string) error {
		dst := filepath.Join(d.Public, sub)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		for i, k := range idx {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := fmt.Sprintf("%s%02d-%s.tfrec", prefix, i, lengths[k])
			if err := imagecopy.CopyFile(filepath.Join(recDir, files[k]), filepath.Join(dst, name)); err != nil {
				return fmt.Errorf("copying tfrecord %s: %w", files[k], err)
			}
		}
		return nil
	}
	if err := copyRecs(trainIdx, "train_tfrecords", "ld_train"); err != nil {
		return err
	}
	if err := copyRecs(testIdx, "test_tfrecords", "ld_test"); err != nil {
		return err
	}
	names := func(t *table.Table) []string {
		c, _ := t.Col("image_id")
		out := make([]string, t.Len())
		for i := range out {
			out[i] = c.Str(i)
		}
		return out
	}
	if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train_images"), filepath.Join(d.Public, "train_images"), names(newTrain)); err != nil {
		return err
	}
	if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train_images"), filepath.Join(d.Public, "test_images"), names(newTest)); err != nil {
		return err
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "label_num_to_disease_map.json"), filepath.Join(d.Public, "label_num_to_disease_map.json")); err != nil {
		return fmt.Errorf("copying label_num_to_disease_map.json: %w", err)
	}

	for _, c := range []struct {
		dir  string
		want int
	}{{"train_images", newTrain.Len()}, {"test_images", newTest.Len()}, {"train_tfrecords", len(trainIdx)}, {"test_tfrecords", len(testIdx)}} {
		got, err := os.ReadDir(filepath.Join(d.Public, c.dir))
		if err != nil {
			return err
		}
		if len(got) != c.want {
			return fmt.Errorf("AssertionError: public/%s has %d entries, want %d (duplicate image_id?)", c.dir, len(got), c.want)
		}
	}
	return nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yPred, err := submission.PrepareForAccuracy(sub, ans, "label", "image_id")
	if err != nil {
		return competition.Score{}, err
	}
	acc, err := metric.Accuracy(yTrue, yPred)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Float(acc), nil
}

// example encodes a tf.train.Example with features image (bytes),
// image_name (bytes) and target (int64), map entries in that order.
func example(image []byte, name string, target int64) []byte {
	ld := func(dst []byte, num int, b []byte) []byte {
		dst = binary.AppendUvarint(dst, uint64(num)<<3|2)
		dst = binary.AppendUvarint(dst, uint64(len(b)))
		return append(dst, b...)
	}
	bytesFeature := func(b []byte) []byte { return ld(nil, 1, ld(nil, 1, b)) }
	intFeature := func(v int64) []byte {
		packed := binary.AppendUvarint(nil, uint64(v))
		return ld(nil, 3, ld(nil, 1, packed))
	}
	entry := func(key string, feat []byte) []byte { return ld(ld(nil, 1, []byte(key)), 2, feat) }
	var features []byte
	features = ld(features, 1, entry("image", bytesFeature(image)))
	features = ld(features, 1, entry("image_name", bytesFeature([]byte(name))))
	features = ld(features, 1, entry("target", intFeature(target)))
	return ld(nil, 1, features)
}

// record frames one TFRecord record.
func record(dst, payload []byte) []byte {
	var head [8]byte
	binary.LittleEndian.PutUint64(head[:], uint64(len(payload)))
	dst = append(dst, head[:]...)
	dst = binary.LittleEndian.AppendUint32(dst, maskedCRC(head[:]))
	dst = append(dst, payload...)
	return binary.LittleEndian.AppendUint32(dst, maskedCRC(payload))
}

// FakeRaw writes raw/train.csv (default 170 rows, labels 0-4),
// raw/train_images/<id> (tiny JPEGs), 16 TFRecord files
// ld_train{00..15}-{count}.tfrec holding 10 images each (160 of the rows;
// the other 10 are in no TFRecord and go to train), one extra record in
// file 01 and 06 whose name has no train.csv row, a non-.tfrec file in the
// folder, label_num_to_disease_map.json and the unused test folders and
// sample submission.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "cassava-leaf-disease-classification")
	n := max(synth.Rows(opt.Rows, 170), 20)
	seen := map[int]bool{}
	ids := make([]string, n)
	for i := range ids {
		v := 1000015157 + r.IntN(3_000_000_000)
		for seen[v] {
			v = 1000015157 + r.IntN(3_000_000_000)
		}
		seen[v] = true
		ids[i] = fmt.Sprintf("%d.jpg", v)
	}
	labels := make([]int64, n)
	csv := synth.CSV{Header: []string{"image_id", "label"}}
	for i, id := range ids {
		labels[i] = int64(r.IntN(5))
		if r.IntN(2) == 0 {
			labels[i] = 3 // the real data is dominated by class 3
		}
		csv.Add(id, fmt.Sprint(labels[i]))
		img, err := synth.JPEG(synth.RGB(r, 4, 4))
		if err != nil {
			return err
		}
		if err := synth.WriteFile(filepath.Join(dir, "train_images", id), img); err != nil {
			return err
		}
	}
	if err := csv.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	const nFiles = 16
	inRec := r.Perm(n)[:n-n/17] // the rest are in no TFRecord
	for f := 0; f < nFiles; f++ {
		var recs []byte
		count := 0
		for k := f; k < len(inRec); k += nFiles {
			i := inRec[k]
			recs = record(recs, example([]byte{0xff, 0xd8, byte(i)}, ids[i], labels[i]))
			count++
		}
		if f == 1 || f == 6 {
			recs = record(recs, example(nil, fmt.Sprintf("99%02d.jpg", f), 0))
			count++
		}
		name := fmt.Sprintf("ld_train%02d-%d.tfrec", f, count)
		if err := synth.WriteFile(filepath.Join(dir, "train_tfrecords", name), recs); err != nil {
			return err
		}
	}
	if err := synth.WriteFile(filepath.Join(dir, "train_tfrecords", "notes.tfrecord"), []byte("not a tfrec")); err != nil {
		return err
	}
	labelsMap := `{"0": "Cassava Bacterial Blight (CBB)", "1": "Cassava Brown Streak Disease (CBSD)", "2": "Cassava Green Mottle (CGM)", "3": "Cassava Mosaic Disease (CMD)", "4": "Healthy"}`
	if err := synth.WriteFile(filepath.Join(dir, "label_num_to_disease_map.json"), []byte(labelsMap)); err != nil {
		return err
	}
	img, err := synth.JPEG(synth.RGB(r, 4, 4))
	if err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "test_images", "2216849948.jpg"), img); err != nil {
		return err
	}
	if err := synth.WriteFile(filepath.Join(dir, "test_tfrecords", "ld_test00-1.tfrec"),
		record(nil, example(img, "2216849948.jpg", 0))); err != nil {
		return err
	}
	return synth.WriteFile(filepath.Join(dir, "sample_submission.csv"), []byte("image_id,label\n2216849948.jpg,4\n"))
}
