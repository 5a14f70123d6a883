package dataset

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/progress"
)

func TestPrepareFromZip(t *testing.T) {
	f := newFixture(t)
	s := f.service()
	rec := newStepRecorder()
	s.Progress = rec
	res, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	if err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
	if st, err := os.Stat(f.paths().Private); err != nil || st.Mode().Perm()&0o077 != 0 {
		t.Errorf("private dir is accessible to others: %v %v", st.Mode(), err)
	}
	if !res.Prepared || !res.Verified || res.Zip != f.zip || f.calls.Load() != 1 {
		t.Errorf("result %+v, calls %d", res, f.calls.Load())
	}
	if _, err := os.Stat(f.paths().Raw); !os.IsNotExist(err) {
		t.Errorf("raw not deleted: %v", err)
	}
	// One step per stage; extraction and checksums count bytes.
	want := []string{"verify " + testID + ".zip", "extract " + testID + ".zip", "prepare " + testID, "checksums " + testID}
	if strings.Join(rec.steps, "|") != strings.Join(want, "|") {
		t.Errorf("progress steps %q, want %q", rec.steps, want)
	}
	for _, step := range []string{want[0], want[1], want[3]} {
		if rec.totals[step] <= 0 || rec.added[step] != rec.totals[step] {
			t.Errorf("step %s: total %d, added %d", step, rec.totals[step], rec.added[step])
		}
	}
	// The user's zip is left alone.
	if _, err := os.Stat(f.zip); err != nil {
		t.Error(err)
	}

	// A second run only verifies.
	res, err = s.Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	if err != nil {
		t.Fatal(err)
	}
	if res.Prepared || !res.Verified || f.calls.Load() != 1 {
		t.Errorf("second run: result %+v, calls %d", res, f.calls.Load())
	}
	f.checkPrepared()
	if _, err := os.Stat(f.paths().Raw); !os.IsNotExist(err) {
		t.Error("second run extracted raw without need")
	}
}

func TestPrepareFromDirectoryKeepsSourceIntact(t *testing.T) {
	f := newFixture(t)
	res, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.rawDir, KeepRaw: true})
	if err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
	if res.Zip != "" || !res.Verified {
		t.Errorf("result %+v", res)
	}
	// The preparer deleted scratch.txt from DATA/<id>/raw, not from the
	// user's directory.
	if _, err := os.Stat(filepath.Join(f.rawDir, "scratch.txt")); err != nil {
		t.Errorf("the user's raw directory was modified: %v", err)
	}
	got := listDir(t, f.paths().Raw)
	want := []string{"extra", "extra/deep.csv", "images", "images/1.png", "test.csv", "train.csv"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("kept raw = %v, want %v", got, want)
	}
}

func TestKeepRawAndReuse(t *testing.T) {
	f := newFixture(t)
	s := f.service()
	if _, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip, KeepRaw: true}); err != nil {
		t.Fatal(err)
	}
	if isEmptyDir(f.paths().Raw) {
		t.Fatal("raw not kept")
	}
	// Re-prepare from the kept raw (no --raw, no zip, no downloader).
	if err := os.RemoveAll(filepath.Dir(f.paths().Public)); err != nil {
		t.Fatal(err)
	}
	// The preparer removed scratch.txt from raw; put it back as a fresh
	// download would have it.
	os.WriteFile(filepath.Join(f.paths().Raw, "scratch.txt"), []byte("x"), 0o644)
	res, err := s.Prepare(context.Background(), f.comp, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Prepared {
		t.Error("not re-prepared")
	}
	f.checkPrepared()
	if _, err := os.Stat(f.paths().Raw); !os.IsNotExist(err) {
		t.Error("raw not deleted without --keep-raw")
	}
}

