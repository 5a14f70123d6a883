package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/dataset"
)

type downloadLeaderboardOptions struct {
	Competition string
	All         bool
	Force       bool
}

func newDownloadLeaderboardCommand(g *Global) *cobra.Command {
	var opts downloadLeaderboardOptions
	cmd := &cobra.Command{
		Use:   "download-leaderboard (-c ID | --all) [--force]",
		Short: "Check the built-in leaderboard thresholds, or (--force) download a leaderboard and compute them",
		Long: `Without --force, check that the built-in leaderboard facts (medal thresholds)
exist for each competition, as the original checks for leaderboard.csv. With
--force, download the leaderboard from Kaggle to DATA/leaderboards/<id>.csv (the
original overwrites the file in its code tree) and print the thresholds
computed from it next to the built-in ones. From then on grading (grade,
grade-sample) takes the medal thresholds from that file, as the original
grades with the leaderboard it overwrote; delete it to go back to the
built-in ones.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDownloadLeaderboard(cmd.Context(), g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Competition, "competition-id", "c", "", "one competition ID")
	f.BoolVar(&opts.All, "all", false, "every competition, in id order")
	f.BoolVar(&opts.Force, "force", false, "download from Kaggle and write DATA/leaderboards/<id>.csv, which grading then uses")
	return cmd
}

// leaderboardRow is one competition's result.
type leaderboardRow struct {
	ID         string          `json:"competition_id"`
	Path       string          `json:"path,omitempty"`
	Teams      int             `json:"teams"`
	Thresholds thresholdsJSON  `json:"thresholds"`
	Builtin    *thresholdsJSON `json:"builtin,omitempty"`
}

type thresholdsJSON struct {
	Gold          float64 `json:"gold"`
	Silver        float64 `json:"silver"`
	Bronze        float64 `json:"bronze"`
	Median        float64 `json:"median"`
	LowerIsBetter bool    `json:"lower_is_better"`
}

func toJSON(t competition.Thresholds) thresholdsJSON {
	return thresholdsJSON{t.Gold, t.Silver, t.Bronze, t.Median, t.LowerIsBetter}
}

// downloadLeaderboard fetches one leaderboard to DATA/leaderboards/<id>.csv.
func downloadLeaderboard(ctx context.Context, g *Global, k *dataset.Kaggle, id string) (leaderboardRow, error) {
	path := dataset.LeaderboardPath(g.DataDir, id)
	th, n, err := k.DownloadLeaderboard(ctx, id, path)
	if err != nil {
		return leaderboardRow{}, err
	}
	g.Log().Info("Downloaded leaderboard", "competition", id, "path", path, "teams", n)
	return leaderboardRow{ID: id, Path: path, Teams: n, Thresholds: toJSON(th)}, nil
}

func runDownloadLeaderboard(ctx context.Context, g *Global, opts downloadLeaderboardOptions) error {
	var ids []string
	switch {
	case opts.All:
		ids = g.Catalog.IDs()
	case opts.Competition != "":
		ids = []string{opts.Competition}
	default:
		return usagef("Either --all or --competition-id must be specified.")
	}
	comps := make([]*competition.Competition, 0, len(ids))
	for _, id := range ids {
		c, err := g.Catalog.Lookup(id)
		if err != nil {
			return err
		}
		comps = append(comps, c)
	}
	var k *dataset.Kaggle
	if opts.Force {
		var err error
		if k, err = newKaggle(g); err != nil {
			return &dataset.AuthError{Err: err}
		}
	}
	var rows []leaderboardRow
	for _, c := range comps {
		row := leaderboardRow{ID: c.ID, Teams: c.Teams, Thresholds: toJSON(c.Thresholds)}
		if c.Thresholds == (competition.Thresholds{}) {
			if !opts.Force {
				return fmt.Errorf("Leaderboard not found locally for competition `%s`. Please flag this to the developers.", c.ID)
			}
		} else if opts.Force {
			b := toJSON(c.Thresholds)
			row.Builtin = &b
		}
		if opts.Force {
			dl, err := downloadLeaderboard(ctx, g, k, c.ID)
			if err != nil {
				return err
			}
			dl.Builtin = row.Builtin
			row = dl
		}
		rows = append(rows, row)
	}
	if g.JSON {
		return writeJSON(g.Out, rows)
	}
	for _, r := range rows {
		t := r.Thresholds
		dir := "higher is better"
		if t.LowerIsBetter {
			dir = "lower is better"
		}
		src := "built-in"
		if r.Path != "" {
			src = r.Path
		}
		fmt.Fprintf(g.Out, "%s: gold %v, silver %v, bronze %v, median %v (%s; %d teams; %s)\n", r.ID, t.Gold, t.Silver, t.Bronze, t.Median, dir, r.Teams, src)
		if b := r.Builtin; b != nil && *b != t {
			fmt.Fprintf(g.Out, "  differs from the built-in thresholds: gold %v, silver %v, bronze %v, median %v\n", b.Gold, b.Silver, b.Bronze, b.Median)
		}
	}
	return nil
}
