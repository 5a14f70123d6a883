package cassava_leaf_disease_classification

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

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
		jobs := make([]filecopy.Job, len(idx))
		for i, k := range idx {
			name := fmt.Sprintf("%s%02d-%s.tfrec", prefix, i, lengths[k])
			jobs[i] = filecopy.Job{Src: filepath.Join(recDir, files[k]), Dst: filepath.Join(dst, name)}
		}
		if err := filecopy.Run(ctx, jobs); err != nil {
			return fmt.Errorf("copying tfrecords: %w", err)
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
