package three_d_object_detection_for_autonomous_vehicles

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
)

// rawEditor edits a fake raw download for one prepare-error case.
type rawEditor struct {
	t   *testing.T
	raw string
}

func (e rawEditor) list(name string) []map[string]any {
	var v []map[string]any
	if err := json.Unmarshal(mustRead(e.t, filepath.Join(e.raw, "train_data", name)), &v); err != nil {
		e.t.Fatal(err)
	}
	return v
}

func (e rawEditor) write(name string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.raw, "train_data", name), b, 0o644); err != nil {
		e.t.Fatal(err)
	}
}

// edit applies f to table name and writes it back.
func (e rawEditor) edit(name string, f func([]map[string]any) []map[string]any) {
	e.write(name, f(e.list(name)))
}

func (e rawEditor) csv(f func(lines []string) []string) {
	p := filepath.Join(e.raw, "train.csv")
	lines := strings.SplitAfter(string(mustRead(e.t, p)), "\n")
	if err := os.WriteFile(p, []byte(strings.Join(f(lines), "")), 0o644); err != nil {
		e.t.Fatal(err)
	}
}

// smallRaw is the fake download of the prepare-error cases: 8 samples in
// 2 logs (one test log).
var smallRaw = competition.FakeOptions{Seed: 3, Rows: 8}

// testIDs writes the small fake download to template and returns the Ids
// a clean prepare of it puts in the answers.
func testIDs(t *testing.T, template string) []string {
	if err := FakeRaw(template, smallRaw); err != nil {
		t.Fatal(err)
	}
	d := comptest.Dirs(t)
	if err := os.CopyFS(d.Raw, os.DirFS(template)); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range strings.Split(string(mustRead(t, filepath.Join(d.Private, "test.csv"))), "\n")[1:] {
		if l != "" {
			ids = append(ids, strings.SplitN(l, ",", 2)[0])
		}
	}
	return ids
}

