package lmsys_chatbot_arena

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (default 100 rows) with the 9 Kaggle
// columns: unique integer ids, model names, JSON-list-like prompt and
// responses (commas, escaped quotes, newlines, a `[null]` response, Unicode)
// and one-hot winner columns covering all three outcomes; raw test.csv and
// sample_submission.csv in their Kaggle layout too.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "lmsys-chatbot-arena")
	n := synth.Rows(opt.Rows, 100)
	seen := map[int]bool{}
	id := func() string {
		for {
			v := 30192 + r.IntN(1<<31)
			if !seen[v] {
				seen[v] = true
				return strconv.Itoa(v)
			}
		}
	}
	models := []string{"gpt-4-1106-preview", "claude-2.1", "llama-2-70b-chat", "mistral-medium", "gemini-pro"}
	phrases := []string{"Hello", "What is the capital of France?", "Write a poem, please", `He said \"hi\"`, "Line one\nLine two", "Café ☕", "1, 2, 3", "Sure! Here's an answer"}
	jsonList := func() string {
		if r.IntN(30) == 0 {
			return "[null]"
		}
		parts := make([]string, 1+r.IntN(2))
		for k := range parts {
			parts[k] = `"` + synth.Pick(r, phrases) + `"`
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	winners := synth.Balanced(r, n, []int{0, 1, 2})
	header := []string{"id", "model_a", "model_b", "prompt", "response_a", "response_b", "winner_model_a", "winner_model_b", "winner_tie"}
	train := synth.CSV{Header: header}
	for i := 0; i < n; i++ {
		w := []string{"0", "0", "0"}
		w[winners[i]] = "1"
		train.Add(append([]string{id(), synth.Pick(r, models), synth.Pick(r, models), jsonList(), jsonList(), jsonList()}, w...)...)
	}
	test := synth.CSV{Header: []string{"id", "prompt", "response_a", "response_b"}}
	sample := synth.CSV{Header: []string{"id", "winner_model_a", "winner_model_b", "winner_tie"}}
	for i := 0; i < 3; i++ {
		tid := id()
		test.Add(tid, jsonList(), jsonList(), jsonList())
		sample.Add(tid, "0.3333333333333333", "0.3333333333333333", "0.3333333333333333")
	}
	for _, f := range []struct {
		name string
		c    *synth.CSV
	}{{"train.csv", &train}, {"test.csv", &test}, {"sample_submission.csv", &sample}} {
		if err := f.c.Write(filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	return nil
}
