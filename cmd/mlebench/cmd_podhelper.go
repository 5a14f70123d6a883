package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/runner/kubernetes/podhelper"
)

// newPodHelperCommand is the hidden in-pod side of the kubernetes backend
// (package podhelper): setup (init container), init (the agent
// container's main process), stop (exec'd by the harness to end the
// agent) and tar (exec'd in the server container for copy-out).
func newPodHelperCommand(g *Global) *cobra.Command {
	root := &cobra.Command{
		Use:    "pod-helper",
		Short:  "Internal: the kubernetes backend's helpers inside a sandbox pod",
		Hidden: true,
	}
	var helper, home string
	setup := &cobra.Command{
		Use:  "setup --helper PATH --home DIR",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return podhelper.Setup(helper, home, os.Environ())
		},
	}
	setup.Flags().StringVar(&helper, "helper", "", "where to copy this binary")
	setup.Flags().StringVar(&home, "home", "", "where to write the /home files")

	var addr string
	var wait time.Duration
	initCmd := &cobra.Command{
		Use:  "init [--wait-for ADDR] -- ARGV...",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			os.Exit(podhelper.Init(args, addr, wait, cmd.ErrOrStderr()))
			return nil
		},
	}
	initCmd.Flags().StringVar(&addr, "wait-for", "", "TCP address to wait for before starting the agent")
	initCmd.Flags().DurationVar(&wait, "wait", 5*time.Minute, "longest wait for --wait-for")

	stop := &cobra.Command{
		Use:  "stop",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return podhelper.Stop() },
	}

	var maxFile int64
	tarCmd := &cobra.Command{
		Use:  "tar [--max-file N] DIR",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			err := podhelper.TarDir(cmd.OutOrStdout(), args[0], maxFile, cmd.ErrOrStderr())
			if errors.Is(err, podhelper.ErrNotFound) {
				fmt.Fprintln(cmd.ErrOrStderr(), podhelper.NotFound)
				os.Exit(podhelper.ExitNotFound)
			}
			return err
		},
	}
	tarCmd.Flags().Int64Var(&maxFile, "max-file", 0, "files larger than this are sent as header-only entries (0 = no limit)")
	root.AddCommand(setup, initCmd, stop, tarCmd)
	return root
}
