package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/runner"
)

// newReadFileCommand is the hidden helper the docker backend runs inside a
// running agent container (as root, from a root-owned copy of this binary)
// to snapshot a file without ever waiting on the agent: the file is opened
// with O_NONBLOCK|O_NOFOLLOW (runner.OpenNoWait), so a lease makes it fail
// at once instead of stalling the engine, which holds the container's lock
// while an archive read waits. Output: "OK <size>\n" and the bytes, or one
// line "NOTFOUND", "TOOLARGE <detail>" or "ERR <detail>".
func newReadFileCommand(g *Global) *cobra.Command {
	var max int64
	cmd := &cobra.Command{
		Use:    "read-file --max N PATH",
		Short:  "Internal: print a sandbox file without waiting on leases or locks (docker snapshots)",
		Hidden: true,
		Args:   cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			f, size, err := runner.OpenNoWait(args[0], max)
			switch {
			case errors.Is(err, runner.ErrNotFound):
				fmt.Fprintln(out, "NOTFOUND")
				return nil
			case errors.Is(err, runner.ErrTooLarge):
				fmt.Fprintln(out, "TOOLARGE", err)
				return nil
			case err != nil:
				fmt.Fprintln(out, "ERR", err)
				return nil
			}
			defer f.Close()
			fmt.Fprintln(out, "OK", strconv.FormatInt(size, 10))
			_, err = io.CopyN(out, f, size)
			return err
		},
	}
	cmd.Flags().Int64Var(&max, "max", 0, "largest size read")
	return cmd
}
