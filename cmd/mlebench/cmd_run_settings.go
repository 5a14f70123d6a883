package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mlebench/mlebench/internal/feature"
	"github.com/mlebench/mlebench/internal/runner"
)

// runSettingsSkipped are the flags a plan does not record: what plan.json
// holds in its config already, how the command reports, and --resume
// itself.
var runSettingsSkipped = map[string]bool{
	"resume": true, "json": true, "verbose": true, "help": true, "version": true,
	"agent": true, "agent-id": true, "competition-set": true, "n-seeds": true,
	"container-config": true, "network": true, "time-limit": true, "snapshot-interval": true,
	"retain": true, "max-output-bytes": true, "run-dir": true,
}

// runPathFlags hold paths: recorded absolute, so that a resume from another
// working directory finds the same files.
var runPathFlags = map[string]bool{
	"data-dir": true, "upstream-dir": true, "agents-dir": true, "runs-dir": true, "server-binary": true,
	"kubeconfig": true,
}

// runSettings are the settings a resume of this run needs beyond the plan's
// config: every flag given on the command line (paths made absolute) and
// the resolved defaults that depend on the environment (data, agents and
// upstream directories, backend, workers, retries, fixes).
func runSettings(cmd *cobra.Command, g *Global, opts *runOptions) map[string]any {
	s := map[string]any{
		"data-dir":  g.DataDir,
		"backend":   opts.Backend,
		"n-workers": fmt.Sprint(opts.Workers),
		"retries":   fmt.Sprint(opts.Retries),
	}
	// Empty for a built-in agent (shipped inside the binary) unless given.
	if opts.AgentsDir != "" {
		s["agents-dir"] = opts.AgentsDir
	}
	if g.UpstreamDir != "" {
		s["upstream-dir"] = g.UpstreamDir
	}
	if g.FixList != "" {
		s["fix"] = g.FixList
	}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if runSettingsSkipped[f.Name] {
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			s[f.Name] = sv.GetSlice()
			return
		}
		s[f.Name] = f.Value.String()
	})
	for name, v := range s {
		if p, ok := v.(string); ok && runPathFlags[name] && p != "" {
			if abs, err := filepath.Abs(p); err == nil {
				s[name] = abs
			}
		}
	}
	return s
}

// applyResumeSettings loads the plan of the run group named by --resume and
// re-applies the settings it was started with, except those given again on
// this command line: `mlebench run --resume GROUP` alone runs the group as
// it was planned.
func applyResumeSettings(cmd *cobra.Command, g *Global, opts *runOptions) error {
	dir := opts.Resume
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		runsDir := opts.RunsDir
		if runsDir == "" {
			runsDir = "runs"
			if repo := repoDir(); repo != "" {
				runsDir = filepath.Join(repo, "runs")
			}
		}
		dir = filepath.Join(runsDir, opts.Resume)
	}
	plan, err := runner.LoadPlan(dir)
	if err != nil {
		return err
	}
	opts.Resume = plan.Dir
	names := make([]string, 0, len(plan.Settings))
	for name := range plan.Settings {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		f := cmd.Flags().Lookup(name)
		if f == nil || f.Changed || runSettingsSkipped[name] {
			continue
		}
		var err error
		switch v := plan.Settings[name].(type) {
		case string:
			err = f.Value.Set(v)
		case []any:
			vals := make([]string, len(v))
			for i, e := range v {
				vals[i] = fmt.Sprint(e)
			}
			if sv, ok := f.Value.(pflag.SliceValue); ok {
				err = sv.Replace(vals)
			} else {
				err = f.Value.Set(strings.Join(vals, ","))
			}
		default:
			err = f.Value.Set(fmt.Sprint(v))
		}
		if err != nil {
			return fmt.Errorf("%s: setting --%s: %w", filepath.Join(plan.Dir, runner.PlanFile), name, err)
		}
		f.Changed = true
		switch name {
		case "data-dir":
			g.DataDir = f.Value.String()
		case "upstream-dir":
			g.UpstreamDir = f.Value.String()
		case "fix":
			fixes, err := feature.Parse(g.FixList)
			if err != nil {
				return fmt.Errorf("%s: --fix: %w", filepath.Join(plan.Dir, runner.PlanFile), err)
			}
			g.Fixes = fixes
		}
	}
	return nil
}
