package main

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// runTestData prepares two competitions in a directory every user may
// traverse (so the local backend has to seal the answers itself).
func runTestData(t *testing.T) (string, []string) {
	t.Helper()
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	os.Chmod(data, 0o755)
	os.Chmod(filepath.Dir(data), 0o755)
	return data, runnertest.PrepareCompetitions(t, cat, data, 2)
}

func TestServeOverUnixSocket(t *testing.T) {
	data, ids := runTestData(t)
	sock := filepath.Join(t.TempDir(), "validate.sock")
	audit := filepath.Join(t.TempDir(), "audit.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	type result struct {
		stderr string
		code   int
	}
	done := make(chan result)
	go func() {
		_, stderr, code := cliRunCtx(ctx, t, "serve", "-c", ids[0], "--socket", sock, "--data-dir", data, "--audit-log", audit)
		done <- result{stderr, code}
	}()
	hc := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "unix", sock)
	}}}
	var resp *http.Response
	var err error
	for i := 0; i < 100; i++ {
		if resp, err = hc.Get("http://sock/health"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		cancel()
		t.Fatalf("server did not come up: %v\n%s", err, (<-done).stderr)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "{\"status\":\"running\"}\n" {
		t.Errorf("health = %q", b)
	}

	sample, err := os.ReadFile(filepath.Join(data, ids[0], "prepared", "public", "sample_submission.csv"))
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "submission.csv")
	fw.Write(sample)
	mw.Close()
	resp, err = hc.Post("http://sock/validate", mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(b) != "{\"result\":\"Submission is valid.\"}\n" {
		t.Errorf("validate = %d %q", resp.StatusCode, b)
	}
	cancel()
	r := <-done
	if r.code != exitOK || !strings.Contains(r.stderr, "listening on "+sock) {
		t.Errorf("serve exit %d, stderr:\n%s", r.code, r.stderr)
	}
	if a, _ := os.ReadFile(audit); !strings.Contains(string(a), `"verdict":"valid"`) {
		t.Errorf("audit log %q", a)
	}
}

func TestRunCommandErrors(t *testing.T) {
	data, ids := runTestData(t)
	agents := filepath.Join(runnertest.RepoRoot(t), "agents")
	set := filepath.Join(t.TempDir(), "set.txt")
	os.WriteFile(set, []byte(ids[0]+"\n"), 0o644)
	unprepared := filepath.Join(t.TempDir(), "set.txt")
	os.WriteFile(unprepared, []byte("leaf-classification\n"), 0o644)
	unknown := filepath.Join(t.TempDir(), "set.txt")
	os.WriteFile(unknown, []byte("no-such-competition\n"), 0o644)
	runs := t.TempDir()
	base := []string{"run", "--data-dir", data, "--runs-dir", runs, "--agents-dir", agents}
	// An agent whose env_vars need a secret the host does not have.
	secretAgents := t.TempDir()
	os.MkdirAll(filepath.Join(secretAgents, "s"), 0o755)
	os.WriteFile(filepath.Join(secretAgents, "s", "config.yaml"), []byte("s:\n  start: s/start.sh\n  dockerfile: s/Dockerfile\n  env_vars:\n    KEY: ${{ secrets.MLEBENCH_TEST_UNSET_SECRET }}\n"), 0o644)
	os.WriteFile(filepath.Join(secretAgents, "s", "start.sh"), nil, 0o755)
	os.WriteFile(filepath.Join(secretAgents, "s", "Dockerfile"), nil, 0o644)
	os.Unsetenv("MLEBENCH_TEST_UNSET_SECRET")
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no agent", []string{"--competition-set", set}, exitUsage, "--agent and --competition-set are required"},
		{"unknown agent", []string{"--agent", "nope", "--competition-set", set}, exitError, "Agent with id nope not found"},
		{"not prepared", []string{"--agent", "dummy", "--competition-set", unprepared}, exitError, "Dataset for competition `leaf-classification` is not prepared!"},
		{"unknown competition", []string{"--agent", "dummy", "--competition-set", unknown}, exitError, "unknown competition"},
		{"privileged gate", []string{"--agent", "opendevin", "--competition-set", set}, exitError, "I_ACCEPT_RUNNING_PRIVILEGED_CONTAINERS"},
		{"bad backend", []string{"--agent", "dummy", "--competition-set", set, "--backend", "vm"}, exitUsage, "unknown --backend"},
		{"bad workers", []string{"--agent", "dummy", "--competition-set", set, "--n-workers", "0"}, exitUsage, "must be positive"},
		{"no original texts", []string{"--agent", "dummy", "--competition-set", set, "--upstream-dir", t.TempDir()}, exitError, "environment/instructions.txt not found"},
		{"aide without its original notes", []string{"--agent", "aide", "--competition-set", set, "--upstream-dir", textsOnlyUpstream(t)}, exitError, "agent aide needs the original's additional_notes.txt"},
		{"missing secret", []string{"--agent", "s", "--agents-dir", secretAgents, "--competition-set", set}, exitError, "Environment variable `MLEBENCH_TEST_UNSET_SECRET` is not set!"},
		{"resume nothing", []string{"--resume", "no-such-group"}, exitError, "not a resumable run group"},
	}
	t.Setenv("I_ACCEPT_RUNNING_PRIVILEGED_CONTAINERS", "")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := cliRunCtx(context.Background(), t, append(base, tc.args...)...)
			if code != tc.code || !strings.Contains(stderr, tc.msg) {
				t.Errorf("exit %d, want %d; stderr %q lacks %q", code, tc.code, stderr, tc.msg)
			}
		})
	}
	// Failing invocations plan nothing.
	groups, _ := filepath.Glob(filepath.Join(runs, "*_run-group_*"))
	if len(groups) > 0 {
		t.Errorf("failed invocations left run groups: %v", groups)
	}
}

