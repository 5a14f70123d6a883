package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/docker"
	"github.com/mlebench/mlebench/internal/runner/local"
)

type runOptions struct {
	Agent            string
	CompetitionSet   string
	Workers          int
	Seeds            int
	ContainerConfig  string
	RunsDir          string
	AgentsDir        string
	RunDir           string
	Retain           bool
	TimeLimit        time.Duration
	Backend          string
	SnapshotInterval time.Duration
	Retries          int
	Resume           string
	Network          string
	AllowUnsealed    bool
	AgentUID         uint32
	ServerBinary     string
	ExitZero         bool
	MaxOutputBytes   int64
	K8s              k8sRunOptions
}

func newRunCommand(g *Global) *cobra.Command {
	var opts runOptions
	cmd := &cobra.Command{
		Use:   "run --agent ID --competition-set FILE | --resume RUN_GROUP",
		Short: "Run an agent on competitions in sealed sandboxes (resumable run groups)",
		Long: `Run an agent on every competition of a set, --n-seeds times each, --n-workers at a
time, in sandboxes where it sees the public data at /home/data, writes
/home/submission/submission.csv and can ask http://localhost:5000/validate whether
its submission is valid, but cannot read the answers.

Results go to <runs-dir>/<timestamp>_run-group_<agent>/ as in the original
(one <competition>_<uuid> directory per run with submission/, logs/, code/,
run.log; metadata.json once all runs are done), plus plan.json and per-run
status.json so that an interrupted group can be finished with --resume.

Backends: docker (default; containers through the Docker Engine API, images
built when missing and buildable offline) and local (host processes; sealed
only when run as root, see --allow-unsealed).

The agent reads the original's /home/instructions.txt (and
instructions_obfuscated.txt, and its additional_notes.txt), loaded from
--upstream-dir / $MLEBENCH_UPSTREAM_DIR; without them run refuses to start.

Exit status (run_agent.py's in brackets): 0 when every run finished, agent
failures included [0]; 1 when nothing could start — unknown agent, privileged
gate, unprepared dataset, missing secret or original text — and no run group is
written [1, a traceback]; 1 when runs failed for infrastructure reasons after
--retries, recorded as "success": false in metadata.json [0: use
--exit-zero-on-failed-runs]; 2 for usage errors [2]; 130 when interrupted
(finish with --resume) [130, no metadata.json].`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Resume != "" {
				if err := applyResumeSettings(cmd, g, &opts); err != nil {
					return err
				}
			}
			return runRun(cmd, g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Agent, "agent", "", "agent id from agents/*/config.yaml (e.g. dummy, aide/dev)")
	f.StringVar(&opts.Agent, "agent-id", "", "alias of --agent (the original's flag name)")
	f.StringVar(&opts.CompetitionSet, "competition-set", "", "text file of competition ids, one per line, or a split name (low/lite, medium, high, dev, split75, all, …)")
	f.IntVar(&opts.Workers, "n-workers", 1, "runs in parallel")
	f.IntVar(&opts.Seeds, "n-seeds", 1, "runs per competition")
	f.StringVar(&opts.ContainerConfig, "container-config", "", "JSON container config (mem_limit, shm_size, nano_cpus, runtime, gpus, pids_limit, network_mode); default: shm 4G, up to 4 CPUs, no network")
	f.StringVar(&opts.RunsDir, "runs-dir", "", "where run groups are written (default <repo>/runs, else ./runs)")
	f.StringVar(&opts.AgentsDir, "agents-dir", "", "agent definitions (default <repo>/agents found above the working directory)")
	f.StringVar(&opts.RunDir, "run-dir", "", "accepted for compatibility and ignored, as in the original")
	f.BoolVar(&opts.Retain, "retain", false, "stop but do not remove containers / work trees")
	f.DurationVar(&opts.TimeLimit, "time-limit", 24*time.Hour, "wall-clock limit per run, enforced by the harness (0 = none)")
	f.StringVar(&opts.Backend, "backend", "docker", "sandbox backend: docker, local or kubernetes (--k8s-* flags)")
	f.DurationVar(&opts.SnapshotInterval, "snapshot-interval", time.Hour, "save each changed submission.csv to snapshots/<elapsed seconds>.csv this often (0 = never)")
	f.IntVar(&opts.Retries, "retries", 1, "retries of a run after an infrastructure failure")
	f.StringVar(&opts.Resume, "resume", "", "finish an interrupted run group (its name under --runs-dir, or its path)")
	f.StringVar(&opts.Network, "network", "", "sandbox network: none (the default without --container-config), bridge, or a Docker network name; agents calling LLM APIs need egress. A --container-config file without network_mode gives the engine's default network, as the original")
	f.BoolVar(&opts.AllowUnsealed, "allow-unsealed", false, "local backend without root: run anyway, although the agent can read the answers")
	f.Uint32Var(&opts.AgentUID, "agent-uid", local.DefaultUID, "local backend as root: first of the unused uids (and gids) agents run as, one per running agent (uid+0 .. uid+1023; numeric, no /etc/passwd entry needed)")
	f.StringVar(&opts.ServerBinary, "server-binary", "", "docker backend: static mlebench binary for the validation server image (default: this program if static, else built from source)")
	f.BoolVar(&opts.ExitZero, "exit-zero-on-failed-runs", false, "exit 0 once every run has finished even if some failed (the original's run_agent.py); by default failed runs make the exit status 1")
	f.Int64Var(&opts.MaxOutputBytes, "max-output-bytes", runner.DefaultMaxOutputBytes, "cap on what one run writes to its run directory (submission, logs, code and snapshots; snapshots get at most a quarter); files that do not fit are skipped and listed in run.log and status.json, sparse files are never expanded past it")
	addKubernetesFlags(f, &opts.K8s)
	f.MarkHidden("agent-id")
	return cmd
}

// repoDir finds the directory above the working directory that holds
// agents/*/config.yaml.
func repoDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if m, _ := filepath.Glob(filepath.Join(dir, "agents", "*", "config.yaml")); len(m) > 0 {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// loadAgentTexts checks, before anything is written, that the original's
// texts the agent reads are available (instructions.txt,
// instructions_obfuscated.txt, the files of its upstream_files) and that
// its secrets resolve.
func loadAgentTexts(g *Global, a *agent.Agent) error {
	if _, err := agent.LoadTexts(g.UpstreamDir); err != nil {
		return err
	}
	if err := a.LoadUpstreamFiles(g.UpstreamDir); err != nil {
		return err
	}
	if _, err := a.Argv(nil); err != nil {
		return fmt.Errorf("agent %s: %w", a.ID, err)
	}
	if _, err := a.Env("", nil); err != nil {
		return fmt.Errorf("agent %s: %w", a.ID, err)
	}
	return nil
}

// readCompetitionSet reads ids the way run_agent.py does: lines stripped,
// empty lines skipped.
func readCompetitionSet(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			ids = append(ids, s)
		}
	}
	return ids, sc.Err()
}

