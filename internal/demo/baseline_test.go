package demo

import (
	"bytes"
	"context"
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
// the public directory.
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
			env := baseline.Env{
				DataDir: public, SubmissionDir: filepath.Join(work, "submission"), CodeDir: filepath.Join(work, "code"),
				ValidateURL: srv.URL + "/validate", Log: &log,
			}
			if err := baseline.Run(context.Background(), env); err != nil {
				t.Fatalf("%v\n%s", err, log.String())
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
