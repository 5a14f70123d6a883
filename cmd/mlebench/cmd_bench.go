package main

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// benchRows are the main-table row counts `dev bench` generates by default:
// the real competitions' sizes where a fake raw download of that size fits
// on a developer's disk, else a stated fraction (the table says which).
var benchRows = map[string]int{
	"tabular-playground-series-may-2022":            900_000,   // real
	"tabular-playground-series-dec-2021":            4_000_000, // real
	"ventilator-pressure-prediction":                6_036_000, // real
	"jigsaw-toxic-comment-classification-challenge": 159_571,   // real
	"champs-scalar-coupling":                        1_000_000, // real: 4,658,147 coupling rows
	"facebook-recruiting-iii-keyword-extraction":    1_000_000, // real: 6,034,195 questions
	"text-normalization-challenge-english-language": 1_000_000, // real: 9,918,441 tokens
	"new-york-city-taxi-fare-prediction":            2_000_000, // real: 55,423,856 rides
}

type benchOptions struct {
	Competitions []string
	Rows         int
	Repeat       int
	Work         string
	Keep         bool
}

func newBenchCommand(g *Global) *cobra.Command {
	var opts benchOptions
	cmd := &cobra.Command{
		Use:   "bench [-c ID]... [--rows N] [--repeat K]",
		Short: "Measure whole-process prepare and grade-sample at real sizes; print a Markdown table",
		Long: `For each competition, write fake raw data at the real competition's row count
(or the stated fraction), then run "mlebench prepare --raw" and "mlebench
grade-sample" on the sample submission as child processes of this binary, each
--repeat times, and report for each step the wall time, CPU time (user+sys),
peak RSS and bytes written (the prepared tree). Figures are the minimum over
the repeats (the least disturbed run on a shared machine).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runBench(g, opts) },
	}
	f := cmd.Flags()
	f.StringArrayVarP(&opts.Competitions, "competition-id", "c", nil, "competition to measure (repeatable; default: the eight of the performance issue)")
	f.IntVar(&opts.Rows, "rows", 0, "main-table rows for every competition (0 = the built-in real sizes)")
	f.IntVar(&opts.Repeat, "repeat", 3, "runs per step")
	f.StringVar(&opts.Work, "work-dir", "", "scratch directory (default: a temporary one, removed at the end)")
	f.BoolVar(&opts.Keep, "keep", false, "keep the scratch directory")
	return cmd
}

// benchStep is one measured child process (the least of the repeats).
type benchStep struct {
	Wall, CPU time.Duration
	MaxRSS    int64 // bytes
}

func runBench(g *Global, opts benchOptions) error {
	ids := opts.Competitions
	if len(ids) == 0 {
		for id := range benchRows {
			ids = append(ids, id)
		}
		slices.Sort(ids)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	work := opts.Work
	if work == "" {
		if work, err = os.MkdirTemp("", "mlebench-bench-"); err != nil {
			return err
		}
	}
	if !opts.Keep {
		defer os.RemoveAll(work)
	}
	repeat := max(1, opts.Repeat)
	fmt.Fprintln(g.Out, "| competition | rows | raw size | prepare wall | prepare CPU | prepare peak RSS | written | grade wall | grade CPU | grade peak RSS | submission size |")
	fmt.Fprintln(g.Out, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, id := range ids {
		comp, err := g.Catalog.Lookup(id)
		if err != nil {
			return err
		}
		if _, err := comp.Implemented(); err != nil {
			fmt.Fprintf(g.Out, "| %s | not implemented | | | | | | | | | |\n", id)
			continue
		}
		rows := opts.Rows
		if rows == 0 {
			rows = benchRows[id]
		}
		raw := filepath.Join(work, id, "raw")
		if err := os.MkdirAll(raw, 0o755); err != nil {
			return err
		}
		fmt.Fprintf(g.Err, "bench %s: fake raw (%d rows)\n", id, rows)
		if _, err := benchRun(self, g, "dev", "fake-raw", "-c", id, "-o", raw, "--rows", fmt.Sprint(rows)); err != nil {
			return fmt.Errorf("%s fake-raw: %w", id, err)
		}
		rawSize := treeSize(raw)
		var prep, grade benchStep
		var written int64
		for k := 0; k < repeat; k++ {
			data := filepath.Join(work, id, "data")
			os.RemoveAll(data)
			fmt.Fprintf(g.Err, "bench %s: prepare %d/%d\n", id, k+1, repeat)
			st, err := benchRun(self, g, "--data-dir", data, "prepare", "-c", id, "--raw", raw, "--skip-verification")
			if err != nil {
				return fmt.Errorf("%s prepare: %w", id, err)
			}
			prep = minStep(prep, st, k == 0)
			written = treeSize(filepath.Join(data, id, "prepared"))
			sample := comp.PathsIn(data).SampleSubmission
			fmt.Fprintf(g.Err, "bench %s: grade-sample %d/%d\n", id, k+1, repeat)
			st, err = benchRun(self, g, "--data-dir", data, "grade-sample", sample, id)
			if err != nil {
				return fmt.Errorf("%s grade-sample: %w", id, err)
			}
			grade = minStep(grade, st, k == 0)
			if k == repeat-1 {
				fmt.Fprintf(g.Out, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", id, rows, mib(rawSize),
					secs(prep.Wall), secs(prep.CPU), mib(prep.MaxRSS), mib(written),
					secs(grade.Wall), secs(grade.CPU), mib(grade.MaxRSS), mib(fileSize(sample)))
			}
		}
	}
	return nil
}

// benchRun runs this binary with args (the global --upstream-dir passed
// on) and returns its wall time, CPU time and peak RSS.
func benchRun(self string, g *Global, args ...string) (benchStep, error) {
	if g.UpstreamDir != "" {
		args = append([]string{"--upstream-dir", g.UpstreamDir}, args...)
	}
	cmd := exec.Command(self, args...)
	var errBuf strings.Builder
	cmd.Stderr = &errBuf
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		msg := errBuf.String()
		if len(msg) > 2000 {
			msg = msg[len(msg)-2000:]
		}
		return benchStep{}, fmt.Errorf("%v: %s", err, msg)
	}
	st := benchStep{Wall: wall, CPU: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		st.MaxRSS = int64(ru.Maxrss) * 1024 // Linux reports KiB
	}
	return st, nil
}

func minStep(a, b benchStep, first bool) benchStep {
	if first {
		return b
	}
	return benchStep{Wall: min(a.Wall, b.Wall), CPU: min(a.CPU, b.CPU), MaxRSS: min(a.MaxRSS, b.MaxRSS)}
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

func fileSize(p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		return 0
	}
	return st.Size()
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func mib(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }
