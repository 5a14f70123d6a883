package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// RunGroup is one run group directory as the report reads it: the grading
// report (required), metadata.json (optional: published grading reports
// often come alone) and, for groups written by our runner, each run's
// status.json and submission snapshots.
type RunGroup struct {
	Dir       string
	Name      string // metadata's run_group, else the directory's base name
	CreatedAt string // metadata's created_at (a harness timestamp), if any
	// ReportPath is the group's *grading_report*.json.
	ReportPath string
	// ReportNote is set when the group holds several grading reports and
	// the newest was taken (one line for the user).
	ReportNote string
	// Setup is the agent and settings the group was run with.
	Setup Setup
	// HasMetadata reports whether metadata.json was found.
	HasMetadata bool
	// Runs are the group's runs: metadata order (completion order) first,
	// then run directories with a status.json that metadata does not list
	// (unfinished runs), in name order.
	Runs []*Run
	// Entries are the grading report's competition reports, sorted stably
	// by competition id as the aggregation does.
	Entries []*Entry
}

// Run is one run directory <competition id>_<uuid4>.
type Run struct {
	ID            string
	CompetitionID string
	Dir           string
	// InMetadata reports whether metadata.json lists the run; Success is
	// its flag there (the sandbox ran and outputs were collected).
	InMetadata bool
	Success    bool
	// Status is the run's status.json as the runner writes it (nil for
	// run groups made by the original's run_agent.py).
	Status *RunStatusFile
	// Snapshots are the submission versions saved while the agent worked,
	// in elapsed-time order.
	Snapshots []Snapshot
}

// RunStatusFile mirrors the runner's per-run status.json (package runner's
// Status; the report reads the file rather than importing the runner).
type RunStatusFile struct {
	RunID           string     `json:"run_id"`
	CompetitionID   string     `json:"competition_id"`
	Seed            int        `json:"seed"`
	State           string     `json:"state"` // pending, running, interrupted, done, failed
	Attempts        int        `json:"attempts"`
	Success         bool       `json:"success"`
	ExitCode        *int       `json:"exit_code"`
	TimedOut        bool       `json:"timed_out"`
	FailureKind     string     `json:"failure_kind"` // "", agent, timeout, infra
	Error           string     `json:"error"`
	InfraFailures   []string   `json:"infra_failures"`
	StartedAt       *time.Time `json:"started_at"`
	FinishedAt      *time.Time `json:"finished_at"`
	DurationSeconds float64    `json:"duration_seconds"`
}

// Snapshot is snapshots/<elapsed seconds>.csv in a run directory.
type Snapshot struct {
	Elapsed float64 // seconds since the agent started
	Path    string
}

// Entry is one competition report of a grading report, with the run it
// grades when that can be told.
type Entry struct {
	Flags
	Score          *float64 // nil: no valid submission; may be NaN or ±Inf
	Thresholds     Thresholds
	SubmissionPath string
	// Run is the graded run, matched by the run id in the submission path,
	// else by order among the metadata's runs of the same competition (the
	// order make-submission writes and grade keeps). Nil when unknown.
	Run *Run
	// Group is the run group the report belongs to.
	Group *RunGroup
}

// Thresholds are a competition's medal thresholds as a grading report
// records them.
type Thresholds struct {
	Gold, Silver, Bronze, Median float64
	LowerIsBetter                bool
	Known                        bool // the report had all four thresholds
}

// ErrNoGradingReport is wrapped when a run group has not been graded.
var ErrNoGradingReport = errors.New("no grading report")

// LoadRunGroup reads a run group directory. Of several grading reports it
// takes the newest (see [NewestGradingReport]) and says so in ReportNote.
func LoadRunGroup(dir string) (*RunGroup, error) { return loadRunGroup(dir, nil) }

