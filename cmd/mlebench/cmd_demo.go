package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/demo"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/docker"
	"github.com/mlebench/mlebench/internal/runner/local"
)

type demoOptions struct {
	Out          string
	Backend      string
	Seeds        int
	Workers      int
	TimeLimit    time.Duration
	Snapshot     time.Duration
	AgentsDir    string
	ForcePrepare bool
	DataSeed     uint64
}

func newDemoCommand(g *Global) *cobra.Command {
	var opts demoOptions
	cmd := &cobra.Command{
		Use:   "demo [--out DIR] [--backend local|docker] [--seeds N]",
		Short: "See the whole benchmark work in about a minute: built-in synthetic competitions, two agents, grades, medals, report",
		Long: `Run the whole benchmark on three small built-in competitions that mlebench
generates itself (no Kaggle account needed): prepare the data and a simulated
human leaderboard for each, run the baseline agent (a simple real model) and
the dummy agent (submits the sample submission) in the sandbox, grade every
run, award medals against the simulated leaderboards and print the leaderboard
table (score and medal per agent and competition, any-medal % as mean ± SEM
over seeds). Reports go to <out>/report.html (with a full
results report per agent), <out>/report.md and <out>/summary.json.

The baseline works in stages like a real agent (the prior, a simple model,
the final model, each kept about a second), and the runner snapshots the
submission every --snapshot-interval, so each agent's report shows its
any-medal rate over elapsed time, graded from those snapshots.

Everything stays under --out: data/ (reused by later runs), runs/ (one new run
group per agent per invocation, in the original's layout with metadata.json
and a grading report).

The local backend runs agents as host processes. As root they run as an
unprivileged user that cannot read the answers; otherwise the answers cannot
be hidden from them (the demo's own agents do not look; real agents must run
sealed: as root, or with --backend docker).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDemo(cmd.Context(), g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Out, "out", "mlebench-demo", "output directory for data, runs and reports")
	f.StringVar(&opts.Backend, "backend", "local", "sandbox backend: local or docker")
	f.IntVar(&opts.Seeds, "seeds", 3, "runs per agent and competition")
	f.IntVar(&opts.Workers, "workers", 2, "runs in parallel")
	f.DurationVar(&opts.TimeLimit, "time-limit", 10*time.Minute, "time limit of each run")
	f.DurationVar(&opts.Snapshot, "snapshot-interval", demo.DefaultSnapshotInterval, "save each changed submission.csv to snapshots/<elapsed seconds>.csv this often, for the any-medal-over-time curve (0 = never)")
	f.StringVar(&opts.AgentsDir, "agents-dir", os.Getenv("MLEBENCH_AGENTS_DIR"), "directory of agent definitions (default $MLEBENCH_AGENTS_DIR, else an agents/ directory found above the working directory or the mlebench binary)")
	f.BoolVar(&opts.ForcePrepare, "force-prepare", false, "regenerate the demo data even when it is already prepared")
	f.Uint64Var(&opts.DataSeed, "data-seed", demo.DefaultSeed, "seed of the generated data and simulated leaderboards")
	return cmd
}

func runDemo(ctx context.Context, g *Global, opts demoOptions) error {
	if opts.Seeds < 1 {
		return usagef("demo: --seeds must be at least 1")
	}
	if opts.Snapshot < 0 || opts.TimeLimit < 0 {
		return usagef("demo: --snapshot-interval and --time-limit must not be negative")
	}
	agentsDir := opts.AgentsDir
	stage := agent.StageOptions{}
	if agentsDir == "" {
		// The demo's agents ship inside the binary, which is also their
		// program; a cgo build on docker builds them from a checkout.
		if st, ok := builtInStage(opts.Backend); ok {
			dir, cleanup, err := builtInAgentsDir()
			if err != nil {
				return err
			}
			defer cleanup()
			agentsDir, stage = dir, st
		} else if agentsDir = demoFindAgentsDir(); agentsDir == "" {
			return fmt.Errorf("demo: %w", errNoBuiltIn)
		}
	}
	if st, err := os.Stat(agentsDir); err != nil || !st.IsDir() {
		return fmt.Errorf("demo: the agents directory %s does not exist", agentsDir)
	}
	var agents []*agent.Agent
	for _, id := range demo.DefaultAgents {
		a, err := agent.Load(agentsDir, id)
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		agents = append(agents, a)
	}
	events := func(line string) {
		if !g.JSON {
			fmt.Fprintln(g.Err, line)
		}
	}
	sealedNote := ""
	newBackend := func(cat *competition.Catalog) (runner.Backend, error) {
		switch opts.Backend {
		case "local":
			// The backend warns about unsealed runs once per run; the demo
			// says it once, here and under the table.
			b, err := local.New(local.Options{Catalog: cat, Fixes: g.Fixes, AllowUnsealed: true, Stage: stage, Log: slog.New(slog.DiscardHandler)})
			if err != nil {
				return nil, err
			}
			if !b.Sealed() {
				sealedNote = "Note: not running as root, so the local sandbox could not hide the answers from the agents\n" +
					"(the demo's agents do not look; run real agents as root or with --backend docker).\n"
				events("WARNING: " + strings.ReplaceAll(strings.TrimSpace(sealedNote[len("Note: "):]), "\n", " "))
			}
			return b, nil
		case "docker":
			return demoDockerBackend(g, stage)
		}
		return nil, usagef("demo: unknown backend %q (want local or docker)", opts.Backend)
	}
	// The sandboxes get the original's instructions when its files are
	// found; the demo's agents do not read them, so without them the demo
	// runs with none (never with a substitute text).
	var homeFiles map[string][]byte
	if texts, err := agent.LoadTexts(g.UpstreamDir); err == nil {
		homeFiles = texts.HomeFiles()
	} else {
		events("Note: the sandboxes get no /home/instructions.txt: " + err.Error())
	}
	out := g.Out
	res, err := demo.Run(ctx, demo.Options{
		HomeFiles: homeFiles,
		OutDir:    opts.Out,
		DataSeed:  opts.DataSeed,
		Seeds:     opts.Seeds,
		Workers:   opts.Workers,
		TimeLimit: opts.TimeLimit,
		// The baseline agent works in stages; the snapshots show its
		// any-medal rate over time in its report.
		SnapshotInterval: opts.Snapshot,
		Agents:           agents,
		BackendName:      opts.Backend,
		NewBackend:       newBackend,
		Container:        runner.DefaultContainerConfig(),
		// The runs' own logs are in each run directory; the console only
		// gets the demo's step lines.
		ForcePrepare: opts.ForcePrepare,
		Event:        events,
	})
	if err != nil {
		return err
	}
	if err := res.WriteReports(ctx); err != nil {
		return err
	}
	if g.JSON {
		_, err := out.Write(res.JSON())
		return err
	}
	fmt.Fprintln(out)
	if err := res.WriteTable(out); err != nil {
		return err
	}
	fmt.Fprintln(out)
	if sealedNote != "" {
		fmt.Fprint(out, sealedNote)
	}
	fmt.Fprintf(out, "Done in %.1fs. Reports: %s\n", res.Duration.Seconds(), strings.Join(res.Files, ", "))
	return nil
}

// demoFindAgentsDir looks for agents/ (holding the demo's agents) in the
// working directory, the mlebench binary's directory, and their parents.
func demoFindAgentsDir() string {
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	for _, dir := range starts {
		for {
			cand := filepath.Join(dir, "agents")
			ok := true
			for _, id := range demo.DefaultAgents {
				if _, err := os.Stat(filepath.Join(cand, id, "config.yaml")); err != nil {
					ok = false
				}
			}
			if ok {
				return cand
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return ""
}

// demoDockerBackend builds the Docker backend for the demo: the agents'
// FROM-scratch images and the validation server image are built on first
// use (the server is this mlebench when static, else built from source).
func demoDockerBackend(g *Global, stage agent.StageOptions) (runner.Backend, error) {
	b, err := docker.New(docker.Options{Fixes: g.Fixes.String(), Stage: stage, Log: g.Log()})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := b.Ping(ctx); err != nil {
		return nil, fmt.Errorf("demo: the docker backend needs a reachable Docker engine: %w", err)
	}
	return b, nil
}
