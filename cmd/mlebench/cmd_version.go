package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/buildinfo"
)

// versionLine is what `mlebench version` and `mlebench --version` print.
func versionLine() string { return "mlebench " + buildinfo.Current().String() }

func newVersionCommand(g *Global) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the mlebench version and the commit it was built from",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if g.JSON {
				b, err := jsonMarshal(buildinfo.Current())
				if err != nil {
					return err
				}
				fmt.Fprintln(g.Out, string(b))
				return nil
			}
			fmt.Fprintln(g.Out, versionLine())
			return nil
		},
	}
}