func loadRunGroup(dir string, explicit map[string]string) (*RunGroup, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("run group: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("run group %s is not a directory", dir)
	}
	g := &RunGroup{Dir: dir, Name: filepath.Base(filepath.Clean(dir))}
	report, note, found, err := chooseGradingReport(dir, explicit)
	if err != nil {
		return nil, err
	}
	g.ReportNote = note
	meta := filepath.Join(dir, "metadata.json")
	if !found {
		hint := fmt.Sprintf("mlebench grade --submission JSONL --output-dir %s", dir)
		if _, err := os.Stat(meta); err == nil {
			hint = fmt.Sprintf("mlebench make-submission --metadata %s --output %s && mlebench grade --submission %s --output-dir %s",
				meta, filepath.Join(dir, "submission.jsonl"), filepath.Join(dir, "submission.jsonl"), dir)
		}
		return nil, fmt.Errorf("%w in run group %s (no *grading_report*.json at its top level); grade it first: %s", ErrNoGradingReport, dir, hint)
	}
	g.ReportPath = report

	if f, err := os.Open(meta); err == nil {
		m, err := ReadMetadata(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", meta, err)
		}
		g.HasMetadata = true
		if m.RunGroup != "" {
			g.Name = m.RunGroup
		}
		g.CreatedAt = m.CreatedAt
		for _, rs := range m.Runs {
			if !validRunID(rs.ID) {
				return nil, fmt.Errorf("%s: bad run id %q", meta, rs.ID)
			}
			g.Runs = append(g.Runs, &Run{ID: rs.ID, InMetadata: true, Success: rs.Success})
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	// Run directories the metadata does not list but the runner planned.
	listed := map[string]bool{}
	for _, r := range g.Runs {
		listed[r.ID] = true
	}
	dirEntries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range dirEntries {
		if !e.IsDir() || listed[e.Name()] {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, e.Name(), "status.json")); err == nil {
			g.Runs = append(g.Runs, &Run{ID: e.Name()})
		}
	}
	for _, r := range g.Runs {
		r.CompetitionID, _, _ = strings.Cut(r.ID, "_")
		r.Dir = filepath.Join(dir, r.ID)
		if err := r.load(); err != nil {
			return nil, err
		}
	}

	if g.Setup, err = loadSetup(dir, g.Name); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(report)
	if err != nil {
		return nil, err
	}
	entries, err := parseGradingReport(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", report, err)
	}
	g.matchRuns(entries)
	for _, e := range entries {
		e.Group = g
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].CompetitionID < entries[j].CompetitionID })
	g.Entries = entries
	return g, nil
}

func validRunID(id string) bool {
	return id != "" && id != "." && id != ".." && !strings.ContainsAny(id, `/\`)
}

// load reads the run's status.json and lists its snapshots.
func (r *Run) load() error {
	b, err := os.ReadFile(filepath.Join(r.Dir, "status.json"))
	switch {
	case err == nil:
		var s RunStatusFile
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("reading %s: %w", filepath.Join(r.Dir, "status.json"), err)
		}
		r.Status = &s
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	snaps, err := os.ReadDir(filepath.Join(r.Dir, "snapshots"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range snaps {
		stem, ok := strings.CutSuffix(e.Name(), ".csv")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		sec, err := strconv.ParseFloat(stem, 64)
		if err != nil || sec < 0 || math.IsInf(sec, 0) || math.IsNaN(sec) {
			continue
		}
		r.Snapshots = append(r.Snapshots, Snapshot{Elapsed: sec, Path: filepath.Join(r.Dir, "snapshots", e.Name())})
	}
	sort.Slice(r.Snapshots, func(i, j int) bool { return r.Snapshots[i].Elapsed < r.Snapshots[j].Elapsed })
	return nil
}

// matchRuns links entries (in the report's own order) to runs.
func (g *RunGroup) matchRuns(entries []*Entry) {
	byID := map[string]*Run{}
	for _, r := range g.Runs {
		byID[r.ID] = r
	}
	used := map[*Run]bool{}
	// First the entries whose submission path names their run directory.
	for _, e := range entries {
		parts := strings.Split(filepath.ToSlash(e.SubmissionPath), "/")
		for i := len(parts) - 3; i >= 0; i-- {
			if parts[i+1] != "submission" {
				continue
			}
			if r, ok := byID[parts[i]]; ok && !used[r] && r.CompetitionID == e.CompetitionID {
				e.Run, used[r] = r, true
				break
			}
		}
	}
	// Then by order among the metadata's runs of the same competition.
	next := map[string][]*Run{}
	for _, r := range g.Runs {
		if r.InMetadata && !used[r] {
			next[r.CompetitionID] = append(next[r.CompetitionID], r)
		}
	}
	for _, e := range entries {
		if e.Run != nil {
			continue
		}
		if q := next[e.CompetitionID]; len(q) > 0 {
			e.Run, next[e.CompetitionID] = q[0], q[1:]
			used[e.Run] = true
		}
	}
}

// parseGradingReport reads a grading report's competition_reports in file
// order. Python's bare NaN / Infinity tokens are kept as values.
func parseGradingReport(data []byte) ([]*Entry, error) {
	var doc struct {
		Reports *[]map[string]json.RawMessage `json:"competition_reports"`
	}
	if err := json.Unmarshal(quotePythonSpecials(data), &doc); err != nil {
		return nil, err
	}
	if doc.Reports == nil {
		return nil, fmt.Errorf("not a grading report: no \"competition_reports\"")
	}
	out := make([]*Entry, 0, len(*doc.Reports))
	for i, r := range *doc.Reports {
		e := &Entry{}
		if err := json.Unmarshal(r["competition_id"], &e.CompetitionID); err != nil || e.CompetitionID == "" {
			return nil, fmt.Errorf("report %d: bad or missing competition_id", i)
		}
		for key, dst := range map[string]*bool{
			"gold_medal": &e.Gold, "silver_medal": &e.Silver, "bronze_medal": &e.Bronze,
			"above_median": &e.AboveMedian, "submission_exists": &e.SubmissionExist, "valid_submission": &e.ValidSubmission,
		} {
			*dst = pyTruthy(unquoteSpecial(r[key]))
		}
		score, err := specialFloat(r["score"])
		if err != nil {
			return nil, fmt.Errorf("report %d (%s): score: %w", i, e.CompetitionID, err)
		}
		e.Score = score
		e.Thresholds.Known = true
		for key, dst := range map[string]*float64{
			"gold_threshold": &e.Thresholds.Gold, "silver_threshold": &e.Thresholds.Silver,
			"bronze_threshold": &e.Thresholds.Bronze, "median_threshold": &e.Thresholds.Median,
		} {
			v, err := specialFloat(r[key])
			if err != nil {
				return nil, fmt.Errorf("report %d (%s): %s: %w", i, e.CompetitionID, key, err)
			}
			if v == nil {
				e.Thresholds.Known = false
				continue
			}
			*dst = *v
		}
		e.Thresholds.LowerIsBetter = pyTruthy(r["is_lower_better"])
		var path any
		if raw, ok := r["submission_path"]; ok && json.Unmarshal(raw, &path) == nil {
			if s, ok := path.(string); ok {
				e.SubmissionPath = s
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// specialFloat reads a JSON number, null (nil) or one of the quoted
// specials quotePythonSpecials produces.
func specialFloat(raw json.RawMessage) (*float64, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var v float64
	switch string(raw) {
	case `"\u0000NaN"`:
		v = math.NaN()
	case `"\u0000Infinity"`:
		v = math.Inf(1)
	case `"\u0000-Infinity"`:
		v = math.Inf(-1)
	default:
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, fmt.Errorf("not a number: %s", raw)
		}
	}
	return &v, nil
}

// unquoteSpecial turns a quoted special back into a number for truthiness
// (NaN and ±Inf are truthy in Python).
func unquoteSpecial(raw json.RawMessage) json.RawMessage {
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`"\u0000`)) {
		return json.RawMessage("1")
	}
	return raw
}

