package ml2021spring_hw2

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/npyfile"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// TestConformance runs the suite on the seed-0 fake data (100 train rows,
// 40 test rows: 29 answer rows); every prepared file, the three .npy files
// included, must match testdata/ml2021spring-hw2/golden_md5.json, which
// reference_prepare.py (numpy np.save + scikit-learn + pandas) produced from
// the same raw data. Class 0 does not occur among the 29 answers, so the
// all-zero sample scores 0.
func TestConformance(t *testing.T) {
	zero, one := 0.0, 1.0
	impl := Competition
	p := competitiontest.Run(t, impl, competitiontest.Options{
		GoldenMD5:   filepath.Join("testdata", "golden_md5.json"),
		SampleScore: &zero,
		GoldScore:   &one,
	})
	t.Run("reference scores", func(t *testing.T) {
		comptest.CheckReferenceScores(t, impl, p.Paths.Answers, filepath.Join("testdata"))
	})
	t.Run("malformed", func(t *testing.T) {
		answers, err := grade.LoadAnswers(impl, p.Paths.Answers)
		if err != nil {
			t.Fatal(err)
		}
		comptest.Malformed(t, impl, answers, answers, "Id", "ClassId")
	})
}

// TestGrade covers the binary-path rules of the spec's metric notes on a
// tiny hand-made answers table (scores by hand).
func TestGrade(t *testing.T) {
	multi := comptest.Table(t, "Id,ClassId\n0,3\n1,5\n2,7\n3,3\n")
	binary := comptest.Table(t, "Id,ClassId\n0,1\n1,2\n2,1\n3,2\n")
	for _, tc := range []struct {
		name     string
		ans, sub string
		want     float64 // -1 invalid, -2 other error
	}{
		{"perfect", "m", "Id,ClassId\n3,3\n2,7\n1,5\n0,3\n", 1},
		{"integral floats", "m", "Id,ClassId\n0,3.0\n1,5.0\n2,1.0\n3,1.0\n", 0.5},
		{"text is wrong (multiclass)", "m", "Id,ClassId\n0,a\n1,5\n2,7\n3,3\n", 0},
		{"text raises (binary)", "b", "Id,ClassId\n0,a\n1,2\n2,a\n3,2\n", -2},
		{"ints (binary)", "b", "Id,ClassId\n0,1\n1,1\n2,1\n3,1\n", 0.5},
		{"non-integral float", "m", "Id,ClassId\n0,3.5\n1,5\n2,7\n3,3\n", -2},
		{"1. row count", "m", "Id,ClassId\n0,3\n", -1},
		{"2. no ClassId", "m", "Id,classid\n0,3\n1,5\n2,7\n3,3\n", -1},
		{"3. no Id", "m", "ID,ClassId\n0,3\n1,5\n2,7\n3,3\n", -1},
		{"4. ids differ", "m", "Id,ClassId\n0,3\n1,5\n2,7\n4,3\n", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ans := multi
			if tc.ans == "b" {
				ans = binary
			}
			s, err := Grade(comptest.Table(t, tc.sub), ans)
			switch {
			case tc.want == -1:
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
			case tc.want == -2:
				if err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want a non-invalid error", err)
				}
			default:
				if err != nil {
					t.Fatal(err)
				}
				if s.Value != tc.want || s.Kind != competition.PyFloat {
					t.Fatalf("score %v kind %v, want %v (Python float)", s.Value, s.Kind, tc.want)
				}
			}
		})
	}
}

// TestNpyHeader checks np.save's preamble against the spec's worked
// example and numpy's layout rules.
func TestNpyHeader(t *testing.T) {
	h := npyfile.FormatHeader("<f4", []int{330291, 429})
	if len(h) != 128 || binary.LittleEndian.Uint16(h[8:10]) != 0x76 {
		t.Errorf("(330291, 429) <f4: preamble %d bytes, length field %#x; want 128, 0x76", len(h), binary.LittleEndian.Uint16(h[8:10]))
	}
	if want := "{'descr': '<f4', 'fortran_order': False, 'shape': (330291, 429), }"; !bytes.HasPrefix(h[10:], []byte(want)) {
		t.Errorf("header %q, want prefix %q", h[10:], want)
	}
	for _, shape := range [][]int{{5}, {123456789}, {0, 3}, {7, 2, 2}} {
		h := npyfile.FormatHeader("<U2", shape)
		if len(h)%64 != 0 || h[len(h)-1] != '\n' {
			t.Errorf("%v: preamble of %d bytes not 64-aligned or not newline-terminated", shape, len(h))
		}
	}
	if h := npyfile.FormatHeader("<i8", []int{5}); !bytes.Contains(h, []byte("'shape': (5,), }")) {
		t.Errorf("1-D shape not rendered as a 1-tuple: %q", h)
	}
}

