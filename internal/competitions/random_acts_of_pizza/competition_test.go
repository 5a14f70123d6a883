package random_acts_of_pizza

import (
	"archive/zip"
	"context"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/pyjson"
)

const testID = "random-acts-of-pizza"

var testdata = filepath.Join("testdata")

// TestConformance: golden MD5s from reference_prepare.py (json.dump,
// pandas) on the seed-0 fake raw data; the zips (which carry file times in
// the original) are checked for their members instead.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldenMD5:     filepath.Join(testdata, "golden_md5.json"),
		GoldenExclude: []string{"public/train.zip", "public/test.zip"},
		SampleScore:   comptest.Ptr(0.5),
		GoldScore:     comptest.Ptr(1),
	})
	for _, name := range []string{"train", "test"} {
		zr, err := zip.OpenReader(filepath.Join(p.Paths.Public, name+".zip"))
		if err != nil {
			t.Fatal(err)
		}
		if len(zr.File) != 1 || zr.File[0].Name != name+".json" {
			t.Errorf("%s.zip members: %v", name, zr.File)
		} else {
			rc, _ := zr.File[0].Open()
			b := make([]byte, zr.File[0].UncompressedSize64)
			_, err := io.ReadFull(rc, b)
			rc.Close()
			want, _ := os.ReadFile(filepath.Join(p.Paths.Public, name+".json"))
			if err != nil || string(b) != string(want) {
				t.Errorf("%s.zip does not hold %s.json: %v", name, name, err)
			}
		}
		zr.Close()
	}
}

func TestJSON(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{`[]`, `[]`},
		{`{}`, `{}`},
		{`[1, -0, 12345678901234567890123, 1.50, 1E5, 2.5e-7, 1e400, -1e400, NaN, -Infinity, 0.0, 1e16]`,
			`[1, 0, 12345678901234567890123, 1.5, 100000.0, 2.5e-07, Infinity, -Infinity, NaN, -Infinity, 0.0, 1e+16]`},
		{`{"b": 1, "a": [true, false, null], "b": 2}`, `{"b": 2, "a": [true, false, null]}`},
		{`["caf\u00e9 \u00E9", "é", "\ud83c\udf55 🍕", "\ud83d", "\udc00x", "<>&/\/", "\u007f", "\"\\\b\f\n\r\t"]`,
			`["caf\u00e9 \u00e9", "\u00e9", "\ud83c\udf55 \ud83c\udf55", "\ud83d", "\udc00x", "<>&//", "\u007f", "\"\\\b\f\n\r\t"]`},
	} {
		v, err := parseJSON([]byte(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		got, err := compact(v)
		if err != nil || got != c.out {
			t.Errorf("%s\n got %s (%v)\nwant %s", c.in, got, err, c.out)
		}
	}
	for _, bad := range []string{``, `[`, `[1,]`, `{"a" 1}`, `{a: 1}`, "[\"a\tb\"]", `[01]`, `[1.]`, `["\x"]`, `["\u12"]`, "\xef\xbb\xbf[]", "[\"\xff\"]", `[1] [2]`, `[-]`} {
		if _, err := parseJSON([]byte(bad)); err == nil {
			t.Errorf("%q parsed without error", bad)
		}
	}
}

func TestPyInt(t *testing.T) {
	v, err := parseJSON([]byte(`[1, 0.9, " 1", true, false, -2.5, 12345678901234567890, "x", null, 1e400, [1]]`))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"1", "0", "1", "1", "0", "-2", "12345678901234567890", "", "", "", ""}
	for i, e := range v.arr {
		got, err := pyInt(e)
		if (err != nil) != (want[i] == "") || got != want[i] {
			t.Errorf("int(%v) = %q, %v; want %q", e, got, err, want[i])
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	obj := func(id string, label string, extra string) string {
		return `{"request_id": "` + id + `", "requester_received_pizza": ` + label + extra + `}`
	}
	for _, c := range []struct {
		name, train, test, want string
	}{
		{"train key sets differ", "[" + obj("a", "true", "") + ", " + obj("b", "false", `, "x": 1`) + ", " + obj("c", "true", "") + "]", `[{"request_id": "q"}]`, "key set"},
		{"test key sets differ", "[" + obj("a", "true", "") + ", " + obj("b", "false", "") + ", " + obj("c", "true", "") + "]", `[{"request_id": "q"}, {"x": 1}]`, "key set"},
		{"test key missing from train", "[" + obj("a", "true", "") + ", " + obj("b", "false", "") + ", " + obj("c", "true", "") + "]", `[{"request_id": "q", "title": "t"}]`, "KeyError"},
		{"label text", "[" + obj("a", `"yes"`, "") + ", " + obj("b", `"yes"`, "") + ", " + obj("c", `"yes"`, "") + "]", `[{"request_id": "q"}]`, "int()"},
		{"label null", "[" + obj("a", "null", "") + ", " + obj("b", "null", "") + ", " + obj("c", "null", "") + "]", `[{"request_id": "q"}]`, "int()"},
		{"empty test", "[" + obj("a", "true", "") + "]", `[]`, "non-empty"},
		{"train part empty", "[" + obj("a", "true", "") + ", " + obj("b", "false", "") + "]", `[{"request_id": "q"}, {"request_id": "r"}, {"request_id": "s"}]`, "train"},
		{"not json", "[", `[]`, "json"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			os.WriteFile(filepath.Join(d.Raw, "train.json"), []byte(c.train), 0o644)
			os.WriteFile(filepath.Join(d.Raw, "test.json"), []byte(c.test), 0o644)
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one mentioning %q", err, c.want)
			}
		})
	}
	// Python int() accepts ints, floats (truncated) and numeric text.
	dir := t.TempDir()
	d := competition.Dirs{Raw: dir, Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	os.MkdirAll(d.Public, 0o755)
	os.MkdirAll(d.Private, 0o755)
	os.WriteFile(filepath.Join(dir, "train.json"), []byte("["+obj("a", "1", "")+", "+obj("b", "0.9", "")+", "+obj("c", `" 1"`, "")+", "+obj("d", "true", "")+"]"), 0o644)
	os.WriteFile(filepath.Join(dir, "test.json"), []byte(`[{"request_id": "q"}, {"request_id": "r"}, {"request_id": "s"}]`), 0o644)
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(d.Private, "test.csv"))
	want := map[string]bool{"a,1": true, "b,0": true, "c,1": true, "d,1": true}
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	for _, l := range lines[1:] {
		if !want[l] {
			t.Errorf("answers line %q: want a→1, b→0 (int(0.9)), c→1 (int(' 1')), d→1", l)
		}
	}
	if len(lines) != 3 {
		t.Errorf("answers %q: want 2 rows", got)
	}
}

