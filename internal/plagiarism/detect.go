package plagiarism

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// Submission is one line of the submissions JSONL.
type Submission struct {
	Line          int
	CompetitionID string
	CodePath      string // "" when absent
}

// ReadSubmissions reads a JSONL whose every line is an object with
// competition_id and, optionally, code_path.
func ReadSubmissions(path string) ([]Submission, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading submissions: %w", err)
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	if len(b) == 0 {
		return nil, nil
	}
	var out []Submission
	for i, line := range bytes.Split(b, []byte("\n")) {
		var obj struct {
			CompetitionID *string `json:"competition_id"`
			CodePath      *string `json:"code_path"`
		}
		if err := json.Unmarshal(line, &obj); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, i+1, err)
		}
		if obj.CompetitionID == nil {
			return nil, fmt.Errorf("%s line %d: missing key \"competition_id\"", path, i+1)
		}
		s := Submission{Line: i + 1, CompetitionID: *obj.CompetitionID}
		if obj.CodePath != nil {
			s.CodePath = *obj.CodePath
		}
		out = append(out, s)
	}
	return out, nil
}

// KernelsMissingError is returned when a competition has no downloaded
// kernel to compare with; it aborts the run, as the original's does.
type KernelsMissingError struct{ CompetitionID, Dir string }

func (e *KernelsMissingError) Error() string {
	return fmt.Sprintf("no kernel .py files in %s: download them first with: mlebench download-kernels -c %s", e.Dir, e.CompetitionID)
}

// Options configure [Run].
type Options struct {
	// KernelsDir is the directory of a competition's kernels (<…>/<id>/kernels).
	KernelsDir func(competitionID string) string
	OutputDir  string
	Timeout    time.Duration // per submission; 0 means 300 s
	Warn       func(string)
}

// Outcome is what happened to one submission.
type Outcome struct {
	Submission Submission
	ReportPath string // "" when no report was written
	Pairs      int
	Err        error // a per-submission failure (logged, no report)
}

// Run compares each submission's code with its competition's kernels and
// writes <output-dir>/<code path>_plagiarism_report.jsonl for each one with
// a non-empty result.
func Run(ctx context.Context, subs []Submission, opt Options) ([]Outcome, error) {
	warn := opt.Warn
	if warn == nil {
		warn = func(string) {}
	}
	timeout := opt.Timeout
	if timeout <= 0 {
		timeout = 300 * time.Second
	}
	if err := os.MkdirAll(opt.OutputDir, 0o755); err != nil {
		return nil, fmt.Errorf("creating the output directory: %w", err)
	}
	var outcomes []Outcome
	for _, s := range subs {
		if s.CodePath == "" {
			warn(fmt.Sprintf("line %d (%s): no code_path; skipped", s.Line, s.CompetitionID))
			continue
		}
		kdir := opt.KernelsDir(s.CompetitionID)
		kernels, err := filepath.Glob(filepath.Join(kdir, "*.py"))
		if err != nil || len(kernels) == 0 {
			return outcomes, &KernelsMissingError{CompetitionID: s.CompetitionID, Dir: kdir}
		}
		sort.Strings(kernels)
		o := Outcome{Submission: s}
		sctx, cancel := context.WithTimeout(ctx, timeout)
		o.ReportPath, o.Pairs, o.Err = compare(sctx, s, kernels, opt.OutputDir)
		cancel()
		if ctx.Err() != nil {
			return outcomes, ctx.Err()
		}
		if o.Err != nil {
			warn(fmt.Sprintf("line %d (%s): %v; no report", s.Line, s.CompetitionID, o.Err))
		}
		outcomes = append(outcomes, o)
	}
	return outcomes, nil
}

// agentFiles lists the .py files of a code path: every one under it when it
// is a directory, else the path itself when it ends in ".py".
func agentFiles(codePath string) ([]string, error) {
	st, err := os.Stat(codePath)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		if strings.HasSuffix(codePath, ".py") {
			return []string{codePath}, nil
		}
		return nil, nil
	}
	var out []string
	err = filepath.WalkDir(codePath, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".py") && d.Type().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

func compare(ctx context.Context, s Submission, kernels []string, outDir string) (string, int, error) {
	agent, err := agentFiles(s.CodePath)
	if err != nil {
		return "", 0, fmt.Errorf("listing the agent's code: %w", err)
	}
	if len(agent) == 0 {
		return "", 0, fmt.Errorf("no .py files in %s", s.CodePath)
	}
	var files []File
	for _, p := range append(append([]string(nil), kernels...), agent...) {
		src, err := os.ReadFile(p)
		if err != nil {
			continue // Dolos analyses the files that exist and are readable
		}
		toks, err := Tokens(ctx, src)
		if err != nil {
			return "", 0, fmt.Errorf("tokenizing %s: %w", p, err)
		}
		files = append(files, File{Path: p, Tokens: toks})
	}
	if len(files) < 2 {
		return "", 0, errors.New("fewer than two files to compare")
	}
	if err := ctx.Err(); err != nil {
		return "", 0, fmt.Errorf("timed out: %w", err)
	}
	agentDir := filepath.Dir(filepath.Clean(s.CodePath))
	var kept []Pair
	for _, p := range Analyze(files) {
		if strings.Contains(p.Left, agentDir) != strings.Contains(p.Right, agentDir) {
			kept = append(kept, p)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].Similarity > kept[j].Similarity })
	if len(kept) == 0 {
		return "", 0, nil
	}
	abs, err := filepath.Abs(s.CodePath)
	if err != nil {
		return "", 0, err
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	name := strings.NewReplacer("/", "_", `\`, "_").Replace(abs) + "_plagiarism_report.jsonl"
	var b bytes.Buffer
	for _, p := range kept {
		line, err := pyjson.Marshal(pyjson.Object{
			{Key: "leftFile", Value: p.Left}, {Key: "rightFile", Value: p.Right},
			{Key: "similarity", Value: pyjson.Raw(similarityJSON(p.Similarity))},
		}, pyjson.Options{})
		if err != nil {
			return "", 0, err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	path := filepath.Join(outDir, name)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return "", 0, fmt.Errorf("writing the report: %w", err)
	}
	return path, len(kept), nil
}

// similarityJSON writes a similarity as it reaches the report: JavaScript
// prints whole numbers without a fraction, Python's json then reads 0 and 1
// as ints; every other value is a float in Python's repr.
func similarityJSON(x float64) string {
	if x == 0 || x == 1 {
		return fmt.Sprint(int(x))
	}
	return pyfloat.Repr(x)
}