// TestPrepareErrors: raw data that makes one of the original's asserts or
// lookups fail gives an error (spec "Synthetic raw data requirements");
// the accepted variants prepare.
func TestPrepareErrors(t *testing.T) {
	template := t.TempDir()
	test := testIDs(t, template)
	isTestRow := func(l string) bool {
		for _, id := range test {
			if strings.HasPrefix(l, id+",") {
				return true
			}
		}
		return false
	}
	add := func(item map[string]any) func([]map[string]any) []map[string]any {
		return func(v []map[string]any) []map[string]any { return append(v, item) }
	}
	set := func(i int, key string, val any) func([]map[string]any) []map[string]any {
		return func(v []map[string]any) []map[string]any { v[i][key] = val; return v }
	}
	for _, tc := range []struct {
		name string
		ok   bool
		edit func(e rawEditor)
	}{
		{"one log", false, func(e rawEditor) { e.edit("log.json", func(v []map[string]any) []map[string]any { return v[:1] }) }},
		{"repeated log token", false, func(e rawEditor) {
			e.edit("log.json", func(v []map[string]any) []map[string]any { return append(v, v[0]) })
		}},
		{"sample scene_token not a log token", false, func(e rawEditor) { e.edit("sample.json", set(0, "scene_token", "x")) }},
		{"scene log_token unknown", false, func(e rawEditor) { e.edit("scene.json", set(0, "log_token", "x")) }},
		{"two maps", false, func(e rawEditor) {
			e.edit("map.json", func(v []map[string]any) []map[string]any { return append(v, v[0]) })
		}},
		{"unused calibration", false, func(e rawEditor) { e.edit("calibrated_sensor.json", add(map[string]any{"token": "unused"})) }},
		{"unknown calibration", false, func(e rawEditor) { e.edit("sample_data.json", set(0, "calibrated_sensor_token", "x")) }},
		{"unused ego pose", false, func(e rawEditor) { e.edit("ego_pose.json", add(map[string]any{"token": "unused"})) }},
		{"unknown ego pose", false, func(e rawEditor) { e.edit("sample_data.json", set(0, "ego_pose_token", "x")) }},
		{"sample_data of an unknown sample", false, func(e rawEditor) { e.edit("sample_data.json", set(0, "sample_token", "x")) }},
		{"annotation of an unknown sample", false, func(e rawEditor) { e.edit("sample_annotation.json", set(0, "sample_token", "x")) }},
		{"instance without annotations", false, func(e rawEditor) { e.edit("instance.json", add(map[string]any{"token": "lonely"})) }},
		{"unknown fileformat", false, func(e rawEditor) { e.edit("sample_data.json", set(0, "fileformat", "png")) }},
		{"jpeg name not ending in jpeg", false, func(e rawEditor) {
			v := e.list("sample_data.json")
			v[0]["filename"] = v[0]["filename"].(string) + ".png"
			e.write("sample_data.json", v)
		}},
		{"missing image", false, func(e rawEditor) {
			v := e.list("sample_data.json")
			if err := os.Remove(filepath.Join(e.raw, "train_images", path.Base(v[0]["filename"].(string)))); err != nil {
				e.t.Fatal(err)
			}
		}},
		{"name xjpeg copied but not listed", false, func(e rawEditor) {
			v := e.list("sample_data.json")
			v[0]["filename"] = "images/xjpeg"
			e.write("sample_data.json", v)
			if err := os.WriteFile(filepath.Join(e.raw, "train_images", "xjpeg"), []byte("x"), 0o644); err != nil {
				e.t.Fatal(err)
			}
		}},
		{"two paths with one basename", false, func(e rawEditor) {
			v := e.list("sample_data.json")
			v[3]["filename"] = "other/" + path.Base(v[0]["filename"].(string))
			e.write("sample_data.json", v)
		}},
		{"test row without boxes", false, func(e rawEditor) {
			e.csv(func(ls []string) []string {
				for i, l := range ls {
					if isTestRow(l) {
						ls[i] = strings.SplitN(l, ",", 2)[0] + ",\n"
						break
					}
				}
				return ls
			})
		}},
		{"test row with 9 tokens a box", false, func(e rawEditor) {
			e.csv(func(ls []string) []string {
				for i, l := range ls {
					if isTestRow(l) {
						ls[i] = strings.TrimSuffix(l, "\n") + " extra\n"
						break
					}
				}
				return ls
			})
		}},
		{"extra train.csv row", false, func(e rawEditor) { e.csv(func(ls []string) []string { return append(ls, "abc,1 2 3 4 5 6 7 car\n") }) }},
		{"train row without boxes", true, func(e rawEditor) {
			e.csv(func(ls []string) []string {
				for i, l := range ls[1:] {
					if !isTestRow(l) {
						ls[i+1] = strings.SplitN(l, ",", 2)[0] + ",\n"
						break
					}
				}
				return ls
			})
		}},
		{"test parts absent", true, func(e rawEditor) {
			if err := os.Remove(filepath.Join(e.raw, "sample_submission.csv")); err != nil {
				e.t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := comptest.Dirs(t)
			if err := os.CopyFS(d.Raw, os.DirFS(template)); err != nil {
				t.Fatal(err)
			}
			tc.edit(rawEditor{t, d.Raw})
			err := Prepare(context.Background(), d)
			if tc.ok && err != nil {
				t.Fatalf("prepare failed: %v", err)
			}
			if !tc.ok && err == nil {
				t.Fatal("prepare succeeded")
			}
			t.Logf("prepare: %v", err)
		})
	}
}

// TestMapQuirk: both public map.json files list the test logs, in the
// order of the split's permutation.
func TestMapQuirk(t *testing.T) {
	d := comptest.Dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := Prepare(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	var testLogs []map[string]any
	if err := json.Unmarshal(mustRead(t, filepath.Join(d.Public, "test_data", "log.json")), &testLogs); err != nil {
		t.Fatal(err)
	}
	train := mustRead(t, filepath.Join(d.Public, "train_data", "map.json"))
	if string(train) != string(mustRead(t, filepath.Join(d.Public, "test_data", "map.json"))) {
		t.Fatal("the two map.json files differ")
	}
	var maps []struct {
		LogTokens []string `json:"log_tokens"`
	}
	if err := json.Unmarshal(train, &maps); err != nil {
		t.Fatal(err)
	}
	// 10 logs: n_test = 2, RandomState(0).permutation(10) starts 2, 8.
	var raw []map[string]any
	if err := json.Unmarshal(mustRead(t, filepath.Join(d.Raw, "train_data", "log.json")), &raw); err != nil {
		t.Fatal(err)
	}
	want := []string{raw[2]["token"].(string), raw[8]["token"].(string)}
	if len(maps) != 1 || strings.Join(maps[0].LogTokens, ",") != strings.Join(want, ",") {
		t.Fatalf("map log_tokens %v, want the test logs %v", maps, want)
	}
	if len(testLogs) != 2 {
		t.Fatalf("%d test logs", len(testLogs))
	}
	for _, f := range []string{"sample_annotation.json", "instance.json"} {
		if _, err := os.Stat(filepath.Join(d.Public, "test_data", f)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("public/test_data/%s exists", f)
		}
	}
}

// TestCancel: a cancelled context stops prepare with ctx's error.
func TestCancel(t *testing.T) {
	d := comptest.Dirs(t)
	if err := FakeRaw(d.Raw, competition.FakeOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestFakeRawDeterministic: the same seed gives the same bytes, another
// seed other tokens; Rows sets the number of samples.
func TestFakeRawDeterministic(t *testing.T) {
	read := func(seed uint64, rows int) string {
		dir := t.TempDir()
		if err := FakeRaw(dir, competition.FakeOptions{Seed: seed, Rows: rows}); err != nil {
			t.Fatal(err)
		}
		return string(mustRead(t, filepath.Join(dir, "train.csv"))) + string(mustRead(t, filepath.Join(dir, "train_data", "sample_data.json")))
	}
	if read(0, 0) != read(0, 0) {
		t.Error("seed 0 gives different files")
	}
	if read(0, 0) == read(1, 0) {
		t.Error("seeds 0 and 1 give the same files")
	}
	if n := strings.Count(strings.SplitN(read(2, 7), "[", 2)[0], "\n"); n != 8 {
		t.Errorf("Rows 7: train.csv has %d lines, want 8", n)
	}
}

// TestHashKey: tokens compare as Python dict keys do.
func TestHashKey(t *testing.T) {
	key := func(v any) string {
		k, err := hashKey(v)
		if err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		return k
	}
	if key(int64(1)) != key(1.0) || key(true) != key(int64(1)) || key(int64(0)) != key(-0.0) {
		t.Error("1, 1.0 and True (or 0 and -0.0) are different keys")
	}
	if key("1") == key(int64(1)) || key(1.5) == key("1.5") || key(nil) == key("") {
		t.Error("a string equals a number, or None equals \"\"")
	}
	if _, err := hashKey([]any{"a"}); err == nil {
		t.Error("a list is hashable")
	}
}
