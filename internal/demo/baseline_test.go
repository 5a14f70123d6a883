package demo

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/demo/baseline"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/server"
)

// The baseline agent trains real models that earn a medal on every demo
// competition (deterministically: it uses no randomness), and validates
// its submissions with the real validation server. It reads only a copy of
// the public directory. It works in three stages whose submissions get
// strictly better: the prior (no medal), a simple model, the final one,
// whose submission is the one left in the submission directory.
func TestBaselineQuality(t *testing.T) {
	dir := preparedData(t)
	cat := sharedCatalog(t)
	g := &grade.Grader{Catalog: cat, DataDir: dir}
	for _, comp := range cat.All() {
		t.Run(comp.ID, func(t *testing.T) {
			work := t.TempDir()
			public := filepath.Join(work, "data")
			if err := os.CopyFS(public, os.DirFS(comp.PathsIn(dir).Public)); err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(server.New(server.Options{Catalog: cat, CompetitionID: comp.ID, DataDir: dir}))
			defer srv.Close()
			var log bytes.Buffer
			var stages []baseline.Stage
			env := baseline.Env{
				DataDir: public, SubmissionDir: filepath.Join(work, "submission"), CodeDir: filepath.Join(work, "code"),
				ValidateURL: srv.URL + "/validate", Log: &log,
				OnStage: func(s baseline.Stage) { stages = append(stages, s) },
			}
			if err := baseline.Run(context.Background(), env); err != nil {
				t.Fatalf("%v\n%s", err, log.String())
			}
			if len(stages) != 3 {
				t.Fatalf("%d stages, want 3:\n%s", len(stages), log.String())
			}
			var prev *float64
			for i, s := range stages {
				if s.Index != i+1 || s.Of != 3 || s.Name != []string{"quick", "simple", "final"}[i] {
					t.Errorf("stage %d: %+v", i+1, s)
				}
				p := filepath.Join(work, fmt.Sprintf("stage%d.csv", s.Index))
				if err := os.WriteFile(p, s.Submission, 0o644); err != nil {
					t.Fatal(err)
				}
				rep, err := g.GradeCSV(context.Background(), comp.ID, p)
				if err != nil || rep.Score == nil {
					t.Fatalf("stage %d (%s): %v %+v", s.Index, s.Model, err, rep)
				}
				t.Logf("stage %d (%s): score %v, any medal %v", s.Index, s.Model, *rep.Score, rep.AnyMedal)
				if s.Name == "quick" && rep.AnyMedal {
					t.Errorf("the prior earned a medal")
				}
				if prev != nil && !better(*rep.Score, *prev, comp.Thresholds.LowerIsBetter) {
					t.Errorf("stage %d scores %v, not better than %v", s.Index, *rep.Score, *prev)
				}
				prev = rep.Score
			}
			if final, _ := os.ReadFile(filepath.Join(work, "submission", "submission.csv")); !bytes.Equal(final, stages[2].Submission) {
				t.Error("submission.csv is not the final stage's submission")
			}
			if left, _ := filepath.Glob(filepath.Join(work, "*", ".submission-*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
			if !strings.Contains(log.String(), "validation server: Submission is valid.") {
				t.Errorf("no validation verdict in the log:\n%s", log.String())
			}
			if _, err := os.Stat(filepath.Join(work, "code", "model.txt")); err != nil {
				t.Error(err)
			}
			rep, err := g.GradeCSV(context.Background(), comp.ID, filepath.Join(work, "submission", "submission.csv"))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Score == nil || !rep.AnyMedal || !rep.AboveMedian {
				t.Errorf("baseline: score %v, medal %v (thresholds %+v)\n%s", rep.Score, rep.AnyMedal, comp.Thresholds, log.String())
			}
			t.Logf("score %v gold %v silver %v bronze %v", *rep.Score, rep.GoldMedal, rep.SilverMedal, rep.BronzeMedal)
		})
	}
}

func better(score, than float64, lowerIsBetter bool) bool {
	if lowerIsBetter {
		return score < than
	}
	return score > than
}

// An invalid verdict from the validation server fails the agent.
func TestBaselineRejected(t *testing.T) {
	dir := preparedData(t)
	cat := sharedCatalog(t)
	comp, _ := cat.Lookup(tabularID)
	// A server for another competition rejects the tabular submission.
	srv := httptest.NewServer(server.New(server.Options{Catalog: cat, CompetitionID: imageID, DataDir: dir}))
	defer srv.Close()
	work := t.TempDir()
	err := baseline.Run(context.Background(), baseline.Env{
		DataDir: comp.PathsIn(dir).Public, SubmissionDir: work, ValidateURL: srv.URL + "/validate",
	})
	if err == nil || !strings.Contains(err.Error(), "rejected") {
		t.Fatalf("got %v, want a rejected submission", err)
	}
}

func TestBaselineUnknownTask(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "sample_submission.csv"), []byte("id,a,b\n1,0,0\n"), 0o644)
	err := baseline.Run(context.Background(), baseline.Env{DataDir: dir, SubmissionDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "cannot tell") {
		t.Fatalf("got %v", err)
	}
	err = baseline.Run(context.Background(), baseline.Env{DataDir: t.TempDir(), SubmissionDir: t.TempDir()})
	if err == nil {
		t.Fatal("no error without any data")
	}
}
