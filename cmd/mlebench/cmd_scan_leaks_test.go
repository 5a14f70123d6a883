package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScanLeaksCommand(t *testing.T) {
	upstream := prepareUpstreamDir(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	raw := filepath.Join(dir, "raw")
	if _, errs, code := cliRun(t, "dev", "fake-raw", "-c", "spaceship-titanic", "-o", raw); code != 0 {
		t.Fatalf("fake-raw: %s", errs)
	}
	stdout, errs, code := cliRun(t, "prepare", "-c", "spaceship-titanic", "--raw", raw, "--data-dir", data, "--skip-verification", "--upstream-dir", upstream)
	if code != 0 || !strings.Contains(stdout, "spaceship-titanic: leak scan: no answers found in the public files") {
		t.Fatalf("prepare: exit %d\n%s\n%s", code, stdout, errs)
	}
	// Clean data: nothing found, exit 0 even with --strict.
	if stdout, errs, code := cliRun(t, "--data-dir", data, "scan-leaks", "-c", "spaceship-titanic", "--strict"); code != 0 || !strings.Contains(stdout, "nothing found") {
		t.Fatalf("clean scan: exit %d\n%s\n%s", code, stdout, errs)
	}
	// Plant the test labels in the public training data.
	public := filepath.Join(data, "spaceship-titanic", "prepared", "public")
	answers, err := os.ReadFile(filepath.Join(data, "spaceship-titanic", "prepared", "private", "test.csv"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(public, "leaked_labels.csv"), answers, 0o644)
	stdout, _, code = cliRun(t, "--data-dir", data, "scan-leaks", "-c", "spaceship-titanic", "--strict")
	if code != 1 || !strings.Contains(stdout, "answers-by-id") || !strings.Contains(stdout, "leaked_labels.csv") {
		t.Fatalf("planted leak: exit %d\n%s", code, stdout)
	}
	// list marks it, and the original's known leaks, with the evidence in JSON.
	stdout, _, code = cliRun(t, "--data-dir", data, "list", "--json")
	if code != 0 {
		t.Fatal(stdout)
	}
	var rows []struct {
		ID           string   `json:"id"`
		KnownLeakage []string `json:"known_leakage"`
	}
	if err := json.Unmarshal([]byte(stdout), &rows); err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, r := range rows {
		got[r.ID] = r.KnownLeakage
	}
	if len(got["spaceship-titanic"]) == 0 || !strings.Contains(got["spaceship-titanic"][0], "leaked_labels.csv") {
		t.Errorf("spaceship-titanic leakage %q", got["spaceship-titanic"])
	}
	if len(got["random-acts-of-pizza"]) != 1 || len(got["aerial-cactus-identification"]) != 0 {
		t.Errorf("known leakage: pizza %q, cactus %q", got["random-acts-of-pizza"], got["aerial-cactus-identification"])
	}
	stdout, _, _ = cliRun(t, "--data-dir", data, "list")
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(line, "random-acts-of-pizza ") && !strings.HasSuffix(strings.TrimSpace(line), "known leakage") {
			t.Errorf("list line %q lacks the mark", line)
		}
	}
}
