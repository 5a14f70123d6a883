package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/buildinfo"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/feature"
)

// Streams are the process's standard streams, injected so tests can
// capture output.
type Streams struct {
	In       io.Reader
	Out, Err io.Writer
}

// Global holds what every command shares.
type Global struct {
	Streams
	DataDir     string
	UpstreamDir string
	JSON        bool
	Verbose     bool
	Catalog     *competition.Catalog
	FixList     string
	Fixes       feature.Set
}

// Log returns the logger every command uses: the original's INFO lines on
// stderr.
func (g *Global) Log() *slog.Logger {
	level := slog.LevelInfo
	if g.Verbose {
		level = slog.LevelDebug
	}
	if g.JSON {
		return slog.New(slog.NewJSONHandler(g.Err, &slog.HandlerOptions{Level: level}))
	}
	return slog.New(slog.NewTextHandler(g.Err, &slog.HandlerOptions{Level: level}))
}

// Exit codes, decided in one place.
const (
	exitOK       = 0
	exitError    = 1
	exitUsage    = 2
	exitCanceled = 130
)

type usageError struct{ error }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// Run executes the command line and returns the process exit code.
func Run(ctx context.Context, args []string, streams Streams) int {
	g := &Global{Streams: streams}
	root := newRootCommand(g)
	usageOnArgErrors(root)
	// cobra adds these at Execute; the argument normalisation must know them.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	args, err := normalizeArgs(root, args)
	if err != nil {
		fmt.Fprintf(streams.Err, "mlebench: %v\n", err)
		return exitUsage
	}
	root.SetArgs(args)
	root.SetIn(streams.In)
	root.SetOut(streams.Out)
	root.SetErr(streams.Err)
	err = root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	var ue usageError
	code := exitError
	switch {
	case errors.Is(err, context.Canceled):
		code = exitCanceled
		err = errors.New("interrupted")
	case errors.As(err, &ue):
		code = exitUsage
	}
	if g.JSON {
		b, _ := jsonMarshal(map[string]any{"message_type": "exit_error", "code": code, "message": err.Error()})
		fmt.Fprintln(streams.Err, string(b))
	} else {
		fmt.Fprintf(streams.Err, "mlebench: %v\n", err)
	}
	return code
}

func newRootCommand(g *Global) *cobra.Command {
	root := &cobra.Command{
		Use:           "mlebench",
		Short:         "MLE-bench: prepare Kaggle competitions, run agents, grade and report",
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if g.JSON {
				// Under --json stderr carries JSON lines only.
				g.Err = &jsonLines{w: g.Err}
				cmd.SetErr(g.Err)
			}
			if err := checkRequired(cmd); err != nil {
				return err
			}
			return g.init()
		},
	}
	root.Version = buildinfo.Current().String()
	root.SetVersionTemplate(versionLine() + "\n")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return usageError{err} })
	pf := root.PersistentFlags()
	pf.StringVar(&g.DataDir, "data-dir", "", "data directory (default $XDG_CACHE_HOME/mle-bench/data or ~/.cache/mle-bench/data)")
	pf.StringVar(&g.UpstreamDir, "upstream-dir", "", "directory holding the original's files mlebench does not ship (competitions/<id>/description.md, environment/instructions*.txt, agents/<name>/additional_notes.txt); default $MLEBENCH_UPSTREAM_DIR, else a ../shared/upstream found above the working directory")
	pf.BoolVar(&g.JSON, "json", false, "machine-readable JSON output")
	pf.BoolVarP(&g.Verbose, "verbose", "v", false, "verbose logging")
	pf.StringVar(&g.FixList, "fix", os.Getenv("MLEBENCH_FIXES"), "comma-separated opt-in fixes of upstream bugs (default $MLEBENCH_FIXES; list them with: mlebench fixes)")
	root.AddCommand(
		newListCommand(g),
		newPrepareCommand(g),
		newPreflightCommand(g),
		newGradeCommand(g),
		newGradeSampleCommand(g),
		newDevCommand(g),
		newFixesCommand(g),
		newMakeSubmissionCommand(g),
		newAggregateCommand(g),
		newReportCommand(g),
		newCompareCommand(g),
		newDemoCommand(g),
		newServeCommand(g),
		newReadFileCommand(g),
		newPodHelperCommand(g),
		newRunCommand(g),
		newDetectViolationsCommand(g),
		newFamiliarityCommand(g),
		newDownloadKernelsCommand(g),
		newDetectPlagiarismCommand(g),
		newScanLeaksCommand(g),
		newKeygenCommand(g),
		newBundleCommand(g),
		newVerifyCommand(g),
		newVersionCommand(g),
	)
	return root
}

func (g *Global) init() error {
	if g.Catalog == nil {
		cat, err := competition.NewCatalog(competitions.All())
		if err != nil {
			return err
		}
		g.Catalog = cat
	}
	fixes, err := feature.Parse(g.FixList)
	if err != nil {
		return usagef("%v", err)
	}
	g.Fixes = fixes
	if g.DataDir == "" {
		g.DataDir = defaultDataDir()
	}
	abs, err := filepath.Abs(g.DataDir)
	if err != nil {
		return err
	}
	g.DataDir = abs
	if g.UpstreamDir == "" {
		g.UpstreamDir = findUpstreamDir()
	}
	return nil
}

// defaultDataDir is the original's user_cache_dir()/mle-bench/data on Linux.
func defaultDataDir() string {
	if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
		return filepath.Join(x, "mle-bench", "data")
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "mle-bench", "data")
	}
	return filepath.Join(".cache", "mle-bench", "data")
}

func findUpstreamDir() string {
	if d := os.Getenv("MLEBENCH_UPSTREAM_DIR"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		for _, cand := range []string{filepath.Join(dir, "shared", "upstream"), filepath.Join(dir, "..", "shared", "upstream")} {
			if st, err := os.Stat(filepath.Join(cand, "competitions")); err == nil && st.IsDir() {
				return filepath.Clean(cand)
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
