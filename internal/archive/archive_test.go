package archive

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestSuffixAndIsCompressed(t *testing.T) {
	tests := []struct {
		path       string
		suffix     string
		compressed bool
	}{
		{"a.zip", ".zip", true},
		{"dir/a.7z", ".7z", true},
		{"a.tar.gz", ".gz", true}, // the final suffix only
		{"a.tgz", ".tgz", true},
		{"a.tar", ".tar", true},
		{"a.rar", ".rar", true},
		{"a.ZIP", ".ZIP", false}, // case-sensitive
		{".zip", "", false},      // a leading dot starts the stem
		{"a.", "", false},
		{"a", "", false},
		{"a.csv.zip", ".zip", true},
		{"a.zip.csv", ".csv", false},
		{"a.bz2", ".bz2", false},
	}
	for _, tt := range tests {
		if got := Suffix(tt.path); got != tt.suffix {
			t.Errorf("Suffix(%q) = %q, want %q", tt.path, got, tt.suffix)
		}
		if got := IsCompressed(tt.path); got != tt.compressed {
			t.Errorf("IsCompressed(%q) = %v, want %v", tt.path, got, tt.compressed)
		}
	}
}

func TestMemberPath(t *testing.T) {
	tests := []struct {
		name      string
		backslash bool
		rel       string
		isDir     bool
		unsafe    bool
	}{
		{name: "a.csv", rel: "a.csv"},
		{name: "train/1.jpg", rel: "train/1.jpg"},
		{name: "train/", rel: "train", isDir: true},
		{name: "./train//1.jpg", rel: "train/1.jpg"},
		{name: "./", rel: "", isDir: true},
		{name: `train\1.jpg`, rel: `train\1.jpg`},                  // zip: a literal backslash
		{name: `train\1.jpg`, backslash: true, rel: "train/1.jpg"}, // 7z: a separator
		{name: "../evil", unsafe: true},
		{name: "a/../../evil", unsafe: true},
		{name: "a/..", unsafe: true},
		{name: "/etc/passwd", unsafe: true},
		{name: `\etc\passwd`, backslash: true, unsafe: true},
		{name: `..\evil`, backslash: true, unsafe: true},
		{name: "a\x00b", unsafe: true},
	}
	for _, tt := range tests {
		rel, isDir, err := memberPath(tt.name, tt.backslash)
		if tt.unsafe {
			if !errors.Is(err, ErrUnsafe) {
				t.Errorf("memberPath(%q) error = %v, want ErrUnsafe", tt.name, err)
			}
			continue
		}
		if err != nil || rel != tt.rel || isDir != tt.isDir {
			t.Errorf("memberPath(%q) = %q, %v, %v; want %q, %v", tt.name, rel, isDir, err, tt.rel, tt.isDir)
		}
	}
}

// writeTree creates files (path → content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readTree returns every regular file under dir (slash path → content) and
// the directories.
func readTree(t *testing.T, dir string) (map[string]string, []string) {
	t.Helper()
	files := map[string]string{}
	var dirs []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			if rel != "." {
				dirs = append(dirs, rel)
			}
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			files[rel] = string(b)
		default:
			files[rel] = "<" + d.Type().String() + ">"
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(dirs)
	return files, dirs
}

func sampleFiles() map[string]string {
	return map[string]string{
		"train.csv":            "id,label\n1,a\n2,b\n",
		"test.csv":             "id\n3\n",
		"images/1.jpg":         strings.Repeat("\xff\xd8 jpeg ", 1000),
		"images/deep/2.jpg":    "x",
		"empty.txt":            "",
		".hidden":              "h",
		"unicode-é-名前.txt":     "u",
		"big.bin":              strings.Repeat("0123456789abcdef", 1<<15),
		"nested/inner/z.jsonl": "{}\n",
	}
}