func TestZipChecksumMismatch(t *testing.T) {
	f := newFixture(t)
	f.comp.Checksums.Zip = strings.Repeat("0", 32)
	_, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	var ze *ZipChecksumError
	if !errors.As(err, &ze) {
		t.Fatalf("err = %v, want *ZipChecksumError", err)
	}
	wantMsg := fmt.Sprintf("Checksum for `%s` does not match the expected checksum! Expected `%s` but got `", f.zip, strings.Repeat("0", 32))
	if !strings.HasPrefix(err.Error(), wantMsg) {
		t.Errorf("message %q", err)
	}
	f.checkNotPrepared()
	if f.calls.Load() != 0 {
		t.Error("prepared despite the zip mismatch")
	}
	if _, err := os.Stat(f.paths().Raw); !os.IsNotExist(err) {
		t.Error("extracted despite the zip mismatch")
	}
	// --skip-verification accepts it.
	if _, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip, SkipVerification: true}); err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
}

func TestTamperedPreparedFileIsNamed(t *testing.T) {
	f := newFixture(t)
	s := f.service()
	if _, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip}); err != nil {
		t.Fatal(err)
	}
	tampered := filepath.Join(f.paths().Public, "train.csv")
	if err := os.WriteFile(tampered, []byte("id,label\n1,b\n2,b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(f.paths().Private, "extra.json"), []byte("{}"), 0o644)
	_, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	var ce *ChecksumError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want *ChecksumError", err)
	}
	msg := err.Error()
	for _, want := range []string{
		"Checksums do not match for `test-comp`!",
		"public/train.csv: expected " + md5hex(testPublic["train.csv"]) + ", got " + md5hex("id,label\n1,b\n2,b\n"),
		"private/extra.json: not expected (got " + md5hex("{}") + ")",
		"--- actual_checksums\n+++ expected_checksums\n@@ ",
		"-  train.csv: " + md5hex("id,label\n1,b\n2,b\n"),
		"+  train.csv: " + md5hex(testPublic["train.csv"]),
		"delete that directory",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if len(ce.Mismatches) != 2 {
		t.Errorf("mismatches %q", ce.Mismatches)
	}
	// --skip-verification does not look.
	if _, err := s.Prepare(context.Background(), f.comp, Options{SkipVerification: true}); err != nil {
		t.Errorf("skip-verification: %v", err)
	}
}

func TestFreshPrepareWithWrongOutputLeavesNothing(t *testing.T) {
	f := newFixture(t)
	f.comp.Checksums.Private["answers.csv"] = strings.Repeat("a", 32)
	_, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	var ce *ChecksumError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "private/answers.csv: expected "+strings.Repeat("a", 32)) || !strings.Contains(err.Error(), "discarded") {
		t.Fatalf("err = %v", err)
	}
	f.checkNotPrepared()
	if _, err := os.Stat(filepath.Dir(f.paths().Public)); !os.IsNotExist(err) {
		t.Errorf("prepared directory exists: %v", err)
	}
	f.noTemporaries()
}

func TestOverwriteChecksums(t *testing.T) {
	f := newFixture(t)
	good := f.comp.Checksums
	f.comp.Checksums = competition.Checksums{Zip: strings.Repeat("1", 32), Public: map[string]string{"old.csv": strings.Repeat("2", 32)}, Private: map[string]string{}}
	s := f.service()
	// A first prepare with the wrong facts fails ...
	if _, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip}); err == nil {
		t.Fatal("prepare with wrong checksums succeeded")
	}
	// ... --overwrite-checksums rewrites them from the actual files ...
	res, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip, OverwriteChecksums: true, SkipVerification: true})
	if err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
	wantFile := filepath.Join(f.paths().Root, "checksums.yaml")
	if res.ChecksumsFile != wantFile || !res.Verified {
		t.Errorf("result %+v", res)
	}
	written, err := ReadChecksumsFile(wantFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(ChecksumMismatch(written, good)) != 0 || written.Zip != good.Zip {
		t.Errorf("written checksums %+v, want %+v", written, good)
	}
	// ... and later runs verify against that file.
	if _, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip}); err != nil {
		t.Fatalf("verification against the written file: %v", err)
	}
	// --overwrite-checksums re-prepares from scratch even when prepared.
	before := f.calls.Load()
	if _, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip, OverwriteChecksums: true}); err != nil {
		t.Fatal(err)
	}
	if f.calls.Load() != before+1 {
		t.Error("--overwrite-checksums did not re-prepare")
	}
	f.checkPrepared()
}

