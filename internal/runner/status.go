package runner

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// State is where a run is in its life.
type State string

const (
	StatePending     State = "pending"     // not started
	StateRunning     State = "running"     // started; if no runner is alive, it crashed
	StateInterrupted State = "interrupted" // stopped by Ctrl-C; will run again on resume
	StateDone        State = "done"        // the sandbox ran and outputs were collected
	StateFailed      State = "failed"      // infrastructure failure, retries exhausted
)

// Finished reports whether a run in this state is complete (it appears in
// metadata.json and is not run again on resume). A failed run is retried
// by a resume.
func (s State) Finished() bool { return s == StateDone }

// Failure kinds.
const (
	FailureAgent   = "agent"   // the agent exited with a non-zero status
	FailureTimeout = "timeout" // the harness time limit stopped the agent
	FailureInfra   = "infra"   // the sandbox failed (recorded per attempt; retried)
)

// Status is a run's status.json: everything needed to resume and to tell
// infrastructure failures from agent failures.
type Status struct {
	RunID         string `json:"run_id"`
	CompetitionID string `json:"competition_id"`
	Seed          int    `json:"seed"`
	State         State  `json:"state"`
	Attempts      int    `json:"attempts"`
	// Success is the original's metadata flag: the sandbox ran and outputs
	// were collected (not whether a submission exists).
	Success bool `json:"success"`
	// ExitCode is the agent's exit status; absent when the time limit
	// stopped it (it then has none).
	ExitCode    *int   `json:"exit_code,omitempty"`
	TimedOut    bool   `json:"timed_out,omitempty"`
	FailureKind string `json:"failure_kind,omitempty"`
	Error       string `json:"error,omitempty"`
	// InfraFailures lists every infrastructure failure, one per attempt.
	InfraFailures   []string   `json:"infra_failures,omitempty"`
	StartedAt       *time.Time `json:"started_at,omitempty"`
	FinishedAt      *time.Time `json:"finished_at,omitempty"`
	DurationSeconds float64    `json:"duration_seconds,omitempty"`
	// AgentSeconds is the agent's own time: from its start until it exited
	// or the time limit stopped it (every process of the sandbox is
	// stopped then, before anything is copied out).
	AgentSeconds float64 `json:"agent_seconds,omitempty"`
	// CopyOutSeconds is the time spent copying outputs out afterwards.
	CopyOutSeconds float64 `json:"copy_out_seconds,omitempty"`
	// OutputBytes is what the run's copy-out and snapshots wrote.
	OutputBytes int64 `json:"output_bytes,omitempty"`
	// Warnings are copy-out and snapshot notes (files skipped because of
	// the output cap, snapshots that failed or were abandoned).
	Warnings []string `json:"warnings,omitempty"`
	// CompletionSeq orders finished runs across resumes (metadata.json
	// lists runs in completion order).
	CompletionSeq int `json:"completion_seq,omitempty"`
}

// StatusFile is the status file's name in a run directory.
const StatusFile = "status.json"

func writeStatus(runDir string, s *Status) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(runDir, StatusFile), append(b, '\n')); err != nil {
		return fmt.Errorf("writing status of %s: %w", s.RunID, err)
	}
	return nil
}

// ReadStatus reads a run directory's status.json.
func ReadStatus(runDir string) (*Status, error) {
	b, err := os.ReadFile(filepath.Join(runDir, StatusFile))
	if err != nil {
		return nil, err
	}
	var s Status
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("reading %s: %w", filepath.Join(runDir, StatusFile), err)
	}
	return &s, nil
}

// Statuses reads every task's status (a missing run directory or
// status.json reads as pending: the runner died while writing the plan).
func (p *Plan) Statuses() ([]*Status, error) {
	out := make([]*Status, len(p.Tasks))
	for i, t := range p.Tasks {
		s, err := ReadStatus(p.RunDir(t))
		if os.IsNotExist(err) {
			s = &Status{RunID: t.RunID, CompetitionID: t.CompetitionID, Seed: t.Seed, State: StatePending}
		} else if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// MetadataFile is the original's run-group metadata file name.
const MetadataFile = "metadata.json"

// WriteMetadata writes the original's metadata.json: run_group,
// created_at (a harness timestamp of now) and runs keyed by run id in
// completion order with {"success": bool}; 4-space Python-style JSON, no
// trailing newline. Only finished (done or failed) runs are listed.
func WriteMetadata(dir, runGroup string, statuses []*Status, now time.Time) error {
	fin := make([]*Status, 0, len(statuses))
	for _, s := range statuses {
		if s.State == StateDone || s.State == StateFailed {
			fin = append(fin, s)
		}
	}
	sort.SliceStable(fin, func(i, j int) bool { return fin[i].CompletionSeq < fin[j].CompletionSeq })
	runs := make(pyjson.Object, 0, len(fin))
	for _, s := range fin {
		runs = append(runs, pyjson.Member{Key: s.RunID, Value: pyjson.Object{{Key: "success", Value: s.Success}}})
	}
	obj := pyjson.Object{
		{Key: "run_group", Value: runGroup},
		{Key: "created_at", Value: grade.Timestamp(now)},
		{Key: "runs", Value: runs},
	}
	b, err := pyjson.Marshal(obj, pyjson.Options{Indent: 4})
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, MetadataFile), b)
}
