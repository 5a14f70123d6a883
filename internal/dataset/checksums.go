package dataset

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/progress"
)

// checksumExtensions are the extensions whose top-level files are
// checksummed, in the original's order (harness.md §2.6).
var checksumExtensions = []string{"csv", "json", "jsonl", "parquet", "bson"}

// ChecksummedFiles lists the names of dir's top-level entries that the
// original checksums: names matching "*.<ext>" for ext in csv, json, jsonl,
// parquet, bson (case-sensitive, whole name, hidden files included) that are
// regular files (a symbolic link to one counts, as pathlib's is_file
// follows links).
func ChecksummedFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, ext := range checksumExtensions {
		for _, e := range entries {
			name := e.Name()
			// fnmatch "*.ext": any prefix (possibly empty), then ".ext".
			if !strings.HasSuffix(name, "."+ext) {
				continue
			}
			st, err := os.Stat(filepath.Join(dir, name))
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			out = append(out, name)
		}
	}
	return out, nil
}

// Hasher computes MD5 sums (lowercase hex), remembering them in a cache
// file keyed by (path, size, modification time) as the original memoises
// them (it keys by path and mtime). The zero value hashes without a cache.
type Hasher struct {
	// CachePath is the JSON cache file; "" disables caching.
	CachePath string

	mu      sync.Mutex
	loaded  bool
	dirty   bool
	entries map[string]cacheEntry
}

type cacheEntry struct {
	Size  int64  `json:"size"`
	MTime int64  `json:"mtime_ns"`
	MD5   string `json:"md5"`
}

func (h *Hasher) load() {
	if h.loaded {
		return
	}
	h.loaded = true
	h.entries = map[string]cacheEntry{}
	if h.CachePath == "" {
		return
	}
	b, err := os.ReadFile(h.CachePath)
	if err != nil {
		return
	}
	if json.Unmarshal(b, &h.entries) != nil {
		h.entries = map[string]cacheEntry{} // a damaged cache is only a cache
	}
}

// MD5 returns the MD5 of the file at path, reporting the bytes it reads.
func (h *Hasher) MD5(ctx context.Context, path string, p progress.Reporter) (string, error) {
	p = progress.OrNop(p)
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	h.mu.Lock()
	h.load()
	e, ok := h.entries[abs]
	h.mu.Unlock()
	if ok && e.Size == st.Size() && e.MTime == st.ModTime().UnixNano() {
		p.Add(st.Size())
		return e.MD5, nil
	}
	f, err := os.Open(abs)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum := md5.New()
	if _, err := io.CopyBuffer(sum, &progress.Reader{R: &ctxReader{ctx, f}, P: p}, make([]byte, 1<<20)); err != nil {
		return "", fmt.Errorf("computing the MD5 of %s: %w", abs, err)
	}
	out := hex.EncodeToString(sum.Sum(nil))
	if h.CachePath != "" {
		h.mu.Lock()
		h.entries[abs] = cacheEntry{Size: st.Size(), MTime: st.ModTime().UnixNano(), MD5: out}
		h.dirty = true
		h.mu.Unlock()
	}
	return out, nil
}

// Save writes the cache file (atomically) if anything was added.
func (h *Hasher) Save() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.dirty || h.CachePath == "" {
		return nil
	}
	// Drop entries of files that no longer exist.
	for p := range h.entries {
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			delete(h.entries, p)
		}
	}
	b, err := json.Marshal(h.entries)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(h.CachePath, b, ""); err != nil {
		return fmt.Errorf("saving the checksum cache: %w", err)
	}
	h.dirty = false
	return nil
}

// DirChecksums maps each checksummed file of dir (see [ChecksummedFiles])
// to its MD5. Progress counts the bytes read.
func (h *Hasher) DirChecksums(ctx context.Context, dir string, p progress.Reporter) (map[string]string, error) {
	names, err := ChecksummedFiles(dir)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(names))
	for _, name := range names {
		sum, err := h.MD5(ctx, filepath.Join(dir, name), p)
		if err != nil {
			return nil, err
		}
		out[name] = sum
	}
	return out, nil
}

// checksumBytes is the total size of the files DirChecksums would read.
func checksumBytes(dirs ...string) int64 {
	var total int64
	for _, dir := range dirs {
		names, _ := ChecksummedFiles(dir)
		for _, n := range names {
			if st, err := os.Stat(filepath.Join(dir, n)); err == nil {
				total += st.Size()
			}
		}
	}
	return total
}

// checksumsFile is the YAML form of checksums.yaml.
type checksumsFile struct {
	Zip     string            `yaml:"zip"`
	Public  map[string]string `yaml:"public"`
	Private map[string]string `yaml:"private"`
}

// ReadChecksumsFile reads a checksums.yaml.
func ReadChecksumsFile(path string) (competition.Checksums, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return competition.Checksums{}, err
	}
	var f checksumsFile
	if err := yaml.Unmarshal(b, &f); err != nil {
		return competition.Checksums{}, fmt.Errorf("reading %s: %w", path, err)
	}
	if f.Public == nil {
		f.Public = map[string]string{}
	}
	if f.Private == nil {
		f.Private = map[string]string{}
	}
	return competition.Checksums{Zip: f.Zip, Public: f.Public, Private: f.Private}, nil
}

