package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/dataset"
)

func newDevCommand(g *Global) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "dev",
		Short: "Developer tools",
	}
	cmd.AddCommand(
		newFakeRawCommand(g),
		newDownloadLeaderboardCommand(g),
		newBenchCommand(g),
	)
	return cmd
}

type fakeRawOptions struct {
	Competition string
	Out         string
	Seed        uint64
	Rows        int
}

func newFakeRawCommand(g *Global) *cobra.Command {
	var opts fakeRawOptions
	cmd := &cobra.Command{
		Use:   "fake-raw -c ID -o DIR",
		Short: "Write a small synthetic raw download in the competition's exact Kaggle layout",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFakeRaw(cmd.Context(), g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Competition, "competition-id", "c", "", "competition id (required)")
	f.StringVarP(&opts.Out, "output", "o", "", "output directory (required)")
	f.Uint64Var(&opts.Seed, "seed", 0, "random seed")
	f.IntVar(&opts.Rows, "rows", 0, "rows in the main table (0 = the competition's small default)")
	cmd.MarkFlagRequired("competition-id")
	cmd.MarkFlagRequired("output")
	return cmd
}

func runFakeRaw(ctx context.Context, g *Global, opts fakeRawOptions) error {
	comp, err := g.Catalog.Lookup(opts.Competition)
	if err != nil {
		return err
	}
	impl, err := comp.Implemented()
	if err != nil {
		return err
	}
	if impl.FakeRaw == nil {
		return fmt.Errorf("%s has no fake-raw generator yet", comp.ID)
	}
	out, err := filepath.Abs(opts.Out)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// The generators take no context: an interrupt (Ctrl-C, SIGTERM from
	// `dev bench --step-timeout`) returns at once, leaving the process to
	// exit with the generator's partial output on disk.
	done := make(chan error, 1)
	go func() { done <- impl.FakeRaw(out, competition.FakeOptions{Seed: opts.Seed, Rows: opts.Rows}) }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("fake-raw %s: %w", comp.ID, err)
		}
	case <-ctx.Done():
		return fmt.Errorf("fake-raw %s: interrupted; %s holds partial data: %w", comp.ID, out, ctx.Err())
	}
	// prepare --raw recognises synthetic data by this file (and skips it).
	if err := os.WriteFile(filepath.Join(out, dataset.SyntheticMarker), []byte("synthetic raw data written by mlebench dev fake-raw; it cannot match the original's checksums\n"), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(g.Err, "wrote synthetic raw data for %s to %s\n", comp.ID, out)
	return nil
}
