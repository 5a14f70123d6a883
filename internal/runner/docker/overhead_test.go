package docker_test

import (
	"os"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/runner/docker"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// TestBuildsOncePerGroup: a group of three runs on two workers builds the
// dummy's binary once and its image at most once (not at all when an
// image of the same build context exists).
func TestBuildsOncePerGroup(t *testing.T) {
	tool, builds := runnertest.CountingGoTool(t)
	b := backendWith(t, docker.Options{StopTimeout: 5 * time.Second, Stage: agent.StageOptions{GoTool: tool}})
	runnertest.BuildsOnce(t, harnessWith(t, b), builds, b.ImageBuilds)
}

// BenchmarkRunOverhead measures the docker backend's per-run overhead with
// the dummy agent on a small competition (see runnertest.MeasureGroup):
// groups of MLEBENCH_RUNNER_BENCH_RUNS runs (default 8) with 1, 2 and 4
// workers. It needs an engine and is skipped unless MLEBENCH_RUNNER_BENCH=1:
//
//	MLEBENCH_RUNNER_BENCH=1 go test ./internal/runner/docker -run X -bench RunOverhead -benchtime 1x -v
func BenchmarkRunOverhead(b *testing.B) {
	if os.Getenv("MLEBENCH_RUNNER_BENCH") != "1" {
		b.Skip("set MLEBENCH_RUNNER_BENCH=1 to measure the runner's overhead")
	}
	runnertest.BenchmarkOverhead(b, "docker", harness(b))
}
