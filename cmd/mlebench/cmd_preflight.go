package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/dataset"
	"github.com/mlebench/mlebench/internal/kaggle"
)

// newKaggle builds the Kaggle client from the environment: credentials as
// the kaggle CLI finds them, and MLEBENCH_KAGGLE_URL to point at another
// API root (tests, mirrors). Missing credentials give an error wrapping
// kaggle.ErrNoCredentials.
func newKaggle(g *Global) (*dataset.Kaggle, error) {
	home, _ := os.UserHomeDir()
	c, err := kaggle.NewFromEnv(os.Getenv, home)
	if err != nil {
		return nil, err
	}
	c.Logger = g.Log()
	for _, w := range c.Warnings {
		g.Log().Warn(w)
	}
	return &dataset.Kaggle{Client: c}, nil
}

// configureKaggle gives the prepare service its Kaggle downloader when
// credentials are configured. Without credentials prepare works offline
// (--raw, or the zip already in DATA/<id>).
func configureKaggle(g *Global, svc *dataset.Service, opts prepareOptions) (*dataset.Kaggle, error) {
	if opts.Raw != "" && !opts.OverwriteLeaderboard {
		return nil, nil
	}
	k, err := newKaggle(g)
	if errors.Is(err, kaggle.ErrNoCredentials) {
		g.Log().Debug("no Kaggle credentials: preparing offline")
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if opts.Raw == "" {
		svc.Download = k
	}
	svc.RefreshLeaderboard = func(ctx context.Context, id string) error {
		_, err := downloadLeaderboard(ctx, g, k, id)
		return err
	}
	return k, nil
}

// preflightForPrepare checks access to every competition that prepare will
// have to download, before downloading any, and fails with one table of
// what the user must still do.
func preflightForPrepare(ctx context.Context, g *Global, k *dataset.Kaggle, comps []*competition.Competition, opts prepareOptions) error {
	var ids []string
	for _, c := range comps {
		p := c.PathsIn(g.DataDir)
		prepared := !opts.OverwriteChecksums && c.CheckPrepared(g.DataDir, false) == nil
		// A zip already in DATA/<id> is enough when Kaggle cannot be reached.
		if (!prepared || opts.KeepRaw) && dirEmpty(p.Raw) && !hasOneZip(p.Root) {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	access, err := k.Preflight(ctx, ids)
	if err != nil {
		return err
	}
	if bad := notReady(access); len(bad) > 0 {
		printAccessTable(g.Err, bad)
		return fmt.Errorf("%d of %d competitions cannot be downloaded yet (see the table above); nothing was downloaded", len(bad), len(access))
	}
	return nil
}

func hasOneZip(dir string) bool {
	zips, _ := filepath.Glob(filepath.Join(dir, "*.zip"))
	return len(zips) == 1
}

func dirEmpty(dir string) bool {
	entries, err := os.ReadDir(dir)
	return err != nil || len(entries) == 0
}

func notReady(access []dataset.Access) []dataset.Access {
	var bad []dataset.Access
	for _, a := range access {
		if !a.OK() {
			bad = append(bad, a)
		}
	}
	return bad
}

// printAccessTable writes a table of the competitions needing attention.
func printAccessTable(w io.Writer, bad []dataset.Access) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "COMPETITION\tSTATUS\tWHAT TO DO")
	for _, a := range bad {
		todo := a.Error
		switch a.Status {
		case "rules-not-accepted":
			todo = "accept the rules at " + a.RulesURL
		case "not-found":
			todo = "not found on Kaggle (check the id and the account)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", a.ID, a.Status, todo)
	}
	tw.Flush()
}

type preflightOptions struct {
	Competition string
	All         bool
	Lite        bool
	List        string
}

func newPreflightCommand(g *Global) *cobra.Command {
	var opts preflightOptions
	cmd := &cobra.Command{
		Use:   "preflight (-c ID | -a | --lite | -l FILE)",
		Short: "Check Kaggle credentials and access to every competition's data, before downloading anything",
		Long: `Check that the Kaggle credentials work and that each selected competition's
data may be downloaded, without downloading it, and print one table of what
is still missing (mostly competition rules to accept, with their URLs).
Exits with status 1 when anything needs attention.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPreflight(cmd.Context(), g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Competition, "competition-id", "c", "", "check one competition ID")
	f.BoolVarP(&opts.All, "all", "a", false, "check every competition")
	f.BoolVar(&opts.Lite, "lite", false, "check MLE-bench Lite (the low-complexity split)")
	f.StringVarP(&opts.List, "list", "l", "", "check the competitions listed in FILE, one id per line")
	return cmd
}

func runPreflight(ctx context.Context, g *Global, opts preflightOptions) error {
	ids, err := selectIDs(g, prepareOptions{Competition: opts.Competition, All: opts.All, Lite: opts.Lite, List: opts.List})
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := g.Catalog.Lookup(id); err != nil {
			return err
		}
	}
	k, err := newKaggle(g)
	if err != nil {
		return &dataset.AuthError{Err: err}
	}
	access, err := k.Preflight(ctx, ids)
	if err != nil {
		return err
	}
	bad := notReady(access)
	if g.JSON {
		if err := writeJSON(g.Out, map[string]any{
			"credentials_source": k.Client.Creds.Source,
			"ready":              len(access) - len(bad),
			"total":              len(access),
			"competitions":       access,
		}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(g.Out, "Kaggle credentials from %s work.\n", k.Client.Creds.Source)
		if len(bad) == 0 {
			fmt.Fprintf(g.Out, "All %d competitions can be downloaded.\n", len(access))
			return nil
		}
		fmt.Fprintf(g.Out, "%d of %d competitions can be downloaded; still to do:\n", len(access)-len(bad), len(access))
		printAccessTable(g.Out, bad)
	}
	if len(bad) > 0 {
		return fmt.Errorf("%d of %d competitions need attention before they can be prepared", len(bad), len(access))
	}
	return nil
}
