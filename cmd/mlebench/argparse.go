package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The original's command lines are argparse ones; mlebench accepts them as
// they are by normalising the arguments before cobra parses them:
//
//   - a long option may be abbreviated to any unique prefix (`--sub` for
//     `--submission`); an ambiguous prefix is a usage error;
//   - an option declared nargs="+" (annotated with nargsAnnotation) takes
//     every following argument up to the next option (`--grading-reports
//     a b c`), each passed on as `--option=value`; none is a usage error;
//   - an unknown command is a usage error (exit status 2), as are a wrong
//     number of arguments and a missing required option (see
//     usageOnArgErrors and checkRequired).

// nargsAnnotation marks a flag that takes one or more values (argparse's
// nargs="+").
const nargsAnnotation = "mlebench_nargs_plus"

// originalOptions are the long options of the original's command lines
// (mlebench's cli.py, run_agent.py, experiments/*.py), by mlebench command
// path. mlebench's commands accept more options (extensions and the global
// ones), so a prefix argparse resolves could match several here; it then
// resolves to the original's option, as argparse would.
var originalOptions = map[string][]string{
	"mlebench prepare":                  {"competition-id", "all", "lite", "list", "keep-raw", "data-dir", "overwrite-checksums", "overwrite-leaderboard", "skip-verification"},
	"mlebench grade":                    {"submission", "output-dir", "data-dir"},
	"mlebench grade-sample":             {"data-dir"},
	"mlebench dev download-leaderboard": {"competition-id", "all", "force"},
	"mlebench make-submission":          {"metadata", "output", "rel-log-path", "rel-code-path"},
	"mlebench aggregate":                {"grading-reports", "experiment-id", "num-seeds", "split", "pad-missing"},
	"mlebench detect-violations":        {"submission", "output-dir", "questions", "extra-prompt"},
	"mlebench detect-plagiarism":        {"submission", "output-dir", "timeout"},
	"mlebench download-kernels":         {"competition-id", "all", "list", "max-kernels"},
	"mlebench familiarity":              {"output-cache-file", "output-plot-file", "temperature", "n-completions", "n-samples", "n-seeds", "max-workers", "existing-results"},
	"mlebench run":                      {"agent-id", "competition-set", "n-workers", "n-seeds", "container-config", "retain", "run-dir", "data-dir"},
}

// preferOriginal narrows ambiguous prefix matches to the original's
// options of cmd when exactly one of them is one.
func preferOriginal(cmd *cobra.Command, matches []string) []string {
	var orig []string
	for _, m := range matches {
		for _, o := range originalOptions[cmd.CommandPath()] {
			if m == o {
				orig = append(orig, m)
			}
		}
	}
	if len(orig) == 1 {
		return orig
	}
	return matches
}

// nargsPlus declares flag name of cmd as nargs="+".
func nargsPlus(cmd *cobra.Command, name string) {
	cmd.Flags().SetAnnotation(name, nargsAnnotation, []string{"+"})
}

// visibleFlags are the flags a command accepts: its own and the inherited
// persistent ones.
func visibleFlags(cmd *cobra.Command) map[string]*pflag.Flag {
	out := map[string]*pflag.Flag{}
	add := func(f *pflag.Flag) { out[f.Name] = f }
	cmd.InheritedFlags().VisitAll(add)
	cmd.LocalFlags().VisitAll(add)
	if _, ok := out["help"]; !ok {
		out["help"] = &pflag.Flag{Name: "help", NoOptDefVal: "true"}
	}
	return out
}

// subcommand finds a child of cmd by name or alias.
func subcommand(cmd *cobra.Command, name string) *cobra.Command {
	for _, c := range cmd.Commands() {
		if c.Name() == name || c.HasAlias(name) {
			return c
		}
	}
	return nil
}

