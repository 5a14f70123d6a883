package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/hugeheap"
	"github.com/mlebench/mlebench/internal/pyjson"
)

type gradeOptions struct {
	Submission   string
	OutputDir    string
	Percentiles  bool
	Leaderboards []string
}

// loadLeaderboards parses --leaderboard ID=FILE values.
func loadLeaderboards(specs []string) (map[string]*grade.Leaderboard, error) {
	out := map[string]*grade.Leaderboard{}
	for _, spec := range specs {
		id, path, ok := strings.Cut(spec, "=")
		if !ok || id == "" || path == "" {
			return nil, usagef("--leaderboard wants ID=FILE, got %q", spec)
		}
		lb, err := grade.LoadLeaderboard(id, path)
		if err != nil {
			return nil, fmt.Errorf("leaderboard for %s: %w", id, err)
		}
		out[id] = lb
	}
	return out, nil
}

func newGradeCommand(g *Global) *cobra.Command {
	var opts gradeOptions
	cmd := &cobra.Command{
		Use:   "grade --submission JSONL --output-dir DIR",
		Short: "Grade a JSONL of {competition_id, submission_path} and write the aggregated report",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			gradingGC()
			hugeheap.Advise(gradingHeapReserve) // done already if main saw the command
			return runGrade(cmd, g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Submission, "submission", "", "JSONL file of submissions (required)")
	f.StringVar(&opts.OutputDir, "output-dir", "", "directory for <timestamp>_grading_report.json (required)")
	f.BoolVar(&opts.Percentiles, "percentiles", false, "add each score's percentile among the human leaderboard teams (extension; changes the report shape)")
	f.StringArrayVar(&opts.Leaderboards, "leaderboard", nil, "ID=FILE: medal thresholds (and percentiles) from this full leaderboard (Kaggle's download format or rank,score) instead of the built-in snapshot; repeatable")
	cmd.MarkFlagRequired("submission")
	cmd.MarkFlagRequired("output-dir")
	return cmd
}

func runGrade(cmd *cobra.Command, g *Global, opts gradeOptions) error {
	f, err := os.Open(opts.Submission)
	if err != nil {
		return err
	}
	entries, err := grade.ReadJSONL(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("reading %s: %w", opts.Submission, err)
	}
	lbs, err := loadLeaderboards(opts.Leaderboards)
	if err != nil {
		return err
	}
	gr := &grade.Grader{Catalog: g.Catalog, DataDir: g.DataDir, Log: g.Log(), Percentiles: opts.Percentiles, Fixes: g.Fixes, Leaderboards: lbs}
	bar := newProgress(g, "grading", int64(len(entries)))
	reports, err := gr.GradeEntries(cmd.Context(), entries, func(done int) { bar.Set(int64(done)) })
	bar.Done()
	if err != nil {
		return err
	}
	sum := grade.Summarize(reports)
	path, err := sum.WriteFile(opts.OutputDir, time.Now())
	if err != nil {
		return err
	}
	if g.JSON {
		invalid := []any{}
		for _, r := range reports {
			if r.InvalidReason != "" {
				invalid = append(invalid, pyjson.Object{{Key: "competition_id", Value: r.CompetitionID},
					{Key: "submission_path", Value: r.SubmissionPath}, {Key: "invalid_reason", Value: r.InvalidReason}})
			}
		}
		b, _ := pyjson.Marshal(pyjson.Object{{Key: "report_path", Value: path}, {Key: "summary", Value: pyjson.Raw(compactJSON(sum.CountsJSON()))}, {Key: "invalid", Value: invalid}}, pyjson.Options{})
		fmt.Fprintln(g.Out, string(b))
		return nil
	}
	fmt.Fprintln(g.Err, string(sum.CountsJSON()))
	fmt.Fprintf(g.Err, "Saved summary report to %s\n", path)
	return nil
}

type gradeSampleOptions struct {
	Percentiles bool
	Leaderboard string
}

func newGradeSampleCommand(g *Global) *cobra.Command {
	var opts gradeSampleOptions
	cmd := &cobra.Command{
		Use:   "grade-sample SUBMISSION COMPETITION_ID",
		Short: "Grade one CSV and print its competition report (JSON) on stdout",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			gradingGC()
			adviseGradingHeap(g, args[1], args[0])
			gr := &grade.Grader{Catalog: g.Catalog, DataDir: g.DataDir, Log: g.Log(), Percentiles: opts.Percentiles, Fixes: g.Fixes}
			if opts.Leaderboard != "" {
				lbs, err := loadLeaderboards([]string{args[1] + "=" + opts.Leaderboard})
				if err != nil {
					return err
				}
				gr.Leaderboards = lbs
			}
			rep, err := gr.GradeCSV(cmd.Context(), args[1], args[0])
			if err != nil {
				return err
			}
			if g.JSON {
				// One line, with why an invalid submission is invalid
				// (an extension of the original's report).
				obj := rep.Object()
				if rep.InvalidReason != "" {
					obj = append(obj, pyjson.Member{Key: "invalid_reason", Value: rep.InvalidReason})
				}
				b, err := pyjson.Marshal(obj, pyjson.Options{})
				if err != nil {
					return err
				}
				fmt.Fprintln(g.Out, string(b))
				return nil
			}
			b, err := pyjson.Marshal(rep.Object(), pyjson.Options{Indent: 4})
			if err != nil {
				return err
			}
			fmt.Fprintln(g.Err, "Competition report:")
			fmt.Fprintln(g.Out, string(b))
			return nil
		},
	}
	cmd.Flags().BoolVar(&opts.Percentiles, "percentiles", false, "add the score's percentile among the human leaderboard teams (extension)")
	cmd.Flags().StringVar(&opts.Leaderboard, "leaderboard", "", "FILE: medal thresholds (and percentile) from this full leaderboard (Kaggle's download format or rank,score) instead of the built-in snapshot")
	return cmd
}

