package dataset

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
)

const testID = "test-comp"

// Raw files of the test competition and what its preparer writes.
var (
	testRaw = map[string]string{
		"train.csv":      "id,label\n1,a\n2,b\n3,a\n4,b\n",
		"test.csv":       "id\n5\n6\n",
		"scratch.txt":    "the preparer deletes this file",
		"images/1.png":   "png-bytes",
		"extra/deep.csv": "not at top level",
	}
	testPublic = map[string]string{
		"train.csv":             "id,label\n1,a\n2,b\n",
		"test.csv":              "id\n3\n4\n",
		"sample_submission.csv": "id,label\n3,a\n4,a\n",
		"images/1.png":          "png-bytes",
		"notes.txt":             "not checksummed",
	}
	testPrivate = map[string]string{
		"answers.csv": "id,label\n3,a\n4,b\n",
	}
	testDescription = "# Test competition\r\n\r\nSome text.\rEnd.\n"
)

func md5hex(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// topChecksums is the expected checksum map of files (top-level csv only
// in this fixture).
func topChecksums(files map[string]string) map[string]string {
	out := map[string]string{}
	for name, content := range files {
		if !strings.Contains(name, "/") && strings.HasSuffix(name, ".csv") {
			out[name] = md5hex(content)
		}
	}
	return out
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
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

// testPrepare is the test competition's preparer: it checks its raw input,
// deletes a raw file (as several real preparers modify raw), and writes
// the fixed outputs.
func testPrepare(ctx context.Context, d competition.Dirs) error {
	b, err := os.ReadFile(filepath.Join(d.Raw, "train.csv"))
	if err != nil {
		return err
	}
	if string(b) != testRaw["train.csv"] {
		return errors.New("unexpected raw train.csv")
	}
	if err := os.Remove(filepath.Join(d.Raw, "scratch.txt")); err != nil {
		return err
	}
	for dir, files := range map[string]map[string]string{d.Public: testPublic, d.Private: testPrivate} {
		for name, content := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// fixture is a data dir, an upstream dir with the description, the raw
// files as a directory and as a zip, and the test competition whose facts
// match them.
type fixture struct {
	t        *testing.T
	data     string
	upstream string
	rawDir   string
	zip      string
	comp     *competition.Competition
	calls    atomic.Int32
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	root := t.TempDir()
	f := &fixture{t: t, data: filepath.Join(root, "data"), upstream: filepath.Join(root, "upstream"), rawDir: filepath.Join(root, "rawsrc")}
	writeFiles(t, f.rawDir, testRaw)
	writeFiles(t, f.upstream, map[string]string{"competitions/" + testID + "/description.md": testDescription})
	f.zip = filepath.Join(root, "download", testID+".zip")
	os.MkdirAll(filepath.Dir(f.zip), 0o755)
	if err := archive.Compress(context.Background(), f.rawDir, f.zip, false); err != nil {
		t.Fatal(err)
	}
	zb, _ := os.ReadFile(f.zip)
	impl := &competition.Impl{ID: testID, WritesRaw: true, Prepare: func(ctx context.Context, d competition.Dirs) error {
		f.calls.Add(1)
		return testPrepare(ctx, d)
	}}
	f.comp = &competition.Competition{
		Info: competition.Info{
			ID:               testID,
			Answers:          testID + "/prepared/private/answers.csv",
			SampleSubmission: testID + "/prepared/public/sample_submission.csv",
			Description:      "mlebench/competitions/" + testID + "/description.md",
			Checksums:        competition.Checksums{Zip: md5hex(string(zb)), Public: topChecksums(testPublic), Private: topChecksums(testPrivate)},
			Thresholds:       competition.Thresholds{Gold: 0.9, Silver: 0.8, Bronze: 0.7, Median: 0.5},
		},
		Impl: impl,
	}
	return f
}

func (f *fixture) service() *Service {
	return &Service{DataDir: f.data, UpstreamDir: f.upstream}
}

func (f *fixture) paths() competition.Paths { return f.comp.PathsIn(f.data) }

// checkPrepared asserts the competition is fully and correctly prepared.
func (f *fixture) checkPrepared() {
	f.t.Helper()
	if err := f.comp.CheckPrepared(f.data, false); err != nil {
		f.t.Fatalf("not prepared: %v", err)
	}
	p := f.paths()
	for dir, want := range map[string]map[string]string{p.Public: testPublic, p.Private: testPrivate} {
		for name, content := range want {
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
			if err != nil || string(b) != content {
				f.t.Errorf("%s/%s = %q, %v; want %q", filepath.Base(dir), name, b, err, content)
			}
		}
	}
	desc, err := os.ReadFile(filepath.Join(p.Public, "description.md"))
	if err != nil || string(desc) != "# Test competition\n\nSome text.\nEnd.\n" {
		f.t.Errorf("description.md = %q, %v", desc, err)
	}
	f.noTemporaries()
}

// checkNotPrepared asserts nothing counts as prepared.
func (f *fixture) checkNotPrepared() {
	f.t.Helper()
	if err := f.comp.CheckPrepared(f.data, false); err == nil {
		f.t.Fatal("competition counts as prepared")
	}
	if err := f.comp.CheckPrepared(f.data, true); err == nil {
		f.t.Fatal("competition counts as prepared for grading")
	}
}

// noTemporaries asserts no temporary directory is left in DATA/<id>.
func (f *fixture) noTemporaries() {
	f.t.Helper()
	entries, _ := os.ReadDir(f.paths().Root)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") || strings.Contains(e.Name(), ".old-") {
			f.t.Errorf("temporary left behind: %s", e.Name())
		}
	}
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// stepRecorder records progress steps.
type stepRecorder struct {
	mu     sync.Mutex
	steps  []string
	totals map[string]int64
	added  map[string]int64
	cur    string
	onAdd  func(step string)
}

func newStepRecorder() *stepRecorder {
	return &stepRecorder{totals: map[string]int64{}, added: map[string]int64{}}
}

func (r *stepRecorder) Start(name string, total int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.steps = append(r.steps, name)
	r.totals[name] = total
	r.cur = name
}

func (r *stepRecorder) Add(n int64) {
	r.mu.Lock()
	r.added[r.cur] += n
	cur, cb := r.cur, r.onAdd
	r.mu.Unlock()
	if cb != nil {
		cb(cur)
	}
}

func (r *stepRecorder) Done() {}
