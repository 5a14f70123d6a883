package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
)

// prepareUpstreamDir is the original's files in ../shared/upstream.
func prepareUpstreamDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "upstream"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "competitions")); err != nil {
		t.Skip("original's files not found at", dir)
	}
	return dir
}

// prepareNoKaggle hides any Kaggle credentials of the machine.
func prepareNoKaggle(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("KAGGLE_CONFIG_DIR", filepath.Join(home, "kaggle"))
	for _, v := range []string{"KAGGLE_API_TOKEN", "KAGGLE_USERNAME", "KAGGLE_KEY", "MLEBENCH_KAGGLE_URL"} {
		t.Setenv(v, "")
	}
}

func TestPrepareCommandUsage(t *testing.T) {
	prepareNoKaggle(t)
	data := t.TempDir()
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no selection", []string{"prepare", "--data-dir", data}, exitUsage, "One of --lite, --all, --list, or --competition-id must be specified."},
		{"raw with many", []string{"prepare", "--lite", "--raw", data, "--data-dir", data}, exitUsage, "--raw works with one competition"},
		{"unknown id", []string{"prepare", "-c", "no-such-competition", "--data-dir", data}, exitError, "unknown competition"},
		{"bad flag", []string{"prepare", "--no-such-flag"}, exitUsage, "unknown flag"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := cliRun(t, tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tt.code, tt.msg)
			}
		})
	}
}

func TestPrepareCommandResolvesEveryIDFirst(t *testing.T) {
	prepareNoKaggle(t)
	data := t.TempDir()
	list := filepath.Join(t.TempDir(), "ids.txt")
	// The blank line is an empty id (no stripping, as the original), which
	// fails lookup before anything is prepared.
	os.WriteFile(list, []byte("spaceship-titanic\n\nspaceship-titanic\n"), 0o644)
	_, stderr, code := cliRun(t, "prepare", "-l", list, "--data-dir", data, "--skip-verification")
	if code != exitError || !strings.Contains(stderr, `unknown competition: ""`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if entries, _ := os.ReadDir(data); len(entries) != 0 {
		t.Errorf("work started: %v", entries)
	}
	// --all names the competitions that are not implemented yet, up front.
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.All()) != len(competitions.All()) {
		_, stderr, code = cliRun(t, "prepare", "--all", "--data-dir", data)
		if code != exitError || !strings.Contains(stderr, competition.ErrNotImplemented.Error()) {
			t.Errorf("--all: exit %d, stderr %q", code, stderr)
		}
		if entries, _ := os.ReadDir(data); len(entries) != 0 {
			t.Errorf("work started: %v", entries)
		}
	}
}

