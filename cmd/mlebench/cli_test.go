package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// cliRunCtx runs the command line in-process, as main does, and returns its
// output and exit code. The buffers are safe for the concurrent writes of
// progress and runner goroutines.
func cliRunCtx(ctx context.Context, t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb runnertest.Buffer
	code = Run(ctx, args, Streams{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// cliRun is cliRunCtx with a background context.
func cliRun(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return cliRunCtx(context.Background(), t, args...)
}
