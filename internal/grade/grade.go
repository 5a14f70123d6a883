// Package grade grades submissions exactly as the original MLE-bench does
// (harness.md §4): it calls a competition's grader with the submission and
// the answers, turns invalid submissions and unexpected errors into a null
// score, rounds valid scores to 5 decimals by the score's runtime kind, ranks
// the score against the competition's medal thresholds and builds the
// CompetitionReport. It also validates submissions for the validation server
// (§4.8) without ever revealing a score.
package grade

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/feature"
	"github.com/mlebench/mlebench/internal/pyfloat"
	"github.com/mlebench/mlebench/internal/table"
)

// Grader grades submissions against prepared data under DataDir.
type Grader struct {
	Catalog *competition.Catalog
	DataDir string
	// Now gives report timestamps; nil means time.Now.
	Now func() time.Time
	// Log receives the original's log lines; nil discards them.
	Log *slog.Logger
	// Percentiles, when set, adds the percentile extension to reports.
	Percentiles bool
	// Leaderboards replaces the built-in thresholds of the competitions it
	// names with ones computed from a full leaderboard the user supplied
	// (see [LoadLeaderboard]); percentiles then come from it too. For a
	// competition it does not name, a leaderboard downloaded into the data
	// directory ([DownloadedLeaderboardPath], written by `prepare
	// --overwrite-leaderboard` and `dev download-leaderboard --force`)
	// replaces the built-in one, as the original grades with the
	// leaderboard.csv those commands overwrite.
	Leaderboards map[string]*Leaderboard
	// Fixes are the opt-in departures from the original in effect
	// (see package feature); nil means the original's behaviour.
	Fixes feature.Set

	mu         sync.Mutex
	downloaded map[string]*Leaderboard // loaded DownloadedLeaderboardPath files (nil entry: none)
}

// DownloadedLeaderboardPath is where a leaderboard downloaded from Kaggle
// is kept: DATA/leaderboards/<id>.csv (the original overwrites the
// leaderboard.csv of its code tree).
func DownloadedLeaderboardPath(dataDir, id string) string {
	return filepath.Join(dataDir, "leaderboards", id+".csv")
}

// leaderboard returns the leaderboard that replaces comp's built-in
// thresholds, or nil: the user's (Leaderboards), else a downloaded one.
func (g *Grader) leaderboard(id string) (*Leaderboard, error) {
	if lb := g.Leaderboards[id]; lb != nil {
		return lb, nil
	}
	if g.DataDir == "" {
		return nil, nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if lb, ok := g.downloaded[id]; ok {
		return lb, nil
	}
	var lb *Leaderboard
	p := DownloadedLeaderboardPath(g.DataDir, id)
	if _, err := os.Stat(p); err == nil {
		if lb, err = LoadLeaderboard(id, p); err != nil {
			return nil, fmt.Errorf("downloaded leaderboard: %w", err)
		}
	}
	if g.downloaded == nil {
		g.downloaded = map[string]*Leaderboard{}
	}
	g.downloaded[id] = lb
	return lb, nil
}

func (g *Grader) now() time.Time {
	if g.Now != nil {
		return g.Now()
	}
	return time.Now()
}

func (g *Grader) log() *slog.Logger {
	if g.Log != nil {
		return g.Log
	}
	return slog.New(slog.DiscardHandler)
}

// Outcome is the result of calling a grader.
type Outcome struct {
	Score *float64 // rounded; nil when invalid or on an unexpected error
	// Int is set when the grader returned a Python int (competition.PyInt):
	// reports then write the score as an int, as json.dumps does.
	Int bool
	// Err is the grader's error: it wraps competition.ErrInvalidSubmission for
	// an invalid submission; anything else is an unexpected error.
	Err error
}

// Call runs impl.Grade and applies the original's Grader.__call__ rules: an
// invalid submission or any other error (including a panic, recovered here
// and nowhere else) gives a nil score; otherwise the score is rounded to 5
// decimals according to its kind.
func Call(impl *competition.Impl, submission, answers *table.Table) (out Outcome) {
	return callGrader(func() (competition.Score, error) { return impl.Grade(submission, answers) })
}

// callGrader is Call's rules around one grader call.
func callGrader(grade func() (competition.Score, error)) (out Outcome) {
	defer func() {
		if r := recover(); r != nil {
			out = Outcome{Err: fmt.Errorf("grader panicked: %v\n%s", r, debug.Stack())}
		}
	}()
	s, err := grade()
	if err != nil {
		return Outcome{Err: err}
	}
	v := Round5(s)
	return Outcome{Score: &v, Int: s.Kind == competition.PyInt}
}

// Submission is a submission file read for a competition's grader: opened
// by the competition itself ([competition.Impl.OpenSubmission]) or read
// into a table as [ReadSubmissionFor] reads it.
type Submission struct {
	impl   *competition.Impl
	table  *table.Table
	opened competition.OpenedSubmission
}

// OpenSubmission reads the submission at path for impl's grader: the
// competition's own opening when it has one and accepts the file, else
// [ReadSubmissionFor], whose error it returns (a file the competition
// accepts is one ReadSubmissionFor reads without error). Close the result.
func OpenSubmission(impl *competition.Impl, path string) (*Submission, error) {
	if o := openOwn(impl, path); o != nil {
		return &Submission{impl: impl, opened: o}, nil
	}
	t, err := ReadSubmissionFor(impl, path)
	if err != nil {
		return nil, err
	}
	return &Submission{impl: impl, table: t}, nil
}

// openOwn is impl.OpenSubmission(path), nil when impl has none, declines
// or panics (the harness's read then decides).
func openOwn(impl *competition.Impl, path string) (o competition.OpenedSubmission) {
	if impl.OpenSubmission == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			o = nil
		}
	}()
	return impl.OpenSubmission(path)
}

