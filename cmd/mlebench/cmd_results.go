package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/report"
)

type makeSubmissionOptions struct {
	Metadata, Output, RelLogPath, RelCodePath string
}

func newMakeSubmissionCommand(g *Global) *cobra.Command {
	var opts makeSubmissionOptions
	cmd := &cobra.Command{
		Use:   "make-submission --metadata FILE [--output FILE]",
		Short: "Turn a run group's metadata.json into a grading JSONL (as the original's make_submission.py)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			lines, err := report.MakeSubmission(opts.Metadata, report.MakeSubmissionOptions{RelLogPath: opts.RelLogPath, RelCodePath: opts.RelCodePath})
			if err != nil {
				return err
			}
			if err := os.WriteFile(opts.Output, report.EncodeSubmissionJSONL(lines), 0o644); err != nil {
				return err
			}
			if g.JSON {
				return writeJSON(g.Out, map[string]any{"output": opts.Output, "runs": len(lines)})
			}
			tw := newTable(g.Err)
			fmt.Fprintln(tw, "competition\thas_log\thas_code\tsubmitted")
			for _, l := range lines {
				id := l.CompetitionID
				if len(id) > 20 {
					id = id[:20]
				}
				fmt.Fprintf(tw, "%s\t%v\t%v\t%v\n", id, l.LogsPath != nil, l.CodePath != nil, l.SubmissionPath != nil)
			}
			tw.Flush()
			fmt.Fprintf(g.Err, "wrote %d lines to %s\n", len(lines), opts.Output)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Metadata, "metadata", "", "a run group's metadata.json (required)")
	f.StringVar(&opts.Output, "output", "submission.jsonl", "output JSONL")
	f.StringVar(&opts.RelLogPath, "rel-log-path", "logs/agent.log", "log file relative to each run dir")
	f.StringVar(&opts.RelCodePath, "rel-code-path", "code/train.py", "code file relative to each run dir")
	cmd.MarkFlagRequired("metadata")
	return cmd
}

type aggregateOptions struct {
	GradingReports []string
	RunGroups      []string
	Splits         []string
	NumSeeds       int
	PadMissing     bool
}

func newAggregateCommand(g *Global) *cobra.Command {
	var opts aggregateOptions
	cmd := &cobra.Command{
		Use:   "aggregate (--grading-reports F... | --run-groups DIR...) [--split NAME|FILE]...",
		Short: "Mean ± SEM of medal rates over seeds per split (as the original's aggregate_grading_reports.py)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAggregate(g, opts)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&opts.GradingReports, "grading-reports", nil, "grading report files")
	f.StringSliceVar(&opts.RunGroups, "run-groups", nil, "run group directories, each holding one *grading_report*.json")
	f.StringSliceVar(&opts.Splits, "split", []string{"split75"}, "split name (low, medium, high, split75, lite, dev, …) or a file of ids; repeat for several")
	f.IntVar(&opts.NumSeeds, "num-seeds", -1, "seeds to average (-1 = all complete seeds)")
	f.BoolVar(&opts.PadMissing, "pad-missing", false, "pad incomplete seeds with failing scores")
	return cmd
}

// splitIDs resolves a split given by name (built-in) or by file.
func splitIDs(g *Global, split string) ([]string, error) {
	if filepath.Ext(split) == "" && !strings.ContainsRune(split, os.PathSeparator) {
		return g.Catalog.Split(split)
	}
	return report.ReadSplitFile(split)
}

func runAggregate(g *Global, opts aggregateOptions) error {
	if (len(opts.GradingReports) == 0) == (len(opts.RunGroups) == 0) {
		return usagef("exactly one of --grading-reports or --run-groups is required")
	}
	paths := opts.GradingReports
	for _, dir := range opts.RunGroups {
		p, found, err := report.FindGradingReport(dir)
		if err != nil {
			return err
		}
		if !found {
			fmt.Fprintf(g.Err, "no grading report in %s, skipping\n", dir)
			continue
		}
		paths = append(paths, p)
	}
	if len(paths) == 0 {
		return fmt.Errorf("no grading reports found")
	}
	flags, err := report.LoadReports(paths)
	if err != nil {
		return err
	}
	type result struct {
		Split string
		Agg   *report.Aggregate
	}
	var results []result
	for _, split := range opts.Splits {
		ids, err := splitIDs(g, split)
		if err != nil {
			return err
		}
		agg, err := report.AggregateReports(flags, ids, report.AggregateOptions{NumSeeds: opts.NumSeeds, PadMissing: opts.PadMissing})
		if err != nil {
			return fmt.Errorf("split %s: %w", split, err)
		}
		results = append(results, result{split, agg})
	}
	if g.JSON {
		for _, r := range results {
			fmt.Fprintf(g.Out, "{\"split\": %q, \"result\": %s}\n", r.Split, compactJSON(r.Agg.JSON()))
		}
		return nil
	}
	for _, r := range results {
		fmt.Fprintf(g.Out, "== split %s ==\n", r.Split)
		for i, s := range r.Agg.Seeds {
			fmt.Fprintf(g.Out, "Seed %d: %s\n", i, s)
		}
		fmt.Fprintln(g.Out, "------")
		fmt.Fprintln(g.Out, "Average metrics across seeds:")
		fmt.Fprintln(g.Out, string(r.Agg.JSON()))
	}
	tw := newTable(g.Out)
	var head, row []string
	for _, r := range results {
		head = append(head, r.Split+" (%)")
		row = append(row, report.LeaderboardCell(r.Agg.AnyMedal()))
	}
	fmt.Fprintln(g.Out, "\nAny medal (mean ± SEM):")
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	fmt.Fprintln(tw, strings.Join(row, "\t"))
	return tw.Flush()
}
