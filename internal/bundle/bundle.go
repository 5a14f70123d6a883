// Package bundle packs run groups into one checkable file and checks it.
//
// A bundle is a gzip-compressed tar archive:
//
//	bundle.json                      the index: every member's SHA-256, each
//	                                 group's grading report, the submissions
//	                                 it graded, and the aggregate row
//	bundle.sig, bundle.pub           optional Ed25519 signature of bundle.json
//	                                 and the signer's public key (base64)
//	groups/<name>/…                  grading report, metadata.json,
//	                                 manifest.json, and per run: manifest.json,
//	                                 status.json, submission/submission.csv,
//	                                 snapshots/*
//
// [Verify] checks the hashes and the signature, re-grades every bundled
// submission against the local answers, compares the scores and medals with
// the grading reports, checks the run manifests' hashes against the bundled
// files and the group manifests against the run manifests, recomputes the
// aggregate row, and reports each difference with what changed.
package bundle

import (
	"archive/tar"
	"compress/gzip"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/manifest"
	"github.com/mlebench/mlebench/internal/report"
)

// Format names the bundle schema.
const Format = "mlebench-bundle/1"

// Member is one file of the bundle.
type Member struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// GroupIndex describes one bundled run group.
type GroupIndex struct {
	Name          string `json:"name"`
	GradingReport string `json:"grading_report"` // bundle path
	// Submissions maps each submission_path of the grading report to its
	// bundle path (absent when the submission was not found).
	Submissions map[string]string `json:"submissions"`
	// Aggregate is the any-medal row over the group's graded competitions.
	Aggregate AggregateRow `json:"aggregate"`
}

// AggregateRow is the leaderboard's numbers for a group.
type AggregateRow struct {
	Competitions  int     `json:"competitions"`
	Seeds         int     `json:"seeds"`
	AnyMedal      float64 `json:"any_medal_percentage"`
	AnyMedalSEM   float64 `json:"any_medal_sem"`
	Gold          float64 `json:"gold_medal_percentage"`
	ValidSubmited float64 `json:"valid_submissions_percentage"`
}

// Index is bundle.json.
type Index struct {
	Format    string         `json:"format"`
	CreatedAt string         `json:"created_at"`
	Mlebench  manifest.Build `json:"mlebench"`
	Groups    []GroupIndex   `json:"groups"`
	Members   []Member       `json:"members"`
}

// aggregateRow computes a group's row from its grading report.
func aggregateRow(reportPath string) (AggregateRow, error) {
	flags, err := report.ReadGradingReport(reportPath)
	if err != nil {
		return AggregateRow{}, err
	}
	seen := map[string]bool{}
	var ids []string
	for _, f := range flags {
		if !seen[f.CompetitionID] {
			seen[f.CompetitionID] = true
			ids = append(ids, f.CompetitionID)
		}
	}
	if len(ids) == 0 {
		return AggregateRow{}, nil
	}
	agg, err := report.AggregateReports(flags, ids, report.AggregateOptions{NumSeeds: -1, PadMissing: true})
	if err != nil {
		return AggregateRow{}, err
	}
	m := agg.Metrics
	return AggregateRow{Competitions: agg.NumCompetitions, Seeds: agg.NumSeeds,
		AnyMedal: m[7].Mean, AnyMedalSEM: m[7].StandardError, Gold: m[4].Mean, ValidSubmited: m[2].Mean}, nil
}

// groupFiles lists what a group contributes, relative to its directory.
func groupFiles(dir string) (reportRel string, files []string, err error) {
	rp, found, err := report.FindGradingReport(dir)
	if err != nil {
		// A bundle states one result per group: which report is meant is
		// the user's choice, not a guess.
		return "", nil, fmt.Errorf("%s: grading reports %w: a bundle holds one; move the others out of the run group", dir, err)
	}
	if !found {
		return "", nil, fmt.Errorf("%s has no grading report: grade it first", dir)
	}
	reportRel, _ = filepath.Rel(dir, rp)
	files = append(files, reportRel)
	for _, f := range []string{"metadata.json", "manifest.json"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err == nil && st.Mode().IsRegular() {
			files = append(files, f)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", nil, err
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		run := e.Name()
		for _, f := range []string{"manifest.json", "status.json", "submission/submission.csv"} {
			if st, err := os.Lstat(filepath.Join(dir, run, f)); err == nil && st.Mode().IsRegular() {
				files = append(files, run+"/"+f)
			}
		}
		snaps, _ := os.ReadDir(filepath.Join(dir, run, "snapshots"))
		for _, s := range snaps {
			if s.Type().IsRegular() {
				files = append(files, run+"/snapshots/"+s.Name())
			}
		}
	}
	sort.Strings(files)
	return reportRel, files, nil
}

// submissionMap maps each graded submission_path to the bundle path of the
// run's submission it names (<group>/<run>/submission/submission.csv).
func submissionMap(groupDir, name, reportPath string, files []string) (map[string]string, error) {
	b, err := os.ReadFile(reportPath)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Reports []struct {
			SubmissionPath any `json:"submission_path"`
		} `json:"competition_reports"`
	}
	if err := json.Unmarshal(report.SanitizePythonJSON(b), &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", reportPath, err)
	}
	have := map[string]bool{}
	for _, f := range files {
		have[f] = true
	}
	out := map[string]string{}
	for _, r := range doc.Reports {
		sp, ok := r.SubmissionPath.(string)
		if !ok || sp == "" {
			continue
		}
		// The run directory is the path component before "submission".
		parts := strings.Split(filepath.ToSlash(sp), "/")
		for i := len(parts) - 2; i >= 1; i-- {
			if parts[i] == "submission" {
				rel := parts[i-1] + "/submission/" + strings.Join(parts[i+1:], "/")
				if have[rel] {
					out[sp] = "groups/" + name + "/" + rel
				}
				break
			}
		}
	}
	return out, nil
}

