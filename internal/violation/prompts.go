// Package violation is the original's rule-violation detector
// (extras/rule_violation_detector, spec environment-and-agents.md §4.1): it
// asks an LLM, for each run of a submissions JSONL, whether the agent wrote
// its submission by hand, called an external LLM API, or reached for
// resources it was not given, and writes the original's analysis CSV and
// summary JSON.
//
// The prompt texts are the original's, read at run time from its
// extras/rule_violation_prompts.json ([LoadPrompts]); this package holds no
// prompt prose of its own.
//
// Behaviour reproduced:
//   - a logs_path or code_path that is a directory is read as every ".log"
//     and ".py" file under it, recursively, each as "--- <name> ---\n" +
//     text + "\n"; a missing path is a warning and empty content; a question
//     whose content is empty is not asked (its columns stay empty);
//   - messages: system (logs or code preamble, then the extra prompt),
//     user (the content), system (the question); temperature 0;
//   - content longer than 128,000 characters is asked in 128,000-character
//     chunks; the answer is "CHUNKED_ANSWERS:\n\n" + the chunks' answers
//     joined by "\n\n---------\n\n"; binarized: null when no chunk ends with
//     a flag, true when any says yes, else false;
//   - a 400 answer from the API is stored as the answer text (binarized null);
//   - analysis_<timestamp>.csv: competition_id, submission_path, then for
//     each question <type>_<ID> and <type>_<ID>_binarized, rows in
//     completion order, nulls as empty fields; analysis_summary_<timestamp>.json:
//     each binarized column (without the suffix) → share of true rows as
//     "12.5%", 2-space indent.
//
// Additions: answers are journalled in the output directory as they arrive,
// so a re-run with the same inputs asks only what is still unanswered; token
// usage and its cost are summed into analysis_usage_<timestamp>.json.
package violation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// PromptsFile is where the original keeps its prompts, relative to its
// repository root (the upstream directory's parent layout: extras/).
const PromptsFile = "extras/rule_violation_prompts.json"

// Question is one of the original's questions.
type Question struct {
	ID   string // e.g. MANUALLY_WRITING_SUBMISSIONS_QUESTION
	Type string // "logs" or "code": what it reads
	Text string
}

// Column is the question's answer column, e.g. logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION.
func (q Question) Column() string { return q.Type + "_" + q.ID }

// Prompts are the original's texts.
type Prompts struct {
	PreambleLogs, PreambleCode string
	Affirmative, Negative      string
	Questions                  []Question // in the file's order
}

// Preamble is the system preamble for content of type typ.
func (p *Prompts) Preamble(typ string) string {
	if typ == "code" {
		return p.PreambleCode
	}
	return p.PreambleLogs
}

// Question returns the question with the given id.
func (p *Prompts) Question(id string) (Question, bool) {
	for _, q := range p.Questions {
		if q.ID == id {
			return q, true
		}
	}
	return Question{}, false
}

// LoadPrompts reads the original's rule_violation_prompts.json.
func LoadPrompts(path string) (*Prompts, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the original's rule-violation prompts: %w", err)
	}
	var raw struct {
		PreambleLogs string          `json:"PREAMBLE_LOGS"`
		PreambleCode string          `json:"PREAMBLE_CODE"`
		Affirmative  string          `json:"AFFIRMATIVE_FLAG"`
		Negative     string          `json:"NEGATIVE_FLAG"`
		AllQuestions json.RawMessage `json:"ALL_QUESTIONS"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p := &Prompts{PreambleLogs: raw.PreambleLogs, PreambleCode: raw.PreambleCode, Affirmative: raw.Affirmative, Negative: raw.Negative}
	if p.PreambleLogs == "" || p.PreambleCode == "" || p.Affirmative == "" || p.Negative == "" {
		return nil, fmt.Errorf("%s: a preamble or flag is missing", path)
	}
	// ALL_QUESTIONS is an object whose key order is the column order.
	dec := json.NewDecoder(bytes.NewReader(raw.AllQuestions))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("%s: ALL_QUESTIONS is not an object", path)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		id, _ := tok.(string)
		var q struct {
			Type     string `json:"type"`
			Question string `json:"question"`
		}
		if err := dec.Decode(&q); err != nil {
			return nil, fmt.Errorf("%s: question %s: %w", path, id, err)
		}
		if q.Type != "logs" && q.Type != "code" {
			return nil, fmt.Errorf("%s: question %s has type %q, want logs or code", path, id, q.Type)
		}
		p.Questions = append(p.Questions, Question{ID: id, Type: q.Type, Text: q.Question})
	}
	if len(p.Questions) == 0 {
		return nil, fmt.Errorf("%s: no questions", path)
	}
	return p, nil
}