// MarshalChecksums renders checksums as the original writes checksums.yaml
// (PyYAML block style, keys sorted, "{}" for an empty mapping).
func MarshalChecksums(c competition.Checksums) []byte {
	var b strings.Builder
	section := func(name string, m map[string]string) {
		if len(m) == 0 {
			fmt.Fprintf(&b, "%s: {}\n", name)
			return
		}
		fmt.Fprintf(&b, "%s:\n", name)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "  %s: %s\n", yamlScalar(k), yamlScalar(m[k]))
		}
	}
	section("private", c.Private)
	section("public", c.Public)
	fmt.Fprintf(&b, "zip: %s\n", yamlScalar(c.Zip))
	return []byte(b.String())
}

var (
	yamlPlain = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.\-]*$`) })
	// Plain scalars PyYAML would resolve to something other than a string
	// (YAML 1.1 bool, null, int, float).
	yamlNonString = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~|[-+]?(?:0b[01_]+|0[0-7_]+|0x[0-9a-fA-F_]+|0|[1-9][0-9_]*)|[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
	})
)

// yamlScalar writes s plain when PyYAML would, else single-quoted.
func yamlScalar(s string) string {
	if s != "" && yamlPlain().MatchString(s) && !yamlNonString().MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// ChecksumMismatch lists the differences between actual and expected
// checksums, one line per file ("public/train.csv: expected …, got …").
// The zip is compared only when both sides have one.
func ChecksumMismatch(actual, expected competition.Checksums) []string {
	var out []string
	if actual.Zip != "" && expected.Zip != "" && actual.Zip != expected.Zip {
		out = append(out, fmt.Sprintf("zip: expected %s, got %s", expected.Zip, actual.Zip))
	}
	cmp := func(section string, got, want map[string]string) {
		names := map[string]bool{}
		for n := range got {
			names[n] = true
		}
		for n := range want {
			names[n] = true
		}
		sorted := make([]string, 0, len(names))
		for n := range names {
			sorted = append(sorted, n)
		}
		sort.Strings(sorted)
		for _, n := range sorted {
			g, inGot := got[n]
			w, inWant := want[n]
			switch {
			case !inGot:
				out = append(out, fmt.Sprintf("%s/%s: missing (expected %s)", section, n, w))
			case !inWant:
				out = append(out, fmt.Sprintf("%s/%s: not expected (got %s)", section, n, g))
			case g != w:
				out = append(out, fmt.Sprintf("%s/%s: expected %s, got %s", section, n, w, g))
			}
		}
	}
	cmp("public", actual.Public, expected.Public)
	cmp("private", actual.Private, expected.Private)
	return out
}

// ChecksumError is the original's "Checksums do not match" failure, naming
// each mismatching file and carrying the unified diff of the two YAML
// dumps (from actual_checksums to expected_checksums).
type ChecksumError struct {
	ID         string
	Mismatches []string
	Diff       string
	// Hint says what to do about it.
	Hint string
	// Synthetic: the raw data came from `mlebench dev fake-raw` (see
	// SyntheticMarker), so no match was possible; the error is one line.
	Synthetic bool
}

func (e *ChecksumError) Error() string {
	if e.Synthetic {
		return fmt.Sprintf("checksums do not match for `%s` (%d files differ), as expected: its raw data is synthetic (mlebench dev fake-raw), which cannot match the original's checksums; pass --skip-verification to prepare it anyway", e.ID, len(e.Mismatches))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Checksums do not match for `%s`!", e.ID)
	for _, m := range e.Mismatches {
		b.WriteString("\n  " + m)
	}
	if e.Diff != "" {
		b.WriteString("\n" + e.Diff)
	}
	if e.Hint != "" {
		b.WriteString("\n" + e.Hint)
	}
	return b.String()
}

// ZipChecksumError is the original's zip MD5 mismatch.
type ZipChecksumError struct {
	Path, Expected, Actual string
	// Hint says what to do about it.
	Hint string
}

func (e *ZipChecksumError) Error() string {
	msg := fmt.Sprintf("Checksum for `%s` does not match the expected checksum! Expected `%s` but got `%s`.", e.Path, e.Expected, e.Actual)
	if e.Hint != "" {
		msg += " " + e.Hint
	}
	return msg
}

// compareChecksums returns a *ChecksumError when actual and expected
// differ. Without a zip checksum on one side, the zip is not compared.
func compareChecksums(id string, actual, expected competition.Checksums) error {
	mism := ChecksumMismatch(actual, expected)
	if len(mism) == 0 {
		return nil
	}
	a, e := actual, expected
	if a.Zip == "" || e.Zip == "" {
		a.Zip, e.Zip = "", ""
	}
	diff := UnifiedDiff(splitLinesKeep(string(MarshalChecksums(a))), splitLinesKeep(string(MarshalChecksums(e))), "actual_checksums", "expected_checksums", 3)
	return &ChecksumError{ID: id, Mismatches: mism, Diff: strings.Join(diff, "\n")}
}

// splitLinesKeep splits text into lines without their terminators.
func splitLinesKeep(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// writeFileAtomic writes b to path through a temporary file in tmpDir (""
// for path's directory; it must be on the same file system) and a rename.
func writeFileAtomic(path string, b []byte, tmpDir string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	if tmpDir == "" {
		tmpDir = filepath.Dir(path)
	}
	f, err := os.CreateTemp(tmpDir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
