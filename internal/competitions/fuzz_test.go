package competitions

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competition/competitiontest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// fuzzCase is one competition prepared from its fake raw data (see
// preparedData): its answers and sample submission bytes, so the fuzz
// target can grade arbitrary submissions against real answers.
type fuzzCase struct {
	impl    *competition.Impl
	answers *table.Table
	sample  []byte
}

func fuzzCases(f *testing.F) []fuzzCase {
	f.Helper()
	var impls []*competition.Impl
	var infos []competition.Info
	for _, impl := range All() {
		if impl.FakeRaw == nil {
			continue
		}
		info, ok := factFor(impl.ID)
		if !ok {
			continue
		}
		impls, infos = append(impls, impl), append(infos, info)
	}
	data := preparedData(f)
	cases := make([]fuzzCase, len(impls))
	for i, impl := range impls {
		if err := preparedErr(impl.ID); err != nil {
			f.Fatal(err)
		}
		c, err := fuzzCase1(impls[i], infos[i], data)
		if err != nil {
			f.Fatal(err)
		}
		cases[i] = c
	}
	return cases
}

// fuzzCase1 loads one prepared competition's answers and sample submission.
func fuzzCase1(impl *competition.Impl, info competition.Info, data string) (fuzzCase, error) {
	p := info.PathsIn(data)
	answers, err := grade.LoadAnswers(impl, p.Answers)
	if err != nil {
		return fuzzCase{}, fmt.Errorf("%s answers: %w", impl.ID, err)
	}
	sample, err := os.ReadFile(p.SampleSubmission)
	if err != nil {
		return fuzzCase{}, fmt.Errorf("%s sample: %w", impl.ID, err)
	}
	return fuzzCase{impl, answers, sample}, nil
}

func factFor(id string) (competition.Info, bool) {
	for _, f := range competition.Facts() {
		if f.ID == id {
			return f, true
		}
	}
	return competition.Info{}, false
}

// FuzzGraders feeds arbitrary CSV bytes, as submissions, to every grader.
// A grader must never panic: whatever the input, the outcome is a score or
// an error (invalid submission or unexpected error), and a nil score always
// comes with an error.
func FuzzGraders(f *testing.F) {
	if testing.Short() {
		f.Skip("prepares every competition")
	}
	cases := fuzzCases(f)
	for i, c := range cases {
		f.Add(uint8(i), c.sample)
		// Seeds derived from the sample: truncated, a duplicated row, a
		// column renamed, a cell blanked, text in a numeric column.
		lines := bytes.SplitAfter(c.sample, []byte("\n"))
		if len(lines) > 3 {
			f.Add(uint8(i), bytes.Join(lines[:len(lines)/2], nil))
			f.Add(uint8(i), bytes.Join(append(append([][]byte{}, lines...), lines[1]), nil))
			f.Add(uint8(i), append([]byte("x"), c.sample...))
			f.Add(uint8(i), bytes.Replace(c.sample, []byte(","), []byte(",,"), 3))
			f.Add(uint8(i), bytes.Replace(c.sample, []byte("0"), []byte("abc"), 5))
			f.Add(uint8(i), bytes.Replace(c.sample, []byte("1"), []byte("nan"), 5))
			f.Add(uint8(i), bytes.Replace(c.sample, []byte("\n"), []byte("\r\n"), -1))
		}
	}
	f.Add(uint8(0), []byte(""))
	f.Add(uint8(0), []byte("\"unterminated\n"))
	f.Fuzz(func(t *testing.T, which uint8, csv []byte) {
		c := cases[int(which)%len(cases)]
		sub, err := table.Read(bytes.NewReader(csv), table.ReadOptions{})
		if errors.Is(err, table.ErrEmpty) {
			sub, err = table.MustNew(), nil
		}
		if err != nil {
			return // unreadable CSV: the harness reports it before grading
		}
		out := grade.Call(c.impl, sub, c.answers)
		if out.Score == nil && out.Err == nil {
			t.Fatalf("%s: nil score without an error", c.impl.ID)
		}
		if out.Err != nil && bytes.Contains([]byte(out.Err.Error()), []byte("grader panicked")) {
			t.Fatalf("%s panicked on %q: %v", c.impl.ID, csv, out.Err)
		}
	})
}

// TestAllImplementationsConform runs the shared conformance suite on every
// listed competition (each competition's own test may run it again with
// expected scores and golden MD5s).
func TestAllImplementationsConform(t *testing.T) {
	if testing.Short() {
		t.Skip("each competition's own test runs the suite; this sweep runs in full mode")
	}
	for _, impl := range All() {
		t.Run(impl.ID, func(t *testing.T) {
			t.Parallel() // independent competitions: use every core
			if impl.FakeRaw == nil {
				t.Skip("no fake-raw generator")
			}
			competitiontest.Run(t, impl, competitiontest.Options{Seed: 3})
		})
	}
}
