package familiarity

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyjson"
)

// Entry is one competition-and-seed result of the cache.
type Entry struct {
	Scores   map[string]float64 // per document file name
	Mean     float64
	Deadline string // "YYYY-MM-DD HH:MM:SS", as str(datetime) prints it
}

// Cache is familiarity_and_dates.json: "<id>_seed<k>" → entry.
type Cache map[string]Entry

// Key is the cache key of a competition and seed.
func Key(id string, seed int) string { return fmt.Sprintf("%s_seed%d", id, seed) }

// ReadCache reads a cache file; a missing file is an empty cache.
func ReadCache(path string) (Cache, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Cache{}, nil
	}
	if err != nil {
		return nil, err
	}
	var raw map[string]struct {
		Scores   map[string]float64 `json:"familiarity_scores"`
		Mean     float64            `json:"mean_familiarity_score"`
		Deadline string             `json:"deadline"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c := Cache{}
	for k, v := range raw {
		c[k] = Entry{Scores: v.Scores, Mean: v.Mean, Deadline: v.Deadline}
	}
	return c, nil
}

// Write writes the cache with 4-space indent and sorted keys, through a
// temporary file renamed into place.
func (c Cache) Write(path string) error {
	obj := map[string]any{}
	for k, e := range c {
		scores := map[string]any{}
		for d, s := range e.Scores {
			scores[d] = s
		}
		obj[k] = map[string]any{"familiarity_scores": scores, "mean_familiarity_score": e.Mean, "deadline": e.Deadline}
	}
	b, err := pyjson.Marshal(obj, pyjson.Options{Indent: 4, SortKeys: true})
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Document is one text about a competition.
type Document struct {
	Name string // file name, the cache's key
	Text string
}

// Documents gathers a competition's description.md (from upstreamDir) and
// its discussion posts (discussionsDir/<id>/*.txt, when that directory is
// given), in name order after the description.
func Documents(upstreamDir, discussionsDir, id string) ([]Document, error) {
	b, err := os.ReadFile(filepath.Join(upstreamDir, "competitions", id, "description.md"))
	if err != nil {
		return nil, fmt.Errorf("reading %s's description: %w", id, err)
	}
	docs := []Document{{Name: "description.md", Text: string(b)}}
	if discussionsDir == "" {
		return docs, nil
	}
	paths, err := filepath.Glob(filepath.Join(discussionsDir, id, "*.txt"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(string(b)) == "" {
			continue
		}
		docs = append(docs, Document{Name: filepath.Base(p), Text: string(b)})
	}
	return docs, nil
}

// ReadDeadlines reads Meta Kaggle's Competitions.csv: Slug → DeadlineDate
// (format "%m/%d/%Y %H:%M:%S") as "YYYY-MM-DD HH:MM:SS".
func ReadDeadlines(r io.Reader) (map[string]string, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("reading the header: %w", err)
	}
	slug, deadline := -1, -1
	for i, h := range header {
		switch strings.TrimPrefix(h, "\ufeff") {
		case "Slug":
			slug = i
		case "DeadlineDate":
			deadline = i
		}
	}
	if slug < 0 || deadline < 0 {
		return nil, errors.New("no Slug or DeadlineDate column")
	}
	out := map[string]string{}
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if slug >= len(rec) || deadline >= len(rec) || rec[deadline] == "" {
			continue
		}
		t, err := time.Parse("01/02/2006 15:04:05", rec[deadline])
		if err != nil {
			return nil, fmt.Errorf("line %d: DeadlineDate %q: %w", line, rec[deadline], err)
		}
		out[rec[slug]] = t.Format("2006-01-02 15:04:05")
	}
}

// Options configure [Run].
type Options struct {
	Scorer         *Scorer
	UpstreamDir    string
	DiscussionsDir string
	Deadlines      map[string]string // nil: no deadlines known (none skipped)
	Seeds          int               // seeds 0..Seeds-1
	Warn           func(string)
	// Save is called after each computed entry (to persist progress).
	Save func(Cache) error
}

// Run computes the missing entries of cache for each competition and seed.
// Competitions with no known deadline (when Deadlines is given) are skipped,
// as the original skips those absent from Competitions.csv.
func Run(ctx context.Context, ids []string, cache Cache, opt Options) error {
	warn := opt.Warn
	if warn == nil {
		warn = func(string) {}
	}
	for _, id := range ids {
		deadline := ""
		if opt.Deadlines != nil {
			d, ok := opt.Deadlines[id]
			if !ok {
				warn(fmt.Sprintf("%s: not in the competitions table; skipped", id))
				continue
			}
			deadline = d
		}
		var docs []Document
		for seed := 0; seed < max(opt.Seeds, 1); seed++ {
			key := Key(id, seed)
			if _, done := cache[key]; done {
				continue
			}
			if docs == nil {
				var err error
				if docs, err = Documents(opt.UpstreamDir, opt.DiscussionsDir, id); err != nil {
					return err
				}
			}
			e := Entry{Scores: map[string]float64{}, Deadline: deadline}
			sum := 0.0
			for _, d := range docs {
				s, err := opt.Scorer.Document(ctx, d.Text, int64(seed))
				if err != nil {
					return fmt.Errorf("%s, %s: %w", id, d.Name, err)
				}
				e.Scores[d.Name] = s
				sum += s
			}
			e.Mean = sum / float64(len(docs))
			cache[key] = e
			if opt.Save != nil {
				if err := opt.Save(cache); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Outcome is one graded run: its competition, score (nil when null) and the
// gold threshold of its report.
type Outcome struct {
	CompetitionID string
	Score         *float64
	Gold          float64
}

// Performance is, per competition, the mean over outcomes of
// (score − sample)/(gold − sample), counting a null or NaN score as 0.
// Competitions without a known (non-NaN) sample score are left out.
func Performance(outcomes []Outcome, sample map[string]float64) map[string]float64 {
	sum, n := map[string]float64{}, map[string]int{}
	for _, o := range outcomes {
		s, ok := sample[o.CompetitionID]
		if !ok || math.IsNaN(s) {
			continue
		}
		v := 0.0
		if o.Score != nil && !math.IsNaN(*o.Score) {
			v = (*o.Score - s) / (o.Gold - s)
		}
		sum[o.CompetitionID] += v
		n[o.CompetitionID]++
	}
	out := map[string]float64{}
	for id, s := range sum {
		out[id] = s / float64(n[id])
	}
	return out
}

// Pearson returns Pearson's r (metric.Pearson) and its two-sided p-value
// as scipy.stats.pearsonr computes it (from the exact distribution of r
// under independence: a Beta(n/2−1, n/2−1) on [−1, 1]).
func Pearson(x, y []float64) (r, p float64, err error) {
	r, err = metric.Pearson(x, y)
	if err != nil {
		return 0, 0, err
	}
	if math.IsNaN(r) {
		return math.NaN(), math.NaN(), nil
	}
	n := len(x)
	if n == 2 {
		return r, 1, nil
	}
	a := float64(n)/2 - 1
	// P(|R| ≥ |r|) = 2·I_{(1−|r|)/2}(a, a).
	p = 2 * RegIncBeta(a, a, (1-math.Abs(r))/2)
	return r, math.Min(p, 1), nil
}

// RegIncBeta is the regularized incomplete beta function I_x(a, b), by its
// continued fraction (modified Lentz), using the symmetry
// I_x(a,b) = 1 − I_{1−x}(b,a) where the fraction converges slowly.
func RegIncBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	lbeta := lgamma(a+b) - lgamma(a) - lgamma(b)
	front := math.Exp(lbeta + a*math.Log(x) + b*math.Log1p(-x))
	if x > (a+1)/(a+b+2) {
		return 1 - RegIncBeta(b, a, 1-x)
	}
	const tiny, eps = 1e-300, 1e-16
	f, c, d := 1.0, 1.0, 0.0
	for i := 0; i <= 1000; i++ {
		m := float64(i / 2)
		var num float64
		switch {
		case i == 0:
			num = 1
		case i%2 == 0:
			num = m * (b - m) * x / ((a + 2*m - 1) * (a + 2*m))
		default:
			num = -(a + m) * (a + b + m) * x / ((a + 2*m) * (a + 2*m + 1))
		}
		d = 1 + num*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		d = 1 / d
		c = 1 + num/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		cd := c * d
		f *= cd
		if math.Abs(1-cd) < eps {
			break
		}
	}
	return front * (f - 1) / a
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}
