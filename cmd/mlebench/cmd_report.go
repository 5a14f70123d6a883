package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mlebench/mlebench/internal/buildinfo"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/report"
)

type reportOptions struct {
	Out, Markdown, Title string
	Splits               []string
	NoAnytime            bool
	MixAgents            bool
	GradingReports       []string
}

// mixedSetupsHint is what to do about run groups of different agents.
const mixedSetupsHint = "give the run groups of one agent at a time (compare two agents with mlebench compare --a … --b …), or pass --mix-agents to pool them as seeds anyway (the output says so)"

// explainMixed adds the hint to a *report.MixedSetupsError.
func explainMixed(err error) error {
	var mixed *report.MixedSetupsError
	if errors.As(err, &mixed) {
		return fmt.Errorf("%w; %s", err, mixedSetupsHint)
	}
	return err
}

// notice writes one line for the user on stderr: "note: MSG", or a JSON
// line {"note": MSG} under --json.
func notice(g *Global, msg string) {
	if g.JSON {
		b, _ := json.Marshal(map[string]string{"note": msg})
		fmt.Fprintf(g.Err, "%s\n", b)
		return
	}
	fmt.Fprintln(g.Err, "note: "+msg)
}

func newReportCommand(g *Global) *cobra.Command {
	var opts reportOptions
	cmd := &cobra.Command{
		Use:   "report RUN_GROUP... [--out FILE.html] [--markdown FILE.md] [--split NAME|FILE]...",
		Short: "Write a self-contained HTML (and Markdown) report of graded run groups",
		Long: `Write one self-contained HTML page (inline CSS and SVG plots, no scripts or
network resources) and optionally Markdown about graded run groups:

  - per split, the medal rates as mean ± SEM over seeds, computed as
    ` + "`aggregate`" + ` does (padding incomplete seeds with failing scores, as
    --pad-missing, when the split's competitions have uneven run counts — the
    page says so);
  - per competition, each run's score against the median/bronze/silver/gold
    thresholds on a normalised scale (median 0, gold 1, higher is better),
    the percentile among the human Kaggle teams and the valid-submission rate;
  - infrastructure failures against agent failures (from the runner's
    status.json records when present);
  - the any-medal rate over elapsed time, grading the submission snapshots the
    runner saved (needs the prepared data under --data-dir).

Each RUN_GROUP is a directory holding a *grading_report*.json (grade it first
with make-submission and grade); of several, the newest is taken (said on
stderr) unless --grading-report names one. The run groups must come from one
agent with one time limit and container config (read from plan.json, else the
agent from the run group name): run groups of different agents are different
experiments, not extra seeds, unless --mix-agents pools them (the page says
so). Default splits: the leaderboard splits (and
any other catalog split) fully covered by the graded competitions, else all
graded competitions.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("report needs at least one run group directory")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReport(cmd, g, args, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Out, "out", "report.html", `HTML output file ("-" for stdout, "" for none)`)
	f.StringVar(&opts.Markdown, "markdown", "", `Markdown output file ("-" for stdout)`)
	f.StringVar(&opts.Title, "title", "", "page title (default \"MLE-bench results\")")
	f.StringArrayVar(&opts.Splits, "split", nil, "split name (low, medium, high, split75, lite, …) or file of ids; repeat for several")
	f.BoolVar(&opts.NoAnytime, "no-anytime", false, "do not grade submission snapshots (no any-medal-over-time curve)")
	f.BoolVar(&opts.MixAgents, "mix-agents", false, "pool run groups of different agents or settings as seeds (labelled as such)")
	f.StringArrayVar(&opts.GradingReports, "grading-report", nil, "the grading report to use for the run group holding it (default: the newest); repeat for several groups")
	return cmd
}

func runReport(cmd *cobra.Command, g *Global, dirs []string, opts reportOptions) error {
	if opts.Out == "" && opts.Markdown == "" {
		return usagef("nothing to write: give --out or --markdown")
	}
	if opts.Out == "-" && opts.Markdown == "-" {
		return usagef("--out and --markdown cannot both be stdout")
	}
	in := report.Input{RunGroups: dirs, Catalog: g.Catalog, Title: opts.Title, Now: time.Now(),
		MixAgents: opts.MixAgents, GradingReports: opts.GradingReports, Provenance: buildProvenance()}
	for _, s := range opts.Splits {
		ids, err := reportSplitIDs(g, s)
		if err != nil {
			return err
		}
		in.Splits = append(in.Splits, report.Split{Name: s, IDs: ids})
	}
	if !opts.NoAnytime {
		in.Grader = &grade.Grader{Catalog: g.Catalog, DataDir: g.DataDir, Fixes: g.Fixes}
		var b *bar
		in.Progress = func(done, total int) {
			if b == nil {
				b = newProgress(g, "grading snapshots", int64(total))
			}
			b.Set(int64(done))
		}
		defer func() {
			if b != nil {
				b.Done()
			}
		}()
	}
	page, err := report.Build(cmd.Context(), in)
	if err != nil {
		return explainMixed(err)
	}
	for _, n := range page.ReportNotes {
		notice(g, n)
	}
	written := map[string]string{}
	write := func(path, kind string, render func(io.Writer) error) error {
		if path == "" {
			return nil
		}
		var buf bytes.Buffer
		if err := render(&buf); err != nil {
			return err
		}
		if path == "-" {
			_, err := g.Out.Write(buf.Bytes())
			return err
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("writing the %s report: %w", kind, err)
		}
		written[kind] = path
		return nil
	}
	if err := write(opts.Out, "html", page.WriteHTML); err != nil {
		return err
	}
	if err := write(opts.Markdown, "markdown", page.WriteMarkdown); err != nil {
		return err
	}
	toStdout := opts.Out == "-" || opts.Markdown == "-"
	if g.JSON && !toStdout {
		type splitJSON struct {
			Split         string    `json:"split"`
			Competitions  int       `json:"competitions"`
			Seeds         int       `json:"seeds"`
			Padded        bool      `json:"padded"`
			AnyMedal      float64   `json:"any_medal_mean"`
			AnyMedalSE    float64   `json:"any_medal_standard_error"`
			ValidSubmit   float64   `json:"valid_submissions_mean"`
			ValidSubmitSE float64   `json:"valid_submissions_standard_error"`
			Error         string    `json:"error,omitempty"`
			PassAtK       []float64 `json:"any_medal_pass_at_k,omitempty"`
		}
		var splits []splitJSON
		for _, s := range page.Splits {
			sj := splitJSON{Split: s.Name, Competitions: s.Competitions, Padded: s.Padded, Error: s.Err, PassAtK: s.PassAtK}
			if s.Agg != nil {
				am, vs := s.Stat("any_medal_percentage"), s.Stat("valid_submissions_percentage")
				sj.Seeds, sj.AnyMedal, sj.AnyMedalSE, sj.ValidSubmit, sj.ValidSubmitSE = s.Agg.NumSeeds, am.Mean, am.StandardError, vs.Mean, vs.StandardError
			}
			splits = append(splits, sj)
		}
		return writeJSON(g.Out, map[string]any{"written": written, "agents": page.Agents, "mixed_agents": page.MixedAgents, "splits": splits, "anytime_curve": page.Anytime.Available})
	}
	w := g.Out
	if toStdout {
		w = g.Err
	}
	fmt.Fprintf(w, "%s: %s\n", strings.ToLower(page.AgentsHeading()), strings.Join(page.Agents, "; "))
	tw := newTable(w)
	fmt.Fprintln(tw, "split\tcompetitions\tseeds\tany medal %\tvalid submission %")
	for _, s := range page.Splits {
		if s.Agg == nil {
			fmt.Fprintf(tw, "%s\t%d\t-\t%s\t\n", s.Name, s.Competitions, s.Err)
			continue
		}
		seeds := fmt.Sprint(s.Agg.NumSeeds)
		if s.Padded {
			seeds += " (padded)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\n", s.Name, s.Competitions, seeds,
			report.LeaderboardCell(s.Stat("any_medal_percentage")), report.LeaderboardCell(s.Stat("valid_submissions_percentage")))
	}
	tw.Flush()
	for _, s := range page.Splits {
		if len(s.PassAtK) == 0 {
			continue
		}
		var parts []string
		for k, v := range s.PassAtK {
			parts = append(parts, fmt.Sprintf("pass@%d %.2f", k+1, v))
		}
		fmt.Fprintf(w, "any-medal pass@k %%, %s: %s\n", s.Name, strings.Join(parts, ", "))
	}
	if !page.Anytime.Available && page.Anytime.Message != "" && !opts.NoAnytime {
		fmt.Fprintln(w, "any medal over time: "+page.Anytime.Message)
	}
	for _, e := range page.Anytime.Errors {
		fmt.Fprintln(g.Err, "warning: "+e)
	}
	kinds := make([]string, 0, len(written))
	for k := range written {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Fprintf(w, "wrote %s report to %s\n", k, written[k])
	}
	return nil
}

type compareOptions struct {
	A, B           []string
	LabelA, LabelB string
	Resamples      int
	Seed           uint64
	MixAgents      bool
	GradingReports []string
}

func newCompareCommand(g *Global) *cobra.Command {
	var opts compareOptions
	cmd := &cobra.Command{
		Use:   "compare --a RUN_GROUP[,RUN_GROUP...] --b RUN_GROUP[,RUN_GROUP...]",
		Short: "Compare two sets of graded run groups competition by competition, with a bootstrap CI",
		Long: `Compare set B against set A (each a list of run group directories, each
holding one *grading_report*.json; a value may be a quoted glob such as
'runs/*_run-group_aide'). Over the competitions both sets graded:

  - per competition, the any-medal rate of each set (percent of its graded
    runs) and the difference B − A in percentage points, and the mean
    normalised score (median 0, gold 1; runs clipped to [-1, 2], a run without
    a valid score counting as -1) of each and their difference;
  - the mean any-medal difference with a 95% percentile bootstrap interval:
    competitions resampled with replacement (--resamples, default 10,000;
    seeded with --seed, so the interval is reproducible).

Competitions only one set graded are listed and left out. Each set is named by
its agent (from plan.json, else the run group name) unless --label-a/--label-b
name it; a set mixing agents or settings needs --mix-agents. Of several
grading reports in a run group the newest is taken (said on stderr) unless
--grading-report names one. --json prints the whole comparison as JSON.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCompare(g, opts)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&opts.A, "a", nil, "run groups of set A (comma-separated or repeated; globs allowed)")
	f.StringSliceVar(&opts.B, "b", nil, "run groups of set B (comma-separated or repeated; globs allowed)")
	f.StringVar(&opts.LabelA, "label-a", "", "name of set A in the output (default: its agent)")
	f.StringVar(&opts.LabelB, "label-b", "", "name of set B in the output (default: its agent)")
	f.BoolVar(&opts.MixAgents, "mix-agents", false, "allow a set whose run groups come from different agents or settings")
	f.StringArrayVar(&opts.GradingReports, "grading-report", nil, "the grading report to use for the run group holding it (default: the newest); repeat for several groups")
	f.IntVar(&opts.Resamples, "resamples", 10000, "bootstrap resamples")
	f.Uint64Var(&opts.Seed, "seed", 0, "bootstrap seed")
	return cmd
}

