package freesound_audio_tagging_2019

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestConformance runs the shared suite on the seed-0 fake raw data and
// compares every prepared file with testdata/golden_md5.json, written by
// testdata/reference_prepare.py (shutil + pandas) on the same fake raw data.
// The sample submission (all zeros) scores Σ|P|²/(80·Σ|P|).
func TestConformance(t *testing.T) {
	p := competitiontest.Run(t, Competition, competitiontest.Options{
		GoldScore: comptest.Ptr(1),
		GoldenMD5: filepath.Join("testdata", "golden_md5.json"),
	})
	answers, err := table.ReadFile(p.Paths.Answers, table.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sq, sum := 0.0, 0.0
	for i := 0; i < answers.Len(); i++ {
		k := 0.0
		for _, c := range classes {
			col, _ := answers.Col(c)
			k += float64(col.Ints[i])
		}
		sq += k * k
		sum += k
	}
	out := competitiontest.Grade(t, Competition, p.Paths.SampleSubmission, p.Paths.Answers)
	if want := math.Round(sq/(80*sum)*1e5) / 1e5; out.Score == nil || math.Abs(*out.Score-want) > 1e-9 {
		t.Errorf("sample score %v, want %v", out.Score, want)
	}
	// The download and its unpacked folder are gone; the offline source stays.
	for name, want := range map[string]bool{metaZipName: false, metaDirName: false, localMeta: true} {
		if _, err := os.Stat(filepath.Join(p.Paths.Raw, name)); (err == nil) != want {
			t.Errorf("raw/%s exists = %v, want %v", name, err == nil, want)
		}
	}
}

// TestFakeRawWAV: every clip in the fake zips is a RIFF/WAVE 16-bit PCM
// mono file whose sizes add up.
func TestFakeRawWAV(t *testing.T) {
	dir := t.TempDir()
	if err := FakeRaw(dir, competition.FakeOptions{Seed: 3, Rows: 5}); err != nil {
		t.Fatal(err)
	}
	for _, z := range []string{"train_curated.zip", "train_noisy.zip", "test.zip"} {
		zr, err := zip.OpenReader(filepath.Join(dir, z))
		if err != nil {
			t.Fatal(err)
		}
		if len(zr.File) == 0 {
			t.Errorf("%s is empty", z)
		}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			b.ReadFrom(rc)
			rc.Close()
			w := b.Bytes()
			le := func(o, n int) int {
				v := 0
				for i := n - 1; i >= 0; i-- {
					v = v<<8 | int(w[o+i])
				}
				return v
			}
			if len(w) < 44 || string(w[:4]) != "RIFF" || string(w[8:16]) != "WAVEfmt " || string(w[36:40]) != "data" ||
				le(4, 4) != len(w)-8 || le(20, 2) != 1 || le(22, 2) != 1 || le(24, 4) != 44100 || le(34, 2) != 16 || le(40, 4) != len(w)-44 || len(w) == 44 {
				t.Errorf("%s/%s is not a valid 16-bit PCM mono WAV", z, f.Name)
			}
		}
		zr.Close()
	}
}

// TestGradeReference grades every case of testdata/grade against the
// outcome and score scikit-learn gave (reference_grade.py).
func TestGradeReference(t *testing.T) {
	comptest.RunGradeCases(t, Competition, filepath.Join("testdata", "grade"), competition.NumpyFloat64)
}

func safeGrade(sub, answers *table.Table) (competition.Score, error) {
	return comptest.SafeGrade(Competition, sub, answers)
}

