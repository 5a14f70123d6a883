package devbench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
)

// Options are the `dev bench` flags.
type Options struct {
	Competitions []string      // ids to measure (none: every implemented one)
	Rows         int           // fake-raw --rows for every competition (0: the size table's)
	Repeat       int           // runs per step; figures are the minimum
	GradeRepeat  int           // runs of each grade step, ours and pandas' (0: Repeat)
	Work         string        // scratch directory ("": a temporary one)
	Keep         bool          // keep the scratch directories
	Reference    bool          // also run the pandas reference scripts
	Python       string        // Python with pandas, numpy, scikit-learn and scipy
	ScriptDir    string        // directory of the reference scripts ("": benchmark/ in or above the working directory)
	Out          string        // write the table file afresh
	Update       string        // replace the measured competitions' rows of this table file
	StepTimeout  time.Duration // limit on one child process
	DefaultSize  bool          // fake-raw's small default size instead of the size table
	Plan         bool          // measure nothing: print sizes, add "not measured yet" rows
}

// Env is what Run needs from the command that calls it.
type Env struct {
	Catalog     *competition.Catalog
	UpstreamDir string    // passed on to the children as --upstream-dir ("": not passed)
	Self        string    // the mlebench binary the children run
	Argv        []string  // the command line, recorded in the table file's run line
	PeakRSSEnv  string    // the variable naming the file a child writes its peak RSS (KiB) to at exit
	Out, Err    io.Writer // the table rows; progress lines
}

// Run measures the competitions of opts (see the package doc), prints
// the table to env.Out and writes or updates the table file.
func Run(ctx context.Context, env *Env, opts Options) error {
	return runBench(ctx, env, opts, env.Argv)
}

func runBench(ctx context.Context, g *Env, opts Options, argv []string) error {
	if opts.Out != "" && opts.Update != "" {
		return errors.New("--out and --update exclude each other")
	}
	ids := opts.Competitions
	if len(ids) == 0 {
		for _, c := range g.Catalog.All() {
			if _, err := c.Implemented(); err == nil {
				ids = append(ids, c.ID)
			}
		}
	}
	// An unknown id is a typo, not a competition to record as failed.
	for _, id := range opts.Competitions {
		if _, err := g.Catalog.Lookup(id); err != nil {
			return fmt.Errorf("bench: %w", err)
		}
	}
	self := g.Self
	var err error
	var gradeScript, prepScript string
	if opts.Reference {
		dir := opts.ScriptDir
		if dir == "" {
			if dir, err = findUp("benchmark/pandas_reference_grade.py"); err != nil {
				return fmt.Errorf("--reference: %w (pass --script-dir)", err)
			}
			dir = filepath.Dir(dir)
		}
		gradeScript = filepath.Join(dir, "pandas_reference_grade.py")
		prepScript = filepath.Join(dir, "pandas_reference_prepare.py")
		if _, err := os.Stat(gradeScript); err != nil {
			return fmt.Errorf("--reference: %w", err)
		}
		if _, err := os.Stat(opts.Python); err != nil {
			return fmt.Errorf("--python: %w", err)
		}
	}
	work := opts.Work
	if work == "" {
		if work, err = os.MkdirTemp("", "mlebench-bench-"); err != nil {
			return fmt.Errorf("creating the scratch directory: %w", err)
		}
		if !opts.Keep {
			defer os.RemoveAll(work)
		}
	}
	file := opts.Out + opts.Update
	machine := benchMachine()
	repeats := fmt.Sprintf("--repeat %d", max(1, opts.Repeat))
	if opts.GradeRepeat > 0 {
		repeats += fmt.Sprintf(", --grade-repeat %d", opts.GradeRepeat)
	}
	run := fmt.Sprintf("%s: `mlebench %s` (%d competitions, %s); load average at start %s",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), strings.Join(argv, " "), len(ids), repeats, loadAvg(false))
	if file != "" {
		fmt.Fprintln(g.Err, machine)
	}
	fmt.Fprint(g.Out, benchHeader())
	if opts.Plan {
		rows := map[string]string{}
		existing := map[string]string{}
		if b, err := os.ReadFile(file); err == nil && opts.Update != "" {
			if doc, err := parseBenchDoc(string(b)); err == nil {
				existing = doc.Rows
			}
		}
		for _, id := range ids {
			r := &benchResult{ID: id, Failed: benchNotMeasured, Size: benchSizeCell(id, opts)}
			if _, ok := existing[id]; !ok {
				rows[id] = r.row()
			}
			fmt.Fprintln(g.Out, r.row())
		}
		if file == "" {
			return nil
		}
		// Written even without new rows: rendering refreshes every row's
		// reasons for missed targets.
		return writeBenchFile(file, opts.Out != "", rows, "", machine)
	}
	fresh := opts.Out != ""
	for _, id := range ids {
		r := benchOne(ctx, g, opts, self, work, gradeScript, prepScript, id)
		if ctx.Err() != nil {
			// Interrupted: the row would only record the interruption.
			removeScratch(opts, work, id)
			return fmt.Errorf("bench interrupted at %s: %w", id, ctx.Err())
		}
		row := r.row()
		fmt.Fprintln(g.Out, row)
		if file != "" {
			// Only this row: rows measured earlier are in the file already,
			// and another bench updating the same file may have re-measured
			// them since.
			if err := writeBenchFile(file, fresh, map[string]string{id: row}, run, machine); err != nil {
				removeScratch(opts, work, id)
				return err
			}
			fresh = false
		}
		// After the row is written: removing millions of image files takes
		// minutes, and an interrupted bench then keeps its row.
		removeScratch(opts, work, id)
	}
	return nil
}

// removeScratch removes a competition's scratch tree unless --keep.
func removeScratch(opts Options, work, id string) {
	if !opts.Keep {
		os.RemoveAll(filepath.Join(work, id))
	}
}

// writeBenchFile writes (fresh) or updates the table file under an
// exclusive lock, so that concurrent benches may update one file.
func writeBenchFile(path string, fresh bool, rows map[string]string, run, machine string) error {
	lock, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("locking %s: %w", path, err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("locking %s: %w", path, err)
	}
	defer os.Remove(path + ".lock")
	doc := &benchDoc{Rows: map[string]string{}}
	if b, err := os.ReadFile(path); err == nil && !fresh {
		if doc, err = parseBenchDoc(string(b)); err != nil {
			return fmt.Errorf("reading %s: %w", path, err)
		}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	if slices.Contains(doc.Runs, run) {
		run = ""
	}
	doc.merge(rows, run, machine)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(doc.render()), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return os.Rename(tmp, path)
}

// benchOne measures one competition; failures land in the result.
func benchOne(ctx context.Context, g *Env, opts Options, self, work, gradeScript, prepScript, id string) *benchResult {
	r := &benchResult{ID: id}
	defer func() { r.Load = loadAvg(true) }()
	comp, err := g.Catalog.Lookup(id)
	if err != nil {
		r.Failed = err.Error()
		return r
	}
	impl, err := comp.Implemented()
	if err != nil {
		r.Failed = "not implemented"
		return r
	}
	rows := benchRowsFor(comp.ID, opts)
	r.Size = benchSizeCell(comp.ID, opts)
	dir := filepath.Join(work, comp.ID)
	os.RemoveAll(dir) // the caller removes it after writing the row
	raw := filepath.Join(dir, "raw")
	if err := os.MkdirAll(raw, 0o755); err != nil {
		r.Failed = err.Error()
		return r
	}
	step := func(name string, args ...string) (benchStep, string, error) {
		fmt.Fprintf(g.Err, "bench %s: %s\n", comp.ID, name)
		return benchRun(ctx, opts.StepTimeout, self, g, args...)
	}
	fakeArgs := []string{"dev", "fake-raw", "-c", comp.ID, "-o", raw}
	if rows > 0 {
		fakeArgs = append(fakeArgs, "--rows", strconv.Itoa(rows))
	}
	if _, _, err := step("fake-raw", fakeArgs...); err != nil {
		r.Failed = "fake-raw: " + err.Error()
		return r
	}
	r.RawSize = treeSize(raw)
	data := filepath.Join(dir, "data")
	paths := comp.PathsIn(data)
	repeat := max(1, opts.Repeat)
	for k := range repeat {
		os.RemoveAll(data)
		st, _, err := step(fmt.Sprintf("prepare %d/%d", k+1, repeat), "--data-dir", data, "prepare", "-c", comp.ID, "--raw", raw, "--skip-verification")
		if err != nil {
			r.Failed = "prepare: " + err.Error()
			return r
		}
		r.Prep = minStep(r.Prep, st)
	}
	r.Written = treeSize(filepath.Join(paths.Root, "prepared"))
	// The prepared tree's dirty pages are written back first, so that no
	// grade step pays for the prepare's writeback; then ours and the
	// pandas path alternate, run by run, so that both meet the same
	// machine. The grade steps are short beside a real-size prepare:
	// --grade-repeat takes the minimum of more of them, ours and pandas'
	// alike.
	syscall.Sync()
	if opts.GradeRepeat > 0 {
		repeat = opts.GradeRepeat
	}
	reference := gradeScript != ""
	for k := range repeat {
		st, _, err := step(fmt.Sprintf("grade-sample %d/%d", k+1, repeat), "--data-dir", data, "grade-sample", paths.SampleSubmission, comp.ID)
		if err != nil {
			r.Failed = "grade-sample: " + err.Error()
			return r
		}
		r.Grade = minStep(r.Grade, st)
		if !reference {
			continue
		}
		fmt.Fprintf(g.Err, "bench %s: pandas grade %d/%d\n", comp.ID, k+1, repeat)
		st, v, note := pandasGrade(ctx, g, opts, gradeScript, comp.ID, paths.Answers, paths.SampleSubmission)
		if note != "" {
			r.RefNote = note
			reference = false
			continue
		}
		r.Theirs = &v
		r.Ref = minStep(r.Ref, st)
	}
	if s, err := unroundedScore(impl, paths.Answers, paths.SampleSubmission); err != nil {
		r.Failed = "grading the sample submission: " + err.Error()
	} else {
		r.Ours = &s
	}
	if gradeScript == "" {
		return r
	}
	if _, err := os.Stat(prepScript); err == nil {
		out := filepath.Join(dir, "pandas-prepared")
		fmt.Fprintf(g.Err, "bench %s: pandas prepare\n", comp.ID)
		st, stdout, err := benchExec(ctx, opts.StepTimeout, g.PeakRSSEnv, opts.Python, prepScript, comp.ID, raw, out)
		if _, skip := noReference(err, stdout); !skip && err == nil {
			r.RefPrep = &st
		} else if err != nil && !skip {
			fmt.Fprintf(g.Err, "bench %s: pandas prepare failed: %v\n", comp.ID, err)
		}
	}
	return r
}

// pandasGrade runs the reference grading script once: its step and score,
// or a note saying why there is none (no reference for the competition,
// the script failed, or it printed no score).
func pandasGrade(ctx context.Context, g *Env, opts Options, script, id, answers, submission string) (benchStep, float64, string) {
	st, out, err := benchExec(ctx, opts.StepTimeout, g.PeakRSSEnv, opts.Python, script, id, answers, submission)
	if note, ok := noReference(err, out); ok {
		return st, 0, note
	}
	if err != nil {
		return st, 0, "the script failed: " + err.Error()
	}
	v, err := strconv.ParseFloat(lastLine(out), 64)
	if err != nil {
		return st, 0, fmt.Sprintf("the script printed %q, not a score", lastLine(out))
	}
	return st, v, ""
}

// noReference recognises a reference script's "NOREF: why" (exit status 3).
func noReference(err error, out string) (string, bool) {
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 3 {
		if why, ok := strings.CutPrefix(lastLine(out), "NOREF:"); ok {
			return strings.TrimSpace(why), true
		}
	}
	return "", false
}

// unroundedScore grades the submission in this process, for the exact
// comparison with the reference (grade-sample prints the rounded score).
func unroundedScore(impl *competition.Impl, answers, submission string) (v float64, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("grader panicked: %v", p)
		}
	}()
	if impl.GradeFiles != nil {
		// The path grade-sample takes when the competition grades the
		// files itself.
		s, err := impl.GradeFiles(submission, answers)
		if !errors.Is(err, competition.ErrDeclined) {
			return s.Value, err
		}
	}
	ans, err := grade.LoadAnswers(impl, answers)
	if err != nil {
		return 0, err
	}
	sub, err := grade.OpenSubmission(impl, submission)
	if err != nil {
		return 0, err
	}
	defer sub.Close()
	s, err := sub.Grade(ans)
	if err != nil {
		return 0, err
	}
	return s.Value, nil
}

