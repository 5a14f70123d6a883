package competitions

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
)

// upstreamDir finds the original's files as `mlebench` does when
// --upstream-dir is not given: $MLEBENCH_UPSTREAM_DIR, else a
// shared/upstream (or ../shared/upstream) holding competitions/ in the
// working directory or one of its parents. Without it the test is skipped,
// or fails when MLEBENCH_REQUIRE_UPSTREAM=1.
func upstreamDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("MLEBENCH_UPSTREAM_DIR")
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			t.Fatal(err)
		}
	search:
		for d := wd; ; d = filepath.Dir(d) {
			for _, cand := range []string{filepath.Join(d, "shared", "upstream"), filepath.Join(d, "..", "shared", "upstream")} {
				if st, err := os.Stat(filepath.Join(cand, "competitions")); err == nil && st.IsDir() {
					dir = filepath.Clean(cand)
					break search
				}
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if dir == "" {
		if os.Getenv("MLEBENCH_REQUIRE_UPSTREAM") == "1" {
			t.Fatal("the original's files (shared/upstream) are not available and MLEBENCH_REQUIRE_UPSTREAM=1")
		}
		t.Skip("the original's files (shared/upstream) are not available")
	}
	return dir
}

// readSplit reads the ids of upstream's splits/<name>.txt: one id per
// line, blank lines skipped.
func readSplit(t *testing.T, upstream, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(upstream, "splits", name+".txt"))
	if err != nil {
		if os.Getenv("MLEBENCH_REQUIRE_UPSTREAM") == "1" {
			t.Fatal(err)
		}
		t.Skipf("split file not available: %v", err)
	}
	var ids []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			ids = append(ids, line)
		}
	}
	if len(ids) == 0 {
		t.Fatalf("split %s lists no competition", name)
	}
	return ids
}

// TestGradeSplit75SampleSubmissions grades, as `mlebench grade` does (a
// JSONL read by grade.ReadJSONL, graded by grade.Grader.GradeEntries and
// summarised by grade.Summarize), the sample submission of every
// competition of the original's split75 that is implemented, each prepared
// from its fake raw data: every line must get a report with a score, and
// every implemented split75 competition must be on a graded line. The split
// is read from the upstream split file at test time, so competitions merged
// later are covered as soon as they are registered.
func TestGradeSplit75SampleSubmissions(t *testing.T) {
	if testing.Short() {
		t.Skip("prepares every implemented split75 competition")
	}
	ids := readSplit(t, upstreamDir(t), "split75")
	cat, err := competition.NewCatalog(All())
	if err != nil {
		t.Fatal(err)
	}
	// The catalog's facts were generated from the same split file.
	if facts, err := cat.Split("split75"); err != nil {
		t.Fatal(err)
	} else if a, b := slices.Sorted(slices.Values(facts)), slices.Sorted(slices.Values(ids)); !slices.Equal(a, b) {
		t.Errorf("the catalog's split75 differs from the upstream split file:\n%v\n%v", a, b)
	}

	var comps []*competition.Competition
	var missing []string
	for _, id := range ids {
		comp, err := cat.Lookup(id)
		if err != nil {
			t.Fatalf("split75 id %s: %v", id, err)
		}
		if comp.Impl == nil {
			missing = append(missing, id)
			continue
		}
		if comp.Impl.FakeRaw == nil {
			t.Errorf("%s is implemented without a fake-raw generator: its sample submission cannot be graded here", id)
			continue
		}
		comps = append(comps, comp)
	}
	if len(missing) > 0 {
		t.Logf("%d of %d split75 competitions are not implemented yet: %s", len(missing), len(ids), strings.Join(missing, ", "))
	}
	if len(comps) == 0 {
		t.Skip("no split75 competition is implemented")
	}

	data := preparedData(t)
	for _, c := range comps {
		if err := preparedErr(c.ID); err != nil {
			t.Fatal(err)
		}
	}

	// One JSONL line per competition, its sample submission as submitted.
	var jsonl strings.Builder
	for _, c := range comps {
		line, err := json.Marshal(map[string]string{"competition_id": c.ID, "submission_path": c.PathsIn(data).SampleSubmission})
		if err != nil {
			t.Fatal(err)
		}
		jsonl.Write(line)
		jsonl.WriteByte('\n')
	}
	jsonlPath := filepath.Join(t.TempDir(), "submission.jsonl")
	if err := os.WriteFile(jsonlPath, []byte(jsonl.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(jsonlPath)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := grade.ReadJSONL(f)
	f.Close()
	if err != nil {
		t.Fatalf("reading the JSONL: %v", err)
	}
	if len(entries) != len(comps) {
		t.Fatalf("the JSONL has %d entries, want %d", len(entries), len(comps))
	}
	g := &grade.Grader{Catalog: cat, DataDir: data}
	reports, err := g.GradeEntries(context.Background(), entries, nil)
	if err != nil {
		t.Fatalf("grading: %v", err)
	}
	if len(reports) != len(entries) {
		t.Fatalf("%d reports for %d lines", len(reports), len(entries))
	}
	graded := map[string]bool{}
	for i, rep := range reports {
		c := comps[i]
		switch {
		case rep.CompetitionID != c.ID:
			t.Errorf("line %d: report for %s, want %s", i+1, rep.CompetitionID, c.ID)
		case !rep.SubmissionExist:
			t.Errorf("%s: the sample submission %s was not found", c.ID, rep.SubmissionPath)
		case rep.Score == nil || !rep.ValidSubmission:
			// The grader's error is only logged by the Grader; grade again
			// to show it.
			t.Errorf("%s: the sample submission got no score (%v)", c.ID, gradeError(c, data))
		default:
			graded[c.ID] = true
		}
	}
	for _, c := range comps {
		if !graded[c.ID] {
			t.Errorf("%s is in split75 and implemented but was not graded", c.ID)
		}
	}
	sum := grade.Summarize(reports)
	if sum.TotalRuns != len(comps) || sum.TotalRunsWithSubmissions != len(comps) || sum.TotalValidSubmissions != len(comps) {
		t.Errorf("summary: %s, want %d runs, all with a valid submission", sum.CountsJSON(), len(comps))
	}
	t.Logf("graded the sample submissions of %d of the %d implemented split75 competitions (%d in the split)", len(graded), len(comps), len(ids))
}

// gradeError grades c's sample submission directly and returns the
// grader's error, for the failure message.
func gradeError(c *competition.Competition, data string) error {
	p := c.PathsIn(data)
	sub, err := grade.ReadSubmission(p.SampleSubmission)
	if err != nil {
		return err
	}
	answers, err := grade.LoadAnswers(c.Impl, p.Answers)
	if err != nil {
		return err
	}
	return grade.Call(c.Impl, sub, answers).Err
}
