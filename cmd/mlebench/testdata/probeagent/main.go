// Command probeagent stands in for /bin/bash in a FROM-scratch agent image
// written in the original's agents/ schema (tests only). Run as
// `bash /home/agent/start.sh ARGS...` (how the runner starts an agent) or
// `bash --probe ARGS...` (from start.sh on the local backend) it records
// what the agent sees in $LOGS_DIR: the /home texts, its additional notes,
// its arguments and environment; then it submits the sample submission.
// Run as `bash idle` it sleeps (the image's entrypoint).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] == "idle" {
		for {
			time.Sleep(time.Hour)
		}
	}
	args := os.Args[2:]
	if err := probe(args); err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		os.Exit(3)
	}
	fmt.Println("probe: done")
}

func probe(args []string) error {
	agentDir, logs, sub := os.Getenv("AGENT_DIR"), os.Getenv("LOGS_DIR"), os.Getenv("SUBMISSION_DIR")
	if agentDir == "" || logs == "" || sub == "" {
		return fmt.Errorf("AGENT_DIR, LOGS_DIR and SUBMISSION_DIR must be set")
	}
	home := filepath.Dir(agentDir)
	copies := [][2]string{
		{filepath.Join(home, "instructions.txt"), filepath.Join(logs, "seen_instructions.txt")},
		{filepath.Join(home, "instructions_obfuscated.txt"), filepath.Join(logs, "seen_instructions_obfuscated.txt")},
		{filepath.Join(agentDir, "additional_notes.txt"), filepath.Join(logs, "seen_additional_notes.txt")},
		{filepath.Join(home, "data", "sample_submission.csv"), filepath.Join(sub, "submission.csv")},
	}
	for _, c := range copies {
		b, err := os.ReadFile(c[0])
		if err != nil {
			return err
		}
		if err := os.WriteFile(c[1], b, 0o644); err != nil {
			return err
		}
	}
	env := fmt.Sprintf("uid=%d\nargs=%s\nCOMPETITION_ID=%s\nPROBE_TOKEN=%s\n", os.Getuid(), strings.Join(args, " "), os.Getenv("COMPETITION_ID"), os.Getenv("PROBE_TOKEN"))
	return os.WriteFile(filepath.Join(logs, "seen_env.txt"), []byte(env), 0o644)
}
