package bundle

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/manifest"
	"github.com/mlebench/mlebench/internal/report"
)

// Problem is one thing verification found wrong.
type Problem struct {
	Kind   string `json:"kind"` // hash, signature, score, medal, manifest, aggregate, missing, extra
	Where  string `json:"where"`
	Detail string `json:"detail"`
}

// LeaderboardRow is what a verified group would publish.
type LeaderboardRow struct {
	Group       string       `json:"group"`
	Agent       string       `json:"agent,omitempty"`
	Row         AggregateRow `json:"aggregate"`
	Regraded    int          `json:"regraded"`
	TimeLimit   float64      `json:"time_limit_seconds,omitempty"`
	CPUs        float64      `json:"cpus,omitempty"`
	MemoryBytes int64        `json:"memory_bytes,omitempty"`
	GPUs        []string     `json:"gpus,omitempty"`
	WallHours   float64      `json:"wall_hours_total,omitempty"`
	Runs        int          `json:"runs_with_manifest"`
}

// Result is a verification.
type Result struct {
	Signed      bool             `json:"signed"`
	SignerKey   string           `json:"signer_key,omitempty"` // fingerprint
	KeyTrusted  bool             `json:"key_trusted"`          // checked against a key the verifier gave
	Problems    []Problem        `json:"problems"`
	Warnings    []string         `json:"warnings"`
	Leaderboard []LeaderboardRow `json:"leaderboard"`
}

// OK reports a bundle with no problem.
func (r *Result) OK() bool { return len(r.Problems) == 0 }

// VerifyOptions configure [Verify].
type VerifyOptions struct {
	// Grader re-grades the submissions against the local answers; nil
	// skips re-grading (a warning says so).
	Grader *grade.Grader
	// PublicKey, when set, is the key the bundle must be signed with.
	PublicKey ed25519.PublicKey
	// MaxBytes bounds what the bundle may unpack to (0: 64 GiB).
	MaxBytes int64
}

func (r *Result) problem(kind, where, format string, args ...any) {
	r.Problems = append(r.Problems, Problem{Kind: kind, Where: where, Detail: fmt.Sprintf(format, args...)})
}

