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

func harness(t *testing.T) runnertest.Harness {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("the local backend seals runs only as root")
	}
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
	b, err := local.New(local.Options{Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
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
	res := runnertest.EndToEnd(t, h, runs, nil)
	// Sealing: every private dir is root-only now, and the work trees are
	// gone (not retained).
	for _, id := range h.Competitions {
		comp, _ := h.Catalog.Lookup(id)
		st, err := os.Stat(comp.PathsIn(h.DataDir).Private)
		if err != nil || st.Mode().Perm() != 0o700 {
			t.Errorf("%s private dir mode %v (err %v), want 0700", id, st.Mode().Perm(), err)
		}
	}
	for _, task := range res.Plan.Tasks {
		if _, err := os.Stat(filepath.Join(res.Plan.RunDir(task), "home")); !os.IsNotExist(err) {
			t.Errorf("run %s: work tree not removed (%v)", task.RunID, err)
		}
	}
}

// TestUnsealedRefused: without root and without AllowUnsealed, Start
// refuses; this runs the check as the current (root) user by asking for a
// sandbox whose private data the agent's uid owns.
func TestSealingDetectsAgentOwnedAnswers(t *testing.T) {
	h := harness(t)
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	priv := comp.PathsIn(h.DataDir).Private
	// The agent's uid owns the answers file: chmod of the directory cannot
	// help, so sealing still holds only because the directory is 0700 root.
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
	if st.Mode().Perm() != 0o700 {
		t.Errorf("private dir mode %v after Start, want 0700", st.Mode().Perm())
	}
}

// TestPrivateModePublicFilesAreCopied: a public file the agent's uid could
// not read through a hard link is copied instead (readable, read-only), and
// the original keeps its mode.
func TestPrivateModePublicFilesAreCopied(t *testing.T) {
	h := harness(t)
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	sample := comp.PathsIn(h.DataDir).SampleSubmission
	if err := os.Chmod(sample, 0o600); err != nil {
		t.Fatal(err)
	}
	spec := &runner.Spec{RunGroup: "g", RunID: "modes", RunDir: t.TempDir(), Competition: comp, DataDir: h.DataDir, Agent: h.Agent,
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
	if st, _ := os.Stat(sample); st.Mode().Perm() != 0o600 {
		t.Errorf("original sample submission mode changed to %v", st.Mode().Perm())
	}
}