func TestPrepareFunctionFailureLeavesNothing(t *testing.T) {
	f := newFixture(t)
	f.comp.Impl.Prepare = func(ctx context.Context, d competition.Dirs) error {
		if err := testPrepare(ctx, d); err != nil {
			return err
		}
		return errors.New("assertion failed: 3 != 4")
	}
	_, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	if err == nil || !strings.Contains(err.Error(), "preparing test-comp: prepare function: assertion failed: 3 != 4") {
		t.Fatalf("err = %v", err)
	}
	f.checkNotPrepared()
	f.noTemporaries()
}

func TestPrepareFunctionOutputChecked(t *testing.T) {
	f := newFixture(t)
	f.comp.Impl.Prepare = func(ctx context.Context, d competition.Dirs) error {
		return os.WriteFile(filepath.Join(d.Public, "train.csv"), []byte("x"), 0o644)
	}
	_, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip, SkipVerification: true})
	if err == nil || !strings.Contains(err.Error(), "left private empty") {
		t.Fatalf("err = %v", err)
	}
	f.checkNotPrepared()
	f.comp.Impl.Prepare = func(ctx context.Context, d competition.Dirs) error {
		os.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), []byte("x"), 0o644)
		return os.WriteFile(filepath.Join(d.Private, "wrong_name.csv"), []byte("x"), 0o644)
	}
	_, err = f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip, SkipVerification: true})
	if err == nil || !strings.Contains(err.Error(), "did not write test-comp/prepared/private/answers.csv") {
		t.Fatalf("err = %v", err)
	}
	f.checkNotPrepared()
}

func TestCancelledDuringPrepare(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	f.comp.Impl.Prepare = func(pctx context.Context, d competition.Dirs) error {
		if err := testPrepare(pctx, d); err != nil {
			return err
		}
		cancel()
		<-pctx.Done()
		return pctx.Err()
	}
	_, err := f.service().Prepare(ctx, f.comp, Options{Raw: f.zip, KeepRaw: true})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	f.checkNotPrepared()
	// The interrupted run returned without deleting its partial output
	// (which can take minutes); the next run removes it.
	tmp := filepath.Join(f.paths().Root, tmpPreparedPrefix+strconv.Itoa(os.Getpid()))
	if _, err := os.Stat(filepath.Join(tmp, "private", "answers.csv")); err != nil {
		t.Errorf("the interrupted run's partial output is gone: %v", err)
	}
	f.comp.Impl.Prepare = testPrepare
	os.WriteFile(filepath.Join(f.paths().Raw, "scratch.txt"), []byte("x"), 0o644)
	if _, err := f.service().Prepare(context.Background(), f.comp, Options{}); err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the interrupted run's partial output %s was not removed by the next run", tmp)
	}
}

func TestCancelledDuringExtraction(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	rec := newStepRecorder()
	rec.onAdd = func(step string) {
		if strings.HasPrefix(step, "extract") {
			cancel()
		}
	}
	s := f.service()
	s.Progress = rec
	_, err := s.Prepare(ctx, f.comp, Options{Raw: f.zip})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// The half-extracted raw never became DATA/<id>/raw.
	if !isEmptyDir(f.paths().Raw) {
		t.Errorf("a partial raw directory was left: %v", listDir(t, f.paths().Raw))
	}
	f.checkNotPrepared()
	if _, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip}); err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
}

// TestKilledPrepare kills (SIGKILL) a helper process in the middle of the
// preparer and checks that nothing counts as prepared and that a new run
// cleans up and completes.
func TestKilledPrepare(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a helper process")
	}
	f := newFixture(t)
	marker := filepath.Join(t.TempDir(), "in-prepare")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperSlowPrepare$")
	cmd.Env = append(os.Environ(), "DATASET_HELPER=1", "HELPER_DATA="+f.data, "HELPER_UPSTREAM="+f.upstream,
		"HELPER_ZIP="+f.zip, "HELPER_MARKER="+marker, "HELPER_ZIPSUM="+f.comp.Checksums.Zip)
	out := &strings.Builder{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := os.Stat(marker); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("helper never reached the preparer:\n%s", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()

	// The helper had written its outputs into a temporary directory.
	tmp := filepath.Join(f.paths().Root, tmpPreparedPrefix+strconv.Itoa(cmd.Process.Pid))
	if _, err := os.Stat(filepath.Join(tmp, "private", "answers.csv")); err != nil {
		t.Errorf("expected the killed run's temporary output at %s: %v\n%s", tmp, err, out)
	}
	f.checkNotPrepared()

	// A new run takes the lock the dead process held, cleans up, completes.
	done := make(chan error, 1)
	go func() {
		_, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("re-run blocked (lock not released by the killed process?)")
	}
	f.checkPrepared()
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("stale temporary %s not cleaned", tmp)
	}
}