// Verify checks a bundle.
func Verify(ctx context.Context, bundlePath string, opt VerifyOptions) (*Result, error) {
	dir, err := os.MkdirTemp("", "mlebench-verify-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	maxBytes := opt.MaxBytes
	if maxBytes <= 0 {
		maxBytes = 64 << 30
	}
	got, err := extract(bundlePath, dir, maxBytes)
	if err != nil {
		return nil, err
	}
	res := &Result{Problems: []Problem{}, Warnings: []string{}}
	indexJSON, err := os.ReadFile(filepath.Join(dir, "bundle.json"))
	if err != nil {
		return nil, fmt.Errorf("%w: no bundle.json", ErrNotBundle)
	}
	var idx Index
	if err := json.Unmarshal(indexJSON, &idx); err != nil || idx.Format != Format {
		return nil, fmt.Errorf("%w: bundle.json is not a %s index", ErrNotBundle, Format)
	}

	// Signature.
	sig, sigErr := os.ReadFile(filepath.Join(dir, "bundle.sig"))
	pubText, pubErr := os.ReadFile(filepath.Join(dir, "bundle.pub"))
	switch {
	case sigErr != nil && opt.PublicKey != nil:
		res.problem("signature", "bundle.sig", "the bundle is not signed, but a signature by %s was required", Fingerprint(opt.PublicKey))
	case sigErr != nil:
		res.Warnings = append(res.Warnings, "the bundle is not signed: anyone could have made it")
	default:
		res.Signed = true
		s, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(sig)))
		key := opt.PublicKey
		if key == nil && pubErr == nil {
			if k, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(pubText))); err == nil && len(k) == ed25519.PublicKeySize {
				key = ed25519.PublicKey(k)
			}
		}
		switch {
		case err != nil || len(s) != ed25519.SignatureSize:
			res.problem("signature", "bundle.sig", "the signature is malformed")
		case key == nil:
			res.problem("signature", "bundle.pub", "no public key to check the signature with")
		case !ed25519.Verify(key, indexJSON, s):
			res.problem("signature", "bundle.sig", "the signature of bundle.json does not verify with key %s", Fingerprint(key))
		default:
			res.SignerKey = Fingerprint(key)
			res.KeyTrusted = opt.PublicKey != nil
			if !res.KeyTrusted {
				res.Warnings = append(res.Warnings, "signed by "+res.SignerKey+" (the key inside the bundle): pass --public-key to require a key you trust")
			}
		}
	}

	// Hashes: every listed member present and unchanged, nothing else.
	listed := map[string]Member{}
	for _, m := range idx.Members {
		listed[m.Path] = m
		g, ok := got[m.Path]
		switch {
		case !ok:
			res.problem("missing", m.Path, "listed in bundle.json but not in the bundle")
		case g.SHA256 != m.SHA256:
			res.problem("hash", m.Path, "content changed: SHA-256 %s, bundle.json says %s", short(g.SHA256), short(m.SHA256))
		}
	}
	var extra []string
	for name := range got {
		if _, ok := listed[name]; !ok && name != "bundle.json" && name != "bundle.sig" && name != "bundle.pub" {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	for _, name := range extra {
		res.problem("extra", name, "in the bundle but not listed in bundle.json")
	}

	for _, gi := range idx.Groups {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		row := LeaderboardRow{Group: gi.Name, Row: gi.Aggregate}
		groupDir := filepath.Join(dir, "groups", gi.Name)
		checkManifests(res, gi, groupDir, got, &row)
		reportPath := filepath.Join(dir, filepath.FromSlash(gi.GradingReport))
		if _, err := os.Stat(reportPath); err != nil {
			res.problem("missing", gi.GradingReport, "the group's grading report is missing")
			res.Leaderboard = append(res.Leaderboard, row)
			continue
		}
		// The aggregate row, recomputed from the bundled report.
		if again, err := aggregateRow(reportPath); err != nil {
			res.problem("aggregate", gi.GradingReport, "cannot aggregate the grading report: %v", err)
		} else if !sameRow(again, gi.Aggregate) {
			res.problem("aggregate", gi.Name, "bundle.json's aggregate row %+v differs from the grading report's %+v", gi.Aggregate, again)
			row.Row = again
		}
		row.Regraded = regrade(ctx, res, gi, reportPath, dir, opt.Grader)
		res.Leaderboard = append(res.Leaderboard, row)
	}
	if opt.Grader == nil {
		res.Warnings = append(res.Warnings, "scores were not re-graded (no prepared data given)")
	}
	return res, nil
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12] + "…"
	}
	return h
}

func sameRow(a, b AggregateRow) bool {
	eq := func(x, y float64) bool { return x == y || (math.IsNaN(x) && math.IsNaN(y)) || math.Abs(x-y) <= 1e-9 }
	return a.Competitions == b.Competitions && a.Seeds == b.Seeds && eq(a.AnyMedal, b.AnyMedal) &&
		eq(a.AnyMedalSEM, b.AnyMedalSEM) && eq(a.Gold, b.Gold) && eq(a.ValidSubmited, b.ValidSubmited)
}

