package baseline

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Main runs the agent as a program: with the argument "idle" it blocks
// until SIGTERM/SIGINT (the keep-alive main process of its FROM-scratch
// image), else it runs in the environment of the sandbox. It returns the
// exit status. cmd/baseline-agent is this, and so is the mlebench binary
// started under the name baseline-agent.
func Main(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if len(args) > 0 && args[0] == "idle" {
		<-ctx.Done()
		return 0
	}
	env, err := EnvFromOS(stdout)
	if err == nil {
		err = Run(ctx, env)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
