package siim_isic_melanoma_classification

import (
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

const testID = "siim-isic-melanoma-classification"

var testdata = filepath.Join("testdata")

// TestConformance runs the shared suite on the seed-0 fake raw data; the
// golden MD5s of every prepared file (CSVs, copied DICOM/JPEG files, renamed
// TFRecords) come from testdata/.../reference_prepare.py (pandas, shutil and
// a hand-written TFRecord reader), run once on the same fake raw data.
func TestConformance(t *testing.T) {
	competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:   filepath.Join(testdata, "golden_md5.json"),
		SampleScore: comptest.Ptr(0.5),
		GoldScore:   comptest.Ptr(1),
	})
}

// testDirs makes a fake raw download (seed 2, 12 rows) and empty
// public/private directories.
func testDirs(t *testing.T) competition.Dirs {
	t.Helper()
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		os.MkdirAll(p, 0o755)
	}
	if err := FakeRaw(d.Raw, competition.FakeOptions{Seed: 2, Rows: 12}); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestPrepareErrors: the failures the original hits.
func TestPrepareErrors(t *testing.T) {
	rec := func(d competition.Dirs, name string) string { return filepath.Join(d.Raw, "tfrecords", name) }
	for _, tc := range []struct {
		name  string
		setup func(d competition.Dirs) error
		want  string
	}{
		{"test_record_renamed", func(d competition.Dirs) error {
			return os.Rename(rec(d, "train06-2071.tfrec"), rec(d, "train06-2070.tfrec"))
		}, "train06-2071.tfrec"},
		{"bad_data_crc", func(d competition.Dirs) error {
			b, err := os.ReadFile(rec(d, "train00-2071.tfrec"))
			if err != nil {
				return err
			}
			b[len(b)-1] ^= 1
			return os.WriteFile(rec(d, "train00-2071.tfrec"), b, 0o644)
		}, "CRC mismatch"},
		{"bad_length_crc", func(d competition.Dirs) error {
			b, err := os.ReadFile(rec(d, "train00-2071.tfrec"))
			if err != nil {
				return err
			}
			b[8] ^= 1
			return os.WriteFile(rec(d, "train00-2071.tfrec"), b, 0o644)
		}, "CRC mismatch"},
		{"truncated_record", func(d competition.Dirs) error {
			b, err := os.ReadFile(rec(d, "train00-2071.tfrec"))
			if err != nil {
				return err
			}
			return os.WriteFile(rec(d, "train00-2071.tfrec"), b[:len(b)-2], 0o644)
		}, "truncated"},
		{"record_without_image_name", func(d competition.Dirs) error {
			return os.WriteFile(rec(d, "train06-2071.tfrec"), tfRecords([][]byte{exampleWithout()}), 0o644)
		}, "no image_name"},
		{"missing_dicom", func(d competition.Dirs) error {
			m, _ := filepath.Glob(filepath.Join(d.Raw, "train", "*.dcm"))
			return os.Remove(m[len(m)/2])
		}, "copying"},
		{"missing_jpeg", func(d competition.Dirs) error {
			m, _ := filepath.Glob(filepath.Join(d.Raw, "jpeg", "train", "*.jpg"))
			return os.Remove(m[0])
		}, "copying"},
		{"record_name_without_dash", func(d competition.Dirs) error {
			return os.WriteFile(rec(d, "train99.tfrec"), nil, 0o644)
		}, "IndexError"},
		{"wrong_columns", func(d competition.Dirs) error {
			return os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte("image_name,target\nISIC_1,0\n"), 0o644)
		}, "want exactly"},
		{"duplicate_image_name", func(d competition.Dirs) error {
			b, err := os.ReadFile(filepath.Join(d.Raw, "train.csv"))
			if err != nil {
				return err
			}
			lines := strings.SplitAfter(string(b), "\n")
			return os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(strings.Join(lines, "")+lines[1]), 0o644)
		}, "appears twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := testDirs(t)
			if err := tc.setup(d); err != nil {
				t.Fatal(err)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// exampleWithout is an Example with only a "target" feature.
func exampleWithout() []byte {
	entry := func(key string, feature []byte) []byte {
		b := binary.AppendUvarint(nil, 1<<3|2)
		b = binary.AppendUvarint(b, uint64(len(key)))
		b = append(b, key...)
		b = binary.AppendUvarint(b, 2<<3|2)
		b = binary.AppendUvarint(b, uint64(len(feature)))
		return append(b, feature...)
	}
	feature := []byte{3<<3 | 2, 2, 1<<3 | 0, 1} // int64_list{value: 1} (unpacked)
	e := entry("target", feature)
	features := append(binary.AppendUvarint([]byte{1<<3 | 2}, uint64(len(e))), e...)
	return append(binary.AppendUvarint([]byte{1<<3 | 2}, uint64(len(features))), features...)
}

// TestTFRecordRoundTrip: the fake writer and the reader agree, extra
// records and fields are skipped, and only the first bytes value counts.
func TestTFRecordRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.tfrec")
	recs := [][]byte{example("ISIC_0000001", []byte{1, 2, 3}, 0), example("ISIC_é", nil, 1)}
	if err := os.WriteFile(path, tfRecords(recs), 0o644); err != nil {
		t.Fatal(err)
	}
	ids, err := readImageNames(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ids, ",") != "ISIC_0000001,ISIC_é" {
		t.Errorf("ids %v", ids)
	}
	if _, err := exampleImageName([]byte{0xff}); err == nil {
		t.Error("garbage parsed as an Example")
	}
}

// TestGrade grades the cases of testdata/.../grade (outcomes and scores
// from reference_grade.py with scikit-learn), then fuzzes.
func TestGrade(t *testing.T) {
	impl := Competition
	dir := filepath.Join(testdata, "grade")
	comptest.RunGradeCases(t, impl, dir, competition.NumpyFloat64)
	answers, err := grade.LoadAnswers(impl, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	valid, err := os.ReadFile(filepath.Join(dir, "random_shuffled.csv"))
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, impl, answers, string(valid), competition.NumpyFloat64)
}

// TestNumericImageNames: the split is df["image_name"].isin(<set of
// TFRecord names>) (spec, Prepare steps 2-3); the TFRecord names are str, so
// an image_name column pandas parses as int64 matches none of them and every
// row stays in train, while a text column holding the same digits matches.
func TestNumericImageNames(t *testing.T) {
	for _, tc := range []struct {
		name, ids, wantAnswers string
	}{
		{"int64_column", "1,2,3", "image_name,target\n"},
		{"text_column", "1,2,x3", "image_name,target\n1,0\n2,1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private, filepath.Join(dir, "raw", "train"), filepath.Join(dir, "raw", "jpeg", "train"), filepath.Join(dir, "raw", "tfrecords")} {
				os.MkdirAll(p, 0o755)
			}
			csv := strings.Join(columns, ",") + "\n"
			for k, id := range strings.Split(tc.ids, ",") {
				csv += id + ",IP_1,male,45.0,torso,unknown,benign," + string(rune('0'+k%2)) + "\n"
				os.WriteFile(filepath.Join(d.Raw, "train", id+".dcm"), []byte("d"), 0o644)
				os.WriteFile(filepath.Join(d.Raw, "jpeg", "train", id+".jpg"), []byte("j"), 0o644)
			}
			os.WriteFile(filepath.Join(d.Raw, "train.csv"), []byte(csv), 0o644)
			os.WriteFile(filepath.Join(d.Raw, "tfrecords", "train00-2071.tfrec"), tfRecords([][]byte{example("1", nil, 0)}), 0o644)
			os.WriteFile(filepath.Join(d.Raw, "tfrecords", "train06-2071.tfrec"), tfRecords([][]byte{example("2", nil, 1)}), 0o644)
			if err := Prepare(context.Background(), d); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(filepath.Join(d.Private, "test.csv"))
			if string(got) != tc.wantAnswers {
				t.Errorf("private/test.csv:\n%s\nwant:\n%s", got, tc.wantAnswers)
			}
		})
	}
}
