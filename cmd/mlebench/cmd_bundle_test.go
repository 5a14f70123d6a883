package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBundleVerifyCommands(t *testing.T) {
	upstream := prepareUpstreamDir(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	raw := filepath.Join(dir, "raw")
	if _, errs, code := cliRun(t, "dev", "fake-raw", "-c", "spaceship-titanic", "-o", raw); code != 0 {
		t.Fatalf("fake-raw: %s", errs)
	}
	if _, errs, code := cliRun(t, "prepare", "-c", "spaceship-titanic", "--raw", raw, "--data-dir", data, "--skip-verification", "--upstream-dir", upstream); code != 0 {
		t.Fatalf("prepare: %s", errs)
	}
	group := filepath.Join(dir, "runs", "group1")
	sub := filepath.Join(group, "spaceship-titanic_a", "submission", "submission.csv")
	os.MkdirAll(filepath.Dir(sub), 0o755)
	b, _ := os.ReadFile(filepath.Join(data, "spaceship-titanic", "prepared", "public", "sample_submission.csv"))
	os.WriteFile(sub, b, 0o644)
	jsonl := filepath.Join(dir, "subs.jsonl")
	os.WriteFile(jsonl, []byte(`{"competition_id": "spaceship-titanic", "submission_path": "`+sub+`"}`+"\n"), 0o644)
	if _, errs, code := cliRun(t, "--data-dir", data, "grade", "--submission", jsonl, "--output-dir", group); code != 0 {
		t.Fatalf("grade: %s", errs)
	}
	keys := filepath.Join(dir, "signer")
	if out, errs, code := cliRun(t, "keygen", "--out", keys); code != 0 || !strings.Contains(out, "SHA256:") {
		t.Fatalf("keygen: %s %s", out, errs)
	}
	cliRun(t, "keygen", "--out", filepath.Join(dir, "other"))
	bundlePath := filepath.Join(dir, "b.tar.gz")
	if out, errs, code := cliRun(t, "bundle", group, "--out", bundlePath, "--sign-key", keys+".key"); code != 0 || !strings.Contains(out, "signed by SHA256:") {
		t.Fatalf("bundle: exit %d %s %s", code, out, errs)
	}
	out, errs, code := cliRun(t, "--data-dir", data, "verify", bundlePath, "--public-key", keys+".pub")
	if code != 0 || !strings.Contains(out, "verified: no problem found") || !strings.Contains(out, "group1") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errs)
	}
	out, _, code = cliRun(t, "--data-dir", data, "verify", bundlePath, "--public-key", filepath.Join(dir, "other.pub"))
	if code != 1 || !strings.Contains(out, "PROBLEM signature") {
		t.Errorf("verify with another key: exit %d\n%s", code, out)
	}
	if _, errs, code := cliRun(t, "verify", filepath.Join(dir, "subs.jsonl")); code != 1 || !strings.Contains(errs, "not a bundle") {
		t.Errorf("verify of a non-bundle: exit %d %s", code, errs)
	}
}
