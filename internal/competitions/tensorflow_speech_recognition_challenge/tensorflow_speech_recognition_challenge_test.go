package tensorflow_speech_recognition_challenge

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
)

// TestConformance runs the shared suite on the seed-0 fake raw data and
// compares the CSVs (testdata/golden_md5.json) and a listing of every audio
// file with its MD5 (testdata/golden_listing_md5.json) with the output of
// testdata/reference_prepare.py.
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		SampleScore:   comptest.Ptr(0),
		GoldScore:     comptest.Ptr(1),
		GoldenMD5:     filepath.Join("testdata", "golden_md5.json"),
		GoldenExclude: []string{"public/train/", "public/test/"},
	})
	b, err := os.ReadFile(filepath.Join("testdata", "golden_listing_md5.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	prepared := filepath.Join(p.DataDir, Competition.ID, "prepared")
	for _, d := range []string{"train", "test"} {
		got, err := listingMD5(filepath.Join(prepared, "public", d), prepared)
		if err != nil {
			t.Fatal(err)
		}
		if got != want["public/"+d+"/"] {
			t.Errorf("public/%s/: listing md5 %s, golden %s", d, got, want["public/"+d+"/"])
		}
	}
}

// listingMD5 is the MD5 of the lines "<path relative to base> <md5>\n" of
// every file under root, sorted as Python sorts Path objects (component by
// component).
func listingMD5(root, base string) (string, error) {
	type file struct {
		parts []string
		line  string
	}
	var files []file
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(base, path)
		rel = filepath.ToSlash(rel)
		sum := md5.Sum(b)
		files = append(files, file{strings.Split(rel, "/"), rel + " " + hex.EncodeToString(sum[:]) + "\n"})
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.SortFunc(files, func(a, b file) int { return slices.Compare(a.parts, b.parts) })
	h := md5.New()
	for _, f := range files {
		h.Write([]byte(f.line))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// TestPrepareRules: clip discovery (".wav" only, case-sensitive, any depth,
// label = parent folder), the sort key, names repeating across labels, and
// the split sizes.
func TestPrepareRules(t *testing.T) {
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Raw, d.Public, d.Private} {
		os.MkdirAll(p, 0o755)
	}
	src := filepath.Join(dir, "src")
	files := map[string]string{
		"train/audio/yes/a_nohash_0.wav":                "yes a",
		"train/audio/no/a_nohash_0.wav":                 "no a",
		"train/audio/_background_noise_/noise.wav":      "noise",
		"train/audio/_background_noise_/README.md":      "readme",
		"train/audio/yes/LOUD.WAV":                      "upper case suffix",
		"train/audio/yes/deeper/b_nohash_1.wav":         "deeper",
		"train/audio/cat/c_nohash_0.wav":                "cat",
		"train/audio/cat/d_nohash_0.wav":                "cat d",
		"train/audio/bed/e_nohash_0.wav":                "bed e",
		"train/audio/bed/f_nohash_0.wav":                "bed f",
		"train/audio/bed/g_nohash_0.wav":                "bed g",
		"train/audio/bed/h_nohash_0.wav":                "bed h",
		"train/audio/bed/i_nohash_0.wav":                "bed i",
		"train/audio/bed/j_nohash_0.wav":                "bed j",
		"train/testing_list.txt":                        "yes/a_nohash_0.wav\n",
		"train/audio/_background_noise_/long_noise.wav": "long",
	}
	var entries []archive.Entry7z
	for name, content := range files {
		path := filepath.Join(src, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, []byte(content), 0o644)
		entries = append(entries, archive.Entry7z{Name: name, Path: path})
	}
	slices.SortFunc(entries, func(a, b archive.Entry7z) int { return strings.Compare(a.Name, b.Name) })
	if err := archive.Write7z(context.Background(), filepath.Join(d.Raw, "train.7z"), entries); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	// 13 clips: n_test = ceil(1.3) = 2; RandomState(0).permutation(13)
	// starts [6, 11]: "bed_i_nohash_0.wav" and "no_a_nohash_0.wav" in the
	// order of the keys "<label>_<name>" (reference: numpy).
	answers, err := os.ReadFile(filepath.Join(d.Private, "test.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "fname,label\nclip_00000000.wav,bed\nclip_00000001.wav,no\n"; string(answers) != want {
		t.Errorf("answers:\n%s\nwant:\n%s", answers, want)
	}
	for f, want := range map[string]string{"test/audio/clip_00000000.wav": "bed i", "test/audio/clip_00000001.wav": "no a",
		"train/audio/deeper/b_nohash_1.wav": "deeper", "train/audio/yes/a_nohash_0.wav": "yes a"} {
		if b, err := os.ReadFile(filepath.Join(d.Public, filepath.FromSlash(f))); err != nil || string(b) != want {
			t.Errorf("%s: %q, %v; want %q", f, b, err, want)
		}
	}
	var trainCount int
	filepath.WalkDir(filepath.Join(d.Public, "train"), func(path string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			trainCount++
		}
		return err
	})
	if trainCount != 11 {
		t.Errorf("%d train files, want 11", trainCount)
	}
	for _, p := range []string{"train/audio/yes/LOUD.WAV", "train/audio/_background_noise_/README.md", "train/testing_list.txt"} {
		if _, err := os.Stat(filepath.Join(d.Public, filepath.FromSlash(p))); err == nil {
			t.Errorf("%s was published", p)
		}
	}
	sample, _ := os.ReadFile(filepath.Join(d.Public, "sample_submission.csv"))
	if want := "fname,label\nclip_00000000.wav,silence\nclip_00000001.wav,silence\n"; string(sample) != want {
		t.Errorf("sample:\n%s", sample)
	}
}

// TestPrepareErrors: a missing archive and too few clips fail.
func TestPrepareErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		clips []string
		want  string
	}{
		{"no_archive", nil, "train.7z"},
		{"one_clip", []string{"train/audio/yes/a.wav"}, "splitting 1 clips"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private} {
				os.MkdirAll(p, 0o755)
			}
			if tc.clips != nil {
				var entries []archive.Entry7z
				for _, c := range tc.clips {
					path := filepath.Join(dir, filepath.Base(c))
					os.WriteFile(path, []byte("x"), 0o644)
					entries = append(entries, archive.Entry7z{Name: c, Path: path})
				}
				if err := archive.Write7z(context.Background(), filepath.Join(d.Raw, "train.7z"), entries); err != nil {
					t.Fatal(err)
				}
			}
			err := Prepare(context.Background(), d)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestGradeReference grades every case of testdata/grade against the
// outcome and score of reference_grade.py.
func TestGradeReference(t *testing.T) {
	comptest.RunGradeCases(t, Competition, filepath.Join("testdata", "grade"), competition.PyFloat)
}

// TestGradeMalformed: damaged submissions never panic; structural damage
// never scores.
func TestGradeMalformed(t *testing.T) {
	answers := filepath.Join("testdata", "grade", "answers.csv")
	comptest.MalformedFromAnswers(t, Competition, answers, "fname", "label")
	valid, err := os.ReadFile(filepath.Join("testdata", "grade", "random.csv"))
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := grade.LoadAnswers(Competition, answers)
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, Competition, loaded, string(valid), competition.PyFloat)
}