// expandRunGroups expands globs (a value without glob characters is taken
// as is, so a missing directory is reported by the loader).
func expandRunGroups(values []string, set string) ([]string, error) {
	var out []string
	for _, v := range values {
		if !strings.ContainsAny(v, "*?[") {
			out = append(out, v)
			continue
		}
		m, err := filepath.Glob(v)
		if err != nil {
			return nil, usagef("--%s %q: %v", set, v, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("--%s %q matches no run group", set, v)
		}
		out = append(out, m...)
	}
	return out, nil
}

func runCompare(g *Global, opts compareOptions) error {
	if len(opts.A) == 0 || len(opts.B) == 0 {
		return usagef("compare needs both --a and --b run groups")
	}
	if opts.Resamples <= 0 {
		return usagef("--resamples must be positive")
	}
	var sets [2][]*report.RunGroup
	used := map[string]bool{}
	for i, v := range [][]string{opts.A, opts.B} {
		name := []string{"a", "b"}[i]
		dirs, err := expandRunGroups(v, name)
		if err != nil {
			return err
		}
		var mine []string
		for _, r := range opts.GradingReports {
			for _, d := range dirs {
				if a, b := absPath(filepath.Dir(r)), absPath(d); a == b {
					mine, used[r] = append(mine, r), true
					break
				}
			}
		}
		groups, err := report.LoadRunGroupsWith(dirs, report.LoadOptions{GradingReports: mine})
		if err != nil {
			return fmt.Errorf("set %s: %w", strings.ToUpper(name), err)
		}
		for _, gr := range groups {
			if gr.ReportNote != "" {
				notice(g, gr.ReportNote)
			}
		}
		sets[i] = groups
	}
	for _, r := range opts.GradingReports {
		if !used[r] {
			return fmt.Errorf("--grading-report %s is not in any of the run groups given (it must be directly inside one)", r)
		}
	}
	c, err := report.Compare(sets[0], sets[1], report.CompareOptions{LabelA: opts.LabelA, LabelB: opts.LabelB, Resamples: opts.Resamples, Seed: opts.Seed, MixAgents: opts.MixAgents})
	if err != nil {
		return explainMixed(err)
	}
	if g.JSON {
		return writeJSON(g.Out, c)
	}
	return c.WriteText(g.Out)
}

// buildProvenance names this build for the report page, as `mlebench
// version` prints it.
func buildProvenance() string {
	return "mlebench " + buildinfo.Current().String()
}

func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return a
}

// reportSplitIDs resolves a report's --split: a built-in split name, else a
// file of ids (relative to the working directory).
func reportSplitIDs(g *Global, split string) ([]string, error) {
	if filepath.Ext(split) == "" && !strings.ContainsRune(split, os.PathSeparator) {
		return g.Catalog.Split(split)
	}
	return report.ReadSplitFile(split)
}
