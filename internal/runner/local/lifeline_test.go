//go:build linux

package local_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/runner/local"
)

// TestSandboxEndsWithTheHarnessLifeline: once the harness's end of the
// lifeline is closed (as its death closes it), the sandbox ends even though
// bwrap is still alive, so no sandbox outlives a harness killed while it was
// being built (when bwrap's parent-death signal is not armed yet).
func TestSandboxEndsWithTheHarnessLifeline(t *testing.T) {
	h := harness(t)
	sb, _, out := startShellRun(t, h, "_lifeline", `echo STARTED; sleep 600; echo "SURVIVED"`)
	for deadline := time.Now().Add(time.Minute); !strings.Contains(out.String(), "STARTED"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the agent did not start; output:\n%s", out)
		}
	}
	if !local.CutLifeline(sb) {
		t.Fatal("the sealed sandbox has no lifeline")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	start := time.Now()
	code, err := sb.Wait(ctx)
	if time.Since(start) > 15*time.Second || ctx.Err() != nil {
		t.Fatalf("the sandbox outlived its lifeline by %v (Wait = %d, %v); output:\n%s", time.Since(start), code, err, out)
	}
	if code != 137 || !strings.Contains(out.String(), "the harness is gone") || strings.Contains(out.String(), "SURVIVED") {
		t.Errorf("Wait = %d, %v; output:\n%s", code, err, out)
	}
}
