//go:build linux

package local_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/local"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

func harness(t testing.TB) runnertest.Harness {
	t.Helper()
	opt := local.Options{}
	if p := os.Getenv("MLEBENCH_TEST_DUMMY_AGENT"); p != "" {
		opt.Stage.Prebuilt = map[string]string{"dummy-agent": p}
	}
	return harnessWith(t, opt)
}

// harnessWith is harness with backend options (Catalog is set here).
func harnessWith(t testing.TB, opt local.Options) runnertest.Harness {
	t.Helper()
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	// A data dir every user may traverse, so that sealing the answers is
	// up to the backend.
	data := t.TempDir()
	os.Chmod(data, 0o755)
	os.Chmod(filepath.Dir(data), 0o755)
	ids := runnertest.PrepareCompetitions(t, cat, data, 2)
	opt.Catalog = cat
	b, err := local.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	if !b.Sealed() {
		if os.Getenv("MLEBENCH_REQUIRE_BWRAP") != "" {
			t.Fatal("MLEBENCH_REQUIRE_BWRAP is set, but the local backend cannot build sandboxes here (bwrap with user namespaces)")
		}
		t.Skip("the local backend cannot build sandboxes here (bwrap with user namespaces)")
	}
	cfg := runner.DefaultContainerConfig()
	cfg.MemLimit = 2 << 30
	return runnertest.Harness{Backend: b, Catalog: cat, DataDir: data, Agent: runnertest.DummyAgent(t), Competitions: ids, Container: cfg}
}

func TestSuite(t *testing.T) {
	runnertest.Suite(t, harness(t))
}

func TestEndToEnd(t *testing.T) {
	h := harness(t)
	runs := t.TempDir()
	modes := map[string]os.FileMode{}
	for _, id := range h.Competitions {
		comp, _ := h.Catalog.Lookup(id)
		for _, d := range []string{h.DataDir, comp.PathsIn(h.DataDir).Private, comp.PathsIn(h.DataDir).Public} {
			st, err := os.Stat(d)
			if err != nil {
				t.Fatal(err)
			}
			modes[d] = st.Mode()
		}
	}
	res := runnertest.EndToEnd(t, h, runs, nil)
	// The user's directories are as they were, and the sandboxes are
	// gone (not retained).
	for d, m := range modes {
		if st, err := os.Stat(d); err != nil || st.Mode() != m {
			t.Errorf("%s: mode changed from %v (err %v)", d, m, err)
		}
	}
	for _, task := range res.Plan.Tasks {
		if _, err := os.Stat(filepath.Join(res.Plan.RunDir(task), "home")); !os.IsNotExist(err) {
			t.Errorf("run %s: work tree in the run directory (%v)", task.RunID, err)
		}
		if left := sandboxDirs(task.RunID); len(left) > 0 {
			t.Errorf("run %s: sandbox directory not removed: %v", task.RunID, left)
		}
	}
}

// TestAnswersOutOfViewWhateverTheirModes: answers the agent's uid owns, in
// a world-writable private directory, stay out of reach (the data root is
// not in the sandbox at all), and their modes are left alone.
func TestAnswersOutOfViewWhateverTheirModes(t *testing.T) {
	h := harness(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root (chown)")
	}
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	priv := comp.PathsIn(h.DataDir).Private
	ans := comp.PathsIn(h.DataDir).Answers
	if err := os.Chown(ans, local.DefaultUID, local.DefaultUID); err != nil {
		t.Fatal(err)
	}
	os.Chmod(priv, 0o777)
	spec := &runner.Spec{RunGroup: "g", RunID: "seal", RunDir: t.TempDir(), Competition: comp, DataDir: h.DataDir, Agent: h.Agent,
		Argv: []string{"/home/agent/dummy-agent"}, Env: []string{"COMPETITION_ID=" + comp.ID}, HomeFiles: runnertest.HomeFiles(t), Output: &runnertest.Buffer{}}
	sb, err := h.Backend.Start(t.Context(), spec)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer sb.Stop(t.Context())
	code, err := sb.Wait(t.Context())
	out := spec.Output.(*runnertest.Buffer).String()
	if err != nil || code != 0 || !strings.Contains(out, "could not read the private answers") {
		t.Errorf("Wait = %d, %v; output:\n%s", code, err, out)
	}
	st, _ := os.Stat(priv)
	if st.Mode().Perm() != 0o777 {
		t.Errorf("private dir mode %v after Start, want 0777 (unchanged)", st.Mode().Perm())
	}
}

