// Command baseline-agent is the demo's baseline agent: it trains a simple
// real model on the competition's public data and writes a validated
// submission (see package internal/demo/baseline). It is built as a static
// binary and run in the sandbox like any agent; paths come from the sandbox
// environment (MLEBENCH_HOME, SUBMISSION_DIR, CODE_DIR,
// MLEBENCH_VALIDATE_URL), defaulting to the container layout under /home.
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
	if err := baseline.Run(ctx, baseline.EnvFromOS(os.Stdout)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		stop()
		os.Exit(1)
	}
}
