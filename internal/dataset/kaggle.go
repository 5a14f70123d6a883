package dataset

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/kaggle"
	"github.com/mlebench/mlebench/internal/progress"
)

// AuthError is the original's failure to authenticate (harness.md §2.1).
type AuthError struct{ Err error }

func (e *AuthError) Error() string {
	return "Kaggle authentication failed! Please ensure you have valid Kaggle API credentials configured. " +
		"Refer to the Kaggle API documentation for guidance on setting up your API token. (" + e.Err.Error() + ")"
}

func (e *AuthError) Unwrap() error { return e.Err }

// NetworkError is a failure to reach Kaggle at all (DNS, connection
// refused, timeouts): a network problem, not a credentials one.
type NetworkError struct {
	URL string
	Err error
}

func (e *NetworkError) Error() string {
	return fmt.Sprintf("cannot reach Kaggle at %s: a network problem, not your credentials; check the connection (or MLEBENCH_KAGGLE_URL) and try again (%v)", e.URL, e.Err)
}

func (e *NetworkError) Unwrap() error { return e.Err }

// isNetworkError reports whether err is a failure to reach the server
// rather than an answer from it.
func isNetworkError(err error) bool {
	var ne net.Error
	var oe *net.OpError
	var de *net.DNSError
	return errors.As(err, &oe) || errors.As(err, &de) || (errors.As(err, &ne) && ne.Timeout()) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EHOSTUNREACH) || errors.Is(err, syscall.ENETUNREACH)
}

// RulesError says the competition's rules must be accepted on Kaggle before
// its data can be downloaded. The original prompts to open the page in a
// browser and waits; mlebench is non-interactive and stops instead (see
// `mlebench preflight` to list every such competition at once).
type RulesError struct {
	ID  string
	URL string
	Err error
}

func (e *RulesError) Error() string {
	return fmt.Sprintf("You must accept the competition rules before downloading the dataset: accept them at %s, then run prepare again.", e.URL)
}

func (e *RulesError) Unwrap() error { return e.Err }

// Kaggle downloads competition zips with a Kaggle client, proving the
// credentials with one cheap authenticated call first, once per Kaggle
// value, as the original does before downloading.
type Kaggle struct {
	Client *kaggle.Client

	authOnce sync.Once
	authErr  error
}

// Auth checks the credentials (once; later calls return the first result).
func (k *Kaggle) Auth(ctx context.Context) error {
	k.authOnce.Do(func() {
		err := k.Client.CheckAuth(ctx)
		switch {
		case err == nil:
		case !errors.Is(err, kaggle.ErrUnauthorized) && isNetworkError(err):
			k.authErr = &NetworkError{URL: k.Client.BaseURL, Err: err}
		default:
			k.authErr = &AuthError{Err: err}
		}
	})
	return k.authErr
}

// Download implements [Downloader]: DATA/<id>/<id>.zip, resumed if a
// partial file is there, skipped if an up-to-date copy is.
func (k *Kaggle) Download(ctx context.Context, id, dir string, p progress.Reporter) error {
	if err := k.Auth(ctx); err != nil {
		return err
	}
	_, err := k.Client.DownloadAllFiles(ctx, id, filepath.Join(dir, id+".zip"), kaggle.DownloadOptions{Progress: progress.OrNop(p)})
	return classify(id, err)
}

// classify turns the client's sentinel errors into the original's messages.
func classify(id string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, kaggle.ErrRulesNotAccepted):
		return &RulesError{ID: id, URL: kaggle.RulesURL(id), Err: err}
	case errors.Is(err, kaggle.ErrUnauthorized):
		return &AuthError{Err: err}
	}
	return err
}

// Access is whether the credentials may download one competition's data.
type Access struct {
	ID string `json:"competition_id"`
	// Status is "ok", "rules-not-accepted", "not-found" or "error".
	Status   string `json:"status"`
	RulesURL string `json:"rules_url,omitempty"`
	Error    string `json:"error,omitempty"`
}

