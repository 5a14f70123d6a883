package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/plagiarism"
	"github.com/mlebench/mlebench/internal/report"
)

// kernelsDir is where a competition's reference kernels are kept: beside
// its data (the original keeps them in its source tree, which a binary
// cannot write).
func kernelsDir(g *Global, id string) string { return filepath.Join(g.DataDir, id, "kernels") }

// kernelRefsPath is the kernels.txt to read: DATA/<id>/kernels.txt when
// download-kernels --refresh-references wrote one, else the original's.
func kernelRefsPath(g *Global, id string) string {
	own := filepath.Join(g.DataDir, id, "kernels.txt")
	if _, err := os.Stat(own); err == nil || g.UpstreamDir == "" {
		return own
	}
	return filepath.Join(g.UpstreamDir, "competitions", id, "kernels.txt")
}

type downloadKernelsOptions struct {
	Competition, List string
	All, Refresh      bool
	MaxKernels        int
}

func newDownloadKernelsCommand(g *Global) *cobra.Command {
	var o downloadKernelsOptions
	cmd := &cobra.Command{
		Use:   "download-kernels (-c ID | -a | -l FILE)",
		Short: "Download each competition's top public Kaggle kernels for detect-plagiarism (the original's extras/kernels)",
		Long: `Pulls the kernels listed in each competition's kernels.txt (the original's list, or
DATA/<id>/kernels.txt after --refresh-references, which lists the competition's top kernels by
votes again) into DATA/<id>/kernels/ and converts notebooks to Python scripts. Kernels already
there are skipped, so an interrupted download resumes.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			n := 0
			for _, set := range []bool{o.Competition != "", o.All, o.List != ""} {
				if set {
					n++
				}
			}
			if n != 1 {
				return usagef("exactly one of -c/--competition-id, -a/--all or -l/--list is required")
			}
			var ids []string
			switch {
			case o.Competition != "":
				if _, err := g.Catalog.Lookup(o.Competition); err != nil {
					return usagef("%v", err)
				}
				ids = []string{o.Competition}
			case o.All:
				for _, c := range g.Catalog.All() {
					ids = append(ids, c.ID)
				}
			default:
				var err error
				if ids, err = report.ReadSplitFile(o.List); err != nil {
					return err
				}
			}
			k, err := newKaggle(g)
			if err != nil {
				return err
			}
			log := g.Log()
			var failed []string
			for _, id := range ids {
				refsPath := kernelRefsPath(g, id)
				var refs []string
				if o.Refresh {
					refsPath = filepath.Join(g.DataDir, id, "kernels.txt")
					refs, err = plagiarism.WriteReferences(cmd.Context(), k.Client, id, o.MaxKernels, refsPath)
				} else {
					refs, err = plagiarism.ReadReferences(refsPath)
				}
				if err != nil {
					if cmd.Context().Err() != nil {
						return cmd.Context().Err()
					}
					log.Error("kernel references", "competition", id, "error", err.Error())
					failed = append(failed, id)
					continue
				}
				res, err := plagiarism.DownloadKernels(cmd.Context(), k.Client, refs, kernelsDir(g, id), func(m string) { log.Warn(m, "competition", id) })
				if err != nil {
					return fmt.Errorf("%s: %w", id, err)
				}
				fmt.Fprintf(g.Out, "%s: %d downloaded, %d already there, %d notebooks converted, %d not obtained\n",
					id, res.Downloaded, res.Skipped, res.Converted, len(res.Missing))
			}
			if len(failed) > 0 {
				return fmt.Errorf("no kernel list for: %s", strings.Join(failed, ", "))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.Competition, "competition-id", "c", "", "competition id")
	f.BoolVarP(&o.All, "all", "a", false, "every competition")
	f.StringVarP(&o.List, "list", "l", "", "file of competition ids, one a line")
	f.BoolVar(&o.Refresh, "refresh-references", false, "list the top kernels by votes again and write DATA/<id>/kernels.txt (the original's download_kernel_references.py)")
	f.IntVar(&o.MaxKernels, "max-kernels", 50, "kernels to list with --refresh-references")
	return cmd
}

type detectPlagiarismOptions struct {
	Submission, OutputDir string
	Timeout               float64
}

func newDetectPlagiarismCommand(g *Global) *cobra.Command {
	var o detectPlagiarismOptions
	cmd := &cobra.Command{
		Use:   "detect-plagiarism --submission JSONL --output-dir DIR",
		Short: "Compare each run's code with its competition's top Kaggle kernels as Dolos does (the original's plagiarism detector)",
		Long: `For each line {competition_id, code_path} of the JSONL, compares every .py file under code_path
with the competition's downloaded kernels (mlebench download-kernels) by Dolos' winnowed
syntax-tree fingerprints and writes <output-dir>/<code path>_plagiarism_report.jsonl: the
agent-file/kernel pairs with their similarity, most similar first. No threshold or verdict is
applied: the scores are for human review.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !plagiarism.ParserAvailable {
				return errors.New("this mlebench binary was built without cgo, so it has no Python parser: build it with CGO_ENABLED=1")
			}
			subs, err := plagiarism.ReadSubmissions(o.Submission)
			if err != nil {
				return err
			}
			log := g.Log()
			outs, err := plagiarism.Run(cmd.Context(), subs, plagiarism.Options{
				KernelsDir: func(id string) string { return kernelsDir(g, id) },
				OutputDir:  o.OutputDir, Timeout: time.Duration(o.Timeout * float64(time.Second)),
				Warn: func(m string) { log.Warn(m) },
			})
			for _, out := range outs {
				if out.ReportPath != "" {
					fmt.Fprintf(g.Out, "%s: %d pairs → %s\n", out.Submission.CodePath, out.Pairs, out.ReportPath)
				}
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Submission, "submission", "", "JSONL with competition_id and code_path (required)")
	f.StringVar(&o.OutputDir, "output-dir", "", "directory for the reports (required)")
	f.Float64Var(&o.Timeout, "timeout", 300, "seconds per submission")
	cmd.MarkFlagRequired("submission")
	cmd.MarkFlagRequired("output-dir")
	return cmd
}
