// Command dummy-agent is MLE-bench's environment self-test agent as a
// static program of its own (see package dummyagent); the mlebench binary
// serves as the same agent when started under the name dummy-agent.
package main

import (
	"os"

	"github.com/mlebench/mlebench/internal/agent/dummyagent"
)

func main() {
	os.Exit(dummyagent.Main(os.Args[1:], os.Stdout, os.Getenv))
}