// benchRun runs this binary with args (the global --upstream-dir passed on).
func benchRun(ctx context.Context, timeout time.Duration, self string, g *Env, args ...string) (benchStep, string, error) {
	if g.UpstreamDir != "" {
		args = append([]string{"--upstream-dir", g.UpstreamDir}, args...)
	}
	return benchExec(ctx, timeout, g.PeakRSSEnv, self, args...)
}

// benchExec runs one child process and returns its wall time, CPU time
// and peak RSS, and its stdout. A failure's error carries the end of its
// stderr.
func benchExec(ctx context.Context, timeout time.Duration, peakRSSEnv, name string, args ...string) (benchStep, string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var out, errBuf strings.Builder
	cmd.Stdout = &out
	cmd.Stderr = &errBuf
	// The child writes its own peak RSS (VmHWM) to peakFile at exit (see
	// Env.PeakRSSEnv): the rusage of wait4 is no measure of it, because Linux
	// carries the parent's high-water mark into a child that execs from a
	// vfork (the bench process's own 100+ MiB would floor every figure).
	peakFile, err := os.CreateTemp("", "mlebench-bench-peak-")
	if err != nil {
		return benchStep{}, "", err
	}
	peakFile.Close()
	defer os.Remove(peakFile.Name())
	cmd.Env = os.Environ()
	if peakRSSEnv != "" {
		cmd.Env = append(cmd.Env, peakRSSEnv+"="+peakFile.Name())
	}
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	var st benchStep
	if cmd.ProcessState != nil {
		st = benchStep{Wall: wall, CPU: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
		if kib, ok := ReadPeakRSS(peakFile.Name()); ok {
			st.MaxRSS = kib * 1024
		} else if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			st.MaxRSS = int64(ru.Maxrss) * 1024 // an upper bound (see above)
		}
	}
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			err = fmt.Errorf("over the --step-timeout of %s", timeout)
		}
		msg := failureLine(errBuf.String())
		if len(msg) > 300 {
			msg = msg[:300] + "…"
		}
		return st, out.String(), fmt.Errorf("%w: %s", err, msg)
	}
	return st, out.String(), nil
}