// TestHelperSlowPrepare is the helper process of TestKilledPrepare.
func TestHelperSlowPrepare(t *testing.T) {
	if os.Getenv("DATASET_HELPER") != "1" {
		t.Skip("helper process only")
	}
	comp := &competition.Competition{
		Info: competition.Info{
			ID: testID, Answers: testID + "/prepared/private/answers.csv", SampleSubmission: testID + "/prepared/public/sample_submission.csv",
			Description: "mlebench/competitions/" + testID + "/description.md",
			Checksums:   competition.Checksums{Zip: os.Getenv("HELPER_ZIPSUM")},
			Thresholds:  competition.Thresholds{Gold: 1},
		},
		Impl: &competition.Impl{ID: testID, Prepare: func(ctx context.Context, d competition.Dirs) error {
			if err := testPrepare(ctx, d); err != nil {
				return err
			}
			os.WriteFile(os.Getenv("HELPER_MARKER"), nil, 0o644)
			time.Sleep(time.Minute)
			return errors.New("helper was not killed")
		}},
	}
	s := &Service{DataDir: os.Getenv("HELPER_DATA"), UpstreamDir: os.Getenv("HELPER_UPSTREAM")}
	_, err := s.Prepare(context.Background(), comp, Options{Raw: os.Getenv("HELPER_ZIP"), SkipVerification: true})
	t.Fatalf("helper returned: %v", err)
}

func TestStaleTemporariesCleaned(t *testing.T) {
	f := newFixture(t)
	root := f.paths().Root
	for _, d := range []string{"prepared.tmp-99999/public", "prepared.old-99999/private", "raw.tmp-99999/x"} {
		writeFiles(t, root, map[string]string{d + "/f.csv": "x"})
	}
	if _, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip}); err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
}

func TestReplacesUnpreparedLeftovers(t *testing.T) {
	// A prepared/ left by something else that does not pass the check (an
	// empty private dir) is replaced.
	f := newFixture(t)
	writeFiles(t, f.paths().Public, map[string]string{"junk.csv": "x"})
	os.MkdirAll(f.paths().Private, 0o755)
	if _, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip}); err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
	if _, err := os.Stat(filepath.Join(f.paths().Public, "junk.csv")); !os.IsNotExist(err) {
		t.Error("leftover file survived")
	}
}

func TestMissingDescription(t *testing.T) {
	f := newFixture(t)
	for _, upstream := range []string{"", filepath.Join(t.TempDir(), "nowhere")} {
		s := f.service()
		s.UpstreamDir = upstream
		_, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip})
		if err == nil || !strings.Contains(err.Error(), "--upstream-dir") || !strings.Contains(err.Error(), "MLEBENCH_UPSTREAM_DIR") {
			t.Errorf("upstream %q: err = %v", upstream, err)
		}
		if _, err := os.Stat(f.data); !os.IsNotExist(err) {
			t.Error("work started before the description was found")
		}
	}
}

func TestNotImplemented(t *testing.T) {
	f := newFixture(t)
	f.comp.Impl = nil
	_, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	if !errors.Is(err, competition.ErrNotImplemented) {
		t.Errorf("err = %v", err)
	}
}

func TestNoLeaderboardFacts(t *testing.T) {
	f := newFixture(t)
	f.comp.Thresholds = competition.Thresholds{}
	_, err := f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	if err == nil || !strings.Contains(err.Error(), "Leaderboard not found locally for competition `test-comp`.") {
		t.Errorf("err = %v", err)
	}
	f.comp.Thresholds.Gold = 1
	_, err = f.service().Prepare(context.Background(), f.comp, Options{Raw: f.zip, OverwriteLeaderboard: true})
	if err == nil || !strings.Contains(err.Error(), "--overwrite-leaderboard") {
		t.Errorf("overwrite-leaderboard without Kaggle: err = %v", err)
	}
}

