package kaggle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Competition is one entry of the competitions list.
type Competition struct {
	Ref            string `json:"ref"`
	Title          string `json:"title"`
	URL            string `json:"url"`
	Deadline       string `json:"deadline"`
	Category       string `json:"category"`
	Reward         string `json:"reward"`
	TeamCount      int    `json:"teamCount"`
	UserHasEntered bool   `json:"userHasEntered"`
}

// ListCompetitions returns one page (1-based) of the competitions list
// (GET /competitions/list), filtered by search when non-empty.
func (c *Client) ListCompetitions(ctx context.Context, search string, page int) ([]Competition, error) {
	if page < 1 {
		page = 1
	}
	q := url.Values{"page": {strconv.Itoa(page)}}
	if search != "" {
		q.Set("search", search)
	}
	var out []Competition
	if err := c.getJSON(ctx, call{op: "list competitions"}, "/competitions/list", q, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// CheckAuth proves the credentials work with one cheap authenticated call
// (listing competitions), as the original harness does before every
// download. Rejected credentials give an error matching [ErrUnauthorized];
// missing ones are reported without any request.
func (c *Client) CheckAuth(ctx context.Context) error {
	if c.Creds.IsZero() {
		return fmt.Errorf("%w; %s", ErrNoCredentials, credentialsHelp)
	}
	_, err := c.ListCompetitions(ctx, "", 1)
	return err
}

// DataFile is one file of a competition's data.
type DataFile struct {
	Ref          string `json:"ref"`
	Name         string `json:"name"`
	TotalBytes   int64  `json:"totalBytes"`
	CreationDate string `json:"creationDate"`
}

// maxPages bounds paging loops against a misbehaving server.
const maxPages = 1000

// ListDataFiles lists every data file of a competition
// (GET /competitions/data/list/{id}, following nextPageToken). It succeeds
// even when the rules are not accepted; see [Client.CompetitionAccess].
func (c *Client) ListDataFiles(ctx context.Context, competition string) ([]DataFile, error) {
	if err := checkID("competition", competition); err != nil {
		return nil, err
	}
	cl := call{op: "list data files", competition: competition}
	var all []DataFile
	token := ""
	for range maxPages {
		q := url.Values{}
		if token != "" {
			q.Set("pageToken", token)
		}
		var raw json.RawMessage
		if err := c.getJSON(ctx, cl, "/competitions/data/list/"+url.PathEscape(competition), q, &raw); err != nil {
			return nil, err
		}
		raw = bytes.TrimSpace(raw)
		if len(raw) > 0 && raw[0] == '[' { // older servers: a bare array
			var files []DataFile
			if err := json.Unmarshal(raw, &files); err != nil {
				return nil, fmt.Errorf("kaggle: %s for %q: decoding response: %w", cl.op, competition, err)
			}
			return append(all, files...), nil
		}
		var page struct {
			Files         []DataFile `json:"files"`
			NextPageToken string     `json:"nextPageToken"`
		}
		if err := json.Unmarshal(raw, &page); err != nil {
			return nil, fmt.Errorf("kaggle: %s for %q: decoding response: %w", cl.op, competition, err)
		}
		all = append(all, page.Files...)
		if page.NextPageToken == "" || page.NextPageToken == token {
			return all, nil
		}
		token = page.NextPageToken
	}
	return nil, fmt.Errorf("kaggle: %s for %q: more than %d pages", cl.op, competition, maxPages)
}

// CompetitionAccess checks, without downloading anything, that the
// credentials may download the competition's data. Listing files is not
// enough (it succeeds before the rules are accepted), so it requests the
// "download all" endpoint and stops at its answer: a redirect to storage
// (or a 200) means access; the body is never read and the storage URL is
// never fetched. Errors match [ErrUnauthorized], [ErrRulesNotAccepted]
// (with the rules URL in the message) or [ErrNotFound].
func (c *Client) CompetitionAccess(ctx context.Context, competition string) error {
	if err := checkID("competition", competition); err != nil {
		return err
	}
	cl := call{op: "check access to data", competition: competition}
	u, err := c.apiURL("/competitions/data/download-all/"+url.PathEscape(competition), nil)
	if err != nil {
		return err
	}
	err = c.withRetry(ctx, cl, func(int) (bool, error) {
		resp, err := c.send(ctx, cl, u, nil, false, true)
		if err != nil {
			return false, err
		}
		resp.Body.Close()
		return false, nil
	})
	return c.clean(err)
}

// Field is one member of a JSON object, in the server's order.
type Field struct {
	Name  string
	Value json.RawMessage
}

// LeaderboardEntry is one team's row of a leaderboard view.
type LeaderboardEntry struct {
	TeamID         int64
	TeamName       string
	SubmissionDate string
	// Score as the server wrote it (Kaggle sends a string such as "0.97950").
	Score string
	// Fields is the whole record in the server's field order, which the
	// original harness keeps when it writes leaderboard.csv.
	Fields []Field
}

// LeaderboardView returns the public leaderboard
// (GET /competitions/{id}/leaderboard/view). The legacy call is not paged
// and may be truncated; [Client.DownloadLeaderboard] has the full board.
func (c *Client) LeaderboardView(ctx context.Context, competition string) ([]LeaderboardEntry, error) {
	if err := checkID("competition", competition); err != nil {
		return nil, err
	}
	cl := call{op: "view leaderboard", competition: competition}
	var resp struct {
		Submissions []json.RawMessage `json:"submissions"`
	}
	if err := c.getJSON(ctx, cl, "/competitions/"+url.PathEscape(competition)+"/leaderboard/view", nil, &resp); err != nil {
		return nil, err
	}
	out := make([]LeaderboardEntry, 0, len(resp.Submissions))
	for i, raw := range resp.Submissions {
		fields, err := orderedFields(raw)
		if err != nil {
			return nil, fmt.Errorf("kaggle: %s for %q: submission %d: %w", cl.op, competition, i, err)
		}
		e := LeaderboardEntry{Fields: fields}
		for _, f := range fields {
			switch f.Name {
			case "teamId":
				e.TeamID, _ = strconv.ParseInt(scalarText(f.Value), 10, 64)
			case "teamName":
				e.TeamName = scalarText(f.Value)
			case "submissionDate":
				e.SubmissionDate = scalarText(f.Value)
			case "score":
				e.Score = scalarText(f.Value)
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// orderedFields decodes a JSON object keeping member order.
func orderedFields(raw json.RawMessage) ([]Field, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("not a JSON object")
	}
	var fields []Field
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		fields = append(fields, Field{Name: name, Value: v})
	}
	return fields, nil
}

// scalarText is a JSON string's value, or the literal text of any other value.
func scalarText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return string(bytes.TrimSpace(v))
}

// KernelListOptions filter [Client.ListKernels]; empty fields are not sent.
// MLE-bench uses Competition, SortBy "voteCount" and PageSize.
type KernelListOptions struct {
	Competition string
	Dataset     string
	User        string
	Search      string
	Group       string // everyone, profile, upvoted
	Language    string // all, python, r, sqlite, julia
	KernelType  string // all, script, notebook
	OutputType  string // all, visualization, data
	SortBy      string // hotness, commentCount, dateCreated, dateRun, scoreAscending, scoreDescending, viewCount, voteCount, relevance
	Page        int    // 1-based; 0 means 1
	PageSize    int    // 0 means the server default (20)
}

// KernelMeta is one entry of a kernel listing.
type KernelMeta struct {
	Ref         string `json:"ref"` // "owner/slug"
	Title       string `json:"title"`
	Author      string `json:"author"`
	TotalVotes  int    `json:"totalVotes"`
	LastRunTime string `json:"lastRunTime"`
	Language    string `json:"language"`
	KernelType  string `json:"kernelType"`
}

// ListKernels returns one page of kernels (GET /kernels/list).
func (c *Client) ListKernels(ctx context.Context, opt KernelListOptions) ([]KernelMeta, error) {
	q := url.Values{}
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	page := opt.Page
	if page < 1 {
		page = 1
	}
	q.Set("page", strconv.Itoa(page))
	if opt.PageSize > 0 {
		q.Set("pageSize", strconv.Itoa(opt.PageSize))
	}
	set("competition", opt.Competition)
	set("dataset", opt.Dataset)
	set("user", opt.User)
	set("search", opt.Search)
	set("group", opt.Group)
	set("language", opt.Language)
	set("kernelType", opt.KernelType)
	set("outputType", opt.OutputType)
	set("sortBy", opt.SortBy)
	var out []KernelMeta
	if err := c.getJSON(ctx, call{op: "list kernels", competition: opt.Competition}, "/kernels/list", q, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Kernel is a pulled kernel: its source and metadata.
type Kernel struct {
	Metadata   json.RawMessage // the server's metadata object, verbatim
	Source     string
	Language   string // python, r, rmarkdown, sqlite, julia
	KernelType string // script or notebook
	Slug       string
}

// FileName is the name the kaggle CLI gives the pulled source: slug plus
// .ipynb for Python/Julia notebooks, .irnb for R notebooks, and .py, .R,
// .Rmd, .sql or .jl for scripts.
func (k *Kernel) FileName() string {
	ext := ".py"
	switch strings.ToLower(k.Language) {
	case "r":
		ext = ".R"
		if k.KernelType == "notebook" {
			ext = ".irnb"
		}
	case "rmarkdown":
		ext = ".Rmd"
	case "sqlite":
		ext = ".sql"
	case "julia":
		ext = ".jl"
		if k.KernelType == "notebook" {
			ext = ".ipynb"
		}
	default:
		if k.KernelType == "notebook" {
			ext = ".ipynb"
		}
	}
	slug := k.Slug
	if slug == "" || strings.ContainsAny(slug, `/\`) || slug == "." || slug == ".." {
		slug = "kernel"
	}
	return slug + ext
}

// PullKernel fetches a kernel's source (GET /kernels/pull); ref is
// "owner/slug".
func (c *Client) PullKernel(ctx context.Context, ref string) (*Kernel, error) {
	owner, slug, ok := strings.Cut(ref, "/")
	if !ok || owner == "" || slug == "" || strings.Contains(slug, "/") {
		return nil, fmt.Errorf("kaggle: kernel reference %q is not of the form owner/slug", ref)
	}
	q := url.Values{"userName": {owner}, "kernelSlug": {slug}}
	var resp struct {
		Metadata json.RawMessage `json:"metadata"`
		Blob     struct {
			Source     string `json:"source"`
			Language   string `json:"language"`
			KernelType string `json:"kernelType"`
			Slug       string `json:"slug"`
		} `json:"blob"`
	}
	if err := c.getJSON(ctx, call{op: "pull kernel " + ref}, "/kernels/pull", q, &resp); err != nil {
		return nil, err
	}
	k := &Kernel{Metadata: resp.Metadata, Source: resp.Blob.Source, Language: resp.Blob.Language,
		KernelType: resp.Blob.KernelType, Slug: resp.Blob.Slug}
	if k.Slug == "" {
		k.Slug = slug
	}
	return k, nil
}

// checkID rejects identifiers that cannot name a Kaggle object.
func checkID(what, id string) error {
	if id == "" {
		return fmt.Errorf("kaggle: empty %s id", what)
	}
	if strings.ContainsAny(id, "/\\?#") || id == "." || id == ".." {
		return fmt.Errorf("kaggle: invalid %s id %q", what, id)
	}
	return nil
}
