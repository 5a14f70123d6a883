package main

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/devbench"
)

// newBenchCommand is `mlebench dev bench`: flags only; the work is
// internal/devbench's.
func newBenchCommand(g *Global) *cobra.Command {
	var opts devbench.Options
	cmd := &cobra.Command{
		Use:   "bench [-c ID]... [--reference] [--out FILE | --update FILE]",
		Short: "Measure whole-process prepare and grade-sample at real sizes for every competition; print a Markdown table",
		Long: `For each competition (default: every implemented one), write fake raw data at
the size in the built-in size table (the real competition's count, or a stated
fraction where disk or time forbids), then run "mlebench prepare --raw" and
"mlebench grade-sample" on the prepared sample submission as child processes
of this binary, --repeat times each (the grade steps, ours and pandas',
--grade-repeat times when given), and report wall time, CPU time
(user+sys), peak RSS (the children's rusage) and bytes written (the prepared
tree). Figures are the minimum over the repeats.

--reference also runs benchmark/pandas_reference_grade.py (pandas /
scikit-learn, with --python) on the same answers and sample submission,
alternating with our grade run by run (after the prepared tree is synced
to disk, so that neither pays for the prepare's writeback), records its
CPU and peak RSS, and checks that its score equals ours (unrounded) to
1e-9; benchmark/pandas_reference_prepare.py, where it knows
the competition, gives pandas figures for prepare.

A step that fails gives a row saying what failed; the bench goes on. The
scratch directory of each competition is removed after its row unless
--keep. --out FILE writes the table file; --update FILE replaces only the
measured competitions' rows of an existing one (written after every
competition, so an interrupted run keeps what it measured).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			self, err := os.Executable()
			if err != nil {
				return fmt.Errorf("finding this binary: %w", err)
			}
			env := &devbench.Env{Catalog: g.Catalog, UpstreamDir: g.UpstreamDir, Self: self, Argv: os.Args[1:],
				PeakRSSEnv: peakRSSEnv, Out: g.Out, Err: g.Err}
			return devbench.Run(cmd.Context(), env, opts)
		},
	}
	f := cmd.Flags()
	f.StringArrayVarP(&opts.Competitions, "competition-id", "c", nil, "competition to measure (repeatable; default: every implemented competition)")
	f.IntVar(&opts.Rows, "rows", 0, "fake-raw --rows for every competition (0 = the size table's)")
	f.IntVar(&opts.Repeat, "repeat", 1, "runs per step")
	f.IntVar(&opts.GradeRepeat, "grade-repeat", 0, "runs of each grade step, ours and the pandas reference's (0 = --repeat): more of the short steps without repeating a long prepare")
	f.StringVar(&opts.Work, "work-dir", "", "scratch directory (default: a temporary one)")
	f.BoolVar(&opts.Keep, "keep", false, "keep the scratch directories")
	f.BoolVar(&opts.Reference, "reference", false, "also run the pandas reference scripts")
	f.StringVar(&opts.Python, "python", "/usr/bin/python3", "Python with pandas, numpy, scikit-learn and scipy (only with --reference)")
	f.StringVar(&opts.ScriptDir, "script-dir", "", "directory of the reference scripts (default: benchmark/ in or above the working directory)")
	f.StringVar(&opts.Out, "out", "", "write the table file (title, machine, runs, table)")
	f.StringVar(&opts.Update, "update", "", "replace the measured competitions' rows in this table file (created if missing)")
	f.BoolVar(&opts.Plan, "plan", false, "measure nothing: print each competition's size; with --update add a \"not measured yet\" row for every competition the file lacks and rewrite the file (refreshing each row's reasons for missed targets)")
	f.BoolVar(&opts.DefaultSize, "default-size", false, "use fake-raw's small default size instead of the size table (a quick check of the reference scripts)")
	f.DurationVar(&opts.StepTimeout, "step-timeout", 20*time.Minute, "limit on one step (a child process)")
	return cmd
}

// readPeakRSS reads back what writePeakRSS wrote: the bench's reader, so
// that peakrss_test.go checks the round trip of writer and reader.
var readPeakRSS = devbench.ReadPeakRSS