// gradingGC sets the garbage collector's target for a grading process,
// unless $GOGC chooses: grading holds a few large pointer-free columns
// until it ends and makes little garbage, so collecting at every doubling
// of a heap that is still growing costs CPU (five cycles for a 1M-row
// file) and frees next to nothing.
func gradingGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

// gradingHeapReserve is the heap size up to which a `grade` process gets
// huge pages ([hugeheap]): beyond the largest grading the benchmark
// measures (h-and-m at 1/10 of real, ≈ 150 MiB).
const gradingHeapReserve = 512 << 20

// Huge pages for one grading ([adviseGradingHeap]) pay from this much
// input (submission + answers) on: below it the advice's own cost (≈ 10–20
// ms: a forced collection, the runtime's bookkeeping for the reserve) is
// more than the page faults it saves.
const (
	hugeHeapMinInput   = 1 << 20
	hugeHeapMinReserve = 64 << 20
)

// adviseGradingHeap backs the heap of a process grading one submission
// with huge pages ([hugeheap]) when its input is large enough to gain:
// filling a heap 4 KiB page by page was the larger part of a whole-process
// grading's CPU on the benchmark machine. The reserve follows the input
// (8× its size, at least hugeHeapMinReserve, at most gradingHeapReserve).
func adviseGradingHeap(g *Global, competitionID, submission string) {
	n := fileBytes(submission)
	if comp, err := g.Catalog.Lookup(competitionID); err == nil {
		n += fileBytes(comp.PathsIn(g.DataDir).Answers)
	}
	if n < hugeHeapMinInput {
		return
	}
	hugeheap.Advise(int(min(max(8*n, hugeHeapMinReserve), gradingHeapReserve)))
}

// fileBytes is the size of a regular file, or of the regular files
// directly in a directory (answers held as a folder); 0 if unreadable.
func fileBytes(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	if !fi.IsDir() {
		return fi.Size()
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return 0
	}
	var n int64
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			n += info.Size()
		}
	}
	return n
}
