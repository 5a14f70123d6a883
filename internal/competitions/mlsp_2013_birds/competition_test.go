package mlsp_2013_birds

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/competitions/internal/zipfile"
)

const testID = "mlsp-2013-birds"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s of the text files and, per recording
// folder, the MD5 of its sorted "<name> <md5>" listing — both from
// reference_prepare.py + golden_from_tree.py on the seed-0 fake raw data.
func TestConformance(t *testing.T) {
	var dirs map[string]struct {
		Files int    `json:"files"`
		MD5   string `json:"md5"`
	}
	comptest.ReadJSON(t, filepath.Join(testdata, "golden_dirs.json"), &dirs)
	var exclude []string
	for d := range dirs {
		exclude = append(exclude, d)
	}
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:     filepath.Join(testdata, "golden_md5.json"),
		GoldenExclude: exclude,
		SampleScore:   comptest.Ptr(0.5),
		GoldScore:     comptest.Ptr(1),
	})
	root := filepath.Dir(p.Paths.Public)
	for d, want := range dirs {
		entries, err := os.ReadDir(filepath.Join(root, d))
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(root, d, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			s := md5.Sum(b)
			lines = append(lines, e.Name()+" "+hex.EncodeToString(s[:])+"\n")
		}
		sort.Strings(lines)
		s := md5.Sum([]byte(strings.Join(lines, "")))
		if len(lines) != want.Files || hex.EncodeToString(s[:]) != want.MD5 {
			t.Errorf("%s: %d files, listing md5 %x; golden %d files, %s", d, len(lines), s, want.Files, want.MD5)
		}
	}
}