// GradeFiles is the competition's own grading of the submission and
// answers files ([competition.Impl.GradeFiles]) as the harness's Outcome.
// done is false when the competition has none, declines or panics: the
// harness then reads both files and grades as usual.
func GradeFiles(impl *competition.Impl, submission, answers string) (out Outcome, done bool) {
	if impl.GradeFiles == nil {
		return Outcome{}, false
	}
	defer func() {
		if recover() != nil {
			out, done = Outcome{}, false
		}
	}()
	s, err := impl.GradeFiles(submission, answers)
	if errors.Is(err, competition.ErrDeclined) {
		return Outcome{}, false
	}
	return callGrader(func() (competition.Score, error) { return s, err }), true
}

// Grade is the competition's grader on the submission and answers (a
// panic is not recovered; see Call).
func (s *Submission) Grade(answers *table.Table) (competition.Score, error) {
	if s.opened != nil {
		return s.opened.Grade(answers)
	}
	return s.impl.Grade(s.table, answers)
}

// Call is [Call] on the submission.
func (s *Submission) Call(answers *table.Table) Outcome {
	return callGrader(func() (competition.Score, error) { return s.Grade(answers) })
}

// Close releases a submission the competition opened itself.
func (s *Submission) Close() error {
	if s.opened == nil {
		return nil
	}
	return s.opened.Close()
}

// Round5 rounds a score to 5 decimals as the harness does for its kind:
// Python round() for Python floats, numpy's rint(x*1e5)/1e5 for float64,
// nothing for ints. NaN and ±Inf are unchanged.
func Round5(s competition.Score) float64 {
	switch s.Kind {
	case competition.NumpyFloat64:
		return pyfloat.RoundNumpy(s.Value, 5)
	case competition.PyInt:
		return s.Value
	}
	return pyfloat.Round(s.Value, 5)
}

// ReadSubmission reads a CSV as the original's read_csv does: an empty file
// gives an empty table (0 rows, 0 columns).
func ReadSubmission(path string) (*table.Table, error) {
	return readCSV(path, table.ReadOptions{})
}

// ReadSubmissionFor is [ReadSubmission] as the harness reads files for
// impl's grader: without numeric cells' text when the grader declares
// [competition.Impl.TypedRead], and only the columns it names in
// [competition.Impl.SubmissionColumns] (the whole file when that read
// fails).
func ReadSubmissionFor(impl *competition.Impl, path string) (*table.Table, error) {
	opt := table.ReadOptions{DropNumericText: impl.TypedRead}
	if len(impl.SubmissionColumns) > 0 {
		kept := opt
		kept.Keep = impl.SubmissionColumns
		if t, err := readCSV(path, kept); err == nil {
			return t, nil
		}
	}
	return readCSV(path, opt)
}

func readCSV(path string, opt table.ReadOptions) (*table.Table, error) {
	t, err := table.ReadFile(path, opt)
	if errors.Is(err, table.ErrEmpty) {
		return table.MustNew(), nil
	}
	return t, err
}

