// Command mlebench is MLE-bench as one binary: prepare competition data, run
// agents in sandboxes, grade submissions and report results.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	stopProfile := startProfile()
	code := Run(ctx, os.Args[1:], Streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	stopProfile()
	writePeakRSS()
	os.Exit(code)
}
