package main

import (
	"github.com/mlebench/mlebench/internal/leak"

	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

type listOptions struct {
	Split string
}

func newListCommand(g *Global) *cobra.Command {
	var opts listOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List competitions (id order), optionally one split",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runList(g, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Split, "split", "all", "split: "+strings.Join(splitNames(), ", "))
	return cmd
}

func runList(g *Global, opts listOptions) error {
	ids, err := g.Catalog.Split(opts.Split)
	if err != nil {
		return usagef("%v", err)
	}
	type row struct {
		ID            string   `json:"id"`
		Name          string   `json:"name"`
		Type          string   `json:"competition_type"`
		Metric        string   `json:"metric"`
		LowerIsBetter bool     `json:"lower_is_better"`
		Splits        []string `json:"splits"`
		Gold          float64  `json:"gold_threshold"`
		Silver        float64  `json:"silver_threshold"`
		Bronze        float64  `json:"bronze_threshold"`
		Median        float64  `json:"median_threshold"`
		Category      string   `json:"category,omitempty"`
		DataSizeGB    float64  `json:"dataset_size_gb,omitempty"`
		Implemented   bool     `json:"implemented"`
		// KnownLeakage lists the leaks the original documents and those the
		// last scan-leaks of the prepared data found.
		KnownLeakage []string `json:"known_leakage,omitempty"`
	}
	var rows []row
	for _, id := range ids {
		c, err := g.Catalog.Lookup(id)
		if err != nil {
			return err
		}
		t := c.Thresholds
		var leaks []string
		for _, k := range leak.KnownFor(c.ID) {
			leaks = append(leaks, k.What)
		}
		if rep, ok := savedLeakScan(g, c.ID); ok {
			for _, f := range rep.Detected() {
				leaks = append(leaks, f.Kind+" in "+f.File+": "+f.Detail)
			}
		}
		rows = append(rows, row{c.ID, c.Name, c.Type, c.Metric, t.LowerIsBetter, c.Splits, t.Gold, t.Silver, t.Bronze, t.Median, c.Category, c.DataSizeGB, c.Impl != nil, leaks})
	}
	if g.JSON {
		return writeJSON(g.Out, rows)
	}
	tw := tabwriter.NewWriter(g.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tMETRIC\tDIRECTION\tSPLITS\tCATEGORY\tSIZE (GB)\tIMPLEMENTED\tLEAKAGE")
	for _, r := range rows {
		dir := "higher"
		if r.LowerIsBetter {
			dir = "lower"
		}
		impl := "no"
		if r.Implemented {
			impl = "yes"
		}
		size := ""
		if r.DataSizeGB > 0 {
			size = strconv.FormatFloat(r.DataSizeGB, 'f', -1, 64)
		}
		leakage := ""
		if len(r.KnownLeakage) > 0 {
			leakage = "known leakage"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Metric, dir, strings.Join(r.Splits, ","), r.Category, size, impl, leakage)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	implemented := 0
	for _, r := range rows {
		if r.Implemented {
			implemented++
		}
	}
	fmt.Fprintf(g.Out, "%d/%d implemented (split %s)\n", implemented, len(rows), opts.Split)
	return nil
}
