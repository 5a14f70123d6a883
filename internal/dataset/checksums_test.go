package dataset

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
)

func TestChecksummedFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"b.csv": "1", "a.csv": "2", "c.json": "3", "d.jsonl": "4", "e.parquet": "5", "f.bson": "6",
		".hidden.csv": "7", "X.CSV": "no", "notes.txt": "no", "description.md": "no", "g.npy": "no",
		"sub/deep.csv": "no", "csv": "no", "x.csv.zip": "no", ".csv": "8",
	})
	os.Mkdir(filepath.Join(dir, "dir.csv"), 0o755)
	os.Symlink(filepath.Join(dir, "a.csv"), filepath.Join(dir, "link.json"))
	os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "dangling.csv"))
	got, err := ChecksummedFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Extension order first (csv, json, jsonl, parquet, bson), then names.
	want := []string{".csv", ".hidden.csv", "a.csv", "b.csv", "c.json", "link.json", "d.jsonl", "e.parquet", "f.bson"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %v, want %v", got, want)
	}
	sums, err := (&Hasher{}).DirChecksums(context.Background(), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(sums) != len(want) || sums["link.json"] != md5hex("2") || sums["d.jsonl"] != md5hex("4") {
		t.Errorf("sums %v", sums)
	}
}

// repoShared is ../shared next to the repository.
func repoShared(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared directory not found:", dir)
	}
	return dir
}

// TestMarshalChecksumsMatchesUpstreamFiles renders every built-in
// checksum fact and compares it byte for byte with the original's
// checksums.yaml (written by PyYAML).
func TestMarshalChecksumsMatchesUpstreamFiles(t *testing.T) {
	shared := repoShared(t)
	n := 0
	for _, info := range competition.Facts() {
		p := filepath.Join(shared, "upstream", "competitions", info.ID, "checksums.yaml")
		want, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: %v", info.ID, err)
			continue
		}
		// One upstream file was saved without its final newline.
		if got := MarshalChecksums(info.Checksums); string(got) != strings.TrimSuffix(string(want), "\n")+"\n" {
			t.Errorf("%s: rendered\n%s\nwant\n%s", info.ID, got, want)
		}
		back, err := ReadChecksumsFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if m := ChecksumMismatch(back, info.Checksums); len(m) != 0 || back.Zip != info.Checksums.Zip {
			t.Errorf("%s: read back %v", info.ID, m)
		}
		n++
	}
	if n != 82 {
		t.Errorf("compared %d competitions, want 82", n)
	}
}

func TestYAMLScalarQuoting(t *testing.T) {
	tests := map[string]string{
		"train.csv":                        "train.csv",
		"0123456789abcdef0123456789abcdef": "0123456789abcdef0123456789abcdef",
		"12345678901234567890123456789012": "'12345678901234567890123456789012'",
		"01234567":                         "'01234567'",
		"1e5":                              "1e5", // YAML 1.1 floats need a dot
		"1.5":                              "'1.5'",
		"yes":                              "'yes'",
		"null":                             "'null'",
		"a b.csv":                          "'a b.csv'",
		"it's.csv":                         "'it''s.csv'",
		"":                                 "''",
	}
	for in, want := range tests {
		if got := yamlScalar(in); got != want {
			t.Errorf("yamlScalar(%q) = %s, want %s", in, got, want)
		}
	}
	c := competition.Checksums{Zip: "z", Public: map[string]string{"a b.csv": "1234"}, Private: map[string]string{}}
	p := filepath.Join(t.TempDir(), "c.yaml")
	os.WriteFile(p, MarshalChecksums(c), 0o644)
	back, err := ReadChecksumsFile(p)
	if err != nil || back.Public["a b.csv"] != "1234" || back.Zip != "z" || len(back.Private) != 0 {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

type golden struct {
	SplitLines []struct {
		In  string   `json:"in"`
		Out []string `json:"out"`
	} `json:"splitlines"`
	UnifiedDiff []struct {
		Name string   `json:"name"`
		A    []string `json:"a"`
		B    []string `json:"b"`
		Out  []string `json:"out"`
	} `json:"unified_diff"`
}

func loadGolden(t *testing.T) golden {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSplitLinesMatchesPython(t *testing.T) {
	g := loadGolden(t)
	if len(g.SplitLines) == 0 {
		t.Fatal("no golden cases")
	}
	for _, c := range g.SplitLines {
		got := SplitLines(c.In)
		if len(got) != len(c.Out) || strings.Join(got, "\x00") != strings.Join(c.Out, "\x00") {
			t.Errorf("SplitLines(%q) = %q, want %q", c.In, got, c.Out)
		}
	}
}

func TestUnifiedDiffMatchesDifflib(t *testing.T) {
	g := loadGolden(t)
	if len(g.UnifiedDiff) == 0 {
		t.Fatal("no golden cases")
	}
	for _, c := range g.UnifiedDiff {
		got := UnifiedDiff(c.A, c.B, "actual_checksums", "expected_checksums", 3)
		if strings.Join(got, "\n") != strings.Join(c.Out, "\n") {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", c.Name, strings.Join(got, "\n"), strings.Join(c.Out, "\n"))
		}
	}
}

func TestReadIDList(t *testing.T) {
	shared := repoShared(t)
	for _, split := range []string{"low", "medium", "spaceship-titanic"} {
		ids, err := ReadIDList(filepath.Join(shared, "upstream", "splits", split+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			if id == "" || strings.TrimSpace(id) != id {
				t.Errorf("%s: id %q", split, id)
			}
		}
		if split == "low" && len(ids) != 22 || split == "medium" && len(ids) != 38 || split == "spaceship-titanic" && len(ids) != 1 {
			t.Errorf("%s: %d ids", split, len(ids))
		}
	}
	p := filepath.Join(t.TempDir(), "list.txt")
	os.WriteFile(p, []byte("a\n\n b\r\nc"), 0o644)
	ids, _ := ReadIDList(p)
	if strings.Join(ids, "|") != "a|| b|c" {
		t.Errorf("ids %q", ids)
	}
}

func TestHasherCache(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.csv")
	os.WriteFile(f, []byte("abc"), 0o644)
	cache := filepath.Join(dir, "cache", "md5.json")
	h := &Hasher{CachePath: cache}
	sum, err := h.MD5(context.Background(), f, nil)
	if err != nil || sum != md5hex("abc") {
		t.Fatalf("%s, %v", sum, err)
	}
	if err := h.Save(); err != nil {
		t.Fatal(err)
	}
	// Same size and mtime: a new Hasher answers from the cache (the
	// content change is invisible to it, as to the original's cache).
	st, _ := os.Stat(f)
	os.WriteFile(f, []byte("xyz"), 0o644)
	os.Chtimes(f, st.ModTime(), st.ModTime())
	h2 := &Hasher{CachePath: cache}
	if sum, _ := h2.MD5(context.Background(), f, nil); sum != md5hex("abc") {
		t.Errorf("cache not used: %s", sum)
	}
	// A new mtime invalidates the entry.
	later := st.ModTime().Add(time.Second)
	os.Chtimes(f, later, later)
	if sum, _ := h2.MD5(context.Background(), f, nil); sum != md5hex("xyz") {
		t.Errorf("stale cache entry used: %s", sum)
	}
	// A damaged cache file is ignored.
	os.WriteFile(cache, []byte("{not json"), 0o644)
	if sum, err := (&Hasher{CachePath: cache}).MD5(context.Background(), f, nil); err != nil || sum != md5hex("xyz") {
		t.Errorf("damaged cache: %s, %v", sum, err)
	}
}
