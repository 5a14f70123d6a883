package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/mlebench/mlebench/internal/bundle"
	"github.com/mlebench/mlebench/internal/grade"
)

func readPEM(path, what string) (any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the %s: %w", what, err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil {
		return nil, fmt.Errorf("%s is not a PEM file", path)
	}
	switch blk.Type {
	case "PRIVATE KEY":
		return x509.ParsePKCS8PrivateKey(blk.Bytes)
	case "PUBLIC KEY":
		return x509.ParsePKIXPublicKey(blk.Bytes)
	}
	return nil, fmt.Errorf("%s holds a %s, not a key", path, blk.Type)
}

func newKeygenCommand(g *Global) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "keygen --out PREFIX",
		Short: "Make an Ed25519 key pair for signing bundles (PREFIX.key, PREFIX.pub)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			pub, key, err := ed25519.GenerateKey(rand.Reader)
			if err != nil {
				return err
			}
			kb, err := x509.MarshalPKCS8PrivateKey(key)
			if err != nil {
				return err
			}
			pb, err := x509.MarshalPKIXPublicKey(pub)
			if err != nil {
				return err
			}
			if err := os.WriteFile(out+".key", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
				return err
			}
			if err := os.WriteFile(out+".pub", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pb}), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(g.Out, "wrote %s.key (keep it secret) and %s.pub (publish it): %s\n", out, out, bundle.Fingerprint(pub))
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "path prefix of the two files (required)")
	cmd.MarkFlagRequired("out")
	return cmd
}

func newBundleCommand(g *Global) *cobra.Command {
	var out, signKey string
	cmd := &cobra.Command{
		Use:   "bundle RUN_GROUP... --out FILE [--sign-key KEY]",
		Short: "Pack graded run groups (reports, manifests, submissions, snapshots, hashes) into one checkable file",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var key ed25519.PrivateKey
			if signKey != "" {
				k, err := readPEM(signKey, "signing key")
				if err != nil {
					return err
				}
				ek, ok := k.(ed25519.PrivateKey)
				if !ok {
					return errors.New("the signing key is not an Ed25519 private key (make one with: mlebench keygen)")
				}
				key = ek
			}
			idx, err := bundle.Create(args, out, key, time.Now())
			if err != nil {
				return err
			}
			signed := "unsigned"
			if key != nil {
				signed = "signed by " + bundle.Fingerprint(key.Public().(ed25519.PublicKey))
			}
			fmt.Fprintf(g.Out, "%s: %d run group(s), %d files, %s\n", out, len(idx.Groups), len(idx.Members), signed)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the bundle to write (required)")
	cmd.Flags().StringVar(&signKey, "sign-key", "", "Ed25519 private key (PEM, from mlebench keygen) to sign the bundle with")
	cmd.MarkFlagRequired("out")
	return cmd
}

func newVerifyCommand(g *Global) *cobra.Command {
	var pubKey string
	var noRegrade bool
	cmd := &cobra.Command{
		Use:   "verify BUNDLE [--public-key KEY]",
		Short: "Check a bundle: hashes, signature, re-graded scores and medals, manifests, the aggregate row",
		Long: `Checks every file of the bundle against its index, the Ed25519 signature (against
--public-key when given), re-grades every submission against the answers in --data-dir and
compares scores and medals with the grading reports, checks the run manifests' hashes and the
group manifests, recomputes the aggregate row, and prints the leaderboard row with its compute
budget. Exit status 1 when anything differs, with what changed.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opt := bundle.VerifyOptions{}
			if pubKey != "" {
				k, err := readPEM(pubKey, "public key")
				if err != nil {
					return err
				}
				ek, ok := k.(ed25519.PublicKey)
				if !ok {
					return errors.New("the public key is not an Ed25519 key")
				}
				opt.PublicKey = ek
			}
			if !noRegrade {
				opt.Grader = &grade.Grader{Catalog: g.Catalog, DataDir: g.DataDir, Log: g.Log(), Fixes: g.Fixes}
			}
			res, err := bundle.Verify(cmd.Context(), args[0], opt)
			if err != nil {
				return err
			}
			if g.JSON {
				if err := writeJSON(g.Out, res); err != nil {
					return err
				}
			} else {
				for _, w := range res.Warnings {
					fmt.Fprintf(g.Err, "warning: %s\n", w)
				}
				tw := tabwriter.NewWriter(g.Out, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "RUN GROUP\tAGENT\tCOMPETITIONS\tSEEDS\tANY MEDAL %\tRE-GRADED\tTIME LIMIT\tHARDWARE\tWALL HOURS")
				for _, r := range res.Leaderboard {
					hw := fmt.Sprintf("%g CPU, %.1f GiB", r.CPUs, float64(r.MemoryBytes)/(1<<30))
					if len(r.GPUs) > 0 {
						hw += fmt.Sprintf(", %d GPU (%s)", len(r.GPUs), r.GPUs[0])
					}
					fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.2f ± %.2f\t%d\t%s\t%s\t%.1f\n", r.Group, r.Agent, r.Row.Competitions, r.Row.Seeds,
						r.Row.AnyMedal, r.Row.AnyMedalSEM, r.Regraded, (time.Duration(r.TimeLimit) * time.Second).String(), hw, r.WallHours)
				}
				tw.Flush()
				for _, p := range res.Problems {
					fmt.Fprintf(g.Out, "PROBLEM %s: %s: %s\n", p.Kind, p.Where, p.Detail)
				}
				if res.OK() {
					fmt.Fprintln(g.Out, "verified: no problem found")
				}
			}
			if !res.OK() {
				return fmt.Errorf("the bundle does not verify: %d problem(s)", len(res.Problems))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&pubKey, "public-key", "", "Ed25519 public key (PEM) the bundle must be signed with")
	cmd.Flags().BoolVar(&noRegrade, "no-regrade", false, "skip re-grading (no prepared data here)")
	return cmd
}
