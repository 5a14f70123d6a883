// Package runnertest is the lifecycle suite every runner backend passes
// (in the spirit of restic's backend test suite): start a sandbox with the
// dummy agent, wait, copy outputs out, stop; exit statuses, time limits,
// stopping a running agent, copying out while the agent runs, sealing (the
// agent cannot read the answers) and an end-to-end run group whose
// submissions grade.
package runnertest

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/runner"
)

// Harness is what the suite needs from a backend's test.
type Harness struct {
	Backend runner.Backend
	Catalog *competition.Catalog
	DataDir string // prepared competitions below it
	// Agent is the dummy agent (agents/dummy), staged by the backend.
	Agent *agent.Agent
	// Competitions are prepared in DataDir; EndToEnd uses the first two.
	Competitions []string
	Container    runner.ContainerConfig
	// Grader grades the end-to-end submissions; nil means one built on
	// Catalog and DataDir.
	Grader *grade.Grader
}

// Buffer is a goroutine-safe bytes.Buffer for agent output.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func (h *Harness) spec(t *testing.T, extraEnv ...string) (*runner.Spec, *Buffer) {
	t.Helper()
	comp, err := h.Catalog.Lookup(h.Competitions[0])
	if err != nil {
		t.Fatal(err)
	}
	argv, err := h.Agent.Argv(nil)
	if err != nil {
		t.Fatal(err)
	}
	env, err := h.Agent.Env(comp.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	runDir := t.TempDir()
	os.Chmod(runDir, 0o755)
	out := &Buffer{}
	id := comp.ID + "_suite-" + strings.ReplaceAll(strings.ToLower(t.Name()), "/", "-")
	return &runner.Spec{
		RunGroup:    "suite-" + filepath.Base(runDir),
		RunID:       id,
		RunDir:      runDir,
		Competition: comp,
		DataDir:     h.DataDir,
		Agent:       h.Agent,
		Argv:        argv,
		Env:         append(env, extraEnv...),
		Container:   h.Container,
		HomeFiles:   HomeFiles(t),
		Output:      out,
	}, out
}

func (h *Harness) prepare(t *testing.T) {
	t.Helper()
	if p, ok := h.Backend.(runner.Preparer); ok {
		if err := p.Prepare(context.Background(), h.Agent); err != nil {
			t.Fatalf("Prepare: %v", err)
		}
	}
}

func (h *Harness) start(t *testing.T, spec *runner.Spec) runner.Sandbox {
	t.Helper()
	sb, err := h.Backend.Start(context.Background(), spec)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { sb.Stop(context.Background()) })
	return sb
}

// Suite runs the lifecycle tests.
func Suite(t *testing.T, h Harness) {
	h.prepare(t)

	t.Run("Lifecycle", func(t *testing.T) {
		spec, out := h.spec(t)
		sb := h.start(t, spec)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		code, err := sb.Wait(ctx)
		if err != nil || code != 0 {
			t.Fatalf("Wait = %d, %v; output:\n%s", code, err, out)
		}
		dst := t.TempDir()
		for _, name := range []string{"submission", "logs", "code"} {
			if err := sb.CopyOut(ctx, name, dst); err != nil {
				t.Fatalf("CopyOut(%s): %v", name, err)
			}
		}
		sample, err := os.ReadFile(spec.Competition.PathsIn(h.DataDir).SampleSubmission)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dst, "submission", "submission.csv"))
		if err != nil || !bytes.Equal(got, sample) {
			t.Errorf("submission.csv differs from the sample submission (err %v)", err)
		}
		for _, f := range []string{"code/code.py", "logs/run.log"} {
			if _, err := os.Stat(filepath.Join(dst, f)); err != nil {
				t.Errorf("%s not copied out: %v", f, err)
			}
		}
		CheckDummyOutput(t, out.String())
		if err := sb.CopyOut(ctx, "no-such-dir", dst); !errors.Is(err, runner.ErrNotFound) {
			t.Errorf("CopyOut of a missing dir = %v, want ErrNotFound", err)
		}
		audit, err := os.ReadFile(filepath.Join(spec.RunDir, runner.ServerDir, runner.AuditFile))
		if err != nil || !strings.Contains(string(audit), `"verdict":"valid"`) {
			t.Errorf("audit log %q (err %v) lacks the valid verdict", audit, err)
		}
		if err := sb.Stop(ctx); err != nil {
			t.Errorf("Stop: %v", err)
		}
		if err := sb.Stop(ctx); err != nil {
			t.Errorf("second Stop: %v", err)
		}
	})

	t.Run("ExitStatus", func(t *testing.T) {
		spec, out := h.spec(t, "DUMMY_EXIT=7")
		sb := h.start(t, spec)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		code, err := sb.Wait(ctx)
		if err != nil || code != 7 {
			t.Fatalf("Wait = %d, %v, want 7; output:\n%s", code, err, out)
		}
	})

	t.Run("TimeLimitStopsAgent", func(t *testing.T) {
		spec, out := h.spec(t, "DUMMY_SLEEP=1h")
		sb := h.start(t, spec)
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		t0 := time.Now()
		_, err := sb.Wait(ctx)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Wait = %v, want deadline exceeded; output:\n%s", err, out)
		}
		if d := time.Since(t0); d > 45*time.Second {
			t.Errorf("Wait took %v after the deadline", d)
		}
		// Outputs written before the limit can still be collected.
		cctx, ccancel := context.WithTimeout(context.Background(), time.Minute)
		defer ccancel()
		dst := t.TempDir()
		if err := sb.CopyOut(cctx, "submission", dst); err != nil {
			t.Fatalf("CopyOut after the time limit: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dst, "submission", "submission.csv")); err != nil {
			t.Errorf("submission written before the limit is missing: %v", err)
		}
	})

	t.Run("CopyOutWhileRunningThenStop", func(t *testing.T) {
		spec, out := h.spec(t, "DUMMY_SLEEP=1h")
		sb := h.start(t, spec)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		dst := t.TempDir()
		for {
			err := sb.CopyOut(ctx, "submission", dst)
			if err == nil {
				if _, err := os.Stat(filepath.Join(dst, "submission", "submission.csv")); err == nil {
					break
				}
			}
			if ctx.Err() != nil {
				t.Fatalf("no submission while the agent runs; last error %v; output:\n%s", err, out)
			}
			time.Sleep(200 * time.Millisecond)
		}
		t0 := time.Now()
		if err := sb.Stop(ctx); err != nil {
			t.Fatalf("Stop: %v", err)
		}
		if d := time.Since(t0); d > 45*time.Second {
			t.Errorf("Stop took %v", d)
		}
		wctx, wcancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer wcancel()
		sb.Wait(wctx) // must return, whatever it reports
		if wctx.Err() != nil {
			t.Errorf("Wait did not return after Stop")
		}
	})
}

// CheckDummyOutput checks the dummy agent's self-test lines.
func CheckDummyOutput(t *testing.T, out string) {
	t.Helper()
	for _, want := range []string{
		"dummy: not running as root",
		"dummy: could not read the private answers",
		"dummy: validation server says: 200 {\"result\":\"Submission is valid.\"}",
		"BENCHMARK INSTRUCTIONS",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dummy output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "SEALING BROKEN") {
		t.Errorf("the agent read the private answers:\n%s", out)
	}
}
