// Package competition defines what a competition is: its facts (the
// original's config.yaml, checksums.yaml and leaderboard thresholds, shipped
// as data in this package), its implementation (prepare, grade and fake-raw
// functions registered by package competitions) and the [Catalog] that joins
// the two.
package competition

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/mlebench/mlebench/internal/table"
)

// Dirs are the directories a preparer works with. All are absolute.
type Dirs struct {
	Raw     string // the extracted Kaggle download (read only unless Impl.WritesRaw)
	Public  string // what the agent sees
	Private string // answers and anything else grading needs
}

// FakeOptions control a synthetic raw download.
type FakeOptions struct {
	Seed uint64
	// Rows scales the main table(s); 0 means the competition's small default,
	// which satisfies every size the original's prepare asserts.
	Rows int
}

// Impl is a competition's behaviour. Prepare and Grade are required; the
// rest may be nil.
type Impl struct {
	ID string

	// Prepare reads d.Raw and writes d.Public and d.Private exactly as the
	// original's prepare.py does (byte-identical files).
	Prepare func(ctx context.Context, d Dirs) error

	// Grade scores a submission against the answers. It returns an error
	// wrapping [ErrInvalidSubmission] for an invalid submission; any other
	// error is an "unexpected error" (also a null score upstream). It must
	// not panic on any input.
	Grade func(submission, answers *table.Table) (Score, error)

	// FakeRaw writes a small synthetic raw download in the competition's
	// exact Kaggle layout into dir.
	FakeRaw func(dir string, opt FakeOptions) error

	// LoadAnswers reads the answers file; nil means [table.ReadFile] with
	// default options.
	LoadAnswers func(path string) (*table.Table, error)

	// WritesRaw declares that Prepare writes into d.Raw (it unpacks nested
	// archives there, or keeps temporary files): the harness then gives it
	// a copy of a raw directory instead of the directory itself. Every
	// other preparer only reads d.Raw (competitiontest checks it).
	WritesRaw bool

	// TypedRead declares that Grade never reads [table.Column.Text] of an
	// int64 or float64 column (it uses the values, or Str), so the harness
	// reads the submission and the CSV answers with
	// table.ReadOptions.DropNumericText: files of plain numbers are then
	// streamed straight into typed columns.
	TypedRead bool

	// SubmissionColumns, when set, declares that Grade reads no column of
	// the submission but these (and its row count), so the harness reads
	// the submission with table.ReadOptions.Keep of them: the whole file
	// is parsed and checked as before (a malformed line or invalid UTF-8
	// anywhere is the same error), but the other columns' cells are
	// neither stored nor converted. A submission the kept read fails on
	// (one lacking a named column, say) is read whole, so that Grade sees
	// what it would have seen.
	SubmissionColumns []string

	// OpenSubmission, when set, is offered a submission file before the
	// harness reads it into a table: it returns the file opened for
	// grading, or nil to decline (the harness then reads the file and
	// calls Grade). It may accept only a file that the harness's read
	// (grade.ReadSubmissionFor) reads without error, and the opened
	// file's Grade must give what Grade gives on that read's table, for
	// any answers. It is for graders that need a small part of a large
	// submission (it must not panic on any input either).
	OpenSubmission func(path string) OpenedSubmission

	// GradeFiles, when set, is offered the submission and answers files
	// before the harness reads either: it grades them in its own pass,
	// or returns an error wrapping [ErrDeclined] (the harness then reads
	// both and grades as usual). It may take only files the harness reads
	// without error (the submission with grade.ReadSubmissionFor, the
	// answers with grade.LoadAnswers), and must then give what Grade gives
	// on their tables. It is for graders whose whole work is one pass over
	// both files (it must not panic on any input either).
	GradeFiles func(submission, answers string) (Score, error)
}

// ErrDeclined is what Impl.GradeFiles returns (wrapped) for files it leaves
// to the harness's reading.
var ErrDeclined = errors.New("declined: the harness reads the files")

// OpenedSubmission is a submission file a competition grades without the
// harness reading it into a table (see Impl.OpenSubmission).
type OpenedSubmission interface {
	// Grade is Impl.Grade of the file's table and answers.
	Grade(answers *table.Table) (Score, error)
	// Close releases the file.
	Close() error
}

// ScoreKind is the Python runtime type of a grader's result, which decides
// how the harness rounds it to 5 decimals.
type ScoreKind uint8

const (
	PyFloat      ScoreKind = iota // Python float: correctly rounded (round(x, 5))
	NumpyFloat64                  // numpy.float64: rint(x*1e5)/1e5
	PyInt                         // Python int/bool: not rounded
)

// Score is a grader's result with the kind of number it is.
type Score struct {
	Value float64
	Kind  ScoreKind
}

// Float is a Python-float score.
func Float(v float64) Score { return Score{Value: v, Kind: PyFloat} }

// Numpy is a numpy.float64 score.
func Numpy(v float64) Score { return Score{Value: v, Kind: NumpyFloat64} }

// ErrInvalidSubmission is matched (errors.Is) by every invalid-submission error.
var ErrInvalidSubmission = errors.New("invalid submission")

// InvalidSubmissionError is the original's InvalidSubmissionError.
type InvalidSubmissionError struct{ Reason string }

func (e *InvalidSubmissionError) Error() string        { return e.Reason }
func (e *InvalidSubmissionError) Is(target error) bool { return target == ErrInvalidSubmission }

// Invalid returns an *InvalidSubmissionError with a formatted reason.
func Invalid(format string, args ...any) error {
	return &InvalidSubmissionError{Reason: fmt.Sprintf(format, args...)}
}

// Thresholds are a leaderboard's medal thresholds.
type Thresholds struct {
	Gold, Silver, Bronze, Median float64
	LowerIsBetter                bool
}

// Checksums are the original's checksums.yaml.
type Checksums struct {
	Zip     string
	Public  map[string]string
	Private map[string]string
}

// Info is everything the original's registry knows about a competition.
type Info struct {
	ID               string
	Name             string
	Type             string // "simple" or "code"
	AwardsMedals     bool
	Metric           string // grader.name, informational
	Answers          string // relative to the data dir
	SampleSubmission string // relative to the data dir
	GoldSubmission   string // relative to the data dir; "" means Answers
	Description      string // relative to the original repository root
	Splits           []string
	Checksums        Checksums
	Thresholds       Thresholds
	Teams            int // leaderboard rows behind Thresholds, 0 when unknown
	// Category and DataSizeGB come from the original README's Lite table;
	// empty / 0 where it gives none.
	Category   string
	DataSizeGB float64
}

// Gold returns the gold submission path (the answers when none is set).
func (i *Info) Gold() string {
	if i.GoldSubmission != "" {
		return i.GoldSubmission
	}
	return i.Answers
}

// Competition is one catalog entry: the facts and, when implemented, the
// behaviour.
type Competition struct {
	Info
	Impl *Impl // nil when not implemented yet
}

// ErrNotImplemented is returned when a catalog entry has no implementation.
var ErrNotImplemented = errors.New("competition not implemented yet")

// ErrUnknownCompetition is returned by [Catalog.Lookup] for unknown ids.
var ErrUnknownCompetition = errors.New("unknown competition")

// NaN is a convenience for graders.
var NaN = math.NaN()