func equalFiles(t *testing.T, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("got %d files, want %d: %v", len(got), len(want), keys(got))
	}
	for name, w := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("missing %s", name)
		} else if g != w {
			t.Errorf("%s: content differs (%d bytes, want %d)", name, len(g), len(w))
		}
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// recorder is a progress.Reporter that records what it is told.
type recorder struct {
	mu     sync.Mutex
	starts []string
	totals []int64
	added  int64
	dones  int
}

func (r *recorder) Start(name string, total int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.starts = append(r.starts, name)
	r.totals = append(r.totals, total)
}
func (r *recorder) Add(n int64) { r.mu.Lock(); r.added += n; r.mu.Unlock() }
func (r *recorder) Done()       { r.mu.Lock(); r.dones++; r.mu.Unlock() }

func TestCompressExtractRoundTrip(t *testing.T) {
	for _, suffix := range []string{".zip", ".7z"} {
		t.Run(suffix, func(t *testing.T) {
			src := t.TempDir()
			want := sampleFiles()
			writeTree(t, src, want)
			arc := filepath.Join(t.TempDir(), "data"+suffix)
			if err := Compress(context.Background(), src, arc, false); err != nil {
				t.Fatal(err)
			}
			if err := Compress(context.Background(), src, arc, false); err == nil || !strings.Contains(err.Error(), "already exists") {
				t.Errorf("second Compress without existOK: err = %v, want 'already exists'", err)
			}
			if err := Compress(context.Background(), src, arc, true); err != nil {
				t.Errorf("Compress with existOK: %v", err)
			}
			dest := filepath.Join(t.TempDir(), "out")
			rec := &recorder{}
			if err := Extract(context.Background(), arc, dest, Options{Progress: rec}); err != nil {
				t.Fatal(err)
			}
			got, _ := readTree(t, dest)
			equalFiles(t, got, want)
			var total int64
			for _, c := range want {
				total += int64(len(c))
			}
			if len(rec.starts) != 1 || rec.starts[0] != "extract data"+suffix || rec.totals[0] != total || rec.added != total || rec.dones != 1 {
				t.Errorf("progress: starts %v totals %v added %d dones %d; want one step of %d bytes", rec.starts, rec.totals, rec.added, rec.dones, total)
			}
			// Extracting again overwrites in place.
			if err := os.WriteFile(filepath.Join(dest, "train.csv"), []byte("changed"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := Extract(context.Background(), arc, dest, Options{}); err != nil {
				t.Fatal(err)
			}
			got, _ = readTree(t, dest)
			equalFiles(t, got, want)
		})
	}
}

func TestCompressUnsupported(t *testing.T) {
	src := t.TempDir()
	for _, name := range []string{"a.tar", "a.gz", "a.rar", "a"} {
		err := Compress(context.Background(), src, filepath.Join(t.TempDir(), name), false)
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("Compress(%s) = %v, want ErrUnsupported", name, err)
		}
	}
}

func TestExtractUnsupported(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.tar", "a.tar.gz", "a.gz", "a.tgz", "a.rar", "a.csv"} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("x"), 0o644)
		err := Extract(context.Background(), p, t.TempDir(), Options{})
		if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "Unsupported compression format") {
			t.Errorf("Extract(%s) = %v, want Unsupported compression format", name, err)
		}
	}
}

func TestExtractCorrupt(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"bad.zip", "bad.7z"} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("this is not an archive"), 0o644)
		err := Extract(context.Background(), p, t.TempDir(), Options{})
		if err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("Extract(%s) = %v, want an error naming it", name, err)
		}
	}
	// A zip whose member data is damaged fails its CRC check.
	src := t.TempDir()
	writeTree(t, src, map[string]string{"a.txt": strings.Repeat("hello world ", 100)})
	arc := filepath.Join(dir, "crc.zip")
	if err := Compress(context.Background(), src, arc, false); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(arc)
	i := bytes.Index(b, []byte("a.txt")) + len("a.txt") + 10 // inside the deflate data
	b[i] ^= 0xFF
	os.WriteFile(arc, b, 0o644)
	if err := Extract(context.Background(), arc, t.TempDir(), Options{}); err == nil {
		t.Error("damaged zip member extracted without error")
	}
}

