package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/familiarity"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/llm"
	"github.com/mlebench/mlebench/internal/report"
)

type familiarityOptions struct {
	Competitions                   []string
	Split                          string
	CacheFile, PlotFile, DatesPlot string
	ExistingResults                string
	DiscussionsDir                 string
	CompetitionsCSV                string
	GradingReports                 []string
	Temperature                    float64
	NCompletions, NSamples, NSeeds int
	MaxWorkers                     int
	Model, BaseURL, KeyEnv         string
}

func newFamiliarityCommand(g *Global) *cobra.Command {
	var o familiarityOptions
	cmd := &cobra.Command{
		Use:   "familiarity --model BASE_MODEL (-c ID ... | --split NAME)",
		Short: "How familiar a base model is with each competition's documents (the original's familiarity experiment)",
		Long: `For each competition, the mean probability a base model gives to the true next token at
sampled positions of its documents (description.md from the original's files, plus discussion
posts saved as <discussions-dir>/<id>/*.txt), through an OpenAI-compatible completions endpoint
with log-probabilities. Writes the original's familiarity_and_dates.json cache (entries already
in it are not recomputed) and SVG scatter plots: familiarity against performance
(titled with Pearson's r and p, when --grading-reports are given; the sample-submission scores
come from grading each prepared competition's sample submission) and against the
competitions' deadlines (from Meta Kaggle's Competitions.csv, --competitions-csv).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runFamiliarity(cmd, g, o) },
	}
	f := cmd.Flags()
	f.StringArrayVarP(&o.Competitions, "competition", "c", nil, "competition id (repeatable)")
	f.StringVar(&o.Split, "split", "", "a split name or file instead of -c")
	f.StringVar(&o.CacheFile, "output-cache-file", "familiarity_and_dates.json", "the results cache")
	f.StringVar(&o.PlotFile, "output-plot-file", "familiarity_results.svg", "scatter plot of familiarity against performance (SVG)")
	f.StringVar(&o.DatesPlot, "output-dates-plot-file", "familiarity_dates.svg", "scatter plot of familiarity against deadline (SVG)")
	f.StringVar(&o.ExistingResults, "existing-results", "", "a cache file whose entries are reused instead of recomputed")
	f.StringVar(&o.DiscussionsDir, "discussions-dir", "", "directory of saved discussion posts, <id>/*.txt")
	f.StringVar(&o.CompetitionsCSV, "competitions-csv", "", "Meta Kaggle's Competitions.csv (Slug, DeadlineDate); competitions absent from it are skipped")
	f.StringArrayVar(&o.GradingReports, "grading-reports", nil, "grading reports whose scores give each competition's performance")
	f.Float64Var(&o.Temperature, "temperature", 0, "unused, as in the original")
	f.IntVar(&o.NCompletions, "n-completions", 1, "unused, as in the original")
	f.IntVar(&o.NSamples, "n-samples", 1000, "positions sampled per document")
	f.IntVar(&o.NSeeds, "n-seeds", 1, "seeds per competition")
	f.IntVar(&o.MaxWorkers, "max-workers", 40, "requests at once")
	f.StringVar(&o.Model, "model", "", "base model name (required; the original leaves the engine as a placeholder)")
	f.StringVar(&o.BaseURL, "base-url", "", "API root of an OpenAI-compatible endpoint (default $OPENAI_BASE_URL, else "+llm.DefaultBaseURL+")")
	f.StringVar(&o.KeyEnv, "api-key-env", "OPENAI_API_KEY", "environment variable holding the API key")
	cmd.MarkFlagRequired("model")
	return cmd
}

func runFamiliarity(cmd *cobra.Command, g *Global, o familiarityOptions) error {
	if (len(o.Competitions) == 0) == (o.Split == "") {
		return usagef("give either -c ID ... or --split")
	}
	if o.NSamples < 1 || o.NSeeds < 1 || o.MaxWorkers < 1 {
		return usagef("--n-samples, --n-seeds and --max-workers must be at least 1")
	}
	ids := o.Competitions
	if o.Split != "" {
		var err error
		if ids, err = splitIDsFromProject(g, o.Split); err != nil {
			return err
		}
	}
	for _, id := range ids {
		if _, err := g.Catalog.Lookup(id); err != nil {
			return usagef("%v", err)
		}
	}
	if g.UpstreamDir == "" {
		return errors.New("the original's files were not found: pass --upstream-dir (descriptions are read from there)")
	}
	key := os.Getenv(o.KeyEnv)
	if key == "" {
		return fmt.Errorf("no API key: set %s", o.KeyEnv)
	}
	base := o.BaseURL
	if base == "" {
		base = os.Getenv("OPENAI_BASE_URL")
	}
	if base == "" {
		base = llm.DefaultBaseURL
	}
	var deadlines map[string]string
	if o.CompetitionsCSV != "" {
		f, err := os.Open(o.CompetitionsCSV)
		if err != nil {
			return err
		}
		deadlines, err = familiarity.ReadDeadlines(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", o.CompetitionsCSV, err)
		}
	}
	cache, err := familiarity.ReadCache(o.CacheFile)
	if err != nil {
		return err
	}
	if o.ExistingResults != "" {
		prev, err := familiarity.ReadCache(o.ExistingResults)
		if err != nil {
			return err
		}
		for k, v := range prev {
			if _, ok := cache[k]; !ok {
				cache[k] = v
			}
		}
	}
	tok, err := familiarity.GPT4oTokenizer()
	if err != nil {
		return err
	}
	log := g.Log()
	client := &llm.Client{BaseURL: base, APIKey: key, OnRetry: func(attempt int, wait time.Duration, err error) {
		log.Warn("retrying the API", "attempt", attempt, "wait", wait.String(), "error", err.Error())
	}}
	err = familiarity.Run(cmd.Context(), ids, cache, familiarity.Options{
		Scorer:      &familiarity.Scorer{Client: client, Model: o.Model, Tokenizer: tok, NSamples: o.NSamples, Workers: o.MaxWorkers},
		UpstreamDir: g.UpstreamDir, DiscussionsDir: o.DiscussionsDir, Deadlines: deadlines, Seeds: o.NSeeds,
		Warn: func(m string) { log.Warn(m) },
		Save: func(c familiarity.Cache) error { return c.Write(o.CacheFile) },
	})
	if err != nil {
		if llm.IsAuth(err) {
			return fmt.Errorf("the API refused the key in %s: %w", o.KeyEnv, err)
		}
		return err
	}
	if err := cache.Write(o.CacheFile); err != nil {
		return err
	}

	// Mean familiarity per competition over its seeds.
	fam := map[string]float64{}
	dates := map[string]string{}
	for _, id := range ids {
		sum, n := 0.0, 0
		for s := 0; s < o.NSeeds; s++ {
			if e, ok := cache[familiarity.Key(id, s)]; ok {
				sum += e.Mean
				n++
				dates[id] = e.Deadline
			}
		}
		if n > 0 {
			fam[id] = sum / float64(n)
		}
	}
	var datePts []familiarity.Point
	for id, f := range fam {
		if t, err := time.Parse("2006-01-02 15:04:05", dates[id]); err == nil {
			datePts = append(datePts, familiarity.Point{Label: id, X: float64(t.Unix()), Y: f})
		}
	}
	sort.Slice(datePts, func(i, j int) bool { return datePts[i].Label < datePts[j].Label })
	if err := writeFile(o.DatesPlot, familiarity.ScatterSVG("Familiarity against competition deadline",
		familiarity.Axis{Label: "deadline", Time: true}, familiarity.Axis{Label: "mean familiarity"}, datePts)); err != nil {
		return err
	}
	summary := fmt.Sprintf("familiarity of %d competition(s) in %s; plot by date: %s", len(fam), o.CacheFile, o.DatesPlot)
	if len(o.GradingReports) > 0 {
		var outcomes []familiarity.Outcome
		for _, p := range o.GradingReports {
			scores, err := report.ReadScores(p)
			if err != nil {
				return err
			}
			for _, s := range scores {
				outcomes = append(outcomes, familiarity.Outcome{CompetitionID: s.CompetitionID, Score: s.Score, Gold: s.GoldThreshold})
			}
		}
		sample := map[string]float64{}
		gr := &grade.Grader{Catalog: g.Catalog, DataDir: g.DataDir, Log: log, Fixes: g.Fixes}
		for id := range fam {
			comp, err := g.Catalog.Lookup(id)
			if err != nil {
				continue
			}
			rep, err := gr.GradeCSV(cmd.Context(), id, comp.PathsIn(g.DataDir).SampleSubmission)
			if err != nil || rep.Score == nil {
				log.Warn("no sample-submission score; left out of the performance plot", "competition", id)
				continue
			}
			sample[id] = *rep.Score
		}
		perf := familiarity.Performance(outcomes, sample)
		var pts []familiarity.Point
		var xs, ys []float64
		for id, p := range perf {
			if f, ok := fam[id]; ok && !math.IsNaN(p) && !math.IsInf(p, 0) {
				pts = append(pts, familiarity.Point{Label: id, X: f, Y: p})
			}
		}
		sort.Slice(pts, func(i, j int) bool { return pts[i].Label < pts[j].Label })
		for _, p := range pts {
			xs, ys = append(xs, p.X), append(ys, p.Y)
		}
		title := "Familiarity against performance"
		if r, pv, err := familiarity.Pearson(xs, ys); err == nil {
			title = fmt.Sprintf("Pearson r = %.3f, p = %.3g", r, pv)
		}
		if err := writeFile(o.PlotFile, familiarity.ScatterSVG(title, familiarity.Axis{Label: "mean familiarity"},
			familiarity.Axis{Label: "performance (score − sample) / (gold − sample)"}, pts)); err != nil {
			return err
		}
		summary += fmt.Sprintf("; against performance (%s): %s", title, o.PlotFile)
	}
	fmt.Fprintln(g.Out, strings.TrimSpace(summary))
	return nil
}

func writeFile(path string, b []byte) error {
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