func runRun(cmd *cobra.Command, g *Global, opts runOptions) error {
	var defers []func()
	defer func() {
		for _, f := range defers {
			f()
		}
	}()
	ctx := cmd.Context()
	flags := cmd.Flags()
	repo := repoDir()
	// The built-in agents ship inside the binary; --agents-dir (default:
	// agents/ above the working directory) holds the others.
	agentsDir := func(id string) (string, error) {
		if opts.AgentsDir != "" {
			return opts.AgentsDir, nil
		}
		if repo == "" {
			return "", usagef("run: no agents/ directory found above the working directory for agent %s; pass --agents-dir (built in: dummy, baseline)", id)
		}
		return filepath.Join(repo, "agents"), nil
	}
	var stage agent.StageOptions
	loadAgent := func(id string) (*agent.Agent, error) {
		if opts.AgentsDir == "" && isBuiltInAgent(id) {
			st, ok := builtInStage(opts.Backend)
			switch {
			case ok:
				dir, cleanup, err := builtInAgentsDir()
				if err != nil {
					return nil, err
				}
				defers = append(defers, cleanup)
				stage = st
				return agent.Load(dir, id)
			case repo == "":
				return nil, errNoBuiltIn
			}
		}
		dir, err := agentsDir(id)
		if err != nil {
			return nil, err
		}
		opts.AgentsDir = dir // recorded in plan.json for a resume
		return agent.Load(dir, id)
	}
	if opts.RunsDir == "" {
		opts.RunsDir = "runs"
		if repo != "" {
			opts.RunsDir = filepath.Join(repo, "runs")
		}
	}
	if opts.Workers < 1 || opts.Seeds < 1 || opts.Retries < 0 || opts.TimeLimit < 0 || opts.SnapshotInterval < 0 || opts.MaxOutputBytes < 0 {
		return usagef("run: --n-workers and --n-seeds must be positive, --retries, --time-limit, --snapshot-interval and --max-output-bytes not negative")
	}

	if opts.Backend != "docker" && opts.Backend != "local" && opts.Backend != "kubernetes" {
		return usagef("run: unknown --backend %q (docker, local or kubernetes)", opts.Backend)
	}
	if opts.Backend == "kubernetes" {
		if err := opts.K8s.check(); err != nil {
			return err
		}
	}

	var plan *runner.Plan
	var a *agent.Agent
	var err error
	if opts.Resume != "" {
		dir := opts.Resume
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			dir = filepath.Join(opts.RunsDir, opts.Resume)
		}
		if plan, err = runner.LoadPlan(dir); err != nil {
			return err
		}
		if opts.Agent != "" && opts.Agent != plan.Config.AgentID {
			return usagef("run: run group %s is for agent %s, not %s", plan.RunGroup, plan.Config.AgentID, opts.Agent)
		}
		if !flags.Changed("backend") && plan.Config.Backend != "" {
			opts.Backend = plan.Config.Backend
		}
		if a, err = loadAgent(plan.Config.AgentID); err != nil {
			return err
		}
	} else {
		if opts.Agent == "" || opts.CompetitionSet == "" {
			return usagef("run: --agent and --competition-set are required (or --resume)")
		}
		if a, err = loadAgent(opts.Agent); err != nil {
			return err
		}
		if err := a.CheckPrivileged(nil); err != nil {
			return err
		}
		// Everything that can fail for want of the original's texts or a
		// secret fails here, before a run group is written.
		if err := loadAgentTexts(g, a); err != nil {
			return err
		}
		ids, err := competitionSetIDs(g, opts.CompetitionSet, readCompetitionSet)
		if err != nil {
			return fmt.Errorf("reading the competition set: %w", err)
		}
		if len(ids) == 0 {
			return fmt.Errorf("competition set %s is empty", opts.CompetitionSet)
		}
		if err := checkCompetitionsPrepared(g, ids, opts.CompetitionSet, flags.Changed("data-dir")); err != nil {
			return err
		}
		cc := runner.DefaultContainerConfig()
		if opts.ContainerConfig != "" {
			b, err := os.ReadFile(opts.ContainerConfig)
			if err != nil {
				return err
			}
			if cc, err = runner.ParseContainerConfig(b); err != nil {
				return fmt.Errorf("%s: %w", opts.ContainerConfig, err)
			}
		}
		if opts.Network != "" {
			cc.Network = opts.Network
		}
		cfg := runner.Config{
			AgentID: a.ID, AgentName: a.Name, CompetitionIDs: ids, Seeds: opts.Seeds,
			TimeLimit: runner.Duration(opts.TimeLimit), SnapshotInterval: runner.Duration(opts.SnapshotInterval),
			Container: cc, Retain: opts.Retain, Backend: opts.Backend, MaxOutputBytes: opts.MaxOutputBytes,
		}
		if plan, err = runner.NewPlan(opts.RunsDir, cfg, time.Now()); err != nil {
			return err
		}
		plan.Settings = runSettings(cmd, g, &opts)
		if err := plan.Write(); err != nil {
			return err
		}
	}

	if err := loadAgentTexts(g, a); err != nil {
		return err
	}
	texts, err := agent.LoadTexts(g.UpstreamDir)
	if err != nil {
		return err
	}

	log := g.Log()
	var backend runner.Backend
	switch opts.Backend {
	case "docker":
		b, err := docker.New(docker.Options{ServerBinary: opts.ServerBinary, Fixes: g.Fixes.String(), Stage: stage, Log: log})
		if err != nil {
			return err
		}
		defer b.Close()
		backend = b
	case "local":
		b, err := local.New(local.Options{Catalog: g.Catalog, Fixes: g.Fixes, UID: opts.AgentUID, GID: opts.AgentUID, AllowUnsealed: opts.AllowUnsealed, Stage: stage, Log: log})
		if err != nil {
			return err
		}
		defer b.Close()
		if !b.Sealed() {
			if !opts.AllowUnsealed {
				return fmt.Errorf("%w (--allow-unsealed)", local.ErrCannotSeal)
			}
			fmt.Fprintln(g.Err, "WARNING: local backend without root: the agent can read the private answers. Results are not trustworthy.")
		}
		backend = b
	case "kubernetes":
		b, err := newKubernetesBackend(g, opts.K8s, opts.ServerBinary, opts.TimeLimit)
		if err != nil {
			return err
		}
		defer b.Close()
		backend = b
	default:
		return usagef("run: unknown --backend %q (docker, local or kubernetes)", opts.Backend)
	}

	fmt.Fprintf(g.Err, "run group %s (%d runs, %d workers, %s backend)\n", plan.Dir, len(plan.Tasks), opts.Workers, opts.Backend)
	if err := prepareAgentVisibly(ctx, g, backend, a, plan); err != nil {
		return err
	}
	view := &runView{g: g}
	r := &runner.Runner{
		Catalog:    g.Catalog,
		DataDir:    g.DataDir,
		Agent:      a,
		Backend:    backend,
		Workers:    opts.Workers,
		Retries:    opts.Retries,
		RetryDelay: 5 * time.Second,
		OnProgress: view.update,
		Log:        log,
		HomeFiles:  texts.HomeFiles(),
	}
	t0 := time.Now()
	res, err := r.Execute(ctx, plan)
	view.finish()
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(g.Err, "interrupted; finish the run group with: mlebench run --resume %s\n", plan.Dir)
		return err
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(g.Err, "all runs finished in %s; metadata: %s\n", time.Since(t0).Round(time.Second), filepath.Join(plan.Dir, runner.MetadataFile))
	if g.JSON {
		b, _ := json.Marshal(map[string]any{"run_group": plan.RunGroup, "dir": plan.Dir, "runs": len(res.Statuses), "failed": res.Failed()})
		fmt.Fprintln(g.Out, string(b))
	} else {
		fmt.Fprintln(g.Out, plan.Dir)
	}
	return failedRunsError(g, res.Failed(), len(res.Statuses), plan.Dir, opts.ExitZero)
}