// textsOnlyUpstream is an upstream directory with the original's
// instructions but no agents/.
func textsOnlyUpstream(t *testing.T) string {
	t.Helper()
	up := prepareUpstreamDir(t)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "environment"), 0o755)
	for _, f := range []string{"instructions.txt", "instructions_obfuscated.txt"} {
		b, err := os.ReadFile(filepath.Join(up, "environment", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "environment", f), b, 0o644)
	}
	return dir
}

func TestRunLocalBackendAndResume(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the local backend seals runs only as root")
	}
	data, ids := runTestData(t)
	agents := filepath.Join(runnertest.RepoRoot(t), "agents")
	set := filepath.Join(t.TempDir(), "set.txt")
	os.WriteFile(set, []byte("  "+ids[0]+"  \n\n"+ids[1]+"\n"), 0o644)
	runs := t.TempDir()
	stdout, stderr, code := cliRunCtx(context.Background(), t, "run", "--agent", "dummy", "--competition-set", set, "--backend", "local",
		"--n-seeds", "2", "--n-workers", "2", "--data-dir", data, "--runs-dir", runs, "--agents-dir", agents)
	if code != exitOK {
		t.Fatalf("run exit %d:\n%s", code, stderr)
	}
	group := strings.TrimSpace(stdout)
	if !strings.HasSuffix(group, "_run-group_dummy") || !strings.Contains(stderr, "runs: 4/4 done, 0 running, 0 failed, 0 pending") {
		t.Errorf("stdout %q, stderr:\n%s", stdout, stderr)
	}
	p, err := runner.LoadPlan(group)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Tasks) != 4 || p.Config.Backend != "local" || p.Config.Container.Network != "none" {
		t.Errorf("plan %+v", p.Config)
	}
	md, err := os.ReadFile(filepath.Join(group, runner.MetadataFile))
	if err != nil || strings.Count(string(md), "\"success\": true") != 4 {
		t.Errorf("metadata %s (%v)", md, err)
	}
	// Resuming a finished group runs nothing and rewrites the metadata.
	stdout, stderr, code = cliRunCtx(context.Background(), t, "run", "--resume", filepath.Base(group), "--runs-dir", runs,
		"--data-dir", data, "--agents-dir", agents)
	if code != exitOK || strings.TrimSpace(stdout) != group || strings.Contains(stderr, "started") {
		t.Errorf("resume exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}
