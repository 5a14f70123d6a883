// Package report turns run groups into the numbers people publish, exactly
// as the original's experiments/ scripts compute them: make_submission
// (metadata.json → grading JSONL) and aggregate_grading_reports (seeds,
// percentages, mean, standard error, 95% CI per split), plus our own
// renderings of the results.
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// Metadata is a run group's metadata.json (environment-and-agents.md §2.8).
type Metadata struct {
	RunGroup  string
	CreatedAt string
	Runs      []RunStatus // in file order (completion order)
}

// RunStatus is one entry of metadata.json's "runs".
type RunStatus struct {
	ID      string
	Success bool
	Extra   map[string]json.RawMessage // any other keys the runner recorded
}

// ReadMetadata parses metadata.json, keeping the order of "runs".
func ReadMetadata(r io.Reader) (*Metadata, error) {
	var top map[string]json.RawMessage
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("metadata.json: %w", err)
	}
	m := &Metadata{}
	json.Unmarshal(top["run_group"], &m.RunGroup)
	json.Unmarshal(top["created_at"], &m.CreatedAt)
	runs, ok := top["runs"]
	if !ok {
		return nil, fmt.Errorf("metadata.json: no \"runs\"")
	}
	dec := json.NewDecoder(bytes.NewReader(runs))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("metadata.json: \"runs\" is not an object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("metadata.json runs: %w", err)
		}
		id, _ := tok.(string)
		var body map[string]json.RawMessage
		if err := dec.Decode(&body); err != nil {
			return nil, fmt.Errorf("metadata.json run %s: %w", id, err)
		}
		rs := RunStatus{ID: id, Extra: map[string]json.RawMessage{}}
		for k, v := range body {
			if k == "success" {
				json.Unmarshal(v, &rs.Success)
			} else {
				rs.Extra[k] = v
			}
		}
		m.Runs = append(m.Runs, rs)
	}
	return m, nil
}

// SubmissionLine is one line of the grading JSONL make_submission writes.
type SubmissionLine struct {
	CompetitionID  string
	SubmissionPath *string
	LogsPath       *string
	CodePath       *string
}

// MakeSubmissionOptions are make_submission.py's flags.
type MakeSubmissionOptions struct {
	RelLogPath  string // default "logs/agent.log"
	RelCodePath string // default "code/train.py"
}

// MakeSubmission builds the grading JSONL lines for a run group from its
// metadata file, as the original's make_submission.py does: one line per run
// in metadata order (failed runs included), competition id = run id up to
// the first "_", each path present only when it exists, paths built from
// metadataPath as given (relative stays relative) and normalised like
// Python's pathlib.
func MakeSubmission(metadataPath string, opt MakeSubmissionOptions) ([]SubmissionLine, error) {
	if opt.RelLogPath == "" {
		opt.RelLogPath = "logs/agent.log"
	}
	if opt.RelCodePath == "" {
		opt.RelCodePath = "code/train.py"
	}
	f, err := os.Open(metadataPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	meta, err := ReadMetadata(f)
	if err != nil {
		return nil, err
	}
	// The parent as pathlib gives it: ".." components are kept.
	base := "."
	if i := strings.LastIndexByte(filepath.ToSlash(metadataPath), '/'); i >= 0 {
		base = filepath.ToSlash(metadataPath)[:i]
		if base == "" {
			base = "/"
		}
	}
	base = strings.TrimSuffix(base, "/")
	var lines []SubmissionLine
	for _, run := range meta.Runs {
		runDir := base + "/" + run.ID
		compID, _, _ := strings.Cut(run.ID, "_")
		existing := func(rel string) *string {
			p := grade.PythonPath(runDir + "/" + rel)
			if _, err := os.Stat(filepath.FromSlash(p)); err != nil {
				return nil
			}
			return &p
		}
		lines = append(lines, SubmissionLine{
			CompetitionID:  compID,
			SubmissionPath: existing("submission/submission.csv"),
			LogsPath:       existing(opt.RelLogPath),
			CodePath:       existing(opt.RelCodePath),
		})
	}
	return lines, nil
}

// EncodeSubmissionJSONL writes lines as the original does: Python json.dumps
// defaults (", " and ": "), one object per line, each ending in "\n".
func EncodeSubmissionJSONL(lines []SubmissionLine) []byte {
	var buf bytes.Buffer
	opt := func(p *string) any {
		if p == nil {
			return nil
		}
		return *p
	}
	for _, l := range lines {
		b, _ := pyjson.Marshal(pyjson.Object{
			{Key: "competition_id", Value: l.CompetitionID},
			{Key: "submission_path", Value: opt(l.SubmissionPath)},
			{Key: "logs_path", Value: opt(l.LogsPath)},
			{Key: "code_path", Value: opt(l.CodePath)},
		}, pyjson.Options{})
		buf.Write(b)
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}