// failedRunsError is run's verdict on runs that failed for infrastructure
// reasons: an error (exit status 1), or with exitZero only a message, as
// run_agent.py exits 0 whatever its runs did.
func failedRunsError(g *Global, failed, total int, dir string, exitZero bool) error {
	if failed == 0 {
		return nil
	}
	msg := fmt.Sprintf("%d of %d runs failed (infrastructure); see their status.json and run.log, then retry with --resume %s", failed, total, dir)
	if exitZero {
		fmt.Fprintln(g.Err, msg)
		return nil
	}
	return errors.New(msg)
}

// runView is the live progress view: one line of counts, rewritten in
// place on a terminal, printed per event otherwise; JSON lines under --json.
type runView struct {
	mu   sync.Mutex
	g    *Global
	last string
	tty  bool
	init bool
}

func (v *runView) update(p runner.Progress) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if !v.init {
		v.init, v.tty = true, isTerminal(v.g.Err) && !v.g.JSON
	}
	if v.g.JSON {
		b, _ := json.Marshal(map[string]any{"message_type": "progress", "step": "runs", "event": p.Event, "run_id": p.RunID,
			"total": p.Total, "done": p.Done, "timed_out": p.TimedOut, "running": p.Running, "failed": p.Failed, "pending": p.Pending})
		fmt.Fprintln(v.g.Err, string(b))
		return
	}
	// A run the time limit stopped is finished (its outputs are graded)
	// but is counted apart from the runs whose agent exited by itself.
	line := fmt.Sprintf("runs: %d/%d done, %d running, %d failed, %d pending", p.Done-p.TimedOut, p.Total, p.Running, p.Failed, p.Pending)
	if p.TimedOut > 0 {
		line = fmt.Sprintf("runs: %d/%d done, %d timed out, %d running, %d failed, %d pending", p.Done-p.TimedOut, p.Total, p.TimedOut, p.Running, p.Failed, p.Pending)
	}
	if v.tty {
		fmt.Fprintf(v.g.Err, "\r\033[K%s", line)
		v.last = line
		return
	}
	if p.RunID != "" {
		line += fmt.Sprintf("  (%s %s)", strings.ReplaceAll(p.Event, "_", " "), p.RunID)
	}
	fmt.Fprintln(v.g.Err, line)
}

