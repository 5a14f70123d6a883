package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/leak"
)

// leakScanFile is where a competition's last scan is kept.
func leakScanFile(g *Global, id string) string { return filepath.Join(g.DataDir, id, "leak_scan.json") }

// scanLeaks scans one prepared competition and saves the report.
func scanLeaks(cmd *cobra.Command, g *Global, c *competition.Competition) (*leak.Report, error) {
	p := c.PathsIn(g.DataDir)
	rep, err := leak.Scan(cmd.Context(), c.ID, p.Public, p.Private, leak.Options{SampleSubmission: p.SampleSubmission})
	if err != nil {
		return nil, fmt.Errorf("scanning %s: %w", c.ID, err)
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(leakScanFile(g, c.ID), append(b, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("saving the scan: %w", err)
	}
	return rep, nil
}

// savedLeakScan reads a competition's last scan, if any.
func savedLeakScan(g *Global, id string) (*leak.Report, bool) {
	b, err := os.ReadFile(leakScanFile(g, id))
	if err != nil {
		return nil, false
	}
	var rep leak.Report
	if json.Unmarshal(b, &rep) != nil {
		return nil, false
	}
	return &rep, true
}

// leakSummary is one line about a scan.
func leakSummary(rep *leak.Report) string {
	det := rep.Detected()
	known := len(rep.Findings) - len(det)
	switch {
	case len(det) == 0 && known == 0:
		return "leak scan: no answers found in the public files"
	case len(det) == 0:
		return fmt.Sprintf("leak scan: %d known leak(s) documented by the original, nothing else found", known)
	}
	var what []string
	for _, f := range det {
		what = append(what, f.Kind+" in "+f.File)
	}
	return fmt.Sprintf("leak scan: %d finding(s): %s (details: mlebench scan-leaks -c %s)", len(det), strings.Join(what, "; "), rep.CompetitionID)
}

type scanLeaksOptions struct {
	Competitions []string
	Split        string
	Strict       bool
}

func newScanLeaksCommand(g *Global) *cobra.Command {
	var o scanLeaksOptions
	cmd := &cobra.Command{
		Use:   "scan-leaks [-c ID ... | --split NAME]",
		Short: "Look for the private answers in what agents can see (prepared/public)",
		Long: `For each prepared competition, looks for the answers in prepared/public: answer columns
joined on the test ids or copied in order, hex digests of the labels, file names that carry a
test id and its label, and the leaks the original documents as known issues. Findings are saved
as DATA/<id>/leak_scan.json with their evidence and shown by 'mlebench list' and in reports.
'prepare' runs it after each preparation. Without -c or --split, every prepared competition.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ids := o.Competitions
			if o.Split != "" {
				if len(ids) > 0 {
					return usagef("give -c or --split, not both")
				}
				var err error
				if ids, err = splitIDsFromProject(g, o.Split); err != nil {
					return err
				}
			}
			explicit := len(ids) > 0
			if !explicit {
				ids = g.Catalog.IDs()
			}
			var reports []*leak.Report
			detected := 0
			for _, id := range ids {
				c, err := g.Catalog.Lookup(id)
				if err != nil {
					return usagef("%v", err)
				}
				if _, err := os.Stat(c.PathsIn(g.DataDir).Private); errors.Is(err, fs.ErrNotExist) {
					if explicit {
						return fmt.Errorf("%s is not prepared (mlebench prepare -c %s)", id, id)
					}
					continue
				}
				rep, err := scanLeaks(cmd, g, c)
				if err != nil {
					return err
				}
				reports = append(reports, rep)
				detected += len(rep.Detected())
			}
			if g.JSON {
				if err := writeJSON(g.Out, reports); err != nil {
					return err
				}
			} else {
				tw := tabwriter.NewWriter(g.Out, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "COMPETITION\tKIND\tEVIDENCE")
				for _, r := range reports {
					if len(r.Findings) == 0 {
						fmt.Fprintf(tw, "%s\t-\tnothing found\n", r.CompetitionID)
					}
					for _, f := range r.Findings {
						ev := f.Detail
						if f.File != "" {
							ev = f.File + ": " + ev
						}
						if f.Source != "" {
							ev += " [" + f.Source + "]"
						}
						fmt.Fprintf(tw, "%s\t%s\t%s\n", r.CompetitionID, f.Kind, ev)
					}
				}
				if err := tw.Flush(); err != nil {
					return err
				}
				if len(reports) == 0 {
					fmt.Fprintln(g.Out, "no prepared competitions to scan")
				}
			}
			if o.Strict && detected > 0 {
				return fmt.Errorf("%d leak finding(s) beyond the known ones", detected)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringArrayVarP(&o.Competitions, "competition", "c", nil, "competition id (repeatable)")
	f.StringVar(&o.Split, "split", "", "a split name or file")
	f.BoolVar(&o.Strict, "strict", false, "exit 1 when a leak other than the documented known ones is found")
	return cmd
}
