package runner

import (
	"context"
	"encoding/json"
	"time"

	"github.com/mlebench/mlebench/internal/manifest"
)

// writeManifest records a finished run's manifest.json (see package
// manifest): what the sandbox was given and the hashes of what it produced.
// A failure to write it is logged in run.log; it never fails the run.
func (ex *execution) writeManifest(ctx context.Context, t Task, dir string, wall float64, timedOut bool, exitCode *int, lg *runLog) {
	r, cfg := ex.r, ex.p.Config
	m := manifest.Run{RunID: t.RunID, CompetitionID: t.CompetitionID, Seed: t.Seed,
		Agent:            manifest.Agent{ID: cfg.AgentID},
		TimeLimitSeconds: time.Duration(cfg.TimeLimit).Seconds(), WallSeconds: wall, TimedOut: timedOut, ExitCode: exitCode}
	if r.Agent != nil {
		m.Agent.ID = r.Agent.ID
		if id, ok := r.Backend.(AgentIdentifier); ok {
			m.Agent.Image, m.Agent.ImageDigest, m.Agent.BinarySHA256 = id.AgentIdentity(ctx, r.Agent)
		}
	}
	if b, err := json.Marshal(cfg.Container); err == nil {
		m.ContainerConfig = b
	}
	hw := manifest.Hardware{Backend: cfg.Backend, CPUs: float64(cfg.Container.NanoCPUs) / 1e9, MemoryBytes: cfg.Container.MemLimit}
	if cfg.Container.GPUs != 0 {
		hw.GPUs = []string{}
		n := cfg.Container.GPUs
		if n < 0 {
			hw.GPUs = append(hw.GPUs, "all")
		}
		for i := 0; i < n; i++ {
			hw.GPUs = append(hw.GPUs, "gpu")
		}
	}
	m.Hardware = manifest.HostHardware(hw)
	if err := manifest.WriteRun(dir, m); err != nil {
		lg.printf("Could not write the run manifest: %v", err)
	}
}

// writeGroupManifest records the run group's manifest.json.
func (ex *execution) writeGroupManifest(ctx context.Context) {
	g := manifest.Group{RunGroup: ex.p.RunGroup, Agent: manifest.Agent{ID: ex.p.Config.AgentID}}
	if ex.r.Agent != nil {
		g.Agent.ID = ex.r.Agent.ID
		if id, ok := ex.r.Backend.(AgentIdentifier); ok {
			g.Agent.Image, g.Agent.ImageDigest, g.Agent.BinarySHA256 = id.AgentIdentity(ctx, ex.r.Agent)
		}
	}
	if err := manifest.WriteGroup(ex.p.Dir, g); err != nil {
		ex.r.log().Warn("could not write the run group manifest", "error", err)
	}
}
