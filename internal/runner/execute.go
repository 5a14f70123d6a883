package runner

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
)

// Runner executes plans.
type Runner struct {
	Catalog *competition.Catalog
	DataDir string // absolute
	Agent   *agent.Agent
	Backend Backend
	Workers int // parallel runs; < 1 means 1
	// Retries is how many times a run is retried after an infrastructure
	// failure, per Execute call.
	Retries    int
	RetryDelay time.Duration
	// Getenv resolves secrets and the privileged gate; nil means
	// os.LookupEnv.
	Getenv func(string) (string, bool)
	// OnProgress is called (serialised) whenever a run changes state.
	OnProgress func(Progress)
	// Log receives console-level messages; nil discards.
	Log *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// HomeFiles are the files of the sandbox's /home (see Spec.HomeFiles):
	// the original's texts, loaded by the caller.
	HomeFiles map[string][]byte
}

// Progress is a snapshot of a run group's counts after an event.
type Progress struct {
	Total, Done, Running, Failed, Pending int
	// TimedOut counts the done runs the time limit stopped (they are
	// included in Done: their outputs were collected).
	TimedOut int
	// Event is "planned", "started", "done", "timed_out" (done, stopped by
	// the time limit), "failed", "retrying" or "interrupted".
	Event                string
	RunID, CompetitionID string
	Seed                 int
}

// Result is what Execute did.
type Result struct {
	Plan     *Plan
	Statuses []*Status // plan order
	// Ran is the number of runs executed by this call.
	Ran int
}

// Failed counts runs that ended in an infrastructure failure.
func (r *Result) Failed() int {
	n := 0
	for _, s := range r.Statuses {
		if s.State == StateFailed {
			n++
		}
	}
	return n
}

func (r *Runner) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

func (r *Runner) log() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.New(slog.DiscardHandler)
}

// ErrLocked is returned when another process is executing the run group.
var ErrLocked = errors.New("run group is being executed by another process")