// compact writes a parsed value as json.dumps does (", " and ": "
// separators).
func compact(v jsonValue) (string, error) {
	b, err := pyjson.Marshal(v.pyjson(), pyjson.Options{})
	return string(b), err
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
	h := "request_id,requester_received_pizza\n"
	answers := comptest.TableViaFile(t, h+"t3_a,0\nt3_b,1\nt3_c,1\n")
	for _, c := range []struct {
		name, sub string
		invalid   bool
	}{
		{"2 no request_id", "id,requester_received_pizza\nt3_a,0\nt3_b,1\nt3_c,1\n", true},
		{"3 no target", "request_id,p\nt3_a,0\nt3_b,1\nt3_c,1\n", true},
		{"4 length differs", h + "t3_a,0\nt3_b,1\n", true},
		{"5 not numeric", h + "t3_a,yes\nt3_b,1\nt3_c,1\n", true},
		{"6 out of range", h + "t3_a,2\nt3_b,1\nt3_c,1\n", true},
		{"7 ids differ", h + "t3_a,0\nt3_b,1\nt3_d,1\n", true},
		{"NaN score", h + "t3_a,\nt3_b,1\nt3_c,1\n", false},
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
	h := "request_id,requester_received_pizza\n"
	answers := comptest.TableViaFile(t, h+"t3_a,0\nt3_b,1\n")
	for _, sub := range []string{"", "request_id\n", h, h + ",\n,\n", h + "t3_a,1e400\nt3_b,0\n", h + "t3_a,True\nt3_b,\n", h + "t3_a,0.5\nt3_a,0.5\n"} {
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
