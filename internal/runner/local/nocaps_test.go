//go:build linux

package local_test

import (
	"context"
	"errors"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/local"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// TestRootWithoutNamespaces: root without CAP_SYS_ADMIN (e.g. in a default
// Docker container) cannot build sandboxes. The backend must then say it is
// not sealed, refuse to start unless unsealed runs are allowed, and with
// them allowed run the agent unsealed instead of failing every run.
func TestRootWithoutNamespaces(t *testing.T) {
	restore := local.SetSealCheck(func() error { return errors.New("no CAP_SYS_ADMIN (test)") })
	defer restore()
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	ids := runnertest.PrepareCompetitions(t, cat, data, 2)
	comp, _ := cat.Lookup(ids[0])

	refuse, err := local.New(local.Options{Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	defer refuse.Close()
	if refuse.Sealed() {
		t.Error("Sealed() = true without namespaces")
	}
	spec := &runner.Spec{RunGroup: "g", RunID: ids[0] + "_x", RunDir: t.TempDir(), Competition: comp, DataDir: data,
		Agent: runnertest.DummyAgent(t), Container: runner.DefaultContainerConfig(), HomeFiles: runnertest.HomeFiles(t)}
	if _, err := refuse.Start(context.Background(), spec); !errors.Is(err, local.ErrCannotSeal) {
		t.Fatalf("Start without namespaces = %v, want ErrCannotSeal", err)
	}

	allow, err := local.New(local.Options{Catalog: cat, AllowUnsealed: true})
	if err != nil {
		t.Fatal(err)
	}
	defer allow.Close()
	var out runnertest.Buffer
	spec.Output = &out
	spec.Argv = []string{"/home/agent/dummy-agent"}
	sb, err := allow.Start(context.Background(), spec)
	if err != nil {
		t.Fatalf("Start with unsealed runs allowed: %v", err)
	}
	defer sb.Stop(context.Background())
	code, err := sb.Wait(context.Background())
	if err != nil {
		t.Fatalf("Wait: %v (output %s)", err, out.String())
	}
	// The dummy exits 3 when it could read the answers: this run was
	// really unsealed, and it ran rather than failing for want of
	// namespaces.
	if code != 3 {
		t.Errorf("dummy exit code %d, want 3 (answers readable when unsealed); output:\n%s", code, out.String())
	}
}
