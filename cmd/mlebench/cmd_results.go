package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
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
	ExperimentID   string
	RunGroups      []string
	Splits         []string
	NumSeeds       int
	PadMissing     bool
	ProjectRoot    string
	RunsDir        string
	MixAgents      bool
	PassAtK        bool
}

func newAggregateCommand(g *Global) *cobra.Command {
	var opts aggregateOptions
	cmd := &cobra.Command{
		Use:   "aggregate (--grading-reports F [F ...] | --experiment-id ID | --run-groups DIR [DIR ...]) [--split NAME|FILE] [--num-seeds N] [--pad-missing]",
		Short: "Mean ± SEM of medal rates over seeds per split (as the original's aggregate_grading_reports.py)",
		Long: `Prints exactly what the original's experiments/aggregate_grading_reports.py prints:
one "Seed i: SeedMetrics(...)" line per seed, "------", "Average metrics across
seeds:" and the JSON of means, standard errors and 95% intervals.

--experiment-id reads <project root>/runs/run_group_experiments.csv (experiment_id,
run_group rows) and takes the one *grading_report*.json of each run group. --split
takes a name (experiments/splits/<NAME>.txt under the project root, else the
built-in split of that name) or a path (relative to the project root, as the
original). Extensions: --run-groups, a repeated --split (one block per split;
the split headers and the any-medal summary go to stderr). --run-groups takes
the newest of several grading reports in a group (said on stderr) and groups
the run groups by agent (and by time limit and container config where they
differ; from plan.json, else the agent from the run group name): one block per
agent, headed on stderr, so different agents are never pooled as seeds unless
--mix-agents asks for it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAggregate(g, opts)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&opts.GradingReports, "grading-reports", nil, "paths to the grading reports (several after one flag)")
	f.StringVar(&opts.ExperimentID, "experiment-id", "", "experiment id from runs/run_group_experiments.csv to resolve grading reports")
	f.StringArrayVar(&opts.RunGroups, "run-groups", nil, "run group directories, each holding one *grading_report*.json (extension; several after one flag)")
	f.StringArrayVar(&opts.Splits, "split", []string{"split75"}, "name or path of the split file; repeat for several splits (extension)")
	f.IntVar(&opts.NumSeeds, "num-seeds", report.AllSeeds, "number of seeds to use for averaging; -1 includes all complete seeds")
	f.BoolVar(&opts.PadMissing, "pad-missing", false, "pad incomplete seeds with failing scores instead of discarding them")
	f.StringVar(&opts.ProjectRoot, "project-root", "", "the original's REPO: where experiments/splits and runs/ are (default: the directory above the working directory holding agents/*/config.yaml, else the working directory)")
	f.StringVar(&opts.RunsDir, "runs-dir", "", "runs directory of --experiment-id (default <project root>/runs)")
	f.BoolVar(&opts.MixAgents, "mix-agents", false, "with --run-groups: pool run groups of different agents or settings as seeds of one block")
	f.BoolVar(&opts.PassAtK, "pass-at-k", false, "also print the any-medal pass@k for k = 1…seeds (extension; after the original's output)")
	nargsPlus(cmd, "grading-reports")
	nargsPlus(cmd, "run-groups")
	return cmd
}

// pySuffix is Python's PurePath.suffix: the final component's extension,
// "" for names like ".hidden" or "name.".
func pySuffix(p string) string {
	name := filepath.Base(p)
	i := strings.LastIndex(name, ".")
	if 0 < i && i < len(name)-1 {
		return name[i:]
	}
	return ""
}

// splitIDs resolves --split as the original does: a value without a
// suffix names experiments/splits/<NAME>.txt, a relative path is taken
// from the project root; ids are the file's stripped non-empty lines. A
// name whose file does not exist falls back to the built-in split.
func splitIDs(g *Global, root, split string) ([]string, error) {
	p := split
	named := pySuffix(split) == ""
	if named {
		p = filepath.Join("experiments", "splits", split+".txt")
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	if _, err := os.Stat(p); err != nil {
		if named && !strings.ContainsRune(split, '/') {
			if ids, err := g.Catalog.Split(split); err == nil {
				return ids, nil
			}
		}
		return nil, fmt.Errorf("Split file not found: %s", p)
	}
	return report.ReadSplitFile(p)
}

// splitIDsFromProject is splitIDs with the project root found as for
// aggregate.
func splitIDsFromProject(g *Global, split string) ([]string, error) {
	root, err := projectRoot("")
	if err != nil {
		return nil, err
	}
	return splitIDs(g, root, split)
}

// projectRoot is the original's PROJECT_ROOT for aggregate.
func projectRoot(opt string) (string, error) {
	if opt != "" {
		return filepath.Abs(opt)
	}
	if r := repoDir(); r != "" {
		return r, nil
	}
	return os.Getwd()
}

// experimentRunGroups reads run_group_experiments.csv as the original: blank
// lines and lines starting with "experiment_id" skipped, each other line
// split at its first comma into experiment id and run group (both
// trimmed); the run groups of id, sorted.
func experimentRunGroups(csvPath, id string) ([]string, error) {
	b, err := os.ReadFile(csvPath)
	if err != nil {
		return nil, err
	}
	var groups []string
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "experiment_id") {
			continue
		}
		exp, rg, ok := strings.Cut(strings.TrimSpace(line), ",")
		if !ok {
			return nil, fmt.Errorf("%s: line %q has no comma (want experiment_id,run_group)", csvPath, strings.TrimSpace(line))
		}
		if strings.TrimSpace(exp) == id {
			groups = append(groups, strings.TrimSpace(rg))
		}
	}
	if len(groups) == 0 {
		return nil, fmt.Errorf("Experiment id '%s' not found in %s", id, csvPath)
	}
	sort.Strings(groups)
	return groups, nil
}

// runGroupReports finds the one grading report of each run group directory,
// printing the original's notice (on stdout, as it does) for a missing
// directory or report.
func runGroupReports(g *Global, dirs []string, names []string) ([]string, error) {
	var paths []string
	for i, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			fmt.Fprintf(g.Out, "Run group directory missing, skipping: %s\n", names[i])
			continue
		}
		p, found, err := report.FindGradingReport(dir)
		if err != nil {
			// The original's error, with what to do about it.
			return nil, fmt.Errorf("Expected one grading report in %s, %w (the run group was graded more than once: pass the report to use with --grading-reports, or use --run-groups, which takes the newest)", names[i], err)
		}
		if !found {
			fmt.Fprintf(g.Out, "No grading report found for run group %s; skipping.\n", names[i])
			continue
		}
		paths = append(paths, p)
	}
	return paths, nil
}

func runAggregate(g *Global, opts aggregateOptions) error {
	given := 0
	for _, set := range []bool{len(opts.GradingReports) > 0, opts.ExperimentID != "", len(opts.RunGroups) > 0} {
		if set {
			given++
		}
	}
	if given == 0 {
		return usagef("one of the arguments --grading-reports --experiment-id is required")
	}
	if given > 1 {
		return usagef("--grading-reports, --experiment-id and --run-groups are mutually exclusive")
	}
	root, err := projectRoot(opts.ProjectRoot)
	if err != nil {
		return err
	}
	paths := opts.GradingReports
	switch {
	case opts.ExperimentID != "":
		runs := opts.RunsDir
		if runs == "" {
			runs = filepath.Join(root, "runs")
		}
		groups, err := experimentRunGroups(filepath.Join(runs, "run_group_experiments.csv"), opts.ExperimentID)
		if err != nil {
			return err
		}
		dirs := make([]string, len(groups))
		for i, rg := range groups {
			dirs[i] = filepath.Join(runs, rg)
		}
		if paths, err = runGroupReports(g, dirs, groups); err != nil {
			return err
		}
		if len(paths) == 0 {
			return fmt.Errorf("No grading reports found for experiment id '%s'.", opts.ExperimentID)
		}
	case len(opts.RunGroups) > 0:
		cohorts, err := runGroupCohorts(g, opts)
		if err != nil {
			return err
		}
		return aggregateCohorts(g, root, opts, cohorts)
	}
	return aggregateCohorts(g, root, opts, []aggregateCohort{{Paths: paths}})
}

// aggregateCohort is the grading reports of one agent (Label "" when the
// aggregation does not group by agent).
type aggregateCohort struct {
	Label string
	Paths []string
}

// runGroupCohorts finds the grading report of each --run-groups directory
// (the newest of several, said on stderr) and groups them by setup.
func runGroupCohorts(g *Global, opts aggregateOptions) ([]aggregateCohort, error) {
	var groups []*report.RunGroup
	for _, dir := range opts.RunGroups {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			fmt.Fprintf(g.Out, "Run group directory missing, skipping: %s\n", dir)
			continue
		}
		p, note, found, err := report.ChooseGradingReport(dir)
		if err != nil {
			return nil, err
		}
		if !found {
			fmt.Fprintf(g.Out, "No grading report found for run group %s; skipping.\n", dir)
			continue
		}
		if note != "" {
			notice(g, note)
		}
		setup, err := report.ReadSetup(dir)
		if err != nil {
			return nil, err
		}
		groups = append(groups, &report.RunGroup{Dir: dir, Name: filepath.Base(filepath.Clean(dir)), ReportPath: p, Setup: setup})
	}
	if len(groups) == 0 {
		return nil, fmt.Errorf("no grading reports found in the run groups")
	}
	cohorts := report.Cohorts(groups)
	if opts.MixAgents || len(cohorts) == 1 {
		c := aggregateCohort{Label: cohorts[0].Label}
		if len(cohorts) > 1 {
			var labels []string
			for _, co := range cohorts {
				labels = append(labels, co.Label)
			}
			c.Label = "pooled: " + strings.Join(labels, " + ")
			notice(g, "pooling run groups of different agents or settings as seeds (--mix-agents): "+strings.Join(labels, "; "))
		}
		for _, gr := range groups {
			c.Paths = append(c.Paths, gr.ReportPath)
		}
		return []aggregateCohort{c}, nil
	}
	var out []aggregateCohort
	for _, co := range cohorts {
		c := aggregateCohort{Label: co.Label}
		for _, gr := range co.Groups {
			c.Paths = append(c.Paths, gr.ReportPath)
		}
		out = append(out, c)
	}
	return out, nil
}

// aggregateCohorts aggregates each cohort over each split: the original's
// output per block on stdout; block headers (agent, split) and the any-medal
// summary on stderr.
func aggregateCohorts(g *Global, root string, opts aggregateOptions, cohorts []aggregateCohort) error {
	type result struct {
		Agent, Split string
		Agg          *report.Aggregate
		PassAtK      []float64
	}
	var results []result
	for _, co := range cohorts {
		flags, err := report.LoadReports(co.Paths)
		if err != nil {
			return err
		}
		for _, split := range opts.Splits {
			ids, err := splitIDs(g, root, split)
			if err != nil {
				return err
			}
			aopt := report.AggregateOptions{NumSeeds: opts.NumSeeds, PadMissing: opts.PadMissing}
			agg, err := report.AggregateReports(flags, ids, aopt)
			if err != nil {
				switch {
				case co.Label != "" && len(opts.Splits) > 1:
					return fmt.Errorf("agent %s, split %s: %w", co.Label, split, err)
				case co.Label != "" && len(cohorts) > 1:
					return fmt.Errorf("agent %s: %w", co.Label, err)
				case len(opts.Splits) > 1:
					return fmt.Errorf("split %s: %w", split, err)
				}
				return err
			}
			r := result{Agent: co.Label, Split: split, Agg: agg}
			if opts.PassAtK {
				if r.PassAtK, err = report.SplitPassAtK(flags, ids, aopt); err != nil {
					return err
				}
			}
			results = append(results, r)
		}
	}
	grouped := len(cohorts) > 1
	if g.JSON {
		for _, r := range results {
			agent := ""
			if r.Agent != "" {
				agent = fmt.Sprintf("\"agent\": %q, ", r.Agent)
			}
			pk := ""
			if r.PassAtK != nil {
				b, _ := jsonMarshal(r.PassAtK)
				pk = fmt.Sprintf(", \"any_medal_pass_at_k\": %s", b)
			}
			fmt.Fprintf(g.Out, "{%s\"split\": %q, \"result\": %s%s}\n", agent, r.Split, compactJSON(r.Agg.JSON()), pk)
		}
		return nil
	}
	for _, r := range results {
		switch {
		case grouped && len(opts.Splits) > 1:
			fmt.Fprintf(g.Err, "== agent %s, split %s ==\n", r.Agent, r.Split)
		case grouped:
			fmt.Fprintf(g.Err, "== agent %s ==\n", r.Agent)
		case len(opts.Splits) > 1:
			fmt.Fprintf(g.Err, "== split %s ==\n", r.Split)
		}
		// Exactly the original's stdout.
		for i, s := range r.Agg.Seeds {
			fmt.Fprintf(g.Out, "Seed %d: %s\n", i+1, s)
		}
		fmt.Fprint(g.Out, "------\nAverage metrics across seeds:\n")
		fmt.Fprintf(g.Out, "%s\n", r.Agg.JSON())
		if r.PassAtK != nil {
			fmt.Fprintln(g.Out, "Any-medal pass@k (unbiased estimator 1 - C(n-c,k)/C(n,k), averaged over the split):")
			for k, v := range r.PassAtK {
				fmt.Fprintf(g.Out, "pass@%d: %s\n", k+1, report.FormatPercent(v))
			}
		}
	}
	tw := newTable(g.Err)
	var head []string
	if cohorts[0].Label != "" {
		head = append(head, "agent")
	}
	seen := map[string]bool{}
	for _, r := range results {
		if !seen[r.Split] {
			seen[r.Split] = true
			head = append(head, r.Split+" (%)")
		}
	}
	fmt.Fprintln(g.Err, "Any medal (mean ± SEM):")
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for i := 0; i < len(results); i += len(opts.Splits) {
		var row []string
		if cohorts[0].Label != "" {
			row = append(row, results[i].Agent)
		}
		for _, r := range results[i : i+len(opts.Splits)] {
			row = append(row, report.LeaderboardCell(r.Agg.AnyMedal()))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	return tw.Flush()
}