// failureLine is the line of a child's stderr that says why it failed: a
// Go panic's message (its last line is only a stack frame), else the last.
func failureLine(stderr string) string {
	for _, ln := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(ln, "panic: ") {
			return strings.TrimSpace(ln)
		}
	}
	return lastLine(stderr)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}

// minStep keeps the least of each figure (the least disturbed run).
func minStep(a *benchStep, b benchStep) *benchStep {
	if a == nil {
		return &b
	}
	return &benchStep{Wall: min(a.Wall, b.Wall), CPU: min(a.CPU, b.CPU), MaxRSS: min(a.MaxRSS, b.MaxRSS)}
}

func treeSize(root string) int64 {
	var n int64
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// findUp looks for rel in the working directory and its parents.
func findUp(rel string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, rel)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no %s in or above the working directory", rel)
		}
		dir = parent
	}
}

// benchMachine describes this machine: CPU model, cores, memory, kernel.
func benchMachine() string {
	model := "unknown CPU"
	if out, err := exec.Command("lscpu").Output(); err == nil {
		for _, ln := range strings.Split(string(out), "\n") {
			if v, ok := strings.CutPrefix(ln, "Model name:"); ok {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	mem := "unknown"
	if f, err := os.Open("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
				if kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64); err == nil {
					mem = fmt.Sprintf("%.1f GiB", kb/(1<<20))
				}
				break
			}
		}
		f.Close()
	}
	return fmt.Sprintf("Machine: %s, %d cores, %s RAM, %s/%s, %s.", model, runtime.NumCPU(), mem, runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// loadAvg is /proc/loadavg's three figures (or the first only).
func loadAvg(first bool) string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	if first {
		return f[0]
	}
	return strings.Join(f[:3], " ")
}

// benchRowsFor is the fake-raw --rows for a competition (0: its default).
func benchRowsFor(id string, opts Options) int {
	switch {
	case opts.DefaultSize:
		return 0
	case opts.Rows > 0:
		return opts.Rows
	}
	if size, ok := benchSizes[id]; ok {
		return size.rows()
	}
	return 0
}

// benchSizeCell is the "size used" cell for a competition.
func benchSizeCell(id string, opts Options) string {
	size, ok := benchSizes[id]
	switch {
	case opts.DefaultSize:
		return "fake-raw's small default"
	case opts.Rows > 0 && ok && opts.Rows == size.Real:
		// The real size asked for by --rows: said as the size table says it.
		return benchSize{Unit: size.Unit, Real: size.Real, Div: 1}.describe()
	case opts.Rows > 0:
		return fmt.Sprintf("--rows %d (%s)", opts.Rows, size.unit())
	case ok:
		return size.describe()
	}
	return "no size row: the default fake-raw"
}

// ReadPeakRSS reads the KiB a child wrote to its peak-RSS file (false:
// none, or not a positive number).
func ReadPeakRSS(path string) (int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	return v, err == nil && v > 0
}
