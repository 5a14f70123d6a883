// Command baseline-agent is the demo's baseline agent: it trains simple
// real models on the competition's public data in three stages (the prior,
// a simple model, the final model) and writes a validated submission after
// each (see package internal/demo/baseline). It is built as a static binary
// and run in the sandbox like any agent; paths come from the sandbox
// environment (MLEBENCH_HOME, SUBMISSION_DIR, CODE_DIR,
// MLEBENCH_VALIDATE_URL), defaulting to the container layout under /home,
// and BASELINE_STAGE_PAUSE (set in agents/baseline/config.yaml) is how long
// each version of the submission stays before the next.
//
// `baseline-agent idle` blocks until SIGTERM/SIGINT: it is the container's
// keep-alive main process in the FROM-scratch image. The mlebench binary
// serves as the same agent when started under the name baseline-agent.
package main

import (
	"os"

	"github.com/mlebench/mlebench/internal/demo/baseline"
)

func main() {
	os.Exit(baseline.Main(os.Args[1:], os.Stdout, os.Stderr))
}
