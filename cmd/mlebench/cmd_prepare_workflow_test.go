package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrepareSyntheticRaw is the README's offline path: dev fake-raw, then
// prepare --raw. The checksum mismatch is one line naming synthetic data
// and the flag to pass; with that flag nothing claims to verify.
func TestPrepareSyntheticRaw(t *testing.T) {
	prepareNoKaggle(t)
	upstream := prepareUpstreamDir(t)
	raw, data := filepath.Join(t.TempDir(), "raw"), t.TempDir()
	if _, stderr, code := cliRun(t, "dev", "fake-raw", "-c", "spaceship-titanic", "-o", raw); code != exitOK {
		t.Fatalf("fake-raw exit %d: %s", code, stderr)
	}
	common := []string{"prepare", "-c", "spaceship-titanic", "--raw", raw, "--data-dir", data, "--upstream-dir", upstream}
	_, stderr, code := cliRun(t, common...)
	var errLines []string
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if !strings.HasPrefix(l, "time=") {
			errLines = append(errLines, l)
		}
	}
	if code != exitError || len(errLines) != 1 || !strings.Contains(errLines[0], "synthetic") ||
		!strings.Contains(errLines[0], "--skip-verification") || strings.Count(stderr, "do not match") != 1 {
		t.Errorf("exit %d; want one error line naming synthetic data and --skip-verification, stderr:\n%s", code, stderr)
	}
	for _, args := range [][]string{
		append(common, "--skip-verification"),
		{"prepare", "-c", "spaceship-titanic", "--data-dir", data, "--upstream-dir", upstream, "--skip-verification"},
	} {
		stdout, stderr, code := cliRun(t, args...)
		if code != exitOK || !strings.Contains(stdout, "checksums not verified") || strings.Contains(strings.ToLower(stderr), "verifying") {
			t.Errorf("%v: exit %d, stdout %q, stderr:\n%s", args, code, stdout, stderr)
		}
	}
}

// TestPrepareListsEveryFailure: a failing competition does not stop the
// others; every failure is listed at the end and the exit status is 1.
func TestPrepareListsEveryFailure(t *testing.T) {
	prepareNoKaggle(t)
	upstream := prepareUpstreamDir(t)
	raw, data := filepath.Join(t.TempDir(), "raw"), t.TempDir()
	cliRun(t, "dev", "fake-raw", "-c", "spaceship-titanic", "-o", raw)
	// spaceship-titanic is prepared; the rest of the list has no data.
	if _, stderr, code := cliRun(t, "prepare", "-c", "spaceship-titanic", "--raw", raw, "--skip-verification", "--data-dir", data, "--upstream-dir", upstream); code != exitOK {
		t.Fatalf("prepare: %s", stderr)
	}
	list := filepath.Join(t.TempDir(), "ids.txt")
	os.WriteFile(list, []byte("leaf-classification\nspaceship-titanic\nrandom-acts-of-pizza\n"), 0o644)
	stdout, stderr, code := cliRun(t, "prepare", "-l", list, "--skip-verification", "--data-dir", data, "--upstream-dir", upstream)
	if code != exitError || !strings.Contains(stdout, "spaceship-titanic: already prepared") ||
		!strings.Contains(stderr, "2 of 3 competitions failed to prepare:\n  leaf-classification: ") ||
		!strings.Contains(stderr, "\n  random-acts-of-pizza: ") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}

func TestPrepareSelectors(t *testing.T) {
	prepareNoKaggle(t)
	data := t.TempDir()
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-c", "spaceship-titanic", "--lite"}, exitUsage, "--lite and --competition-id conflict"},
		{[]string{"--all", "-l", "x.txt"}, exitUsage, "--all and --list conflict"},
		{[]string{"-c", "spaceship-titanc"}, exitError, `unknown competition: "spaceship-titanc" (did you mean "spaceship-titanic"?)`},
	}
	for _, tc := range tests {
		_, stderr, code := cliRun(t, append([]string{"prepare", "--data-dir", data}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr, tc.code, tc.msg)
		}
	}
}

// TestPrepareSkipLeakScan: prepare scans for leaks and says so in one
// line, saving leak_scan.json; --skip-leak-scan does neither.
func TestPrepareSkipLeakScan(t *testing.T) {
	prepareNoKaggle(t)
	upstream := prepareUpstreamDir(t)
	raw := filepath.Join(t.TempDir(), "raw")
	if _, stderr, code := cliRun(t, "dev", "fake-raw", "-c", "spaceship-titanic", "-o", raw); code != exitOK {
		t.Fatalf("fake-raw exit %d: %s", code, stderr)
	}
	for _, skip := range []bool{false, true} {
		data := t.TempDir()
		args := []string{"prepare", "-c", "spaceship-titanic", "--raw", raw, "--skip-verification", "--data-dir", data, "--upstream-dir", upstream}
		if skip {
			args = append(args, "--skip-leak-scan")
		}
		stdout, stderr, code := cliRun(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		_, statErr := os.Stat(filepath.Join(data, "spaceship-titanic", "leak_scan.json"))
		if scanned := strings.Contains(stdout, "leak scan:"); scanned == skip || (statErr == nil) == skip {
			t.Errorf("--skip-leak-scan=%v: stdout %q, leak_scan.json: %v", skip, stdout, statErr)
		}
	}
}
