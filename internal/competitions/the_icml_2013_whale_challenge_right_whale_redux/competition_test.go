package the_icml_2013_whale_challenge_right_whale_redux

import (
	"archive/zip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
)

const testID = "the-icml-2013-whale-challenge-right-whale-redux"

var testdata = filepath.Join("testdata")

// TestConformance runs the shared suite on the seed-0 fake raw data and
// compares the CSVs and the public zips' members with the golden MD5s of
// testdata/.../reference_prepare.py (shutil + pandas), run once on the same
// fake raw data.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore: comptest.Ptr(0.5),
		GoldScore:   comptest.Ptr(1),
	})
	methods := comptest.CheckGoldenMembers(t, filepath.Join(p.DataDir, testID, "prepared"), filepath.Join(testdata, "golden_md5.json"))
	for k, m := range methods {
		if want := uint16(zip.Deflate); strings.HasSuffix(k, "/") {
			want = zip.Store
			if m != want {
				t.Errorf("%s: method %d, want %d", k, m, want)
			}
		} else if m != want {
			t.Errorf("%s: method %d, want %d", k, m, want)
		}
	}
	entries, _ := os.ReadDir(p.Paths.Public)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, ","); got != "sampleSubmission.csv,test2.zip,train2.zip" {
		t.Errorf("public holds %s", got)
	}
	if _, err := os.Stat(filepath.Join(p.Paths.Raw, "train2")); !os.IsNotExist(err) {
		t.Errorf("raw/train2 must not be left behind (err %v)", err)
	}
}

