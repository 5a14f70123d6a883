// Package competitiontest is the conformance suite every competition
// implementation passes, in the spirit of restic's backend test suite: it
// generates synthetic raw data with the competition's FakeRaw, prepares it
// twice (the output must be byte-identical: preparation is deterministic),
// checks the prepared layout against the original's facts (answers and sample
// submission where the config says, and exactly the checksummed file names of
// the original's checksums.yaml), checks that no public file reveals the
// answers, and grades the sample submission and the gold submission, both of
// which must be valid.
package competitiontest

import (
	"github.com/mlebench/mlebench/internal/leak"

	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

var update = flag.Bool("update", false, "rewrite golden MD5 files of prepared data (competitiontest)")

// Options tune the suite for one competition.
type Options struct {
	Seed uint64
	Rows int // FakeOptions.Rows; 0 = the competition's default

	// SampleScore and GoldScore, when non-nil, are the expected rounded
	// scores of the sample and gold submissions on the seed's data.
	SampleScore *float64
	GoldScore   *float64
	// SkipGold skips grading the gold submission (for competitions whose
	// answers are not themselves a valid submission and that have no
	// gold_submission file).
	SkipGold bool
	// GoldenMD5 is a JSON file ({"public/x.csv": "<md5>", ...}) the prepared
	// files must match; "" skips the check. Files under directories can be
	// summarised by the caller's own test instead.
	GoldenMD5 string
	// GoldenExclude lists path prefixes (relative to prepared/) not covered
	// by GoldenMD5, e.g. "public/train/" for big image folders.
	GoldenExclude []string
}

// Prepared is what the suite produced, for further checks by the caller.
type Prepared struct {
	DataDir string
	Info    competition.Info
	Paths   competition.Paths
}

// Run runs the suite and returns the prepared data of the first prepare.
func Run(t *testing.T, impl *competition.Impl, opt Options) *Prepared {
	t.Helper()
	info, ok := factsFor(impl.ID)
	if !ok {
		t.Fatalf("no facts for %q", impl.ID)
	}
	if impl.FakeRaw == nil || impl.Prepare == nil || impl.Grade == nil {
		t.Fatalf("%s: FakeRaw, Prepare and Grade are all required", impl.ID)
	}
	base := t.TempDir()
	// Both prepares run in the same data directory (prepared files may
	// embed its absolute path, as invasive-species-monitoring's 7z entries
	// do); the second run's tree is moved aside before the first one, which
	// the caller gets, is made.
	first := filepath.Join(base, "data")
	second := filepath.Join(base, "b")
	prepareOnce(t, impl, info, first, opt)
	if err := os.Rename(first, second); err != nil {
		t.Fatal(err)
	}
	prepareOnce(t, impl, info, first, opt)

	// Determinism: both prepares give the same files, byte for byte.
	sumsA := treeMD5(t, filepath.Join(first, info.ID, "prepared"))
	sumsB := treeMD5(t, filepath.Join(second, info.ID, "prepared"))
	if len(sumsA) != len(sumsB) {
		t.Errorf("prepare is not deterministic: %d files then %d files", len(sumsA), len(sumsB))
	}
	for p, s := range sumsA {
		if sumsB[p] != s {
			t.Errorf("prepare is not deterministic: %s differs between two runs", p)
		}
	}

	paths := info.PathsIn(first)
	if err := info.CheckPrepared(first, false); err != nil {
		var np *competition.NotPreparedError
		if ok := asNotPrepared(err, &np); ok {
			t.Fatalf("prepared data fails the original's is_dataset_prepared: %s", np.Reason)
		}
		t.Fatal(err)
	}
	checkChecksummedNames(t, "public", paths.Public, info.Checksums.Public)
	checkChecksummedNames(t, "private", paths.Private, info.Checksums.Private)
	checkNoAnswersInPublic(t, paths)
	checkNoLeaks(t, info.ID, paths)

	if opt.GoldenMD5 != "" {
		checkGolden(t, opt, sumsA)
	}

	sample := gradeFile(t, impl, paths.SampleSubmission, paths.Answers)
	if sample.Score == nil {
		t.Errorf("sample submission is invalid: %v", sample.Err)
	} else if opt.SampleScore != nil && !sameScore(*sample.Score, *opt.SampleScore) {
		t.Errorf("sample submission score = %v, want %v", *sample.Score, *opt.SampleScore)
	}
	if !opt.SkipGold {
		gold := gradeFile(t, impl, paths.GoldSubmission, paths.Answers)
		if gold.Score == nil {
			t.Errorf("gold submission is invalid: %v", gold.Err)
		} else if opt.GoldScore != nil && !sameScore(*gold.Score, *opt.GoldScore) {
			t.Errorf("gold submission score = %v, want %v", *gold.Score, *opt.GoldScore)
		}
	}
	return &Prepared{DataDir: first, Info: info, Paths: paths}
}

func sameScore(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= 1e-9
}

func factsFor(id string) (competition.Info, bool) {
	for _, f := range competition.Facts() {
		if f.ID == id {
			return f, true
		}
	}
	return competition.Info{}, false
}

func asNotPrepared(err error, target **competition.NotPreparedError) bool {
	np, ok := err.(*competition.NotPreparedError)
	if ok {
		*target = np
	}
	return ok
}

func prepareOnce(t *testing.T, impl *competition.Impl, info competition.Info, dataDir string, opt Options) string {
	t.Helper()
	p := info.PathsIn(dataDir)
	for _, d := range []string{p.Raw, p.Public, p.Private} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := impl.FakeRaw(p.Raw, competition.FakeOptions{Seed: opt.Seed, Rows: opt.Rows}); err != nil {
		t.Fatalf("FakeRaw: %v", err)
	}
	var before map[string]string
	if !impl.WritesRaw {
		// The harness hands a --raw directory to the preparer as it is:
		// prepare from a read-only tree, and check that nothing in it
		// changed (root ignores the permission bits; the snapshot does not).
		before = rawSnapshot(t, p.Raw)
		setTreeWritable(t, p.Raw, false)
		defer setTreeWritable(t, p.Raw, true)
	}
	if err := impl.Prepare(context.Background(), p.Dirs()); err != nil {
		t.Fatalf("Prepare: %v", err)
	}
	if before != nil {
		after := rawSnapshot(t, p.Raw)
		for path, st := range after {
			if before[path] != st {
				t.Errorf("Prepare changed %s in its raw directory (%q, was %q); a preparer that writes into raw must declare Impl.WritesRaw", path, st, before[path])
			}
		}
		for path := range before {
			if _, ok := after[path]; !ok {
				t.Errorf("Prepare removed %s from its raw directory; a preparer that writes into raw must declare Impl.WritesRaw", path)
			}
		}
	}
	return dataDir
}

// rawSnapshot maps every entry under root to its type, size and
// modification time (a directory's time changes when entries are added or
// removed, temporary ones included).
func rawSnapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[path] = fmt.Sprintf("%v %d %d", info.Mode().Type(), info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// setTreeWritable makes the tree under root read-only (r-x directories,
// r-- files) or gives the owner write permission back.
func setTreeWritable(t *testing.T, root string, writable bool) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		mode := fs.FileMode(0o444)
		if d.IsDir() {
			mode = 0o555
		}
		if writable {
			mode |= 0o200
		}
		return os.Chmod(path, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TreeMD5 returns the MD5 of every regular file under root, keyed by its
// slash-separated path relative to root.
func TreeMD5(root string) (map[string]string, error) {
	out := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		sum := md5.Sum(b)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:])
		return nil
	})
	return out, err
}