// OK reports whether the data can be downloaded.
func (a Access) OK() bool { return a.Status == "ok" }

// Preflight checks the credentials, then every competition's access,
// without downloading anything. Credentials that do not work are an
// *AuthError; per-competition problems are in the result.
func (k *Kaggle) Preflight(ctx context.Context, ids []string) ([]Access, error) {
	if err := k.Auth(ctx); err != nil {
		return nil, err
	}
	out := make([]Access, 0, len(ids))
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		a := Access{ID: id, Status: "ok"}
		err := k.Client.CompetitionAccess(ctx, id)
		switch {
		case err == nil:
		case errors.Is(err, kaggle.ErrRulesNotAccepted):
			a.Status, a.RulesURL = "rules-not-accepted", kaggle.RulesURL(id)
		case errors.Is(err, kaggle.ErrNotFound):
			a.Status, a.Error = "not-found", err.Error()
		case errors.Is(err, kaggle.ErrUnauthorized):
			return out, &AuthError{Err: err}
		default:
			a.Status, a.Error = "error", err.Error()
		}
		out = append(out, a)
	}
	return out, nil
}

// LeaderboardPath is where a downloaded leaderboard is kept:
// DATA/leaderboards/<id>.csv (the original writes into its code tree).
func LeaderboardPath(dataDir, id string) string {
	return grade.DownloadedLeaderboardPath(dataDir, id)
}

// DownloadLeaderboard is §2.10 with force: it fetches the leaderboard view,
// writes it as CSV (the server's fields in its order, without teamName and
// teamNameNullable, no index column) to path, and returns the medal
// thresholds computed from its score column (best team first, as served).
func (k *Kaggle) DownloadLeaderboard(ctx context.Context, id, path string) (competition.Thresholds, int, error) {
	if err := k.Auth(ctx); err != nil {
		return competition.Thresholds{}, 0, err
	}
	entries, err := k.Client.LeaderboardView(ctx, id)
	if err != nil {
		return competition.Thresholds{}, 0, classify(id, err)
	}
	if len(entries) == 0 {
		return competition.Thresholds{}, 0, fmt.Errorf("Failed to download leaderboard for competition `%s`.", id)
	}
	var columns []string
	seen := map[string]bool{}
	for _, e := range entries {
		for _, f := range e.Fields {
			if f.Name == "teamName" || f.Name == "teamNameNullable" || seen[f.Name] {
				continue
			}
			seen[f.Name] = true
			columns = append(columns, f.Name)
		}
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write(columns)
	scores := make([]float64, len(entries))
	for i, e := range entries {
		row := make([]string, len(columns))
		for _, f := range e.Fields {
			for j, c := range columns {
				if c == f.Name {
					row[j] = jsonScalar(f.Value)
				}
			}
		}
		w.Write(row)
		v, err := strconv.ParseFloat(strings.TrimSpace(e.Score), 64)
		if err != nil {
			v = math.NaN()
		}
		scores[i] = v
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return competition.Thresholds{}, 0, err
	}
	if err := writeFileAtomic(path, []byte(b.String()), ""); err != nil {
		return competition.Thresholds{}, 0, fmt.Errorf("writing %s: %w", path, err)
	}
	th, err := grade.ThresholdsFromScores(scores)
	if err != nil {
		return competition.Thresholds{}, 0, fmt.Errorf("leaderboard of %s: %w", id, err)
	}
	return th, len(entries), nil
}

// jsonScalar is a JSON value as a CSV cell: strings unquoted, null empty,
// anything else as written.
func jsonScalar(raw []byte) string {
	s := strings.TrimSpace(string(raw))
	switch {
	case s == "null":
		return ""
	case strings.HasPrefix(s, `"`):
		var v string
		if json.Unmarshal([]byte(s), &v) == nil {
			return v
		}
	case s == "true":
		return "True"
	case s == "false":
		return "False"
	}
	return s
}