// TestPrepareErrors: the original's asserts on dates and file counts.
func TestPrepareErrors(t *testing.T) {
	clip := func(date string, k, label int) synth.ZipEntry {
		return synth.ZipEntry{Name: fmt.Sprintf("train2/%s_000000_001s0ms_TRAIN%d_%d.aif", date, k, label), Data: []byte("x")}
	}
	four := []synth.ZipEntry{clip("20090328", 0, 0), clip("20090329", 1, 1), clip("20090330", 2, 0), clip("20090331", 3, 1)}
	for _, tc := range []struct {
		name    string
		entries []synth.ZipEntry
		want    string
	}{
		{"three_dates", four[:3], "3 dates"},
		{"five_dates", append(append([]synth.ZipEntry(nil), four...), clip("20090401", 4, 0)), "5 dates"},
		{"not_aif", append(append([]synth.ZipEntry(nil), four...), synth.ZipEntry{Name: "train2/20090328_readme.txt", Data: []byte("x")}), "not an .aif"},
		{"stray_hidden_file", append(append([]synth.ZipEntry(nil), four...), synth.ZipEntry{Name: "train2/.DS_Store", Data: []byte("x")}), "5 dates"},
		{"sub_folder", append(append([]synth.ZipEntry(nil), four...), synth.ZipEntry{Name: "train2/20090328_x/a.aif", Data: []byte("x")}), "sub-folder"},
		{"no_train2", []synth.ZipEntry{{Name: "other/a.aif", Data: []byte("x")}}, "no train2/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			if err := synth.WriteZip(filepath.Join(d.Raw, "train2.zip"), tc.entries); err != nil {
				t.Fatal(err)
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestPrepareUnpackRules: members outside train2/ and unsafe names are
// ignored, a later duplicate member wins, and the renaming follows the spec.
func TestPrepareUnpackRules(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		os.MkdirAll(p, 0o755)
	}
	entries := []synth.ZipEntry{
		{Name: "train2/20090331_000000_001s0ms_TRAIN9_1.aif", Data: []byte("old")},
		{Name: "train2/20090328_000000_001s0ms_TRAIN5_0.aif", Data: []byte("a")},
		{Name: "train2/20090329_000000_001s0ms_TRAIN3_1.aif", Data: []byte("b")},
		{Name: "train2/20090330_120000_001s0ms_TRAIN8_0.aif", Data: []byte("c")},
		{Name: "train2/20090330_000000_001s0ms_TRAIN2_1.aif", Data: []byte("d")},
		{Name: "train2/20090331_000000_001s0ms_TRAIN9_1.aif", Data: []byte("new")},
		{Name: "README.txt", Data: []byte("ignored")},
		{Name: "train2/../20090401_x.aif", Data: []byte("skipped")},
	}
	if err := synth.WriteZip(filepath.Join(d.Raw, "train2.zip"), entries); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	answers, _ := os.ReadFile(filepath.Join(d.Private, "test.csv"))
	want := "clip,probability\n20090330_000000_001s0ms_Test0.aif,1\n20090330_120000_001s0ms_Test1.aif,0\n20090331_000000_001s0ms_Test2.aif,1\n"
	if string(answers) != want {
		t.Errorf("answers:\n%s\nwant:\n%s", answers, want)
	}
	got := map[string]string{}
	for _, z := range []string{"train2.zip", "test2.zip"} {
		zr, err := zip.OpenReader(filepath.Join(d.Public, z))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			rc, _ := f.Open()
			b := make([]byte, 16)
			k, _ := rc.Read(b)
			rc.Close()
			got[f.Name] = string(b[:k])
		}
		zr.Close()
	}
	wantMembers := map[string]string{
		"train2/": "", "train2/20090328_000000_001s0ms_TRAIN0_0.aif": "a", "train2/20090329_000000_001s0ms_TRAIN1_1.aif": "b",
		"test2/": "", "test2/20090330_000000_001s0ms_Test0.aif": "d", "test2/20090330_120000_001s0ms_Test1.aif": "c",
		"test2/20090331_000000_001s0ms_Test2.aif": "new",
	}
	if fmt.Sprint(got) != fmt.Sprint(wantMembers) {
		t.Errorf("zip members %v, want %v", got, wantMembers)
	}
}

// TestGrade grades the cases of testdata/.../grade (outcomes and
// scores from reference_grade.py with scikit-learn), then fuzzes.
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

// TestFakeAIFF: the fake clips are well-formed AIFF headers.
func TestFakeAIFF(t *testing.T) {
	b := aiff([]int16{1, -2, 3}, 2000)
	if len(b) != 8+4+8+18+8+8+6 || string(b[:4]) != "FORM" || string(b[8:16]) != "AIFFCOMM" {
		t.Fatalf("bad AIFF header % x", b)
	}
	// 2000 Hz as 80-bit extended: exponent 0x4009, mantissa 0xFA00…
	if got := fmt.Sprintf("% x", b[28:38]); got != "40 09 fa 00 00 00 00 00 00 00" {
		t.Errorf("sample rate bytes %s", got)
	}
}

// TestLabelFromStem: the label is 1 iff pathlib's Path.stem ends in
// "_1" (spec, Prepare step 5). A name ending in "." has no suffix, so its
// stem keeps the dot and the label is 0 (stems checked with CPython 3.11).
func TestLabelFromStem(t *testing.T) {
	for _, tc := range []struct{ name, stem string }{
		{"a_1.aif", "a_1"}, {"a_1.", "a_1."}, {".aif", ".aif"}, {"a_1", "a_1"},
		{"a_1.b.aif", "a_1.b"}, {".a_1.x", ".a_1"}, {"a_1..", "a_1.."},
	} {
		if got := stem(tc.name); got != tc.stem {
			t.Errorf("stem(%q) = %q, want %q", tc.name, got, tc.stem)
		}
	}
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "pub"), Private: filepath.Join(dir, "priv")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		os.MkdirAll(p, 0o755)
	}
	entries := []synth.ZipEntry{
		{Name: "train2/20090328_000000_001s0ms_TRAIN5_0.aif", Data: []byte("a")},
		{Name: "train2/20090329_000000_001s0ms_TRAIN3_1.aif", Data: []byte("b")},
		{Name: "train2/20090330_000000_001s0ms_TRAIN2_1.", Data: []byte("c")},
		{Name: "train2/20090331_000000_001s0ms_TRAIN9_1.aif", Data: []byte("d")},
		{Name: "train2/20090331_000000_002s0ms_TRAIN7_0.aif", Data: []byte("e")},
	}
	if err := synth.WriteZip(filepath.Join(d.Raw, "train2.zip"), entries); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	answers, _ := os.ReadFile(filepath.Join(d.Private, "test.csv"))
	want := "clip,probability\n20090330_000000_001s0ms_Test0.aif,0\n20090331_000000_001s0ms_Test1.aif,1\n20090331_000000_002s0ms_Test2.aif,0\n"
	if string(answers) != want {
		t.Errorf("answers:\n%s\nwant:\n%s", answers, want)
	}
}
