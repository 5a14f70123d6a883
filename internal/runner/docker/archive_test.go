package docker

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/runner"
)

// TestUntarHostileArchive: what an agent can put into the archive of its
// /home/submission (symlinks to the host's files or the answers, hard
// links, names climbing out of the destination, devices, FIFOs) never
// makes the host side write outside dst or follow a link.
func TestUntarHostileArchive(t *testing.T) {
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim.txt")
	if err := os.WriteFile(victim, []byte("intact"), 0o644); err != nil {
		t.Fatal(err)
	}
	type entry struct {
		hdr  tar.Header
		body string
	}
	entries := []entry{
		{hdr: tar.Header{Name: "submission/", Typeflag: tar.TypeDir, Mode: 0o755}},
		// A symlink to a directory outside, then a file "through" it.
		{hdr: tar.Header{Name: "submission/out", Typeflag: tar.TypeSymlink, Linkname: outside}},
		{hdr: tar.Header{Name: "submission/out/victim.txt", Typeflag: tar.TypeReg, Mode: 0o644}, body: "pwned"},
		// A symlink to a file outside, then a regular file of that name.
		{hdr: tar.Header{Name: "submission/v.txt", Typeflag: tar.TypeSymlink, Linkname: victim}},
		{hdr: tar.Header{Name: "submission/v.txt", Typeflag: tar.TypeReg, Mode: 0o644}, body: "pwned"},
		// A hard link to a host file.
		{hdr: tar.Header{Name: "submission/h.txt", Typeflag: tar.TypeLink, Linkname: victim}},
		// Names escaping dst.
		{hdr: tar.Header{Name: "submission/../../" + filepath.Base(outside) + "/victim.txt", Typeflag: tar.TypeReg, Mode: 0o644}, body: "pwned"},
		{hdr: tar.Header{Name: victim, Typeflag: tar.TypeReg, Mode: 0o644}, body: "pwned"},
		// Special files.
		{hdr: tar.Header{Name: "submission/null", Typeflag: tar.TypeChar, Devmajor: 1, Devminor: 3}},
		{hdr: tar.Header{Name: "submission/fifo", Typeflag: tar.TypeFifo}},
		// Nesting past PATH_MAX (possible inside the container) must not
		// fail the copy (an infrastructure failure earns a retry).
		{hdr: tar.Header{Name: "submission/" + strings.Repeat("d/", 2100) + "deep.txt", Typeflag: tar.TypeReg, Mode: 0o644}, body: "x"},
		{hdr: tar.Header{Name: "submission/" + strings.Repeat(strings.Repeat("n", 200)+"/", 25) + "long.txt", Typeflag: tar.TypeReg, Mode: 0o644}, body: "x"},
		{hdr: tar.Header{Name: "submission/submission.csv", Typeflag: tar.TypeReg, Mode: 0o644}, body: "id,y\n1,2\n"},
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range entries {
		h := e.hdr
		h.Size = int64(len(e.body))
		if err := tw.WriteHeader(&h); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(e.body))
	}
	tw.Close()

	dst := filepath.Join(outside, "run", "dst")
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := untar(&buf, dst, nil); err != nil {
		t.Fatalf("untar: %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "intact" {
		t.Errorf("a file outside dst was overwritten: %q", b)
	}
	var got []string
	filepath.WalkDir(dst, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dst {
			return err
		}
		rel, _ := filepath.Rel(dst, p)
		if !d.IsDir() && !d.Type().IsRegular() {
			t.Errorf("%s: a %v was created", rel, d.Type())
		}
		got = append(got, rel)
		return nil
	})
	sort.Strings(got)
	// The regular file "out/victim.txt" lands in a real directory inside
	// dst; v.txt is a regular file (the symlink was never created); an
	// absolute name is taken relative to dst.
	want := []string{"submission", "submission/out", "submission/out/victim.txt", "submission/submission.csv", "submission/v.txt"}
	for p := strings.TrimPrefix(victim, "/"); p != "."; p = filepath.Dir(p) {
		want = append(want, p)
	}
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("extracted %v, want %s", got, want)
	}
}

// TestUntarBudget: files that do not fit in the run's output cap are
// skipped with a note, never partly written; later files that fit are
// still copied.
func TestUntarBudget(t *testing.T) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, f := range []struct {
		name string
		size int64
	}{{"logs/a.log", 10}, {"logs/big.log", 95}, {"logs/b.log", 20}} {
		tw.WriteHeader(&tar.Header{Name: f.name, Typeflag: tar.TypeReg, Mode: 0o644, Size: f.size})
		tw.Write(bytes.Repeat([]byte{'x'}, int(f.size)))
	}
	tw.Close()
	dst := t.TempDir()
	b := runner.NewOutputBudget(100)
	if err := untar(&buf, dst, b); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int64{"logs/a.log": 10, "logs/b.log": 20} {
		if st, err := os.Stat(filepath.Join(dst, name)); err != nil || st.Size() != want {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dst, "logs/big.log")); err == nil {
		t.Errorf("big.log was written past the cap")
	}
	if notes := b.Notes(); len(notes) != 1 || !strings.Contains(notes[0], "logs/big.log (95 bytes") {
		t.Errorf("notes %q", notes)
	}
	if b.Used() != 30 {
		t.Errorf("used %d", b.Used())
	}
}