func TestC2PySplitlines(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a\n", []string{"a"}},
		{"a\n\nb", []string{"a", "", "b"}},
		{"a\r\nb\rc\n", []string{"a", "b", "c"}},
		{"a\vb\fc\x1cd\u2028e\u0085f\x85g", []string{"a", "b", "c", "d", "e", "f\x85g"}},
		{"a\n\n", []string{"a", ""}},
	} {
		if got := pandas.PySplitlines(c.in); fmt.Sprint(got) != fmt.Sprint(c.want) || len(got) != len(c.want) {
			t.Errorf("splitlines(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// raw builds a fake raw zip with m fold-0 records and lets mutate
// rewrite members before zipping.
func raw(t *testing.T, dir string, m int, mutate func(map[string][]byte)) {
	t.Helper()
	tmp := t.TempDir()
	if err := FakeRaw(tmp, competition.FakeOptions{Seed: 1, Rows: m}); err != nil {
		t.Fatal(err)
	}
	z, err := zipfile.Open(filepath.Join(tmp, "mlsp_contest_dataset.zip"))
	if err != nil {
		t.Fatal(err)
	}
	members := map[string][]byte{}
	for _, name := range z.Paths() {
		r, err := z.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		members[name] = b
	}
	z.Close()
	mutate(members)
	var entries []synth.ZipEntry
	for name, data := range members {
		entries = append(entries, synth.ZipEntry{Name: name, Data: data})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
	if err := synth.WriteZip(filepath.Join(dir, "mlsp_contest_dataset.zip"), entries); err != nil {
		t.Fatal(err)
	}
}

func TestPrepareErrors(t *testing.T) {
	labels := rootDir + "essential_data/rec_labels_test_hidden.txt"
	for _, c := range []struct {
		name   string
		m      int
		mutate func(map[string][]byte)
		want   string
		cvOut  bool // public CVfolds_2.txt written before the failure
	}{
		{"318 records ok", 318, func(map[string][]byte) {}, "", true},
		{"317 records (63 test)", 317, func(map[string][]byte) {}, "64 test records", true},
		{"323 records (65 test)", 323, func(map[string][]byte) {}, "64 test records", true},
		{"blank line in labels", 322, func(m map[string][]byte) { m[labels] = append(m[labels], '\n', '\n') }, "int()", true},
		{"? on the fold-0 records", 322, func(m map[string][]byte) {
			lines := strings.Split(strings.TrimSuffix(string(m[labels]), "\n"), "\n")
			for i := 1; i < len(lines); i++ {
				id, _, _ := strings.Cut(lines[i], ",")
				lines[i] = id + ",?"
			}
			m[labels] = []byte(strings.Join(lines, "\n") + "\n")
		}, "int()", true},
		{"non-integer supplemental rec_id (even unmapped)", 322, func(m map[string][]byte) {
			k := rootDir + "supplemental_data/segment_features.txt"
			m[k] = append(m[k], []byte("x9,1,2\n")...)
		}, "int()", true},
		{"missing spectrogram", 322, func(m map[string][]byte) {
			for k := range m {
				if strings.Contains(k, "/spectrograms/") {
					delete(m, k)
				}
			}
		}, "spectrograms", true},
		{"missing segment_mosaic.bmp", 322, func(m map[string][]byte) { delete(m, rootDir+"supplemental_data/segment_mosaic.bmp") }, "segment_mosaic", true},
		{"zip without the top folder", 322, func(m map[string][]byte) {
			for k, v := range m {
				delete(m, k)
				m[strings.TrimPrefix(k, rootDir)] = v
			}
		}, "CVfolds", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && (c.want == "" || strings.Contains(c.name, "supplemental") || strings.Contains(c.name, "mosaic")) {
				t.Skip("copies every recording")
			}
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			raw(t, d.Raw, c.m, c.mutate)
			err := Prepare(context.Background(), d)
			switch {
			case c.want == "" && err != nil:
				t.Fatal(err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
			_, statErr := os.Stat(filepath.Join(d.Public, "essential_data", "CVfolds_2.txt"))
			if (statErr == nil) != c.cvOut {
				t.Errorf("CVfolds_2.txt written = %v, want %v", statErr == nil, c.cvOut)
			}
		})
	}
}

func TestGradeGolden(t *testing.T) {
	var want map[string]float64
	comptest.ReadJSON(t, filepath.Join(testdata, "scores.json"), &want)
	answers := comptest.ReadFile(t, filepath.Join(testdata, "answers.csv"))
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			s, err := Grade(comptest.ReadFile(t, filepath.Join(testdata, name+".csv")), answers)
			if err != nil {
				t.Fatal(err)
			}
			if s.Kind != competition.NumpyFloat64 || math.Abs(s.Value-w) > 1e-9 {
				t.Errorf("score %.17g (kind %v), sklearn %.17g", s.Value, s.Kind, w)
			}
		})
	}
}

func TestGradeInvalid(t *testing.T) {
	h := "Id,Probability\n"
	answers := comptest.TableViaFile(t, h+"100,0\n101,1\n200,1\n")
	for _, c := range []struct {
		name, sub string
		invalid   bool
	}{
		{"1 missing Id", "id,Probability\n100,0\n101,1\n200,1\n", true},
		{"1 missing Probability", "Id,p\n100,0\n101,1\n200,1\n", true},
		{"2 length differs", h + "100,0\n101,1\n", true},
		{"3 not numeric", h + "100,a\n101,1\n200,1\n", true},
		{"4 out of range", h + "100,-1\n101,1\n200,1\n", true},
		{"5 ids differ", h + "100,0\n101,1\n201,1\n", true},
		{"NaN", h + "100,\n101,1\n200,1\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Grade(comptest.TableViaFile(t, c.sub), answers)
			if err == nil {
				t.Fatal("graded as valid")
			}
			if got := errors.Is(err, competition.ErrInvalidSubmission); got != c.invalid {
				t.Errorf("invalid=%v (%v), want %v", got, err, c.invalid)
			}
		})
	}
}

func TestGradeMalformed(t *testing.T) {
	h := "Id,Probability\n"
	answers := comptest.TableViaFile(t, h+"100,0\n101,1\n")
	for _, sub := range []string{"", "Id\n", h, h + ",\n,\n", h + "100,1e400\n101,0\n", h + "100,True\n101,\n", h + "100,0.5\n100,0.5\n"} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%q: panic %v", sub, r)
				}
			}()
			if s, err := Grade(comptest.TableViaFile(t, sub), answers); err == nil {
				t.Errorf("%q: graded as valid (%v)", sub, s)
			}
		}()
	}
}
