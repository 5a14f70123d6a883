package runner

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/buildinfo"
	"github.com/mlebench/mlebench/internal/grade"
)

// Config is what a run group is planned from; it is stored in plan.json so
// a resumed group runs with the same settings.
type Config struct {
	AgentID          string          `json:"agent_id"`
	AgentName        string          `json:"agent_name"`
	CompetitionIDs   []string        `json:"competition_ids"`
	Seeds            int             `json:"n_seeds"`
	TimeLimit        Duration        `json:"time_limit"`
	SnapshotInterval Duration        `json:"snapshot_interval"`
	Container        ContainerConfig `json:"container_config"`
	Retain           bool            `json:"retain"`
	Backend          string          `json:"backend"`
	// MaxOutputBytes caps what each run writes to its run directory
	// (outputs copied out of the sandbox and snapshots); 0 means
	// DefaultMaxOutputBytes.
	MaxOutputBytes int64 `json:"max_output_bytes,omitempty"`
}

// Task is one planned run: a seed of a competition.
type Task struct {
	Seed          int    `json:"seed"`
	CompetitionID string `json:"competition_id"`
	RunID         string `json:"run_id"`
}

// Plan is a run group: its directory, settings and runs in plan order
// (for seed 0..n-1, for competition in file order), as the original queues
// them.
type Plan struct {
	RunGroup  string    `json:"run_group"`
	CreatedAt time.Time `json:"created_at"`
	// Mlebench is the build that planned the run group.
	Mlebench buildinfo.Info `json:"mlebench"`
	Config   Config         `json:"config"`
	// Settings are the caller's settings beyond Config that a resume must
	// re-apply to run the group the same way (for the command line: flag
	// name → value, a string or a list of strings, paths absolute). The
	// runner does not read them.
	Settings map[string]any `json:"settings,omitempty"`
	Tasks    []Task         `json:"tasks"`

	Dir string `json:"-"` // runs/<run group>
}

// PlanFile is the plan's file name in the run group directory.
const PlanFile = "plan.json"

// NewPlan names the run group (<timestamp>_run-group_<agent name>) under
// runsDir and gives each (seed, competition) a run id
// <competition id>_<uuid4>. Nothing is written; see [Plan.Write].
func NewPlan(runsDir string, cfg Config, now time.Time) (*Plan, error) {
	if cfg.Seeds < 1 {
		return nil, fmt.Errorf("plan: need at least one seed")
	}
	if len(cfg.CompetitionIDs) == 0 {
		return nil, fmt.Errorf("plan: no competitions")
	}
	if cfg.AgentName == "" || strings.ContainsAny(cfg.AgentName, `/\`) {
		return nil, fmt.Errorf("plan: bad agent name %q", cfg.AgentName)
	}
	abs, err := filepath.Abs(runsDir)
	if err != nil {
		return nil, err
	}
	group := grade.Timestamp(now) + "_run-group_" + cfg.AgentName
	p := &Plan{RunGroup: group, CreatedAt: now.UTC(), Mlebench: buildinfo.Current(), Config: cfg, Dir: filepath.Join(abs, group)}
	for seed := 0; seed < cfg.Seeds; seed++ {
		for _, id := range cfg.CompetitionIDs {
			p.Tasks = append(p.Tasks, Task{Seed: seed, CompetitionID: id, RunID: id + "_" + uuid4()})
		}
	}
	return p, nil
}

// RunDir is the task's run directory.
func (p *Plan) RunDir(t Task) string { return filepath.Join(p.Dir, t.RunID) }

// Write creates the run group directory (it must not exist), plan.json and
// every run directory with a pending status.json.
func (p *Plan) Write() error {
	if err := os.MkdirAll(filepath.Dir(p.Dir), 0o755); err != nil {
		return fmt.Errorf("creating runs dir: %w", err)
	}
	if err := os.Mkdir(p.Dir, 0o755); err != nil {
		return fmt.Errorf("creating run group dir: %w", err)
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(p.Dir, PlanFile), append(b, '\n')); err != nil {
		return err
	}
	for _, t := range p.Tasks {
		dir := p.RunDir(t)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return fmt.Errorf("creating run dir: %w", err)
		}
		if err := writeStatus(dir, &Status{RunID: t.RunID, CompetitionID: t.CompetitionID, Seed: t.Seed, State: StatePending}); err != nil {
			return err
		}
	}
	return nil
}

// LoadPlan reads a run group's plan.json. dir is the run group directory.
func LoadPlan(dir string) (*Plan, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(abs, PlanFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s is not a resumable run group (no %s)", dir, PlanFile)
	}
	if err != nil {
		return nil, err
	}
	var p Plan
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("reading %s: %w", filepath.Join(abs, PlanFile), err)
	}
	p.Dir = abs
	seen := map[string]bool{}
	for _, t := range p.Tasks {
		if t.RunID == "" || strings.ContainsAny(t.RunID, `/\`) || t.RunID == "." || t.RunID == ".." || seen[t.RunID] {
			return nil, fmt.Errorf("%s: bad or duplicate run id %q", PlanFile, t.RunID)
		}
		seen[t.RunID] = true
	}
	return &p, nil
}

// uuid4 returns a random RFC 4122 version-4 UUID in canonical form.
func uuid4() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// writeAtomic writes via a temporary file and rename.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Duration is a time.Duration written as a Go duration string in JSON.
type Duration time.Duration

func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}
