package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/table"
)

// An interrupt stops `dev fake-raw` at once even though the generators
// take no context (a generator stuck in a loop once outlived SIGTERM from
// `dev bench --step-timeout`).
func TestFakeRawReturnsOnInterrupt(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	impl := &competition.Impl{
		ID:      "spaceship-titanic",
		Prepare: func(context.Context, competition.Dirs) error { return nil },
		Grade: func(*table.Table, *table.Table) (competition.Score, error) {
			return competition.Score{}, nil
		},
		FakeRaw: func(string, competition.FakeOptions) error { <-release; return nil },
	}
	cat, err := competition.NewCatalog([]*competition.Impl{impl})
	if err != nil {
		t.Fatal(err)
	}
	var errb strings.Builder
	g := &Global{Streams: Streams{Err: &errb}, Catalog: cat}
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- runFakeRaw(ctx, g, fakeRawOptions{Competition: "spaceship-titanic", Out: t.TempDir()})
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "partial data") {
			t.Fatalf("runFakeRaw = %v, want an interruption error naming the partial data", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("runFakeRaw did not return after its context ended")
	}
}