// Create writes a bundle of the run groups to out, signed when key is set.
func Create(groups []string, out string, key ed25519.PrivateKey, now time.Time) (*Index, error) {
	idx := &Index{Format: Format, CreatedAt: now.UTC().Format(time.RFC3339), Mlebench: manifest.CurrentBuild()}
	type src struct{ member, file string }
	var srcs []src
	names := map[string]bool{}
	for _, dir := range groups {
		name := filepath.Base(filepath.Clean(dir))
		if names[name] {
			return nil, fmt.Errorf("two run groups are named %s", name)
		}
		names[name] = true
		reportRel, files, err := groupFiles(dir)
		if err != nil {
			return nil, err
		}
		subs, err := submissionMap(dir, name, filepath.Join(dir, reportRel), files)
		if err != nil {
			return nil, err
		}
		row, err := aggregateRow(filepath.Join(dir, reportRel))
		if err != nil {
			return nil, err
		}
		idx.Groups = append(idx.Groups, GroupIndex{Name: name, GradingReport: "groups/" + name + "/" + reportRel, Submissions: subs, Aggregate: row})
		for _, f := range files {
			m := "groups/" + name + "/" + f
			sum, n, err := manifest.HashFile(filepath.Join(dir, filepath.FromSlash(f)))
			if err != nil {
				return nil, err
			}
			idx.Members = append(idx.Members, Member{Path: m, SHA256: sum, Bytes: n})
			srcs = append(srcs, src{m, filepath.Join(dir, filepath.FromSlash(f))})
		}
	}
	indexJSON, err := json.MarshalIndent(idx, "", "  ")
	if err != nil {
		return nil, err
	}
	tmp := out + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp)
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	add := func(name string, data []byte) error {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), ModTime: now, Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err := tw.Write(data)
		return err
	}
	if err := add("bundle.json", indexJSON); err != nil {
		return nil, err
	}
	if key != nil {
		if err := add("bundle.sig", []byte(base64.StdEncoding.EncodeToString(ed25519.Sign(key, indexJSON))+"\n")); err != nil {
			return nil, err
		}
		pub := key.Public().(ed25519.PublicKey)
		if err := add("bundle.pub", []byte(base64.StdEncoding.EncodeToString(pub)+"\n")); err != nil {
			return nil, err
		}
	}
	for _, s := range srcs {
		in, err := os.Open(s.file)
		if err != nil {
			return nil, err
		}
		st, err := in.Stat()
		if err == nil {
			err = tw.WriteHeader(&tar.Header{Name: s.member, Mode: 0o644, Size: st.Size(), ModTime: now, Typeflag: tar.TypeReg})
		}
		if err == nil {
			_, err = io.Copy(tw, in)
		}
		in.Close()
		if err != nil {
			return nil, fmt.Errorf("adding %s: %w", s.file, err)
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	return idx, os.Rename(tmp, out)
}

// Fingerprint is a short, printable identity of a public key.
func Fingerprint(pub ed25519.PublicKey) string {
	h := sha256.Sum256(pub)
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(h[:])
}

// extract unpacks a bundle into dir, refusing any member whose name is not a
// plain relative path (no absolute paths, no "..", no links), and returns
// each member's SHA-256.
func extract(bundlePath, dir string, maxBytes int64) (map[string]Member, error) {
	f, err := os.Open(bundlePath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("not a bundle (gzip): %w", err)
	}
	tr := tar.NewReader(gz)
	got := map[string]Member{}
	var total int64
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return got, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading the bundle: %w", err)
		}
		name := h.Name
		if h.Typeflag != tar.TypeReg || name == "" || path.IsAbs(name) || strings.Contains(name, "\\") ||
			path.Clean(name) != name || name == ".." || strings.HasPrefix(name, "../") || !fs.ValidPath(name) {
			return nil, fmt.Errorf("the bundle holds a member %q that is not a plain file path: refused", name)
		}
		if _, dup := got[name]; dup {
			return nil, fmt.Errorf("the bundle holds %s twice", name)
		}
		total += h.Size
		if total > maxBytes {
			return nil, fmt.Errorf("the bundle unpacks to more than %d bytes", maxBytes)
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		hs := sha256.New()
		n, err := io.Copy(io.MultiWriter(out, hs), io.LimitReader(tr, h.Size))
		out.Close()
		if err != nil {
			return nil, err
		}
		got[name] = Member{Path: name, SHA256: hex.EncodeToString(hs.Sum(nil)), Bytes: n}
	}
}

// ErrNotBundle is wrapped when a file is not a bundle.
var ErrNotBundle = errors.New("not an mlebench bundle")
