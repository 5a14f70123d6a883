//go:build linux

package local_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/local"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// Attacks found by an adversarial agent run against the local backend
// (issue "sandbox hardening"): each test is one row of that table.

// TestAttackConcurrentHarnessProcesses: two `mlebench run` processes
// started at the same moment must not give their agents the same host
// identity; neither agent may read the other's environment (API keys).
func TestAttackConcurrentHarnessProcesses(t *testing.T) {
	if name := os.Getenv("MLEBENCH_IDENTITY_CHILD"); name != "" {
		identityChild(t, name)
		return
	}
	if testing.Short() {
		t.Skip("spawns two runner processes")
	}
	h := harness(t)
	tag := strconv.FormatUint(rand.Uint64(), 36)
	goFile := filepath.Join(t.TempDir(), "go")
	type child struct {
		name   string
		cmd    *exec.Cmd
		out    runnertest.Buffer
		uid    string
		marker string
	}
	var kids []*child
	for _, name := range []string{"a", "b"} {
		c := &child{name: name, marker: "mlebench-ident-" + tag + "-" + name}
		tmp := t.TempDir()
		os.Chmod(tmp, 0o755)
		os.Chmod(filepath.Dir(tmp), 0o755)
		c.cmd = exec.Command(os.Args[0], "-test.run=^TestAttackConcurrentHarnessProcesses$", "-test.v")
		c.cmd.Env = append(os.Environ(), "MLEBENCH_IDENTITY_CHILD="+name, "MLEBENCH_IDENTITY_DATA="+h.DataDir,
			"MLEBENCH_IDENTITY_GO="+goFile, "MLEBENCH_IDENTITY_MARKER="+c.marker, "MLEBENCH_IDENTITY_SECRET=secret-"+tag+"-"+name,
			"MLEBENCH_IDENTITY_COMP="+h.Competitions[0], "TMPDIR="+tmp)
		c.cmd.Stdout, c.cmd.Stderr = &c.out, &c.out
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		kids = append(kids, c)
	}
	// Both children wait for the go file: their sandboxes start at the
	// same moment.
	time.Sleep(500 * time.Millisecond)
	os.WriteFile(goFile, nil, 0o644)
	deadline := time.Now().Add(time.Minute)
	for _, c := range kids {
		for c.uid == "" && time.Now().Before(deadline) {
			c.uid = hostUID(c.marker)
			time.Sleep(20 * time.Millisecond)
		}
	}
	for _, c := range kids {
		if err := c.cmd.Wait(); err != nil {
			t.Errorf("child %s: %v\n%s", c.name, err, c.out.String())
		}
		if strings.Contains(c.out.String(), "LEAK") {
			t.Errorf("agent %s read the other agent's environment:\n%s", c.name, c.out.String())
		}
	}
	t.Logf("host uids of the two agents: %q %q", kids[0].uid, kids[1].uid)
	if kids[0].uid == "" || kids[1].uid == "" {
		t.Fatalf("agent processes not found\n%s\n%s", kids[0].out.String(), kids[1].out.String())
	}
	if kids[0].uid == kids[1].uid && os.Geteuid() == 0 {
		t.Errorf("two harness processes gave their agents the same host uid %s", kids[0].uid)
	}
}