func TestZipSelection(t *testing.T) {
	f := newFixture(t)
	s := f.service()
	// No --raw, no downloader, no zip.
	_, err := s.Prepare(context.Background(), f.comp, Options{})
	if err == nil || !strings.Contains(err.Error(), "--raw") {
		t.Fatalf("err = %v", err)
	}
	// A zip already in DATA/<id> (any name) is used.
	b, _ := os.ReadFile(f.zip)
	os.WriteFile(filepath.Join(f.paths().Root, "whatever.zip"), b, 0o644)
	os.WriteFile(filepath.Join(f.paths().Root, "second.zip"), b, 0o644)
	_, err = s.Prepare(context.Background(), f.comp, Options{})
	if err == nil || !strings.Contains(err.Error(), "Expected to download a single zip file, but found 2 zip files.") {
		t.Fatalf("err = %v", err)
	}
	os.Remove(filepath.Join(f.paths().Root, "second.zip"))
	res, err := s.Prepare(context.Background(), f.comp, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Zip != filepath.Join(f.paths().Root, "whatever.zip") {
		t.Errorf("zip %s", res.Zip)
	}
	f.checkPrepared()
}

// fakeDownloader copies a zip into the target directory.
type fakeDownloader struct {
	zip   string
	calls int
}

func (d *fakeDownloader) Download(ctx context.Context, id, dir string, p progress.Reporter) error {
	d.calls++
	b, err := os.ReadFile(d.zip)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, id+".zip"), b, 0o644)
}

func TestDownloaderUsedOnlyWhenNeeded(t *testing.T) {
	f := newFixture(t)
	d := &fakeDownloader{zip: f.zip}
	s := f.service()
	s.Download = d
	if _, err := s.Prepare(context.Background(), f.comp, Options{}); err != nil {
		t.Fatal(err)
	}
	f.checkPrepared()
	if d.calls != 1 {
		t.Errorf("downloads %d", d.calls)
	}
	if _, err := os.Stat(filepath.Join(f.paths().Root, testID+".zip")); err != nil {
		t.Error("the zip in DATA/<id> is never deleted:", err)
	}
	// Prepared: verified from the existing zip, no download.
	res, err := s.Prepare(context.Background(), f.comp, Options{})
	if err != nil || d.calls != 1 || res.Zip == "" {
		t.Errorf("second run: %v, downloads %d, zip %q", err, d.calls, res.Zip)
	}
}

func TestPrepareAll(t *testing.T) {
	f := newFixture(t)
	s := f.service()
	if _, err := s.PrepareAll(context.Background(), []*competition.Competition{f.comp, f.comp}, Options{Raw: f.zip}); err == nil || !strings.Contains(err.Error(), "one competition") {
		t.Errorf("--raw with two competitions: %v", err)
	}
	broken := *f.comp
	broken.Impl = nil
	res, err := s.PrepareAll(context.Background(), []*competition.Competition{f.comp, &broken, f.comp}, Options{SkipVerification: true})
	// The first fails (no raw data at all), and the run stops there.
	if err == nil || len(res) != 0 {
		t.Errorf("res %v, err %v", res, err)
	}
	b, _ := os.ReadFile(f.zip)
	os.MkdirAll(f.paths().Root, 0o755)
	os.WriteFile(filepath.Join(f.paths().Root, testID+".zip"), b, 0o644)
	res, err = s.PrepareAll(context.Background(), []*competition.Competition{f.comp, &broken, f.comp}, Options{})
	if len(res) != 1 || !errors.Is(err, competition.ErrNotImplemented) {
		t.Errorf("res %v, err %v", res, err)
	}
}

func TestExtractLimitsApply(t *testing.T) {
	f := newFixture(t)
	s := f.service()
	s.Limits = archive.Limits{MaxEntries: 2}
	_, err := s.Prepare(context.Background(), f.comp, Options{Raw: f.zip})
	if !errors.Is(err, archive.ErrUnsafe) {
		t.Errorf("err = %v", err)
	}
	f.checkNotPrepared()
}