// checkManifests checks run manifests against the bundled files and the
// group manifest against the run manifests, and fills the compute budget.
func checkManifests(res *Result, gi GroupIndex, groupDir string, got map[string]Member, row *LeaderboardRow) {
	prefix := "groups/" + gi.Name + "/"
	var group *manifest.Group
	if b, err := os.ReadFile(filepath.Join(groupDir, "manifest.json")); err == nil {
		var g manifest.Group
		if json.Unmarshal(b, &g) == nil && g.Format == manifest.GroupFormat {
			group = &g
			row.Agent = g.Agent.ID
		}
	}
	entries, _ := os.ReadDir(groupDir)
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		mpath := filepath.Join(groupDir, e.Name(), "manifest.json")
		if _, err := os.Stat(mpath); err != nil {
			continue
		}
		where := prefix + e.Name() + "/manifest.json"
		m, err := manifest.ReadRun(mpath)
		if err != nil {
			res.problem("manifest", where, "unreadable: %v", err)
			continue
		}
		row.Runs++
		if row.Agent == "" {
			row.Agent = m.Agent.ID
		}
		row.TimeLimit = math.Max(row.TimeLimit, m.TimeLimitSeconds)
		row.CPUs, row.MemoryBytes, row.GPUs = m.Hardware.CPUs, m.Hardware.MemoryBytes, m.Hardware.GPUs
		row.WallHours += m.WallSeconds / 3600
		for _, f := range m.Files {
			member := prefix + e.Name() + "/" + f.Path
			g, ok := got[member]
			switch {
			case !ok:
				res.problem("manifest", member, "the run manifest lists it but the bundle does not hold it")
			case g.SHA256 != f.SHA256:
				res.problem("manifest", member, "the run's manifest recorded SHA-256 %s, the bundled file has %s: the file was swapped", short(f.SHA256), short(g.SHA256))
			}
		}
		if group != nil {
			if want, ok := group.Runs[e.Name()]; !ok {
				res.problem("manifest", where, "not listed in the group manifest")
			} else if g := got[where]; g.SHA256 != want {
				res.problem("manifest", where, "the group manifest recorded SHA-256 %s, the run manifest has %s: it was edited", short(want), short(g.SHA256))
			}
		}
	}
}

// regrade re-grades every bundled submission and compares with the report.
func regrade(ctx context.Context, res *Result, gi GroupIndex, reportPath, dir string, gr *grade.Grader) int {
	b, err := os.ReadFile(reportPath)
	if err != nil {
		return 0
	}
	var doc struct {
		Reports []struct {
			CompetitionID  string   `json:"competition_id"`
			Score          *float64 `json:"score"`
			AnyMedal       bool     `json:"any_medal"`
			GoldMedal      bool     `json:"gold_medal"`
			SilverMedal    bool     `json:"silver_medal"`
			BronzeMedal    bool     `json:"bronze_medal"`
			SubmissionPath any      `json:"submission_path"`
		} `json:"competition_reports"`
	}
	if err := json.Unmarshal(report.SanitizePythonJSON(b), &doc); err != nil {
		res.problem("score", gi.GradingReport, "unreadable grading report: %v", err)
		return 0
	}
	if gr == nil {
		return 0
	}
	n := 0
	for i, r := range doc.Reports {
		sp, _ := r.SubmissionPath.(string)
		member, ok := gi.Submissions[sp]
		where := fmt.Sprintf("%s report %d (%s)", gi.GradingReport, i, r.CompetitionID)
		if !ok {
			if r.Score != nil {
				res.problem("missing", where, "the report scores %s but its submission is not in the bundle", sp)
			}
			continue
		}
		rep, err := gr.GradeCSV(ctx, r.CompetitionID, filepath.Join(dir, filepath.FromSlash(member)))
		if err != nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s: not re-graded: %v", where, err))
			continue
		}
		n++
		switch {
		case (rep.Score == nil) != (r.Score == nil):
			res.problem("score", where, "the report says score %s, re-grading gives %s", fmtScore(r.Score), fmtScore(rep.Score))
		case rep.Score != nil && !sameScore(*rep.Score, *r.Score):
			res.problem("score", where, "the report says score %s, re-grading gives %s", fmtScore(r.Score), fmtScore(rep.Score))
		}
		if rep.GoldMedal != r.GoldMedal || rep.SilverMedal != r.SilverMedal || rep.BronzeMedal != r.BronzeMedal || rep.AnyMedal != r.AnyMedal {
			res.problem("medal", where, "the report says %s, re-grading gives %s",
				medal(r.GoldMedal, r.SilverMedal, r.BronzeMedal), medal(rep.GoldMedal, rep.SilverMedal, rep.BronzeMedal))
		}
	}
	return n
}

func sameScore(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= 1e-9
}

func fmtScore(s *float64) string {
	if s == nil {
		return "null"
	}
	return fmt.Sprint(*s)
}

func medal(g, s, b bool) string {
	switch {
	case g:
		return "gold"
	case s:
		return "silver"
	case b:
		return "bronze"
	}
	return "no medal"
}
