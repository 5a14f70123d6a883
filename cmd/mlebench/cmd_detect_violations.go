package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/llm"
	"github.com/mlebench/mlebench/internal/violation"
)

type detectViolationsOptions struct {
	Submission, OutputDir, ExtraPrompt string
	Questions                          []string
	Model, BaseURL, KeyEnv             string
	Concurrency                        int
	PriceIn, PriceOut                  float64
}

func newDetectViolationsCommand(g *Global) *cobra.Command {
	var o detectViolationsOptions
	cmd := &cobra.Command{
		Use:   "detect-violations --submission JSONL --output-dir DIR",
		Short: "Ask an LLM whether each run broke the rules (the original's rule-violation detector)",
		Long: `Reads a submissions JSONL whose lines carry logs_path and/or code_path, asks an
OpenAI-compatible model the original's questions (texts read from the original's
extras/rule_violation_prompts.json) and writes analysis_<timestamp>.csv and
analysis_summary_<timestamp>.json as the original does, plus analysis_usage_<timestamp>.json
(tokens and estimated cost). Answers are journalled in the output directory: a re-run
asks only what is still unanswered. The key is read from the environment variable named
by --api-key-env (default OPENAI_API_KEY) and never printed.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDetectViolations(cmd, g, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Submission, "submission", "", "JSONL with competition_id, submission_path and logs_path and/or code_path (required)")
	f.StringVar(&o.OutputDir, "output-dir", "", "directory for the analysis files (required; created)")
	f.StringArrayVar(&o.Questions, "questions", nil, "question ids to ask (default: all three)")
	f.StringVar(&o.ExtraPrompt, "extra-prompt", "", "file whose text is appended to the system preamble")
	f.StringVar(&o.Model, "model", "gpt-4o-mini", "model name")
	f.StringVar(&o.BaseURL, "base-url", "", "API root of an OpenAI-compatible endpoint (default $OPENAI_BASE_URL, else "+llm.DefaultBaseURL+")")
	f.StringVar(&o.KeyEnv, "api-key-env", "OPENAI_API_KEY", "environment variable holding the API key")
	f.IntVar(&o.Concurrency, "concurrency", 8, "questions asked at once")
	f.Float64Var(&o.PriceIn, "price-input", 0.15, "US dollars per million prompt tokens, for the cost estimate (default: gpt-4o-mini's)")
	f.Float64Var(&o.PriceOut, "price-output", 0.60, "US dollars per million completion tokens, for the cost estimate (default: gpt-4o-mini's)")
	cmd.MarkFlagRequired("submission")
	cmd.MarkFlagRequired("output-dir")
	nargsPlus(cmd, "questions")
	return cmd
}

func runDetectViolations(cmd *cobra.Command, g *Global, o detectViolationsOptions) error {
	if o.Concurrency < 1 {
		return usagef("--concurrency must be at least 1")
	}
	if g.UpstreamDir == "" {
		return errors.New("the original's files were not found: pass --upstream-dir (the directory holding extras/rule_violation_prompts.json)")
	}
	prompts, err := violation.LoadPrompts(filepath.Join(g.UpstreamDir, violation.PromptsFile))
	if err != nil {
		return err
	}
	extra := ""
	if o.ExtraPrompt != "" {
		b, err := os.ReadFile(o.ExtraPrompt)
		if err != nil {
			return fmt.Errorf("reading --extra-prompt: %w", err)
		}
		extra = string(b)
	}
	items, err := violation.ReadItems(o.Submission)
	if err != nil {
		return err
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
	log := g.Log()
	client := &llm.Client{BaseURL: base, APIKey: key, OnRetry: func(attempt int, wait time.Duration, err error) {
		log.Warn("retrying the API", "attempt", attempt, "wait", wait.String(), "error", err.Error())
	}}
	var bar *bar
	res, err := violation.Run(cmd.Context(), prompts, items, violation.Options{
		Client: client, Model: o.Model, Questions: o.Questions, ExtraPrompt: extra,
		Concurrency: o.Concurrency, OutputDir: o.OutputDir,
		PriceInputPerMTok: o.PriceIn, PriceOutputPerMTok: o.PriceOut,
		Warn: func(m string) { log.Warn(m) },
		Progress: func(done, total int) {
			if bar == nil {
				bar = newProgress(g, "asking", int64(total))
			}
			bar.Set(int64(done))
		},
	})
	if bar != nil {
		bar.Done()
	}
	if err != nil {
		if llm.IsAuth(err) {
			return fmt.Errorf("the API refused the key in %s: %w", o.KeyEnv, err)
		}
		return err
	}
	if g.JSON {
		b, _ := jsonMarshal(map[string]any{"analysis": res.CSVPath, "summary": res.SummaryPath, "usage": res.UsagePath,
			"total_tokens": res.Usage.TotalTokens, "api_calls": res.Calls, "answers_reused": res.Reused})
		fmt.Fprintln(g.Out, string(b))
		return nil
	}
	fmt.Fprintf(g.Out, "Analysis: %s\nSummary: %s\nUsage: %s (%d tokens, %d API calls, %d answers reused)\n",
		res.CSVPath, res.SummaryPath, res.UsagePath, res.Usage.TotalTokens, res.Calls, res.Reused)
	return nil
}