// LoadAnswers reads a competition's answers file.
func LoadAnswers(impl *competition.Impl, path string) (*table.Table, error) {
	if impl.LoadAnswers != nil {
		return impl.LoadAnswers(path)
	}
	if !strings.HasSuffix(path, ".csv") {
		return nil, fmt.Errorf("Unsupported file format for answers: %s", path)
	}
	return ReadSubmissionFor(impl, path)
}

// isCSVFile is the original's submission_exists: a regular file whose
// suffix, lower-cased, is .csv.
func isCSVFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular() && strings.ToLower(filepath.Ext(path)) == ".csv"
}

// GradeCSV grades one submission file for a competition (harness.md §4.4).
// A missing or non-CSV file gives a report with a null score; an unreadable
// CSV, an unprepared dataset or an unknown competition is an error.
func (g *Grader) GradeCSV(ctx context.Context, competitionID, path string) (*Report, error) {
	comp, err := g.Catalog.Lookup(competitionID)
	if err != nil {
		return nil, err
	}
	impl, err := comp.Implemented()
	if err != nil {
		return nil, err
	}
	if err := comp.CheckPrepared(g.DataDir, true); err != nil {
		var np *competition.NotPreparedError
		if errors.As(err, &np) {
			g.log().Warn(np.Reason)
		}
		return nil, err
	}
	// The original holds the path as a pathlib.Path: "x.csv/" and
	// "x.csv/." are "x.csv", for the checks as for the report.
	path = PythonPath(path)
	rep := &Report{CompetitionID: comp.ID, SubmissionPath: path}
	rep.SubmissionExist = isCSVFile(path)
	if rep.SubmissionExist {
		answersPath := comp.PathsIn(g.DataDir).Answers
		out, done := GradeFiles(impl, path, answersPath)
		var sub *Submission
		if !done {
			sub, err = OpenSubmission(impl, path)
		}
		switch {
		case done:
		case err != nil && g.Fixes.Enabled("grade-keep-going"):
			out.Err = fmt.Errorf("reading submission: %w", err)
		case err != nil:
			return nil, fmt.Errorf("reading submission %s for %s: %w (the original stops grading here; --fix grade-keep-going counts it as an invalid submission and grades the rest)", path, comp.ID, err)
		default:
			answers, err := LoadAnswers(impl, answersPath)
			if err != nil {
				sub.Close()
				return nil, fmt.Errorf("loading answers for %s: %w", comp.ID, err)
			}
			out = sub.Call(answers)
			sub.Close()
		}
		// Each message names the submission it is about.
		switch {
		case out.Err == nil:
		case errors.Is(out.Err, competition.ErrInvalidSubmission):
			rep.InvalidReason = "Invalid submission: " + out.Err.Error()
			g.log().Warn(rep.InvalidReason, "competition", comp.ID, "submission", path)
		default:
			rep.InvalidReason = "Unexpected error during grading: " + out.Err.Error()
			g.log().Error(rep.InvalidReason, "competition", comp.ID, "submission", path)
		}
		rep.Score, rep.ScoreIsInt = out.Score, out.Int
	} else {
		rep.InvalidReason = fmt.Sprintf("Invalid submission file: %s. Please check that the file exists and it is a CSV.", path)
		g.log().Warn(rep.InvalidReason, "competition", comp.ID)
	}
	rep.ValidSubmission = rep.Score != nil
	t := comp.Thresholds
	lb, err := g.leaderboard(comp.ID)
	if err != nil {
		return nil, err
	}
	if lb != nil {
		t = lb.Thresholds
	}
	m := Rank(rep.Score, t)
	rep.GoldThreshold, rep.SilverThreshold, rep.BronzeThreshold, rep.MedianThreshold = t.Gold, t.Silver, t.Bronze, t.Median
	rep.GoldMedal, rep.SilverMedal, rep.BronzeMedal, rep.AboveMedian = m.Gold, m.Silver, m.Bronze, m.AboveMedian
	rep.AnyMedal = m.Any()
	rep.IsLowerBetter = t.LowerIsBetter
	rep.CreatedAt = g.now()
	if g.Percentiles {
		rep.WithPercentile = true
		if rep.Score != nil {
			p, ok := Percentile(comp.ID, *rep.Score)
			if lb != nil {
				p, ok = lb.Percentile(*rep.Score)
			}
			if ok {
				rep.Percentile = &p
			}
		}
	}
	return rep, nil
}

