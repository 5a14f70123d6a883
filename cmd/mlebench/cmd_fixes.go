package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/feature"
)

func newFixesCommand(g *Global) *cobra.Command {
	return &cobra.Command{
		Use:   "fixes",
		Short: "List the opt-in fixes of upstream bugs (all off by default)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fixes := feature.Known()
			if g.JSON {
				return writeJSON(g.Out, fixes)
			}
			tw := tabwriter.NewWriter(g.Out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "NAME\tSINCE\tENABLED\tWHAT IT CHANGES")
			for _, f := range fixes {
				fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", f.Name, f.Since, g.Fixes.Enabled(f.Name), f.Doc)
			}
			return tw.Flush()
		},
	}
}