// TestGradeMutations: the shared mutations of a valid submission and
// random damage never panic; structural damage never scores.
func TestGradeMutations(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	answers, err := grade.LoadAnswers(Competition, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	valid, err := grade.ReadSubmission(filepath.Join(dir, "random.csv"))
	if err != nil {
		t.Fatal(err)
	}
	comptest.Malformed(t, Competition, valid, answers, "fname", classes...)
	text, err := os.ReadFile(filepath.Join(dir, "random.csv"))
	if err != nil {
		t.Fatal(err)
	}
	comptest.FuzzNoPanic(t, Competition, answers, string(text), competition.NumpyFloat64)
}

// TestGradeMalformed: damaged submissions never panic and never score.
func TestGradeMalformed(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	answers, err := grade.LoadAnswers(Competition, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	valid, err := os.ReadFile(filepath.Join(dir, "random.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(valid), "\n"), "\n")
	edit := func(f func(rows [][]string)) string {
		rows := make([][]string, len(lines))
		for i, l := range lines {
			rows[i] = strings.Split(l, ",")
		}
		f(rows)
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = strings.Join(r, ",")
		}
		return strings.Join(out, "\n") + "\n"
	}
	for name, text := range map[string]string{
		"empty_cell":    edit(func(r [][]string) { r[5][9] = "" }),
		"missing_fname": edit(func(r [][]string) { r[2][0] = "" }),
		"huge_value":    edit(func(r [][]string) { r[3][4] = "1e400" }),
		"numeric_fnames": edit(func(r [][]string) {
			r[0][0] = "id"
			for i := 1; i < len(r); i++ {
				r[i][0] = fmt.Sprint(i)
			}
		}),
		"all_text": edit(func(r [][]string) {
			for i := 1; i < len(r); i++ {
				for j := 1; j < len(r[i]); j++ {
					r[i][j] = "x"
				}
			}
		}),
		"short_row":         edit(func(r [][]string) { r[4] = r[4][:3] }),
		"only_header_fname": "fname\n",
		"duplicate_column":  edit(func(r [][]string) { r[0][2] = r[0][1] }),
	} {
		t.Run(name, func(t *testing.T) {
			sub, err := table.ReadBytes([]byte(text), table.ReadOptions{})
			if err != nil {
				return // the harness reports an unreadable CSV itself
			}
			if s, err := safeGrade(sub, answers); err == nil || strings.HasPrefix(err.Error(), "PANIC") {
				t.Errorf("got (%v, %v), want no score and no panic", s, err)
			}
		})
	}
}

// TestPrepareRules: the Private filter, the label split, the asserts and the
// cleanup, on hand-written raw data.
func TestPrepareRules(t *testing.T) {
	sampleFor := func(fnames ...string) string {
		var b strings.Builder
		b.WriteString("fname," + strings.Join(classes, ",") + "\n")
		for _, f := range fnames {
			b.WriteString(f + strings.Repeat(",0", len(classes)) + "\n")
		}
		return b.String()
	}
	meta := "fname,labels,usage\n" +
		"b.wav,\"Bark,Meow\",Private\n" +
		"c.wav,,Public\n" +
		"a.wav,\"Meow, Bark,Nothing\",Private\n" +
		"d.wav,Bark,private\n"
	for _, tc := range []struct {
		name, meta, sample string
		prefill            bool
		want               string // "" = success
	}{
		{"ok", meta, sampleFor("a.wav", "b.wav"), false, ""},
		{"public_not_empty", meta, sampleFor("a.wav", "b.wav"), true, "must start empty"},
		{"sample_rows", meta, sampleFor("a.wav"), false, "rows"},
		{"sample_fnames", meta, sampleFor("a.wav", "x.wav"), false, "fnames differ"},
		{"sample_columns", meta, strings.Replace(sampleFor("a.wav", "b.wav"), "Bark", "Barks", 1), false, "columns"},
		{"nan_private_labels", meta + "e.wav,,Private\n", sampleFor("a.wav", "b.wav", "e.wav"), false, "not text"},
		{"no_usage_column", "fname,labels\na.wav,Bark\n", sampleFor("a.wav"), false, "no column"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
			for _, p := range []string{d.Raw, d.Public, d.Private, filepath.Join(d.Raw, "audio_dir", "sub")} {
				os.MkdirAll(p, 0o755)
			}
			os.WriteFile(filepath.Join(d.Raw, "sample_submission.csv"), []byte(tc.sample), 0o644)
			os.WriteFile(filepath.Join(d.Raw, "audio_dir", "sub", "x.wav"), []byte("RIFF"), 0o644)
			os.WriteFile(filepath.Join(d.Raw, "notes_FSDKaggle2019.meta.txt"), []byte("not published"), 0o644)
			os.WriteFile(filepath.Join(d.Raw, metaZipName), []byte("stale, overwritten"), 0o644)
			if tc.prefill {
				os.WriteFile(filepath.Join(d.Public, "stray"), nil, 0o644)
			}
			zipped, err := synth.ZipBytes([]synth.ZipEntry{
				{Name: metaDirName + "/" + metaCSVName, Data: []byte(tc.meta)},
				{Name: "top_level_extra.txt", Data: []byte("stays in raw")},
			})
			if err != nil {
				t.Fatal(err)
			}
			fetched := false
			err = prepare(context.Background(), d, func(_ context.Context, dest string) error {
				fetched = true
				if dest != filepath.Join(d.Raw, metaZipName) {
					t.Errorf("download destination %s", dest)
				}
				return os.WriteFile(dest, zipped, 0o644)
			})
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("got %v, want an error containing %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !fetched {
				t.Error("the meta zip was not fetched")
			}
			got, _ := os.ReadFile(filepath.Join(d.Private, "test.csv"))
			row := func(f string, on ...string) string {
				cells := []string{f}
				for _, c := range classes {
					v := "0"
					for _, o := range on {
						if o == c {
							v = "1"
						}
					}
					cells = append(cells, v)
				}
				return strings.Join(cells, ",") + "\n"
			}
			want := "fname," + strings.Join(classes, ",") + "\n" + row("b.wav", "Bark", "Meow") + row("a.wav", "Meow")
			if string(got) != want {
				t.Errorf("test.csv:\n%s\nwant:\n%s", got, want)
			}
			for path, want := range map[string]bool{
				filepath.Join(d.Public, "audio_dir", "sub", "x.wav"):    true,
				filepath.Join(d.Public, "sample_submission.csv"):        true,
				filepath.Join(d.Public, "notes_FSDKaggle2019.meta.txt"): false,
				filepath.Join(d.Public, metaZipName):                    false,
				filepath.Join(d.Raw, metaZipName):                       false,
				filepath.Join(d.Raw, metaDirName):                       false,
				filepath.Join(d.Raw, "top_level_extra.txt"):             true,
				filepath.Join(d.Raw, "notes_FSDKaggle2019.meta.txt"):    true,
				filepath.Join(d.Public, "audio_dir", "sub"):             true,
				filepath.Join(d.Public, "top_level_extra.txt"):          false,
			} {
				if _, err := os.Stat(path); (err == nil) != want {
					t.Errorf("%s exists = %v, want %v", path, err == nil, want)
				}
			}
		})
	}
}

// TestFetchMeta: the HTTP download (status checked, body streamed to the
// destination, which is truncated) and the offline stand-in.
func TestFetchMeta(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ok" {
			http.Error(w, "gone", http.StatusNotFound)
			return
		}
		w.Write([]byte("zip bytes"))
	}))
	defer srv.Close()
	dir := t.TempDir()
	dest := filepath.Join(dir, "dest.zip")
	os.WriteFile(dest, []byte("an older and longer file"), 0o644)
	if err := fetchMeta(context.Background(), srv.Client(), srv.URL+"/ok", filepath.Join(dir, "absent.zip"), dest); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "zip bytes" {
		t.Errorf("downloaded %q", b)
	}
	if err := fetchMeta(context.Background(), srv.Client(), srv.URL+"/missing", filepath.Join(dir, "absent.zip"), dest); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("HTTP 404 gave %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := fetchMeta(ctx, srv.Client(), srv.URL+"/ok", filepath.Join(dir, "absent.zip"), dest); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled download gave %v", err)
	}
	local := filepath.Join(dir, "local.zip")
	os.WriteFile(local, []byte("local bytes"), 0o644)
	if err := fetchMeta(context.Background(), srv.Client(), "http://127.0.0.1:1/unreachable", local, dest); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "local bytes" {
		t.Errorf("offline copy %q", b)
	}
}

// TestVocabulary: 80 distinct class names in code-point order, as the spec
// states for the original's vocabulary.py.
func TestVocabulary(t *testing.T) {
	if len(classes) != 80 {
		t.Fatalf("%d classes", len(classes))
	}
	for i := 1; i < len(classes); i++ {
		if classes[i-1] >= classes[i] {
			t.Errorf("classes[%d] %q is not after %q", i, classes[i], classes[i-1])
		}
	}
}