// Execute runs every unfinished run of the plan (all of them for a new
// plan; on resume, those not done) with r.Workers in parallel, in plan
// order, then writes metadata.json. Before anything runs it checks the
// privileged gate, that every competition is prepared and that the agent's
// secrets resolve. If ctx is cancelled, running sandboxes are stopped,
// their runs marked interrupted, and ctx's error is returned without
// metadata.json (as the original writes none when it dies early).
func (r *Runner) Execute(ctx context.Context, p *Plan) (*Result, error) {
	if r.Agent == nil || r.Backend == nil || r.Catalog == nil {
		return nil, fmt.Errorf("runner: Agent, Backend and Catalog are required")
	}
	if p.Config.AgentID != r.Agent.ID {
		return nil, fmt.Errorf("run group %s was planned for agent %s, not %s", p.RunGroup, p.Config.AgentID, r.Agent.ID)
	}
	getenv := r.Getenv
	if getenv == nil {
		getenv = os.LookupEnv
	}
	unlock, err := lockDir(p.Dir)
	if err != nil {
		return nil, err
	}
	defer unlock()

	if err := r.Agent.CheckPrivileged(getenv); err != nil {
		return nil, err
	}
	argv, err := r.Agent.Argv(getenv)
	if err != nil {
		return nil, err
	}
	comps := map[string]*competition.Competition{}
	envs := map[string][]string{}
	for _, t := range p.Tasks {
		if comps[t.CompetitionID] != nil {
			continue
		}
		comp, err := r.Catalog.Lookup(t.CompetitionID)
		if err != nil {
			return nil, err
		}
		if err := comp.CheckPrepared(r.DataDir, false); err != nil {
			return nil, err
		}
		env, err := r.Agent.Env(comp.ID, getenv)
		if err != nil {
			return nil, err
		}
		comps[comp.ID], envs[comp.ID] = comp, env
	}

	statuses, err := p.Statuses()
	if err != nil {
		return nil, err
	}
	res := &Result{Plan: p, Statuses: statuses}
	var todo []int
	seq := 0
	for i, s := range statuses {
		if s.CompletionSeq > seq {
			seq = s.CompletionSeq
		}
		if !s.State.Finished() {
			todo = append(todo, i)
		}
	}
	if len(todo) > 0 {
		if pr, ok := r.Backend.(Preparer); ok {
			if err := pr.Prepare(ctx, r.Agent); err != nil {
				return nil, fmt.Errorf("preparing agent %s: %w", r.Agent.ID, err)
			}
		}
		if rp, ok := r.Backend.(Reaper); ok {
			if err := rp.Reap(ctx, p.RunGroup); err != nil {
				return nil, fmt.Errorf("cleaning up after an earlier run of %s: %w", p.RunGroup, err)
			}
		}
	}

	ex := &execution{r: r, p: p, res: res, seq: seq, argv: argv, envs: envs, comps: comps}
	ex.emit(Progress{Event: "planned"})
	workers := r.Workers
	if workers < 1 {
		workers = 1
	}
	queue := make(chan int, len(todo))
	for _, i := range todo {
		queue <- i
	}
	close(queue)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range queue {
				if ctx.Err() != nil {
					return
				}
				ex.runTask(ctx, i)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if err := WriteMetadata(p.Dir, p.RunGroup, statuses, r.now()); err != nil {
		return res, err
	}
	ex.writeGroupManifest(ctx)
	return res, nil
}

// lockDir takes an exclusive, non-blocking flock on <dir>/.lock.
func lockDir(dir string) (func(), error) {
	f, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking run group: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%s: %w", dir, ErrLocked)
		}
		return nil, fmt.Errorf("locking run group: %w", err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

type execution struct {
	r     *Runner
	p     *Plan
	res   *Result
	argv  []string
	envs  map[string][]string
	comps map[string]*competition.Competition

	mu  sync.Mutex // guards seq, res.Statuses contents, res.Ran and emit
	seq int
}

func (ex *execution) emit(ev Progress) {
	if ex.r.OnProgress == nil {
		return
	}
	ev.Total = len(ex.res.Statuses)
	for _, s := range ex.res.Statuses {
		switch s.State {
		case StateDone:
			ev.Done++
			if s.TimedOut {
				ev.TimedOut++
			}
		case StateFailed:
			ev.Failed++
		case StateRunning:
			ev.Running++
		default:
			ev.Pending++
		}
	}
	ex.r.OnProgress(ev)
}

// update changes a status under the lock, writes it and reports progress.
func (ex *execution) update(i int, event string, f func(s *Status)) error {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	s := ex.res.Statuses[i]
	f(s)
	if s.State == StateDone || s.State == StateFailed {
		ex.seq++
		s.CompletionSeq = ex.seq
	}
	err := writeStatus(ex.p.RunDir(ex.p.Tasks[i]), s)
	ex.emit(Progress{Event: event, RunID: s.RunID, CompetitionID: s.CompetitionID, Seed: s.Seed})
	return err
}

type outcome struct {
	interrupted bool
	infra       error
	exitCode    int
	timedOut    bool

	agentSeconds, copyOutSeconds float64
	outputBytes                  int64
	warnings                     []string
}

func (ex *execution) runTask(ctx context.Context, i int) {
	r, t := ex.r, ex.p.Tasks[i]
	dir := ex.p.RunDir(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		r.log().Error("creating run dir", "run", t.RunID, "error", err)
	}
	logFile, err := os.OpenFile(filepath.Join(dir, "run.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		r.log().Error("opening run.log", "run", t.RunID, "error", err)
		ex.update(i, "failed", func(s *Status) {
			s.State, s.Success, s.FailureKind, s.Error = StateFailed, false, FailureInfra, err.Error()
		})
		return
	}
	defer logFile.Close()
	lg := &runLog{w: logFile, now: r.now}

	for try := 0; ; try++ {
		started := r.now()
		ex.update(i, "started", func(s *Status) {
			s.State, s.Attempts, s.StartedAt = StateRunning, s.Attempts+1, &started
			s.FinishedAt, s.ExitCode, s.TimedOut, s.FailureKind, s.Error, s.Success, s.DurationSeconds = nil, nil, false, "", "", false, 0
			s.AgentSeconds, s.CopyOutSeconds, s.OutputBytes, s.Warnings = 0, 0, 0, nil
		})
		r.log().Debug(fmt.Sprintf("Running seed %d for %s and agent %s", t.Seed, t.CompetitionID, r.Agent.ID), "run", t.RunID)
		lg.printf("Running seed %d for competition %s and agent %s (attempt %d)", t.Seed, t.CompetitionID, r.Agent.ID, try+1)
		out := ex.attempt(ctx, t, dir, lg)
		finished := r.now()
		elapsed := finished.Sub(started).Seconds()
		switch {
		case out.interrupted:
			lg.printf("Run interrupted; it will run again when the run group is resumed.")
			ex.update(i, "interrupted", func(s *Status) {
				s.State, s.FinishedAt = StateInterrupted, &finished
			})
			return
		case out.infra != nil:
			lg.printf("Run failed for seed %d, agent %s and competition %s: %v", t.Seed, r.Agent.ID, t.CompetitionID, out.infra)
			r.log().Warn("run failed", "run", t.RunID, "error", out.infra)
			msg := fmt.Sprintf("attempt %d: %v", try+1, out.infra)
			if try < r.Retries {
				ex.update(i, "retrying", func(s *Status) {
					s.InfraFailures = append(s.InfraFailures, msg)
					s.State = StatePending
				})
				if !sleepCtx(ctx, r.RetryDelay) {
					ex.update(i, "interrupted", func(s *Status) { s.State = StateInterrupted })
					return
				}
				continue
			}
			ex.update(i, "failed", func(s *Status) {
				s.InfraFailures = append(s.InfraFailures, msg)
				s.State, s.Success, s.FailureKind, s.Error = StateFailed, false, FailureInfra, out.infra.Error()
				s.FinishedAt, s.DurationSeconds = &finished, elapsed
			})
			ex.mu.Lock()
			ex.res.Ran++
			ex.mu.Unlock()
			return
		default:
			lg.printf("Run completed in %.2f seconds.", elapsed)
			event := "done"
			if out.timedOut {
				event = "timed_out"
			}
			ex.update(i, event, func(s *Status) {
				code := out.exitCode
				s.State, s.Success, s.TimedOut = StateDone, true, out.timedOut
				switch {
				case out.timedOut:
					s.FailureKind = FailureTimeout
				case code != 0:
					s.FailureKind = FailureAgent
				}
				if !out.timedOut {
					s.ExitCode = &code
				}
				s.FinishedAt, s.DurationSeconds = &finished, elapsed
				s.AgentSeconds, s.CopyOutSeconds = out.agentSeconds, out.copyOutSeconds
				s.OutputBytes, s.Warnings = out.outputBytes, out.warnings
			})
			var exitCode *int
			if !out.timedOut {
				code := out.exitCode
				exitCode = &code
			}
			ex.writeManifest(ctx, t, dir, elapsed, out.timedOut, exitCode, lg)
			ex.mu.Lock()
			ex.res.Ran++
			ex.mu.Unlock()
			return
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// outputDirs are copied out of the sandbox into the run directory.
var outputDirs = []string{"submission", "logs", "code"}

func resetOutputs(dir string) error {
	for _, name := range append(append([]string(nil), outputDirs...), "snapshots", ".snapshot", ServerDir) {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return os.MkdirAll(filepath.Join(dir, ServerDir), 0o755)
}

func (ex *execution) attempt(ctx context.Context, t Task, dir string, lg *runLog) (out outcome) {
	r, cfg := ex.r, ex.p.Config
	if err := resetOutputs(dir); err != nil {
		return outcome{infra: fmt.Errorf("clearing outputs of an earlier attempt: %w", err)}
	}
	output := lg.containerWriter()
	defer output.Close()
	spec := &Spec{
		RunGroup:    ex.p.RunGroup,
		RunID:       t.RunID,
		RunDir:      dir,
		Competition: ex.comps[t.CompetitionID],
		DataDir:     r.DataDir,
		Agent:       r.Agent,
		Argv:        ex.argv,
		Env:         r.Agent.WithSeed(ex.envs[t.CompetitionID], t.Seed),
		Container:   cfg.Container,
		HomeFiles:   r.HomeFiles,
		Output:      output,
		Retain:      cfg.Retain,
	}
	sb, err := r.Backend.Start(ctx, spec)
	if err != nil {
		if ctx.Err() != nil {
			return outcome{interrupted: true}
		}
		return outcome{infra: fmt.Errorf("starting the sandbox: %w", err)}
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
		defer cancel()
		if err := sb.Stop(stopCtx); err != nil {
			lg.printf("Error cleaning up: %v. You may wish to manually check the status of the sandbox of run %s.", err, t.RunID)
		}
	}()
	started := r.now()
	outputs := NewOutputBudget(cfg.MaxOutputBytes)
	spec.Outputs = outputs
	snap := &snapshotter{dir: dir, start: started, now: r.now, lg: lg, budget: NewOutputBudget(outputs.Max() / snapshotShare), outputs: outputs}

	wctx, cancel := ctx, context.CancelFunc(func() {})
	if tl := time.Duration(cfg.TimeLimit); tl > 0 {
		wctx, cancel = context.WithTimeout(ctx, tl)
	}
	defer cancel()
	// Snapshots end when the agent does: one in progress is abandoned.
	snapCtx, snapCancel := context.WithCancel(wctx)
	defer snapCancel()
	snapsDone := make(chan struct{})
	go func() {
		defer close(snapsDone)
		iv := time.Duration(cfg.SnapshotInterval)
		if iv <= 0 {
			return
		}
		tick := time.NewTicker(iv)
		defer tick.Stop()
		for {
			select {
			case <-snapCtx.Done():
				return
			case <-tick.C:
				snap.fromSandbox(snapCtx, sb)
			}
		}
	}()
	code, err := sb.Wait(wctx)
	// Wait returns once every process of the sandbox is stopped: nothing
	// can change the outputs from here on.
	agentDone := r.now()
	out.agentSeconds = agentDone.Sub(started).Seconds()
	snapCancel()
	<-snapsDone
	output.Close()
	switch {
	case ctx.Err() != nil:
		return outcome{interrupted: true}
	case err != nil && errors.Is(wctx.Err(), context.DeadlineExceeded):
		out.timedOut = true
		lg.printf("Time limit of %s reached; the agent was stopped.", time.Duration(cfg.TimeLimit))
	case err != nil:
		return outcome{infra: fmt.Errorf("waiting for the agent: %w", err)}
	default:
		out.exitCode = code
		lg.printf("Agent exited with status %d.", code)
	}
	// Snapshots used part of the run's cap; the copy-out gets the rest.
	outputs.Reserve(snap.budget.Used())
	for _, name := range outputDirs {
		err := sb.CopyOut(ctx, name, dir)
		switch {
		case err == nil:
		case ctx.Err() != nil:
			return outcome{interrupted: true}
		case errors.Is(err, ErrNotFound):
			lg.printf("Nothing found in sandbox at /home/%s", name)
		default:
			return outcome{infra: fmt.Errorf("copying /home/%s out: %w", name, err)}
		}
	}
	out.copyOutSeconds = r.now().Sub(agentDone).Seconds()
	if cfg.SnapshotInterval > 0 {
		snap.final(filepath.Join(dir, "submission", "submission.csv"))
	}
	for _, n := range outputs.Notes() {
		lg.printf("Copy-out: %s", n)
		out.warnings = appendWarning(out.warnings, n)
	}
	for _, n := range snap.notes {
		out.warnings = appendWarning(out.warnings, n)
	}
	out.outputBytes = outputs.Used()
	return out
}

// maxWarnings bounds the warnings kept in status.json (run.log has all).
const maxWarnings = 100

func appendWarning(ws []string, w string) []string {
	switch {
	case len(ws) < maxWarnings:
		return append(ws, w)
	case len(ws) == maxWarnings:
		return append(ws, "(more warnings in run.log)")
	}
	return ws
}

// snapshotTimeout bounds one snapshot, should a backend's read hang (an
// open that waits for a lease break takes up to Linux's lease-break-time,
// 45 s; FileReader implementations are expected not to wait at all). A
// snapshot still running when the agent ends is abandoned.
const snapshotTimeout = 60 * time.Second

// snapshotter saves each new version of the submission as
// snapshots/<elapsed seconds>.csv: only submission.csv, each at most what
// is left of its budget (a quarter of the run's output cap), a version
// seen before hard-linked to its first copy instead of stored again.
type snapshotter struct {
	dir    string
	start  time.Time
	now    func() time.Time
	lg     *runLog
	budget *OutputBudget
	// outputs is the run's budget, which CopyOut draws on.
	outputs *OutputBudget
	last    [32]byte
	have    bool
	seen    map[[32]byte]string // content hash → first snapshot's path
	notes   []string
	noted   map[string]bool
}

// note logs a message once per distinct text.
func (s *snapshotter) note(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if s.noted == nil {
		s.noted = map[string]bool{}
	}
	if s.noted[msg] {
		return
	}
	s.noted[msg] = true
	s.lg.printf("%s", msg)
	s.notes = appendWarning(s.notes, msg)
}

func (s *snapshotter) left() int64 { return s.budget.Max() - s.budget.Used() }

func (s *snapshotter) fromSandbox(ctx context.Context, sb Sandbox) {
	ctx, cancel := context.WithTimeout(ctx, snapshotTimeout)
	defer cancel()
	if fr, ok := sb.(FileReader); ok {
		t0 := s.now()
		r, size, err := fr.ReadFile(ctx, "submission/submission.csv", s.left())
		switch {
		case err == nil:
			defer r.Close()
			s.save(r, size)
		case errors.Is(err, ErrNotFound), errors.Is(err, context.Canceled):
		case errors.Is(err, ErrTooLarge):
			s.note("Snapshot skipped: the submission does not fit in the %d bytes left for snapshots (%v)", s.left(), err)
		case ctx.Err() != nil:
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				s.note("Snapshot abandoned after %s: reading the submission did not finish (%v)", s.now().Sub(t0).Round(time.Second), err)
			}
		default:
			s.note("Snapshot failed: %v", err)
		}
		return
	}
	// A backend without FileReader: copy the submission directory to a
	// scratch place; what that reserved of the run's budget is given back
	// once the copy is gone.
	tmp := filepath.Join(s.dir, ".snapshot")
	os.RemoveAll(tmp)
	if s.outputs != nil {
		before := s.outputs.Used()
		defer func() { s.outputs.Release(s.outputs.Used() - before) }()
	}
	defer os.RemoveAll(tmp)
	if err := sb.CopyOut(ctx, "submission", tmp); err != nil {
		if !errors.Is(err, ErrNotFound) && ctx.Err() == nil {
			s.note("Snapshot failed: %v", err)
		}
		return
	}
	s.fromFile(filepath.Join(tmp, "submission", "submission.csv"))
}

// fromFile snapshots a host copy of the submission.
func (s *snapshotter) fromFile(path string) {
	f, size, err := OpenNoWait(path, s.left())
	switch {
	case err == nil:
		defer f.Close()
		s.save(f, size)
	case errors.Is(err, ErrNotFound):
	case errors.Is(err, ErrTooLarge):
		s.note("Snapshot skipped: the submission does not fit in the %d bytes left for snapshots (%v)", s.left(), err)
	default:
		s.note("Snapshot failed: %v", err)
	}
}

// forget drops the content hash of a snapshot about to be replaced (a
// newer version in the same second takes its name).
func (s *snapshotter) forget(path string) {
	for k, v := range s.seen {
		if v == path {
			delete(s.seen, k)
		}
	}
}

// final records the submission copied out at the end (path, already
// counted in the run's budget) as the last snapshot when it differs from
// the previous one, as a hard link: it costs no bytes.
func (s *snapshotter) final(path string) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	h := sha256.New()
	_, err = io.Copy(h, f)
	f.Close()
	if err != nil {
		s.note("Snapshot failed: %v", err)
		return
	}
	var sum [32]byte
	h.Sum(sum[:0])
	if s.have && sum == s.last {
		return
	}
	src := path
	if first, ok := s.seen[sum]; ok {
		src = first
	}
	dir := filepath.Join(s.dir, "snapshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		s.note("Snapshot failed: %v", err)
		return
	}
	dst := filepath.Join(dir, strconv.Itoa(int(s.now().Sub(s.start).Seconds()))+".csv")
	s.forget(dst)
	os.Remove(dst)
	if err := os.Link(src, dst); err != nil {
		s.note("Snapshot failed: %v", err)
		return
	}
	s.last, s.have = sum, true
}

// save streams exactly size bytes of r to a temporary file while hashing
// them, then keeps it as the next snapshot unless it equals the previous
// one; a version stored before is hard-linked instead of stored again.
func (s *snapshotter) save(r io.Reader, size int64) {
	if !s.budget.Reserve(size) {
		s.note("Snapshot skipped: the submission's %d bytes do not fit in the %d bytes left for snapshots", size, s.left())
		return
	}
	kept := false
	defer func() {
		if !kept {
			s.budget.Release(size)
		}
	}()
	dir := filepath.Join(s.dir, "snapshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		s.note("Snapshot failed: %v", err)
		return
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		s.note("Snapshot failed: %v", err)
		return
	}
	defer os.Remove(tmp.Name())
	h := sha256.New()
	err = copyAtMost(io.MultiWriter(tmp, h), r, size)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		s.note("Snapshot failed: %v", err)
		return
	}
	var sum [32]byte
	h.Sum(sum[:0])
	if s.have && sum == s.last {
		return
	}
	elapsed := int(s.now().Sub(s.start).Seconds())
	dst := filepath.Join(dir, strconv.Itoa(elapsed)+".csv")
	s.forget(dst)
	if first, ok := s.seen[sum]; ok {
		os.Remove(dst)
		if err := os.Link(first, dst); err != nil {
			s.note("Snapshot failed: %v", err)
			return
		}
		s.last, s.have = sum, true
		return
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		s.note("Snapshot failed: %v", err)
		return
	}
	if s.seen == nil {
		s.seen = map[[32]byte]string{}
	}
	s.seen[sum] = dst
	s.last, s.have, kept = sum, true, true
}
