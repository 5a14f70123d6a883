package violation

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/llm"
	"github.com/mlebench/mlebench/internal/pyjson"
	"github.com/mlebench/mlebench/internal/table"
)

// writeOutputs writes the analysis CSV, its summary and the usage file.
func writeOutputs(p *Prompts, items []Item, questions []Question, answers []map[string]Answer,
	completed []int, usage llm.Usage, opt Options, now time.Time, res *Result) error {
	ts := grade.Timestamp(now)
	n := len(completed)
	ids := make([]string, n)
	paths := make([]string, n)
	pathNull := make([]bool, n)
	for r, i := range completed {
		ids[r] = items[i].CompetitionID
		paths[r] = items[i].SubmissionPath
		pathNull[r] = items[i].SubmissionNull
	}
	cols := []*table.Column{table.Strings("competition_id", ids), {Name: "submission_path", Kind: table.String, Text: paths, Null: pathNull}}
	summary := pyjson.Object{}
	for _, q := range questions {
		text := make([]string, n)
		textNull := make([]bool, n)
		bin := make([]bool, n)
		binNull := make([]bool, n)
		yes := 0
		for r, i := range completed {
			a, ok := answers[i][q.ID]
			if !ok {
				textNull[r], binNull[r] = true, true
				continue
			}
			text[r] = a.Text
			if a.Binarized == nil {
				binNull[r] = true
			} else {
				bin[r] = *a.Binarized
				if bin[r] {
					yes++
				}
			}
		}
		cols = append(cols,
			&table.Column{Name: q.Column(), Kind: table.String, Text: text, Null: textNull},
			&table.Column{Name: q.Column() + "_binarized", Kind: table.BoolObject, Bools: bin, Null: binNull})
		share := 0.0
		if n > 0 {
			share = float64(yes) / float64(n)
		}
		summary = append(summary, pyjson.Member{Key: q.Column(), Value: fmt.Sprintf("%.1f%%", share*100)})
	}
	t, err := table.New(cols...)
	if err != nil {
		return fmt.Errorf("building the analysis table: %w", err)
	}
	res.CSVPath = filepath.Join(opt.OutputDir, "analysis_"+ts+".csv")
	if err := table.WriteFile(res.CSVPath, t, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing the analysis: %w", err)
	}
	b, err := pyjson.Marshal(summary, pyjson.Options{Indent: 2})
	if err != nil {
		return err
	}
	res.SummaryPath = filepath.Join(opt.OutputDir, "analysis_summary_"+ts+".json")
	if err := os.WriteFile(res.SummaryPath, b, 0o644); err != nil {
		return fmt.Errorf("writing the summary: %w", err)
	}
	cost := float64(usage.PromptTokens)/1e6*opt.PriceInputPerMTok + float64(usage.CompletionTokens)/1e6*opt.PriceOutputPerMTok
	u := pyjson.Object{
		{Key: "model", Value: opt.Model},
		{Key: "prompt_tokens", Value: usage.PromptTokens},
		{Key: "completion_tokens", Value: usage.CompletionTokens},
		{Key: "total_tokens", Value: usage.TotalTokens},
		{Key: "api_calls_this_run", Value: res.Calls},
		{Key: "answers_reused", Value: res.Reused},
		{Key: "price_input_per_mtok_usd", Value: opt.PriceInputPerMTok},
		{Key: "price_output_per_mtok_usd", Value: opt.PriceOutputPerMTok},
		{Key: "estimated_cost_usd", Value: cost},
	}
	b, err = pyjson.Marshal(u, pyjson.Options{Indent: 2})
	if err != nil {
		return err
	}
	res.UsagePath = filepath.Join(opt.OutputDir, "analysis_usage_"+ts+".json")
	res.Usage = usage
	return os.WriteFile(res.UsagePath, append(b, '\n'), 0o644)
}