// TestPrivateDataRoot: a data root the agents' uids cannot traverse (mode
// 0700, as under /root) still gives the agent its public data, read-only,
// and keeps its mode.
func TestPrivateDataRoot(t *testing.T) {
	h := harness(t)
	if err := os.Chmod(h.DataDir, 0o700); err != nil {
		t.Fatal(err)
	}
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	spec := &runner.Spec{RunGroup: "g", RunID: "private-root", RunDir: t.TempDir(), Competition: comp, DataDir: h.DataDir, Agent: h.Agent,
		Argv: []string{"/home/agent/dummy-agent"}, Env: []string{"COMPETITION_ID=" + comp.ID}, HomeFiles: runnertest.HomeFiles(t), Output: &runnertest.Buffer{}}
	sb, err := h.Backend.Start(t.Context(), spec)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer sb.Stop(t.Context())
	code, err := sb.Wait(t.Context())
	out := spec.Output.(*runnertest.Buffer).String()
	if err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v; output:\n%s", code, err, out)
	}
	runnertest.CheckDummyOutput(t, out)
	if st, _ := os.Stat(h.DataDir); st.Mode().Perm() != 0o700 {
		t.Errorf("data root mode changed to %v", st.Mode().Perm())
	}
	// Read-only: neither new files nor removals.
	sb2, _, out2 := startShell(t, h, `cat /home/data/sample_submission.csv >/dev/null && echo READ
touch /home/data/x 2>/dev/null && echo "LEAK wrote"
rm -f /home/data/sample_submission.csv 2>/dev/null; [ -f /home/data/sample_submission.csv ] || echo "LEAK removed"; true`)
	if code, err := sb2.Wait(t.Context()); err != nil || code != 0 || !strings.Contains(out2.String(), "READ") || strings.Contains(out2.String(), "LEAK") {
		t.Errorf("Wait = %d, %v; output:\n%s", code, err, out2)
	}
}

// sandboxDirs are the host directories of the run's sandboxes (in the
// default sandbox root: .mlebench-sandboxes of the temporary directory when
// root, the temporary directory itself otherwise).
func sandboxDirs(runID string) []string {
	a, _ := filepath.Glob(filepath.Join(os.TempDir(), ".mlebench-sandboxes", "mlebench-sandbox-"+runID+"-*"))
	b, _ := filepath.Glob(filepath.Join(os.TempDir(), "mlebench-sandbox-"+runID+"-*"))
	return append(a, b...)
}

// TestLayoutAsOnDocker: the agent sees the original's layout, exactly the
// files and variables the docker backend gives it: /home/{data,submission,
// logs,code,agent,nonroot}, the instructions byte for byte, the *_DIR
// variables and http://localhost:5000/validate, uid 1000, /home as working
// directory.
func TestLayoutAsOnDocker(t *testing.T) {
	h := harness(t)
	script := `cd /home/submission && for f in /home/*.txt /home/*.sh; do cp "$f" .; done
echo "ENV $SUBMISSION_DIR $LOGS_DIR $CODE_DIR $AGENT_DIR $MLEBENCH_HOME $MLEBENCH_VALIDATE_URL $HOME"
echo "DIRS $(cd /home && ls -d */ | tr '\n' ' ')"
echo "ID $(id -u) $(id -g) $(id -un)"
cd /home/code && echo "PWD $OLDPWD"`
	sb, _, out := startShell(t, h, script)
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	for _, want := range []string{
		"ENV /home/submission /home/logs /home/code /home/agent /home http://localhost:5000/validate /home/nonroot",
		"DIRS agent/ code/ data/ logs/ nonroot/ submission/",
		"ID 1000 1000 nonroot",
		"PWD /home",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("agent output lacks %q:\n%s", want, out)
		}
	}
	dst := t.TempDir()
	if err := sb.CopyOut(t.Context(), "submission", dst); err != nil {
		t.Fatal(err)
	}
	files := runnertest.HomeFiles(t)
	for name, text := range files {
		got, err := os.ReadFile(filepath.Join(dst, "submission", name))
		if err != nil || string(got) != string(text) {
			t.Errorf("/home/%s differs from the docker backend's (err %v)", name, err)
		}
	}
	if len(files) == 0 {
		t.Error("no home files")
	}
}
