package cassava_leaf_disease_classification

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

// TestConformance runs the suite on the seed-0 fake data; every
// prepared file (CSVs, renamed TFRecords, images) must match
// testdata/cassava-leaf-disease-classification/golden_md5.json, produced by
// reference_prepare.py (pandas + scikit-learn, TFRecords decoded by hand).
// The test files are the sorted files 1 and 6, as the spec's vector says;
// the all-4 sample scores 0.1 on their 20 rows.
func TestConformance(t *testing.T) {
	impl := Competition
	sample, one := 0.1, 1.0
	dir := filepath.Join("testdata")
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join(dir, "golden_md5.json"),
		SampleScore: &sample,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, dir)
	})
	t.Run("malformed", func(t *testing.T) {
		ans, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, ans, ans, "image_id", "label")
	})
}

// tRaw writes a tiny raw download (2 TFRecord files) for prepare
// error tests; edit rewrites the record bytes of both files.
func tRaw(t *testing.T, csv string, edit func(rec []byte) []byte) competition.Dirs {
	t.Helper()
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Public, d.Private, filepath.Join(d.Raw, "train_images"), filepath.Join(d.Raw, "train_tfrecords")} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(filepath.Join(d.Raw, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("train.csv", csv)
	write("label_num_to_disease_map.json", "{}")
	for _, id := range []string{"a.jpg", "b.jpg", "c.jpg"} {
		write(filepath.Join("train_images", id), id)
	}
	for i, id := range []string{"a.jpg", "b.jpg"} {
		rec := record(nil, example(nil, id, 1))
		if edit != nil {
			rec = edit(rec)
		}
		write(filepath.Join("train_tfrecords", "ld_train0"+string(rune('0'+i))+"-1.tfrec"), string(rec))
	}
	return d
}

// TestPrepareSmall checks a two-file split by hand: n_test =
// ceil(0.2) = 1 and RandomState(0).permutation(2) = [1 0], so the sorted
// file 1 (holding b.jpg) is the test file and file 0 the train file; c.jpg,
// in no TFRecord, stays in train.
func TestPrepareSmall(t *testing.T) {
	d := tRaw(t, "image_id,label\na.jpg,0\nb.jpg,1\nc.jpg,2\n", nil)
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	test, _ := os.ReadFile(filepath.Join(d.Private, "test.csv"))
	train, _ := os.ReadFile(filepath.Join(d.Public, "train.csv"))
	sample, _ := os.ReadFile(filepath.Join(d.Public, "sample_submission.csv"))
	testID := "b.jpg"
	if string(test) != "image_id,label\nb.jpg,1\n" {
		t.Fatalf("test.csv = %q", test)
	}
	if string(train) != "image_id,label\na.jpg,0\nc.jpg,2\n" {
		t.Fatalf("train.csv = %q", train)
	}
	if string(sample) != "image_id,label\n"+testID+",4\n" {
		t.Errorf("sample = %q", sample)
	}
	for _, p := range []string{"test_tfrecords/ld_test00-1.tfrec", "train_tfrecords/ld_train00-1.tfrec", "test_images/" + testID, "train_images/c.jpg", "label_num_to_disease_map.json"} {
		if _, err := os.Stat(filepath.Join(d.Public, p)); err != nil {
			t.Error(err)
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	good := "image_id,label\na.jpg,0\nb.jpg,1\nc.jpg,2\n"
	flip := func(at int) func([]byte) []byte {
		return func(r []byte) []byte { r = bytes.Clone(r); r[at] ^= 1; return r }
	}
	for _, tc := range []struct {
		name, csv string
		edit      func([]byte) []byte
		want      string
	}{
		{"length checksum", good, flip(9), "checksum"},
		{"data checksum", good, flip(14), "checksum"},
		{"truncated record", good, func(r []byte) []byte { return r[:len(r)-2] }, "truncated"},
		{"truncated header", good, func(r []byte) []byte { return append(r, 1, 2, 3) }, "truncated"},
		{"no image_name", good, func([]byte) []byte { return record(nil, []byte{}) }, "image_name"},
		{"columns differ", "image_id,label,x\na.jpg,0,1\nb.jpg,1,1\nc.jpg,2,1\n", nil, "columns"},
		{"duplicate image_id", "image_id,label\na.jpg,0\nb.jpg,1\nc.jpg,2\nc.jpg,3\n", nil, "entries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := tRaw(t, tc.csv, tc.edit)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
	t.Run("stem without dash", func(t *testing.T) {
		d := tRaw(t, good, nil)
		if err := os.WriteFile(filepath.Join(d.Raw, "train_tfrecords", "nodash.tfrec"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := Prepare(context.Background(), d); err == nil || !strings.Contains(err.Error(), "'-'") {
			t.Fatalf("err = %v", err)
		}
	})
}

// TestExampleDecoding covers the protobuf rules: unknown fields are
// skipped, the last image_name map entry wins, an empty bytes_list or
// invalid UTF-8 raises.
func TestExampleDecoding(t *testing.T) {
	ld := func(num int, b []byte) []byte {
		out := binary.AppendUvarint(nil, uint64(num)<<3|2)
		out = binary.AppendUvarint(out, uint64(len(b)))
		return append(out, b...)
	}
	entry := func(key string, feature []byte) []byte { return ld(1, append(ld(1, []byte(key)), ld(2, feature)...)) }
	bytesList := func(vals ...string) []byte {
		var bl []byte
		for _, v := range vals {
			bl = append(bl, ld(1, []byte(v))...)
		}
		return ld(1, bl)
	}
	unknown := []byte{0x98, 0x01, 0x05} // field 19, varint 5
	for _, tc := range []struct {
		name string
		msg  []byte
		want string
	}{
		{"simple", ld(1, entry("image_name", bytesList("x.jpg", "y"))), "x.jpg"},
		{"unknown fields", append(unknown, ld(1, append(unknown, entry("image_name", bytesList("x.jpg"))...))...), "x.jpg"},
		{"last entry wins", ld(1, append(entry("image_name", bytesList("a")), entry("image_name", bytesList("b"))...)), "b"},
		{"split features", append(ld(1, entry("image_name", bytesList("a"))), ld(1, entry("target", nil))...), "a"},
		{"empty list", ld(1, entry("image_name", bytesList())), "ERR"},
		{"bad utf-8", ld(1, entry("image_name", bytesList("\xff"))), "ERR"},
		{"missing", ld(1, entry("image", bytesList("a"))), "ERR"},
		{"garbage", []byte{0x0a, 0x7f}, "ERR"},
	} {
		got, err := exampleImageName(tc.msg)
		if err != nil {
			got = "ERR"
		}
		if got != tc.want {
			t.Errorf("%s: %q (%v), want %q", tc.name, got, err, tc.want)
		}
	}
}