func (v *runView) finish() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.tty && v.last != "" {
		fmt.Fprintln(v.g.Err)
	}
}

// prepareAgentVisibly builds the agent's image or stages its programs
// before the runs start (the runner would do it silently, which takes a
// while the first time), saying so.
func prepareAgentVisibly(ctx context.Context, g *Global, backend runner.Backend, a *agent.Agent, plan *runner.Plan) error {
	pr, ok := backend.(runner.Preparer)
	if !ok {
		return nil
	}
	statuses, err := plan.Statuses()
	if err != nil {
		return err
	}
	pending := false
	for _, s := range statuses {
		pending = pending || !s.State.Finished()
	}
	if !pending {
		return nil
	}
	p := newProgress(g, "prepare agent "+a.ID, -1)
	if !g.JSON {
		fmt.Fprintf(g.Err, "preparing agent %s (building its image or programs on first use)...\n", a.ID)
	}
	t0 := time.Now()
	err = pr.Prepare(ctx, a)
	p.Done()
	if err != nil {
		return fmt.Errorf("preparing agent %s: %w", a.ID, err)
	}
	if !g.JSON {
		fmt.Fprintf(g.Err, "agent %s ready in %.1fs\n", a.ID, time.Since(t0).Seconds())
	}
	return nil
}
