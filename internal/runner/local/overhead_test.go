//go:build linux

package local_test

import (
	"os"
	"testing"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/runner/local"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// TestBuildsOncePerGroup: a group of three runs on two workers builds the
// dummy's binary once (Prepare stages it; each run copies the staged
// files).
func TestBuildsOncePerGroup(t *testing.T) {
	tool, builds := runnertest.CountingGoTool(t)
	h := harnessWith(t, local.Options{Stage: agent.StageOptions{GoTool: tool}})
	runnertest.BuildsOnce(t, h, builds, nil)
}

// BenchmarkRunOverhead measures the local (bubblewrap) backend's per-run
// overhead with the dummy agent on a small competition (see
// runnertest.MeasureGroup), skipped unless MLEBENCH_RUNNER_BENCH=1:
//
//	MLEBENCH_RUNNER_BENCH=1 go test ./internal/runner/local -run X -bench RunOverhead -benchtime 1x -v
func BenchmarkRunOverhead(b *testing.B) {
	if os.Getenv("MLEBENCH_RUNNER_BENCH") != "1" {
		b.Skip("set MLEBENCH_RUNNER_BENCH=1 to measure the runner's overhead")
	}
	runnertest.BenchmarkOverhead(b, "local", harness(b))
}