// TestVariants prepares raw data with integer labels and a
// Fortran-order feature matrix: the answers must have the same bytes as
// with "<U2" labels, the public labels keep the raw dtype and the feature
// rows come out in C order.
func TestVariants(t *testing.T) {
	base := t.TempDir()
	prep := func(name string, edit func(raw string)) competition.Dirs {
		d := competition.Dirs{Raw: filepath.Join(base, name, "raw"), Public: filepath.Join(base, name, "public"), Private: filepath.Join(base, name, "private")}
		for _, p := range []string{d.Public, d.Private} {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 30}); err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			edit(filepath.Join(d.Raw, subDir))
		}
		if err := Prepare(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	plain := prep("plain", nil)
	ints := prep("ints", func(raw string) {
		p := filepath.Join(raw, "train_label_11.npy")
		a, err := npyfile.ReadHeader(p)
		if err != nil {
			t.Fatal(err)
		}
		b := read(p)[a.Offset:]
		out := npyfile.FormatHeader("<i8", a.Shape)
		for i := 0; i < len(b); i += 8 {
			v := 0
			for _, c := range []uint32{binary.LittleEndian.Uint32(b[i:]), binary.LittleEndian.Uint32(b[i+4:])} {
				if c != 0 {
					v = v*10 + int(c-'0')
				}
			}
			out = binary.LittleEndian.AppendUint64(out, uint64(v))
		}
		if err := os.WriteFile(p, out, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	fortran := prep("fortran", func(raw string) {
		p := filepath.Join(raw, "train_11.npy")
		a, err := npyfile.ReadHeader(p)
		if err != nil {
			t.Fatal(err)
		}
		b := read(p)[a.Offset:]
		rows, cols := a.Shape[0], a.Shape[1]
		out := bytes.Replace(npyfile.FormatHeader("<f4", a.Shape), []byte("'fortran_order': False"), []byte("'fortran_order': True"), 1)
		out = out[:len(out)-2] // keep 64-byte alignment: "True" is one byte shorter
		out = append(out, '\n')
		binary.LittleEndian.PutUint16(out[8:10], uint16(len(out)-10))
		for j := range cols {
			for i := range rows {
				out = append(out, b[(i*cols+j)*4:(i*cols+j)*4+4]...)
			}
		}
		if err := os.WriteFile(p, out, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	if !bytes.Equal(read(filepath.Join(plain.Private, "answers.csv")), read(filepath.Join(ints.Private, "answers.csv"))) {
		t.Error("answers.csv differs between <U2 and <i8 labels")
	}
	lab, err := npyfile.ReadHeader(filepath.Join(ints.Public, subDir, "train_label_11.npy"))
	if err != nil || lab.Descr != "<i8" {
		t.Errorf("public labels: %+v %v, want descr <i8", lab, err)
	}
	for _, f := range []string{"train_11.npy", "test_11.npy"} {
		if !bytes.Equal(read(filepath.Join(plain.Public, subDir, f)), read(filepath.Join(fortran.Public, subDir, f))) {
			t.Errorf("%s differs for a Fortran-order raw matrix", f)
		}
	}
}

// TestPrepareErrors: broken raw data gives an error, never a panic.
func TestPrepareErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(raw string) error
	}{
		{"missing test_11", func(raw string) error { return os.Remove(filepath.Join(raw, "test_11.npy")) }},
		{"not npy", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train_11.npy"), []byte("hello"), 0o644)
		}},
		{"object labels", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "train_label_11.npy"), npyfile.FormatHeader("|O", []int{30}), 0o644)
		}},
		{"too few labels", func(raw string) error {
			out := npyfile.FormatHeader("<i8", []int{3})
			out = append(out, make([]byte, 24)...)
			return os.WriteFile(filepath.Join(raw, "train_label_11.npy"), out, 0o644)
		}},
		{"truncated features", func(raw string) error {
			p := filepath.Join(raw, "train_11.npy")
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(p, b[:len(b)-1], 0o644)
		}},
		{"empty test", func(raw string) error {
			return os.WriteFile(filepath.Join(raw, "test_11.npy"), npyfile.FormatHeader("<f4", []int{0, 429}), 0o644)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: 30}); err != nil {
				t.Fatal(err)
			}
			if err := tc.edit(filepath.Join(d.Raw, subDir)); err != nil {
				t.Fatal(err)
			}
			if err := Prepare(context.Background(), d); err == nil {
				t.Fatal("prepare succeeded")
			}
		})
	}
}

// TestSplitSizes checks the spec's worked example of the split size.
func TestSplitSizes(t *testing.T) {
	frac := float64(451552) / float64(1229932+451552)
	if frac != 0.26854373874506093 {
		t.Fatalf("proportion %v", frac)
	}
	if n := math.Ceil(frac * 1229932); n != 330291 {
		t.Fatalf("n_test %v, want 330291", n)
	}
	train, test, err := pyrand.TrainTestSplit(1229932, pyrand.SplitOptions{TestSize: pyrand.Fraction(frac)})
	if err != nil {
		t.Fatal(err)
	}
	if len(test) != 330291 || len(train) != 1229932-330291 {
		t.Fatalf("split sizes %d/%d", len(train), len(test))
	}
}
