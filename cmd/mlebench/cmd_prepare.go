package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/dataset"
	"github.com/mlebench/mlebench/internal/hugeheap"
)

type prepareOptions struct {
	Competition          string
	All                  bool
	Lite                 bool
	List                 string
	Raw                  string
	KeepRaw              bool
	OverwriteChecksums   bool
	OverwriteLeaderboard bool
	SkipVerification     bool
	SkipLeakScan         bool
}

func newPrepareCommand(g *Global) *cobra.Command {
	var opts prepareOptions
	cmd := &cobra.Command{
		Use:   "prepare (-c ID | -a | --lite | -l FILE) [--raw ZIP|DIR]",
		Short: "Download, check, extract and prepare competition data into DATA/<id>/prepared/{public,private}",
		Long: `Prepare competition data as the original's "mlebench prepare" does: obtain the
competition zip (from Kaggle, the zip already in DATA/<id>, or --raw), check its
MD5, extract it, run the competition's preparer, copy description.md into
public/ and verify the MD5s of the prepared files. The result appears
atomically: an interrupted or failed prepare leaves nothing that counts as
prepared, and running the command again resumes cleanly.

--raw takes the competition's zip or a directory of its extracted files and
works offline. --overwrite-checksums writes DATA/<id>/checksums.yaml (the
original writes into its code tree; mlebench cannot), and later runs verify
against that file when it exists. Descriptions are read from
<upstream-dir>/competitions/<id>/description.md (not shipped with mlebench).

After preparing, mlebench scans prepared/public for the private answers
(see "mlebench scan-leaks") and prints one line; --skip-leak-scan leaves
that out (the scan streams every file but holds the answers' hashes, about
8 bytes per answer cell, in memory).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPrepare(cmd, g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.Competition, "competition-id", "c", "", "prepare one competition ID (ids: see \"mlebench list\")")
	f.BoolVarP(&opts.All, "all", "a", false, "prepare every competition (all 82, in id order)")
	f.BoolVar(&opts.Lite, "lite", false, "prepare MLE-bench Lite (the low-complexity split)")
	f.StringVarP(&opts.List, "list", "l", "", "prepare the competitions listed in FILE, one id per line, or of a split (low/lite, medium, high, dev, split75, all, …)")
	f.StringVar(&opts.Raw, "raw", "", "use this competition zip, or directory of extracted raw files, instead of downloading (one competition only)")
	f.BoolVar(&opts.KeepRaw, "keep-raw", false, "keep DATA/<id>/raw after preparing")
	f.BoolVar(&opts.OverwriteChecksums, "overwrite-checksums", false, "[developer] re-prepare and write DATA/<id>/checksums.yaml from the actual files")
	f.BoolVar(&opts.OverwriteLeaderboard, "overwrite-leaderboard", false, "[developer] download the leaderboard again (as \"mlebench dev download-leaderboard --force\")")
	f.BoolVar(&opts.SkipVerification, "skip-verification", false, "[developer] skip the MD5 checks of the zip and the prepared files")
	f.BoolVar(&opts.SkipLeakScan, "skip-leak-scan", false, "do not scan prepared/public for the answers after preparing (mlebench scan-leaks does it later)")
	return cmd
}

// selectIDs reads the one selector given. The original silently applies
// --lite > --all > --list > --competition-id when several are given;
// mlebench refuses, as one of them would be ignored.
func selectIDs(g *Global, opts prepareOptions) ([]string, error) {
	var given []string
	for _, sel := range []struct {
		set  bool
		name string
	}{{opts.Lite, "--lite"}, {opts.All, "--all"}, {opts.List != "", "--list"}, {opts.Competition != "", "--competition-id"}} {
		if sel.set {
			given = append(given, sel.name)
		}
	}
	if len(given) > 1 {
		return nil, usagef("prepare: %s conflict: give one of --lite, --all, --list or --competition-id", strings.Join(given, " and "))
	}
	switch {
	case opts.Lite:
		return g.Catalog.Split("low")
	case opts.All:
		return g.Catalog.IDs(), nil
	case opts.List != "":
		return competitionSetIDs(g, opts.List, dataset.ReadIDList)
	case opts.Competition != "":
		return []string{opts.Competition}, nil
	}
	return nil, usagef("One of --lite, --all, --list, or --competition-id must be specified.")
}

// resolveCompetitions looks every id up (before anything is prepared, as
// the original loads every config first) and requires implementations.
func resolveCompetitions(g *Global, ids []string) ([]*competition.Competition, error) {
	comps := make([]*competition.Competition, 0, len(ids))
	var missing []string
	for _, id := range ids {
		c, err := g.Catalog.Lookup(id)
		if err != nil {
			return nil, err
		}
		if c.Impl == nil {
			missing = append(missing, id)
		}
		comps = append(comps, c)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%w: %s", competition.ErrNotImplemented, strings.Join(missing, ", "))
	}
	return comps, nil
}

func runPrepare(cmd *cobra.Command, g *Global, opts prepareOptions) error {
	ids, err := selectIDs(g, opts)
	if err != nil {
		return err
	}
	if opts.Raw != "" && len(ids) != 1 {
		return usagef("--raw works with one competition, not %d", len(ids))
	}
	comps, err := resolveCompetitions(g, ids)
	if err != nil {
		return err
	}
	defer limitPrepareMemory()()
	hugeheap.Advise(prepareMemoryLimit) // done already if main saw the command
	svc := &dataset.Service{
		DataDir:     g.DataDir,
		UpstreamDir: g.UpstreamDir,
		Log:         g.Log(),
		Progress:    newReporter(g),
	}
	k, err := configureKaggle(g, svc, opts)
	if err != nil {
		return err
	}
	if svc.Download != nil {
		if err := preflightForPrepare(cmd.Context(), g, k, comps, opts); err != nil {
			return err
		}
	}
	popt := dataset.Options{
		Raw:                  opts.Raw,
		KeepRaw:              opts.KeepRaw,
		OverwriteChecksums:   opts.OverwriteChecksums,
		OverwriteLeaderboard: opts.OverwriteLeaderboard,
		SkipVerification:     opts.SkipVerification,
	}
	// Every competition is attempted; the failures are listed at the end.
	var results []*dataset.Result
	var failures []string
	for _, c := range comps {
		r, perr := svc.Prepare(cmd.Context(), c, popt)
		if perr != nil {
			if cmd.Context().Err() != nil {
				err = perr
				break
			}
			if len(comps) == 1 {
				err = perr
				break
			}
			failures = append(failures, fmt.Sprintf("%s: %s", c.ID, firstLine(perr.Error())))
			if g.JSON {
				b, _ := jsonMarshal(map[string]any{"message_type": "prepare_failed", "competition_id": c.ID, "message": perr.Error()})
				fmt.Fprintln(g.Err, string(b))
			} else {
				g.Log().Error("preparing failed; continuing with the next competition", "competition", c.ID, "error", perr.Error())
			}
			continue
		}
		results = append(results, r)
	}
	if len(failures) > 0 {
		err = fmt.Errorf("%d of %d competitions failed to prepare:\n  %s", len(failures), len(comps), strings.Join(failures, "\n  "))
	}
	if g.JSON {
		if results == nil {
			results = []*dataset.Result{}
		}
		if werr := writeJSON(g.Out, results); werr != nil && err == nil {
			err = werr
		}
		return err
	}
	for _, r := range results {
		what := "already prepared"
		if r.Prepared {
			what = "prepared"
		}
		if r.Verified {
			what += ", checksums verified"
		} else {
			what += ", checksums not verified"
		}
		fmt.Fprintf(g.Out, "%s: %s (%s)\n", r.ID, what, filepath.Dir(r.Public))
		if opts.SkipLeakScan {
			continue
		}
		if c, lerr := g.Catalog.Lookup(r.ID); lerr == nil {
			if rep, lerr := scanLeaks(cmd, g, c); lerr != nil {
				g.Log().Warn("leak scan failed", "competition", r.ID, "error", lerr.Error())
			} else {
				fmt.Fprintf(g.Out, "%s: %s\n", r.ID, leakSummary(rep))
			}
		}
	}
	return err
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