// zipWith writes a zip whose members are given in order.
func zipWith(t *testing.T, path string, members []struct{ name, content string }) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range members {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.name, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(m.content))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

type zm = struct{ name, content string }

func TestExtractZipRefusesEscapes(t *testing.T) {
	tests := []struct {
		name    string
		members []zm
	}{
		{"dot-dot", []zm{{"ok.txt", "1"}, {"../evil.txt", "x"}}},
		{"nested dot-dot", []zm{{"a/b/../../../evil.txt", "x"}}},
		{"absolute", []zm{{"/tmp/evil.txt", "x"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			arc := filepath.Join(root, "a.zip")
			zipWith(t, arc, tt.members)
			dest := filepath.Join(root, "dest")
			err := Extract(context.Background(), arc, dest, Options{})
			if !errors.Is(err, ErrUnsafe) {
				t.Fatalf("err = %v, want ErrUnsafe", err)
			}
			// Names are checked before anything is written.
			if _, err := os.Stat(dest); err == nil {
				files, _ := readTree(t, dest)
				if len(files) != 0 {
					t.Errorf("files written before refusal: %v", keys(files))
				}
			}
			if _, err := os.Stat(filepath.Join(root, "evil.txt")); err == nil {
				t.Error("evil.txt written outside the destination")
			}
		})
	}
}

func TestExtractZipDotComponentsAndDirs(t *testing.T) {
	root := t.TempDir()
	arc := filepath.Join(root, "a.zip")
	zipWith(t, arc, []zm{{"./", ""}, {"train/", ""}, {"./train//1.txt", "one"}, {"empty/", ""}, {"dup.txt", "first"}, {"dup.txt", "second"}})
	dest := filepath.Join(root, "dest")
	if err := Extract(context.Background(), arc, dest, Options{}); err != nil {
		t.Fatal(err)
	}
	files, dirs := readTree(t, dest)
	equalFiles(t, files, map[string]string{"train/1.txt": "one", "dup.txt": "second"})
	if strings.Join(dirs, ",") != "empty,train" {
		t.Errorf("dirs = %v", dirs)
	}
}

func TestExtractRefusesExistingSymlink(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(root, "outside")
	os.Mkdir(outside, 0o755)
	dest := filepath.Join(root, "dest")
	os.Mkdir(dest, 0o755)
	if err := os.Symlink(outside, filepath.Join(dest, "sub")); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	if err := os.Symlink(filepath.Join(outside, "target.txt"), filepath.Join(dest, "link.txt")); err != nil {
		t.Fatal(err)
	}
	for _, m := range []zm{{"sub/x.txt", "x"}, {"link.txt", "x"}} {
		arc := filepath.Join(root, "a.zip")
		zipWith(t, arc, []zm{m})
		err := Extract(context.Background(), arc, dest, Options{})
		if !errors.Is(err, ErrUnsafe) {
			t.Errorf("%s: err = %v, want ErrUnsafe", m.name, err)
		}
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("wrote through a symlink: %v", entries)
	}
}

func TestZipSymlinkMemberBecomesFile(t *testing.T) {
	// Python's zipfile ignores the mode: a symlink member is extracted as a
	// regular file holding the link text, so it can never escape.
	root := t.TempDir()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	fh := &zip.FileHeader{Name: "link", Method: zip.Store}
	fh.SetMode(fs.ModeSymlink | 0o777)
	w, _ := zw.CreateHeader(fh)
	w.Write([]byte("/etc/passwd"))
	zw.Close()
	arc := filepath.Join(root, "a.zip")
	os.WriteFile(arc, buf.Bytes(), 0o644)
	dest := filepath.Join(root, "dest")
	if err := Extract(context.Background(), arc, dest, Options{}); err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(filepath.Join(dest, "link"))
	if err != nil || !st.Mode().IsRegular() {
		t.Fatalf("link member: %v, %v; want a regular file", st, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dest, "link")); string(b) != "/etc/passwd" {
		t.Errorf("content %q", b)
	}
}

func Test7zSymlinks(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "data.txt")
	os.WriteFile(data, []byte("payload"), 0o644)
	tests := []struct {
		name    string
		target  string
		refused bool
	}{
		{"inside", "data.txt", false},
		{"inside subdir", "../data.txt", false}, // from dir/link
		{"escape", "../../etc/passwd", true},
		{"absolute", "/etc/passwd", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			arc := filepath.Join(t.TempDir(), "l.7z")
			entries := []Entry7z{{Name: "data.txt", Path: data}, {Name: "dir/link", linkTarget: tt.target}}
			if err := Write7z(context.Background(), arc, entries); err != nil {
				t.Fatal(err)
			}
			dest := t.TempDir()
			err := Extract(context.Background(), arc, dest, Options{})
			if tt.refused {
				if !errors.Is(err, ErrUnsafe) {
					t.Fatalf("err = %v, want ErrUnsafe", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.Readlink(filepath.Join(dest, "dir", "link"))
			if err != nil || got != tt.target {
				t.Errorf("link = %q, %v", got, err)
			}
		})
	}
}

// overlapZip builds a zip whose n central-directory entries all point at
// the same local file (the overlapping-member zip bomb construction).
func overlapZip(n int, content []byte) []byte {
	var b bytes.Buffer
	crc := crc32.ChecksumIEEE(content)
	le := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	name := []byte("a")
	le(uint32(0x04034b50))
	le(uint16(20))
	le(uint16(0))
	le(uint16(0)) // stored
	le(uint16(0))
	le(uint16(0))
	le(crc)
	le(uint32(len(content)))
	le(uint32(len(content)))
	le(uint16(len(name)))
	le(uint16(0))
	b.Write(name)
	b.Write(content)
	cdStart := b.Len()
	for i := 0; i < n; i++ {
		nm := []byte{byte('a' + i)}
		le(uint32(0x02014b50))
		le(uint16(20))
		le(uint16(20))
		le(uint16(0))
		le(uint16(0))
		le(uint16(0))
		le(uint16(0))
		le(crc)
		le(uint32(len(content)))
		le(uint32(len(content)))
		le(uint16(len(nm)))
		le(uint16(0))
		le(uint16(0))
		le(uint16(0))
		le(uint16(0))
		le(uint32(0))
		le(uint32(0)) // local header offset
		b.Write(nm)
	}
	cdSize := b.Len() - cdStart
	le(uint32(0x06054b50))
	le(uint16(0))
	le(uint16(0))
	le(uint16(n))
	le(uint16(n))
	le(uint32(cdSize))
	le(uint32(cdStart))
	le(uint16(0))
	return b.Bytes()
}

func TestZipBombGuards(t *testing.T) {
	root := t.TempDir()
	zeros := filepath.Join(root, "zeros.zip")
	zipWith(t, zeros, []zm{{"z1", strings.Repeat("\x00", 1<<20)}, {"z2", strings.Repeat("\x00", 1<<20)}, {"z3", "x"}})

	rawSized := func(name string, declared uint64) string {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, err := zw.CreateRaw(&zip.FileHeader{Name: "big", Method: zip.Store, CompressedSize64: 1, UncompressedSize64: declared, CRC32: crc32.ChecksumIEEE([]byte("x"))})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("x"))
		zw.Close()
		p := filepath.Join(root, name)
		os.WriteFile(p, buf.Bytes(), 0o644)
		return p
	}
	overlap := filepath.Join(root, "overlap.zip")
	os.WriteFile(overlap, overlapZip(3, bytes.Repeat([]byte("A"), 100)), 0o644)

	tests := []struct {
		name    string
		archive string
		opt     Options
		want    string
	}{
		{"entry count", zeros, Options{Limits: Limits{MaxEntries: 2}}, "has 3 members"},
		{"file size", zeros, Options{Limits: Limits{MaxFileBytes: 1000}}, "declares 1048576 bytes"},
		{"total size", zeros, Options{Limits: Limits{MaxTotalBytes: 1 << 20}}, "uncompressed bytes in total"},
		{"ratio", zeros, Options{Limits: Limits{MaxRatio: 10, RatioFloorBytes: 1}}, "expands"},
		{"declared huge", rawSized("huge.zip", 1<<50), Options{}, "declares 1125899906842624 bytes"},
		{"overlapping members", overlap, Options{}, "overlap"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dest := filepath.Join(t.TempDir(), "d")
			err := Extract(context.Background(), tt.archive, dest, tt.opt)
			if !errors.Is(err, ErrUnsafe) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want ErrUnsafe containing %q", err, tt.want)
			}
			if _, err := os.Stat(dest); err == nil {
				t.Error("destination created although the archive was refused up front")
			}
		})
	}
	t.Run("free space", func(t *testing.T) {
		free, ok := freeSpace(root)
		if !ok {
			t.Skip("free space unknown here")
		}
		arc := rawSized("nospace.zip", free+1<<30)
		err := Extract(context.Background(), arc, filepath.Join(root, "d"), Options{Limits: Limits{MaxTotalBytes: -1, MaxFileBytes: -1, MaxRatio: -1}})
		if err == nil || !strings.Contains(err.Error(), "bytes free") {
			t.Fatalf("err = %v, want a free-space error", err)
		}
	})
	t.Run("member longer than declared", func(t *testing.T) {
		// The declared size is 1 byte but the stored data is longer: the
		// reader must stop at the declared size and fail.
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: "liar", Method: zip.Store, CompressedSize64: 5, UncompressedSize64: 1, CRC32: crc32.ChecksumIEEE([]byte("hello"))})
		w.Write([]byte("hello"))
		zw.Close()
		arc := filepath.Join(root, "liar.zip")
		os.WriteFile(arc, buf.Bytes(), 0o644)
		dest := t.TempDir()
		if err := Extract(context.Background(), arc, dest, Options{}); err == nil {
			t.Fatal("no error for a member longer than declared")
		}
		if b, err := os.ReadFile(filepath.Join(dest, "liar")); err == nil && len(b) > 1 {
			t.Errorf("wrote %d bytes, more than declared", len(b))
		}
	})
	t.Run("honest zip within limits", func(t *testing.T) {
		if err := Extract(context.Background(), zeros, t.TempDir(), Options{}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestExtractCancelled(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, sampleFiles())
	for _, suffix := range []string{".zip", ".7z"} {
		arc := filepath.Join(t.TempDir(), "a"+suffix)
		if err := Compress(context.Background(), src, arc, false); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := Extract(ctx, arc, t.TempDir(), Options{}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v, want context.Canceled", suffix, err)
		}
	}
}

func TestExtractRecursive(t *testing.T) {
	root := t.TempDir()
	// inner.zip holds a.txt and deeper.7z (which holds b.txt); outer.zip
	// holds inner.zip, c.txt and sub/ignored.zip (not directly inside the
	// destination, so left packed).
	innerSrc := filepath.Join(root, "innersrc")
	writeTree(t, innerSrc, map[string]string{"a.txt": "A"})
	deeperSrc := filepath.Join(root, "deepersrc")
	writeTree(t, deeperSrc, map[string]string{"b.txt": "B"})
	if err := Compress(context.Background(), deeperSrc, filepath.Join(innerSrc, "deeper.7z"), false); err != nil {
		t.Fatal(err)
	}
	outerSrc := filepath.Join(root, "outersrc")
	writeTree(t, outerSrc, map[string]string{"c.txt": "C"})
	if err := Compress(context.Background(), innerSrc, filepath.Join(outerSrc, "inner.zip"), false); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(outerSrc, "sub"), 0o755)
	if err := Compress(context.Background(), deeperSrc, filepath.Join(outerSrc, "sub", "ignored.zip"), false); err != nil {
		t.Fatal(err)
	}
	outer := filepath.Join(root, "outer.zip")
	if err := Compress(context.Background(), outerSrc, outer, false); err != nil {
		t.Fatal(err)
	}

	dest := filepath.Join(root, "dest")
	done := &Extracted{}
	if err := ExtractRecursive(context.Background(), outer, dest, Options{}, done); err != nil {
		t.Fatal(err)
	}
	files, _ := readTree(t, dest)
	for _, name := range []string{"a.txt", "b.txt", "c.txt", "inner.zip", "deeper.7z", "sub/ignored.zip"} {
		if _, ok := files[name]; !ok {
			t.Errorf("missing %s; have %v", name, keys(files))
		}
	}
	if _, ok := files["sub/b.txt"]; ok {
		t.Error("an archive inside a subdirectory was extracted")
	}
	if !done.Has(filepath.Join(dest, "inner.zip")) || !done.Has(filepath.Join(dest, "deeper.7z")) {
		t.Error("extracted set misses the inner archives")
	}

	// Non-recursive extraction leaves inner archives packed.
	flat := filepath.Join(root, "flat")
	if err := Extract(context.Background(), outer, flat, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(flat, "a.txt")); err == nil {
		t.Error("non-recursive extraction unpacked inner.zip")
	}

	// A compressed file of another format fails the recursion (quirk).
	gzSrc := filepath.Join(root, "gzsrc")
	writeTree(t, gzSrc, map[string]string{"x.csv.gz": "not really gzip"})
	gzArc := filepath.Join(root, "withgz.zip")
	if err := Compress(context.Background(), gzSrc, gzArc, false); err != nil {
		t.Fatal(err)
	}
	err := ExtractRecursive(context.Background(), gzArc, filepath.Join(root, "gzdest"), Options{}, nil)
	if !errors.Is(err, ErrUnsupported) {
		t.Errorf("recursive extraction with a .gz inside: err = %v, want ErrUnsupported", err)
	}
}

func TestSevenZipWriterEdgeCases(t *testing.T) {
	root := t.TempDir()
	empty := filepath.Join(root, "empty")
	os.WriteFile(empty, nil, 0o644)
	full := filepath.Join(root, "full")
	os.WriteFile(full, bytes.Repeat([]byte("abc"), 1000), 0o644)
	mtime := time.Date(2020, 5, 6, 7, 8, 9, 0, time.UTC)
	tests := []struct {
		name    string
		entries []Entry7z
		files   map[string]string
		dirs    []string
	}{
		{"no entries", nil, map[string]string{}, nil},
		{"only a directory (py7zr write of a dir)", []Entry7z{{Name: "train", Dir: true}}, map[string]string{}, []string{"train"}},
		{"only empty files", []Entry7z{{Name: "e1", Path: empty}, {Name: "d/e2", Path: empty}}, map[string]string{"e1": "", "d/e2": ""}, []string{"d"}},
		{"mixed", []Entry7z{{Name: "d", Dir: true, Modified: mtime}, {Name: "d/e", Path: empty}, {Name: "d/f", Path: full, Modified: mtime}, {Name: "g", Path: full}},
			map[string]string{"d/e": "", "d/f": strings.Repeat("abc", 1000), "g": strings.Repeat("abc", 1000)}, []string{"d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			arc := filepath.Join(t.TempDir(), "x.7z")
			if err := Write7z(context.Background(), arc, tt.entries); err != nil {
				t.Fatal(err)
			}
			dest := t.TempDir()
			if err := Extract(context.Background(), arc, dest, Options{}); err != nil {
				t.Fatal(err)
			}
			files, dirs := readTree(t, dest)
			equalFiles(t, files, tt.files)
			if strings.Join(dirs, ",") != strings.Join(tt.dirs, ",") {
				t.Errorf("dirs = %v, want %v", dirs, tt.dirs)
			}
			check7zWith7zip(t, arc, tt.files)
		})
	}
	if err := Write7z(context.Background(), filepath.Join(root, "bad.7z"), []Entry7z{{Name: "../x", Path: full}}); err == nil {
		t.Error("Write7z accepted an escaping member name")
	}
}

func TestPut7zNumber(t *testing.T) {
	tests := []struct {
		v    uint64
		want []byte
	}{
		{0, []byte{0}},
		{0x7F, []byte{0x7F}},
		{0x80, []byte{0x80, 0x80}},
		{0x3FFF, []byte{0xBF, 0xFF}},
		{0x4000, []byte{0xC0, 0x00, 0x40}},
		{1 << 56, []byte{0xFF, 0, 0, 0, 0, 0, 0, 0, 1}},
		{^uint64(0), []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		put7zNumber(&b, tt.v)
		if !bytes.Equal(b.Bytes(), tt.want) {
			t.Errorf("put7zNumber(%#x) = % x, want % x", tt.v, b.Bytes(), tt.want)
		}
	}
	if p := lzma2DictProp(16 << 20); p != 24 {
		t.Errorf("lzma2DictProp(16 MiB) = %d, want 24", p)
	}
}

// sevenZipBin is Debian's 7-Zip (package 7zip: 7zz; p7zip: 7z), or "".
func sevenZipBin() string {
	for _, name := range []string{"7zz", "7z"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// check7zWith7zip lists and tests the archive with Debian's 7-Zip when it
// is installed (an independent reader); skipped otherwise.
func check7zWith7zip(t *testing.T, arc string, files map[string]string) {
	t.Helper()
	bin := sevenZipBin()
	if bin == "" {
		return
	}
	out, err := exec.Command(bin, "t", arc).CombinedOutput()
	if err != nil {
		t.Errorf("7z t %s: %v\n%s", arc, err, out)
		return
	}
	dest := t.TempDir()
	out, err = exec.Command(bin, "x", "-o"+dest, arc).CombinedOutput()
	if err != nil {
		t.Errorf("7z x %s: %v\n%s", arc, err, out)
		return
	}
	got, _ := readTree(t, dest)
	equalFiles(t, got, files)
}

func TestCompress7zReadableBy7zip(t *testing.T) {
	src := t.TempDir()
	want := sampleFiles()
	writeTree(t, src, want)
	arc := filepath.Join(t.TempDir(), "s.7z")
	if err := Compress(context.Background(), src, arc, false); err != nil {
		t.Fatal(err)
	}
	if sevenZipBin() == "" {
		t.Skip("7-Zip not installed")
	}
	check7zWith7zip(t, arc, want)
}

func TestRead7zFrom7zip(t *testing.T) {
	bin := sevenZipBin()
	if bin == "" {
		t.Skip("7-Zip not installed")
	}
	src := t.TempDir()
	want := sampleFiles()
	writeTree(t, src, want)
	arc := filepath.Join(t.TempDir(), "by7zip.7z")
	cmd := exec.Command(bin, "a", "-bd", arc, ".")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("7z a: %v\n%s", err, out)
	}
	dest := t.TempDir()
	if err := Extract(context.Background(), arc, dest, Options{}); err != nil {
		t.Fatal(err)
	}
	got, _ := readTree(t, dest)
	equalFiles(t, got, want)
}

func FuzzExtractZip(f *testing.F) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range []zm{{"a.txt", "hello"}, {"d/", ""}, {"d/b.txt", "world"}} {
		w, _ := zw.Create(m.name)
		w.Write([]byte(m.content))
	}
	zw.Close()
	f.Add(buf.Bytes())
	f.Add(overlapZip(2, []byte("xyz")))
	f.Fuzz(func(t *testing.T, data []byte) {
		root := t.TempDir()
		arc := filepath.Join(root, "f.zip")
		os.WriteFile(arc, data, 0o644)
		dest := filepath.Join(root, "dest")
		_ = Extract(context.Background(), arc, dest, Options{Limits: Limits{MaxTotalBytes: 1 << 24}})
		entries, _ := os.ReadDir(root)
		for _, e := range entries {
			if e.Name() != "f.zip" && e.Name() != "dest" {
				t.Fatalf("extraction wrote %s outside the destination", e.Name())
			}
		}
	})
}