// identityChild runs one sandbox whose agent holds a secret in its
// environment and looks for the other agent's.
func identityChild(t *testing.T, name string) {
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		t.Fatal(err)
	}
	b, err := local.New(local.Options{Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	comp, _ := cat.Lookup(os.Getenv("MLEBENCH_IDENTITY_COMP"))
	marker, secret := os.Getenv("MLEBENCH_IDENTITY_MARKER"), os.Getenv("MLEBENCH_IDENTITY_SECRET")
	// One grep per round over every environ (a shell loop over /proc
	// forks too much for a busy machine). The pattern is assembled at
	// run time: no environment holds it literally but the other agent's.
	script := `cp /bin/sleep /tmp/` + marker + ` && /tmp/` + marker + ` 4 &
i=0; while [ $i -lt 15 ]; do
  grep -la "MLEBENCH_IDENTITY_SECRET=$PREFIX$OTHER" /proc/[0-9]*/environ 2>/dev/null | sed 's/^/LEAK environ /'
  sleep 0.2; i=$((i+1))
done
wait`
	runDir := t.TempDir()
	os.Chmod(runDir, 0o755)
	h := harness0{cat: cat, data: os.Getenv("MLEBENCH_IDENTITY_DATA")}
	a := shellAgent(t, script)
	// Everything but the sandbox itself is done before the go signal, so
	// both children reach the id allocation at the same moment.
	if !b.Sealed() {
		t.Fatal("cannot build sandboxes")
	}
	if err := b.Prepare(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(os.Getenv("MLEBENCH_IDENTITY_GO")); err == nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	out := &runnertest.Buffer{}
	spec := &runner.Spec{RunGroup: "g-" + name, RunID: comp.ID + "_ident-" + name, RunDir: runDir, Competition: comp, DataDir: h.data,
		Agent: a, Argv: []string{"/bin/sh", "-c", script},
		Env: []string{"COMPETITION_ID=" + comp.ID, "MLEBENCH_IDENTITY_SECRET=" + secret,
			"PREFIX=" + strings.TrimSuffix(secret, name), "OTHER=" + map[string]string{"a": "b", "b": "a"}[name]},
		Container: runner.DefaultContainerConfig(), Output: out}
	sb, err := b.Start(context.Background(), spec)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer sb.Stop(context.Background())
	code, err := sb.Wait(context.Background())
	fmt.Printf("agent %s exited %d (%v); output:\n%s\n", name, code, err, out.String())
}

type harness0 struct {
	cat  *competition.Catalog
	data string
}

// hostUID is the real uid (as the host sees it) of the process whose
// command line contains marker, or "".
func hostUID(marker string) string {
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		b, err := os.ReadFile(filepath.Join(p, "cmdline"))
		if err != nil || !bytes.Contains(b, []byte(marker)) {
			continue
		}
		st, err := os.ReadFile(filepath.Join(p, "status"))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(st), "\n") {
			if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
				if f := strings.Fields(rest); len(f) > 0 {
					return f[0]
				}
			}
		}
	}
	return ""
}

