// Command mlebench is MLE-bench as one binary: prepare competition data, run
// agents in sandboxes, grade submissions and report results.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/mlebench/mlebench/internal/hugeheap"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	adviseHugeHeap(os.Args[1:])
	stopProfile := startProfile()
	code := Run(ctx, os.Args[1:], Streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	stopProfile()
	writePeakRSS()
	os.Exit(code)
}

// adviseHugeHeap backs the heap with huge pages ([hugeheap]) from the start
// of a process that will prepare or grade a batch: the command tree and the
// catalog built before the command runs then get them too. The check is a
// plain scan of the arguments (an argument that merely equals a command
// name costs a few milliseconds, nothing else); the commands advise again
// when they run, which does nothing the second time. grade-sample decides
// when it runs, from the size of its input (adviseGradingHeap).
func adviseHugeHeap(args []string) {
	for _, a := range args {
		switch a {
		case "grade":
			hugeheap.Advise(gradingHeapReserve)
			return
		case "prepare":
			hugeheap.Advise(prepareMemoryLimit)
			return
		case "grade-sample":
			return
		}
	}
}
