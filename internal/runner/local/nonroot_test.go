//go:build linux

package local_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/runner/local"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// nobody is the uid and gid the non-root run uses.
const nobody = 65534

// TestNonRoot: where unprivileged user namespaces are allowed, sandboxes
// are sealed without root. Run as root, this test runs a copy of the test
// binary as uid 65534 with the lifecycle suite and the isolation attacks;
// they must run (not skip) and pass.
func TestNonRoot(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("runs the suite as another uid; as non-root the suite runs directly")
	}
	if testing.Short() {
		t.Skip("runs the suite in a child process")
	}
	if b, err := local.New(local.Options{Catalog: &competition.Catalog{}}); err != nil || !b.Sealed() {
		t.Skip("the local backend cannot build sandboxes here")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	os.Chmod(filepath.Dir(dir), 0o755)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "local.test")
	if out, err := exec.Command("cp", exe, bin).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// The dummy agent, built here (the child cannot run go build).
	dummy := filepath.Join(dir, "agent")
	if err := runnertest.DummyAgent(t).Stage(context.Background(), dummy, agent.StageOptions{}); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dummy, 0o755)
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(tmp, nobody, nobody); err != nil {
		t.Fatal(err)
	}
	tests := "^(TestSuite|TestAttackHostFiles|TestAttackCrossSandboxChannels|TestAttackLeaseOnSubmission|TestDataDirUnchanged|TestAttackDaemonRewritesAfterExit|TestAttackConcurrentRun|TestAttackForkBomb|TestLayoutAsOnDocker|TestAttackNestedUserNamespace)$"
	cmd := exec.Command(bin, "-test.run", tests, "-test.v", "-test.count=1")
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + tmp, "TMPDIR=" + tmp,
		"MLEBENCH_TEST_DUMMY_AGENT=" + filepath.Join(dummy, "dummy-agent")}
	cmd.Dir, _ = os.Getwd()
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody, Groups: []uint32{}}}
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "--- SKIP") || !strings.Contains(string(out), "--- PASS: TestSuite") {
		t.Fatalf("the suite as uid %d: %v\n%s", nobody, err, out)
	}
	t.Logf("as uid %d:\n%s", nobody, grepLines(string(out), "--- "))
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