func treeMD5(t *testing.T, root string) map[string]string {
	t.Helper()
	m, err := TreeMD5(root)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// checkChecksummedNames: the files the original checksums (top level, five
// extensions) must be exactly the names in the original's checksums.yaml.
func checkChecksummedNames(t *testing.T, label, dir string, want map[string]string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		for _, ext := range []string{".csv", ".json", ".jsonl", ".parquet", ".bson"} {
			if strings.HasSuffix(e.Name(), ext) {
				got = append(got, e.Name())
				break
			}
		}
	}
	var wantNames []string
	for n := range want {
		wantNames = append(wantNames, n)
	}
	sort.Strings(got)
	sort.Strings(wantNames)
	if strings.Join(got, ",") != strings.Join(wantNames, ",") {
		t.Errorf("%s checksummed files = %v, the original's checksums.yaml lists %v", label, got, wantNames)
	}
}

func checkNoAnswersInPublic(t *testing.T, p competition.Paths) {
	t.Helper()
	answers, err := os.ReadFile(p.Answers)
	if err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(p.Public, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(path)
		if err == nil && len(answers) > 0 && bytes.Equal(b, answers) {
			t.Errorf("public file %s is a copy of the answers", path)
		}
		return nil
	})
}

func checkGolden(t *testing.T, opt Options, got map[string]string) {
	t.Helper()
	filtered := map[string]string{}
	for p, s := range got {
		skip := false
		for _, ex := range opt.GoldenExclude {
			if strings.HasPrefix(p, ex) {
				skip = true
			}
		}
		if !skip && !strings.HasSuffix(p, "description.md") {
			filtered[p] = s
		}
	}
	if *update {
		b, _ := json.MarshalIndent(filtered, "", "  ")
		if err := os.WriteFile(opt.GoldenMD5, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(opt.GoldenMD5)
	if err != nil {
		t.Fatalf("reading golden MD5s: %v", err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatalf("%s: %v", opt.GoldenMD5, err)
	}
	for p, s := range want {
		if g, ok := filtered[p]; !ok {
			t.Errorf("prepared file %s is missing (golden %s)", p, opt.GoldenMD5)
		} else if g != s {
			t.Errorf("prepared file %s: md5 %s, golden %s", p, g, s)
		}
	}
	for p := range filtered {
		if _, ok := want[p]; !ok {
			t.Errorf("prepared file %s is not in golden %s", p, opt.GoldenMD5)
		}
	}
}

// Grade reads submission and answers files and grades them as the harness
// does (rounded score, nil when invalid).
func Grade(t *testing.T, impl *competition.Impl, submissionPath, answersPath string) grade.Outcome {
	t.Helper()
	return gradeFile(t, impl, submissionPath, answersPath)
}

func gradeFile(t *testing.T, impl *competition.Impl, submissionPath, answersPath string) grade.Outcome {
	t.Helper()
	sub, err := grade.OpenSubmission(impl, submissionPath)
	if err != nil {
		t.Fatalf("reading %s: %v", submissionPath, err)
	}
	defer sub.Close()
	answers, err := grade.LoadAnswers(impl, answersPath)
	if err != nil {
		t.Fatalf("reading answers %s: %v", answersPath, err)
	}
	out := sub.Call(answers)
	// The competition's own pass over the files, when it takes them,
	// must give the same outcome.
	if own, done := grade.GradeFiles(impl, submissionPath, answersPath); done {
		if !sameOutcome(own, out) {
			t.Errorf("grading %s: the competition's own pass over the files gives %s, reading them %s", submissionPath, describeOutcome(own), describeOutcome(out))
		}
	}
	return out
}

// sameOutcome: the same rounded score, or both invalid, or both another error.
func sameOutcome(a, b grade.Outcome) bool {
	switch {
	case a.Score != nil && b.Score != nil:
		return *a.Score == *b.Score && a.Int == b.Int
	case a.Score != nil || b.Score != nil:
		return false
	}
	return errors.Is(a.Err, competition.ErrInvalidSubmission) == errors.Is(b.Err, competition.ErrInvalidSubmission)
}

func describeOutcome(o grade.Outcome) string {
	if o.Score != nil {
		return fmt.Sprintf("score %v", *o.Score)
	}
	return fmt.Sprintf("error %v", o.Err)
}

// GradeTable grades an in-memory submission against in-memory answers.
func GradeTable(impl *competition.Impl, submission, answers *table.Table) grade.Outcome {
	return grade.Call(impl, submission, answers)
}

// checkNoLeaks runs the leak scanner on the prepared fake data: it must
// raise no alarm beyond the leaks the original documents (leak.Known).
func checkNoLeaks(t *testing.T, id string, p competition.Paths) {
	t.Helper()
	rep, err := leak.Scan(context.Background(), id, p.Public, p.Private, leak.Options{SampleSubmission: p.SampleSubmission})
	if err != nil {
		t.Errorf("leak scan: %v", err)
		return
	}
	for _, f := range rep.Detected() {
		t.Errorf("leak scan of the prepared fake data: %s in %s: %s", f.Kind, f.File, f.Detail)
	}
}