// Entry is one line of a grading JSONL.
type Entry struct {
	CompetitionID  string
	SubmissionPath string
}

// ReadJSONL reads a submissions JSONL as the original's grade command does:
// lines are trimmed, empty lines and lines starting with "#" or "//" skipped;
// each object needs competition_id and submission_path (JSON null becomes the
// path "None"; other non-strings become their JSON text).
func ReadJSONL(r io.Reader) ([]Entry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	var out []Entry
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") || strings.HasPrefix(s, "//") {
			continue
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(pythonJSON([]byte(s)), &obj); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		rawID, ok := obj["competition_id"]
		if !ok {
			return nil, fmt.Errorf("line %d: missing key \"competition_id\"", line)
		}
		id, err := pyStr(rawID)
		if err != nil {
			return nil, fmt.Errorf("line %d: competition_id: %w", line, err)
		}
		rawPath, ok := obj["submission_path"]
		if !ok {
			return nil, fmt.Errorf("line %d: missing key \"submission_path\"", line)
		}
		path, err := pyStr(rawPath)
		if err != nil {
			return nil, fmt.Errorf("line %d: submission_path: %w", line, err)
		}
		out = append(out, Entry{CompetitionID: id, SubmissionPath: path})
	}
	return out, sc.Err()
}

// GradeEntries grades entries in order; the first error aborts (as the
// original does, no report is produced then). progress, if non-nil, is called
// after each entry.
func (g *Grader) GradeEntries(ctx context.Context, entries []Entry, progress func(done int)) ([]*Report, error) {
	reports := make([]*Report, 0, len(entries))
	for i, e := range entries {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rep, err := g.GradeCSV(ctx, e.CompetitionID, e.SubmissionPath)
		if err != nil {
			return nil, fmt.Errorf("grading %s (%s): %w", e.CompetitionID, e.SubmissionPath, err)
		}
		reports = append(reports, rep)
		if progress != nil {
			progress(i + 1)
		}
	}
	return reports, nil
}

// Validate checks a submission as the original's validate_submission does
// (harness.md §4.8) and never reveals a score. An unprepared dataset is an
// error (the server answers 500); every other problem is an invalid verdict
// with the original's message.
//
// With the "validate-jsonl-answers" fix the answers are loaded with the
// competition's own loader instead.
func Validate(comp *competition.Competition, dataDir, path string, fixes feature.Set) (valid bool, message string, err error) {
	st, statErr := os.Stat(path)
	if statErr != nil || !st.Mode().IsRegular() {
		return false, fmt.Sprintf("Submission invalid! Submission file %s does not exist.", path), nil
	}
	if strings.ToLower(filepath.Ext(path)) != ".csv" {
		return false, "Submission invalid! Submission file must be a CSV file.", nil
	}
	if err := comp.CheckPrepared(dataDir, true); err != nil {
		return false, "", err
	}
	impl, err := comp.Implemented()
	if err != nil {
		return false, "", err
	}
	fail := func(e error) (bool, string, error) {
		return false, "Submission invalid! The attempt to grade the submission has resulted in the following error message:\n" + e.Error(), nil
	}
	// Quirk kept by default: the original reads the answers with read_csv
	// here even when the competition's answers are JSONL.
	answersPath := comp.PathsIn(dataDir).Answers
	if impl.LoadAnswers == nil || fixes.Enabled("validate-jsonl-answers") {
		// The answers are read as GradeFiles' contract assumes: the
		// competition may grade the pair itself.
		if out, done := GradeFiles(impl, path, answersPath); done {
			if out.Err != nil {
				return fail(out.Err)
			}
			return true, "Submission is valid.", nil
		}
	}
	sub, err := OpenSubmission(impl, path)
	if err != nil {
		return fail(err)
	}
	defer sub.Close()
	var answers *table.Table
	if fixes.Enabled("validate-jsonl-answers") {
		answers, err = LoadAnswers(impl, answersPath)
	} else {
		answers, err = ReadSubmissionFor(impl, answersPath)
	}
	if err != nil {
		return fail(err)
	}
	if out := sub.Call(answers); out.Err != nil {
		return fail(out.Err)
	}
	return true, "Submission is valid.", nil
}
