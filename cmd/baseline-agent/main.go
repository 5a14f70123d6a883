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
// keep-alive main process in the FROM-scratch image.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/mlebench/mlebench/internal/demo/baseline"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if len(os.Args) > 1 && os.Args[1] == "idle" {
		<-ctx.Done()
		return
	}
	env, err := baseline.EnvFromOS(os.Stdout)
	if err == nil {
		err = baseline.Run(ctx, env)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		stop()
		os.Exit(1)
	}
}