// TestPrepareCommandSpaceshipTitanic is the offline end-to-end path:
// fake raw data → zip → prepare --raw → grade-sample of the sample
// submission; then checksums written with --overwrite-checksums, verified,
// and a tampered file refused by name.
func TestPrepareCommandSpaceshipTitanic(t *testing.T) {
	prepareNoKaggle(t)
	upstream := prepareUpstreamDir(t)
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	comp, err := cat.Lookup("spaceship-titanic")
	if err != nil || comp.Impl == nil || comp.Impl.FakeRaw == nil {
		t.Skip("spaceship-titanic not implemented")
	}
	root := t.TempDir()
	rawDir := filepath.Join(root, "raw")
	if err := comp.Impl.FakeRaw(rawDir, competition.FakeOptions{Seed: 0}); err != nil {
		t.Fatal(err)
	}
	zip := filepath.Join(root, "spaceship-titanic.zip")
	if err := archive.Compress(context.Background(), rawDir, zip, false); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(root, "data")
	common := []string{"--data-dir", data, "--upstream-dir", upstream}

	// The fake zip is not Kaggle's: verification names it.
	_, stderr, code := cliRun(t, append([]string{"prepare", "-c", "spaceship-titanic", "--raw", zip}, common...)...)
	if code != exitError || !strings.Contains(stderr, "Checksum for `"+zip+"` does not match the expected checksum! Expected `"+comp.Checksums.Zip+"`") {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	if err := comp.CheckPrepared(data, false); err == nil {
		t.Fatal("prepared despite the checksum failure")
	}

	stdout, stderr, code := cliRun(t, append([]string{"prepare", "-c", "spaceship-titanic", "--raw", zip, "--skip-verification", "--json"}, common...)...)
	if code != exitOK {
		t.Fatalf("prepare: exit %d\n%s", code, stderr)
	}
	var results []struct {
		ID       string `json:"competition_id"`
		Public   string `json:"public_dir"`
		Prepared bool   `json:"prepared"`
		Verified bool   `json:"verified"`
	}
	if err := json.Unmarshal([]byte(stdout), &results); err != nil || len(results) != 1 || results[0].ID != "spaceship-titanic" || !results[0].Prepared || results[0].Verified {
		t.Fatalf("results %s (%v)", stdout, err)
	}
	paths := comp.PathsIn(data)
	desc, err := os.ReadFile(filepath.Join(paths.Public, "description.md"))
	want, _ := os.ReadFile(filepath.Join(upstream, "competitions", "spaceship-titanic", "description.md"))
	if err != nil || !bytes.Equal(desc, want) {
		t.Errorf("description.md differs from the original's (%v)", err)
	}

	stdout, stderr, code = cliRun(t, "grade-sample", paths.SampleSubmission, "spaceship-titanic", "--data-dir", data)
	if code != exitOK {
		t.Fatalf("grade-sample: exit %d\n%s", code, stderr)
	}
	var report struct {
		Valid bool     `json:"valid_submission"`
		Score *float64 `json:"score"`
	}
	if err := json.Unmarshal([]byte(stdout), &report); err != nil || !report.Valid || report.Score == nil {
		t.Fatalf("report %s (%v)", stdout, err)
	}

	// Offline, without --raw and without a zip in DATA/<id>, a prepared
	// competition is only verified; an unprepared one asks for --raw.
	other := filepath.Join(root, "other-data")
	_, stderr, code = cliRun(t, "prepare", "-c", "spaceship-titanic", "--skip-verification", "--data-dir", other, "--upstream-dir", upstream)
	if code != exitError || !strings.Contains(stderr, "--raw") || !strings.Contains(stderr, "Kaggle API credentials") {
		t.Errorf("offline without data: exit %d, %s", code, stderr)
	}

	// Developer flow: write checksums for these files, verify, tamper.
	_, stderr, code = cliRun(t, append([]string{"prepare", "-c", "spaceship-titanic", "--raw", zip, "--overwrite-checksums"}, common...)...)
	if code != exitOK {
		t.Fatalf("overwrite-checksums: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(paths.Root, "checksums.yaml")); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = cliRun(t, append([]string{"prepare", "-c", "spaceship-titanic"}, common...)...)
	if code != exitOK || !strings.Contains(stdout, "already prepared, checksums verified") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, stdout, stderr)
	}
	f, err := os.OpenFile(filepath.Join(paths.Public, "train.csv"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("tampered\n")
	f.Close()
	_, stderr, code = cliRun(t, append([]string{"prepare", "-c", "spaceship-titanic"}, common...)...)
	if code != exitError || !strings.Contains(stderr, "Checksums do not match for `spaceship-titanic`!") || !strings.Contains(stderr, "public/train.csv: expected ") {
		t.Fatalf("tampered: exit %d\n%s", code, stderr)
	}
}

func TestPrepareCommandMissingDescription(t *testing.T) {
	prepareNoKaggle(t)
	data := t.TempDir()
	_, stderr, code := cliRun(t, "prepare", "-c", "spaceship-titanic", "--raw", data, "--data-dir", data, "--upstream-dir", filepath.Join(data, "nowhere"))
	if code != exitError || !strings.Contains(stderr, "--upstream-dir") || !strings.Contains(stderr, "MLEBENCH_UPSTREAM_DIR") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