// TestAttackHostFiles: world-readable host files outside the data root
// (a raw download with every test label, another run group's submission
// and grading report) must not exist for the agent.
func TestAttackHostFiles(t *testing.T) {
	h := harness(t)
	// Outside the temporary directories (which a sandbox may have private
	// versions of): next to the test's sources.
	// (The temporary directory when the sources are not writable.)
	elsewhere, err := os.MkdirTemp(".", "host-files-")
	if err != nil {
		elsewhere = t.TempDir()
		os.Chmod(filepath.Dir(elsewhere), 0o755)
	}
	t.Cleanup(func() { os.RemoveAll(elsewhere) })
	if elsewhere, err = filepath.Abs(elsewhere); err != nil {
		t.Fatal(err)
	}
	os.Chmod(elsewhere, 0o755)
	raw := filepath.Join(elsewhere, "downloads", "train.csv")
	other := filepath.Join(elsewhere, "runs", "2024-01-01T00-00-00-GMT_run-group_x", "comp_1", "submission", "submission.csv")
	report := filepath.Join(elsewhere, "runs", "2024-01-01T00-00-00-GMT_run-group_x", "grading_report.json")
	for _, f := range []string{raw, other, report} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("LABELS\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script := `for f in ` + strings.Join([]string{raw, other, report}, " ") + `; do cat "$f" >/dev/null 2>&1 && echo "LEAK read $f"; done
for d in "` + elsewhere + `" "` + h.DataDir + `" /root /srv /mnt /media /run/lock /var/lib /var/log; do ls "$d" >/dev/null 2>&1 && [ -n "$(ls -A "$d" 2>/dev/null)" ] && echo "LEAK listed $d"; done
true`
	sb, _, out := startShell(t, h, script)
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	if strings.Contains(out.String(), "LEAK") {
		t.Errorf("the agent reached host files:\n%s", out)
	}
}

// TestAttackLeaseOnSubmission: a file lease held by the agent on its
// submission must not make snapshots (copies while the agent runs) fail or
// stall.
func TestAttackLeaseOnSubmission(t *testing.T) {
	h := harness(t)
	script := `cd "$SUBMISSION_DIR" && echo id > submission.csv && MLEBENCH_TEST_HELPER=lease "$AGENT_DIR/helper" submission.csv 60s`
	sb, _, out := startHelperRun(t, h, "_lease", script)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out.String(), "lease") {
		if time.Now().After(deadline) {
			t.Fatalf("the agent did not try the lease:\n%s", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for i := 0; i < 3; i++ {
		dst := t.TempDir()
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		t0 := time.Now()
		err := sb.CopyOut(ctx, "submission", dst)
		cancel()
		if err != nil {
			t.Fatalf("snapshot %d with a lease held: %v (agent: %s)", i, err, out)
		}
		if d := time.Since(t0); d > 5*time.Second {
			t.Errorf("snapshot %d took %v", i, d)
		}
		if b, err := os.ReadFile(filepath.Join(dst, "submission", "submission.csv")); err != nil || string(b) != "id\n" {
			t.Errorf("snapshot %d: %q, %v", i, b, err)
		}
	}
	t.Logf("agent: %s", out)
}

// TestAttackCrossSandboxChannels: concurrent agents must not talk through
// SysV shared memory, abstract Unix sockets, /run/lock or loopback TCP;
// an agent must not reach host loopback services, another run's
// validation server, or see host processes in /proc.
func TestAttackCrossSandboxChannels(t *testing.T) {
	h := harness(t)
	tag := strconv.FormatUint(rand.Uint64()%1e9, 10)
	key := 0x4d4c0000 + rand.IntN(0xffff)
	port := 20000 + rand.IntN(20000)
	// Host services on loopback: TCP and an abstract socket.
	hostTCP, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer hostTCP.Close()
	hostAbs, err := net.Listen("unix", "@mlebench-host-"+tag)
	if err != nil {
		t.Fatal(err)
	}
	defer hostAbs.Close()
	for _, ln := range []net.Listener{hostTCP, hostAbs} {
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				io.WriteString(c, "hello\n")
				c.Close()
			}
		}()
	}
	// A host process with a recognisable command line.
	marker := "mlebench-hostproc-" + tag
	sleeper := filepath.Join(t.TempDir(), marker)
	if b, err := os.ReadFile("/bin/sleep"); err == nil {
		os.WriteFile(sleeper, b, 0o755)
	}
	hp := exec.Command(sleeper, "60")
	if err := hp.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { hp.Process.Kill(); hp.Wait() }()
	lock := "/run/lock/mlebench-" + tag
	t.Cleanup(func() { os.Remove(lock) })

	hv := `MLEBENCH_TEST_HELPER`
	victim := fmt.Sprintf(`echo "URL=$MLEBENCH_VALIDATE_URL"
%[1]s=shm-create "$AGENT_DIR/helper" %[2]d
%[1]s=listen "$AGENT_DIR/helper" unix @mlebench-victim-%[3]s 30s &
%[1]s=listen "$AGENT_DIR/helper" tcp 127.0.0.1:%[4]d 30s &
echo note > %[5]s 2>/dev/null
sleep 1; echo ready; sleep 30`, hv, key, tag, port, lock)
	vsb, vspec, vout := startHelperRun(t, h, "_victim", victim)
	t.Cleanup(func() {
		exec.Command("sh", "-c", fmt.Sprintf(`%s=shm-remove %s %d`, hv, os.Args[0], key)).Run()
	})
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(vout.String(), "ready") {
		if time.Now().After(deadline) {
			t.Fatalf("victim did not start:\n%s", vout)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var victimURL string
	for _, line := range strings.Split(vout.String(), "\n") {
		if v, ok := strings.CutPrefix(line, "URL="); ok {
			victimURL = v
		}
	}
	attacker := fmt.Sprintf(`%[1]s=shm-find "$AGENT_DIR/helper" %[2]d
%[1]s=dial "$AGENT_DIR/helper" unix @mlebench-victim-%[3]s
%[1]s=dial "$AGENT_DIR/helper" tcp 127.0.0.1:%[4]d
%[1]s=dial "$AGENT_DIR/helper" tcp %[5]s
%[1]s=dial "$AGENT_DIR/helper" unix @mlebench-host-%[3]s
cat %[6]s 2>/dev/null && echo "LEAK read %[6]s"
for p in /proc/[0-9]*; do grep -aq "mlebench-hostproc-$TAG" $p/cmdline 2>/dev/null && echo "LEAK saw host process $p"; done
[ "$VICTIM_URL" != "$MLEBENCH_VALIDATE_URL" ] && %[1]s=validate "$AGENT_DIR/helper" "$VICTIM_URL"
true`, hv, key, tag, port, hostTCP.Addr().String(), lock)
	// (The marker is assembled at run time: the attacker's own command
	// line must not contain it.)
	asb, _, aout := startHelperRun(t, h, "_attacker", attacker, "VICTIM_URL="+victimURL, "TAG="+tag)
	if code, err := asb.Wait(t.Context()); err != nil || code != 0 {
		t.Fatalf("attacker Wait = %d, %v\n%s", code, err, aout)
	}
	if strings.Contains(aout.String(), "LEAK") {
		t.Errorf("the agents had a channel:\n%s", aout)
	}
	vsb.Stop(t.Context())
	// The victim never validated anything: any verdict in its audit log
	// came from the attacker.
	if b, _ := os.ReadFile(filepath.Join(vspec.RunDir, runner.ServerDir, runner.AuditFile)); len(bytes.TrimSpace(b)) > 0 {
		t.Errorf("the attacker used the victim's validation server:\n%s\nattacker:\n%s", b, aout)
	}
}

// TestDataDirUnchanged: running a sandbox changes nothing in the user's
// directories (modes and owners of the data root, the competition's
// directories and answers, the runs directory).
func TestDataDirUnchanged(t *testing.T) {
	h := harness(t)
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	p := comp.PathsIn(h.DataDir)
	type meta struct {
		mode fs.FileMode
		uid  uint32
	}
	snap := func(paths []string) map[string]meta {
		m := map[string]meta{}
		for _, d := range paths {
			st, err := os.Stat(d)
			if err != nil {
				t.Fatal(err)
			}
			m[d] = meta{st.Mode(), statUID(st)}
		}
		return m
	}
	paths := []string{h.DataDir, p.Root, p.Public, p.Private, p.Answers, p.SampleSubmission}
	before := snap(paths)
	sb, _, out := startShell(t, h, `echo id > "$SUBMISSION_DIR/submission.csv"`)
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	sb.Stop(t.Context())
	after := snap(paths)
	for _, d := range paths {
		if before[d] != after[d] {
			t.Errorf("%s: mode %v owner %d before the run, %v %d after", d, before[d].mode, before[d].uid, after[d].mode, after[d].uid)
		}
	}
}

func statUID(st fs.FileInfo) uint32 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return s.Uid
	}
	return 0
}

// TestAttackDaemonRewritesAfterExit: a setsid daemon that keeps rewriting
// the submission must be dead when Wait returns, at the agent's exit and
// at the time limit: what is copied out afterwards never changes.
func TestAttackDaemonRewritesAfterExit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit time.Duration
		tail  string
	}{
		{"AgentExit", 0, "sleep 0.3"},
		{"TimeLimit", 5 * time.Second, "sleep 600"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := harness(t)
			marker := "mlebench-daemon-" + strconv.FormatUint(rand.Uint64()%1e9, 10)
			script := `cp "$AGENT_DIR/helper" /tmp/` + marker + ` && MLEBENCH_TEST_HELPER=write-forever setsid /tmp/` + marker + ` "$SUBMISSION_DIR/submission.csv" </dev/null >/dev/null 2>&1 &
while [ ! -s "$SUBMISSION_DIR/submission.csv" ]; do sleep 0.05; done
` + tc.tail
			sb, _, out := startHelperRun(t, h, "_"+strings.ToLower(tc.name), script)
			ctx := t.Context()
			if tc.limit > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.limit)
				defer cancel()
			}
			sb.Wait(ctx)
			// Immediately: nothing of the run may be left.
			if processAlive(marker) {
				t.Errorf("the daemon is alive when Wait returns")
			}
			first, second := t.TempDir(), t.TempDir()
			if err := sb.CopyOut(t.Context(), "submission", first); err != nil {
				t.Fatalf("CopyOut: %v\n%s", err, out)
			}
			time.Sleep(300 * time.Millisecond)
			if err := sb.CopyOut(t.Context(), "submission", second); err != nil {
				t.Fatalf("CopyOut: %v", err)
			}
			// (The daemon may have been killed between truncating and
			// writing: the file may be empty, but it must exist and stay.)
			a, errA := os.ReadFile(filepath.Join(first, "submission", "submission.csv"))
			b, errB := os.ReadFile(filepath.Join(second, "submission", "submission.csv"))
			if errA != nil || errB != nil {
				t.Fatalf("submission not copied out: %v, %v", errA, errB)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("the submission changed after Wait returned: %q then %q", a, b)
			}
		})
	}
}

// TestAttackNestedUserNamespace: the agent cannot create user namespaces
// of its own (much of the kernel's attack surface for unprivileged users
// sits behind them; Docker's default seccomp profile refuses them too).
func TestAttackNestedUserNamespace(t *testing.T) {
	h := harness(t)
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("no unshare(1) to try with")
	}
	sb, _, out := startShell(t, h, `unshare -Ur true 2>/dev/null && echo "LEAK nested user namespace"; echo tried`)
	if code, err := sb.Wait(t.Context()); err != nil || code != 0 || !strings.Contains(out.String(), "tried") {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	if strings.Contains(out.String(), "LEAK") {
		t.Errorf("the agent created a user namespace:\n%s", out)
	}
}