// normalizeArgs rewrites an argparse-style command line into one cobra
// parses the same way (see the comment above).
func normalizeArgs(root *cobra.Command, args []string) ([]string, error) {
	cmd := root
	var out []string
	positional := false // a positional argument was seen on cmd: no more subcommands
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(out, args[i:]...), nil
		case strings.HasPrefix(a, "--"):
			name, value, hasValue := strings.Cut(a[2:], "=")
			flags := visibleFlags(cmd)
			f, ok := flags[name]
			if !ok {
				var matches []string
				for n := range flags {
					if strings.HasPrefix(n, name) {
						matches = append(matches, n)
					}
				}
				sort.Strings(matches)
				if len(matches) > 1 {
					matches = preferOriginal(cmd, matches)
				}
				switch {
				case len(matches) == 1:
					f = flags[matches[0]]
				case len(matches) > 1:
					return nil, usagef("%s: ambiguous option: --%s could match --%s", cmd.CommandPath(), name, strings.Join(matches, ", --"))
				default:
					out = append(out, a) // unknown: cobra reports it
					continue
				}
			}
			if _, plus := f.Annotations[nargsAnnotation]; plus {
				if hasValue {
					out = append(out, "--"+f.Name+"="+value)
					continue
				}
				n := 0
				for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
					i++
					n++
					out = append(out, "--"+f.Name+"="+args[i])
				}
				if n == 0 {
					return nil, usagef("%s: argument --%s: expected at least one argument", cmd.CommandPath(), f.Name)
				}
				continue
			}
			if hasValue {
				out = append(out, "--"+f.Name+"="+value)
				continue
			}
			out = append(out, "--"+f.Name)
			if f.NoOptDefVal == "" && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			out = append(out, a)
			// A short option that takes a value, given separately.
			if len(a) == 2 {
				var sf *pflag.Flag
				for _, f := range visibleFlags(cmd) {
					if f.Shorthand == a[1:] {
						sf = f
					}
				}
				if sf != nil && sf.NoOptDefVal == "" && i+1 < len(args) {
					i++
					out = append(out, args[i])
				}
			}
		default:
			out = append(out, a)
			if positional {
				continue
			}
			if sub := subcommand(cmd, a); sub != nil {
				cmd = sub
				continue
			}
			if cmd.HasAvailableSubCommands() && !cmd.Runnable() {
				var names []string
				for _, c := range cmd.Commands() {
					if c.IsAvailableCommand() {
						names = append(names, "'"+c.Name()+"'")
					}
				}
				return nil, usagef("%s: argument command: invalid choice: '%s' (choose from %s)", cmd.CommandPath(), a, strings.Join(names, ", "))
			}
			positional = true
		}
	}
	return out, nil
}

// usageOnArgErrors makes every command's positional-argument check a usage
// error (exit status 2), as argparse's.
func usageOnArgErrors(cmd *cobra.Command) {
	if orig := cmd.Args; orig != nil {
		cmd.Args = func(c *cobra.Command, args []string) error {
			if err := orig(c, args); err != nil {
				return usageError{fmt.Errorf("%s: %w", c.CommandPath(), err)}
			}
			return nil
		}
	}
	for _, c := range cmd.Commands() {
		usageOnArgErrors(c)
	}
}

// checkRequired reports missing required options as argparse does (a usage
// error), before cobra's own check.
func checkRequired(cmd *cobra.Command) error {
	var missing []string
	fs := cmd.Flags()
	sorted := fs.SortFlags
	fs.SortFlags = false // definition order, as argparse lists them
	defer func() { fs.SortFlags = sorted }()
	fs.VisitAll(func(f *pflag.Flag) {
		if req, ok := f.Annotations[cobra.BashCompOneRequiredFlag]; ok && len(req) > 0 && req[0] == "true" && !f.Changed {
			missing = append(missing, "--"+f.Name)
		}
	})
	if len(missing) > 0 {
		return usagef("%s: the following arguments are required: %s", cmd.CommandPath(), strings.Join(missing, ", "))
	}
	return nil
}