// quotePythonSpecials rewrites the bare NaN, Infinity and -Infinity tokens
// Python's json writes, outside strings, as strings "\u0000NaN" etc. (a
// prefix no real string in a report starts with) so encoding/json can read
// the document and the values are not lost.
func quotePythonSpecials(b []byte) []byte {
	var out []byte
	inStr, esc := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inStr {
			out = append(out, c)
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		rest := b[i:]
		switch {
		case c == '"':
			inStr = true
		case bytes.HasPrefix(rest, []byte("-Infinity")):
			out = append(out, `"\u0000-Infinity"`...)
			i += len("-Infinity") - 1
			continue
		case bytes.HasPrefix(rest, []byte("Infinity")):
			out = append(out, `"\u0000Infinity"`...)
			i += len("Infinity") - 1
			continue
		case bytes.HasPrefix(rest, []byte("NaN")):
			out = append(out, `"\u0000NaN"`...)
			i += len("NaN") - 1
			continue
		}
		out = append(out, c)
	}
	return out
}

// LoadRunGroups loads several run groups and returns them in the order the
// aggregation reads their reports (sorted grading report paths), so the
// k-th entry of a competition across the groups is its k-th seed.
func LoadRunGroups(dirs []string) ([]*RunGroup, error) {
	return LoadRunGroupsWith(dirs, LoadOptions{})
}

// LoadRunGroupsWith is [LoadRunGroups] with explicit grading reports.
func LoadRunGroupsWith(dirs []string, opt LoadOptions) ([]*RunGroup, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("no run groups given")
	}
	explicit, err := explicitReports(dirs, opt.GradingReports)
	if err != nil {
		return nil, err
	}
	var groups []*RunGroup
	seen := map[string]bool{}
	for _, d := range dirs {
		g, err := loadRunGroup(d, explicit)
		if err != nil {
			return nil, err
		}
		abs, _ := filepath.Abs(g.ReportPath)
		if seen[abs] {
			return nil, fmt.Errorf("run group %s given twice", d)
		}
		seen[abs] = true
		groups = append(groups, g)
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].ReportPath < groups[j].ReportPath })
	return groups, nil
}

// allEntries concatenates the groups' entries in aggregation order.
func allEntries(groups []*RunGroup) []*Entry {
	var out []*Entry
	for _, g := range groups {
		out = append(out, g.Entries...)
	}
	return out
}
