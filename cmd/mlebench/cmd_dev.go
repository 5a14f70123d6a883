package main

import (
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
			return runFakeRaw(g, opts)
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

func runFakeRaw(g *Global, opts fakeRawOptions) error {
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
	if err := impl.FakeRaw(out, competition.FakeOptions{Seed: opts.Seed, Rows: opts.Rows}); err != nil {
		return fmt.Errorf("fake-raw %s: %w", comp.ID, err)
	}
	// prepare --raw recognises synthetic data by this file (and skips it).
	if err := os.WriteFile(filepath.Join(out, dataset.SyntheticMarker), []byte("synthetic raw data written by mlebench dev fake-raw; it cannot match the original's checksums\n"), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(g.Err, "wrote synthetic raw data for %s to %s\n", comp.ID, out)
	return nil
}
