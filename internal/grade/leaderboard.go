package grade

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
)

// MedalPositions returns the 1-based leaderboard rows whose scores are the
// gold, silver and bronze thresholds for n teams (harness.md §4.3): four
// team-count bands, truncating float products, max(1, …) only where the
// original applies it.
func MedalPositions(n int) (gold, silver, bronze int, err error) {
	if n <= 0 {
		return 0, 0, 0, errors.New("Number of teams in leaderboard must be greater than 0.")
	}
	f := float64(n)
	atLeast1 := func(p int) int { return max(1, p) }
	switch {
	case n < 100:
		return atLeast1(int(f * 0.1)), atLeast1(int(f * 0.2)), atLeast1(int(f * 0.4)), nil
	case n < 250:
		return 10, atLeast1(int(f * 0.2)), atLeast1(int(f * 0.4)), nil
	case n < 1000:
		return 10 + int(f*0.002), 50, 100, nil
	default:
		return 10 + int(f*0.002), atLeast1(int(f * 0.05)), atLeast1(int(f * 0.1)), nil
	}
}

// ThresholdsFromScores computes medal thresholds and direction from a
// leaderboard's scores in file order, best team first, exactly as the
// original's rank_score and is_lower_better do: direction is lower-is-better
// iff the first score is strictly below the last; thresholds are the scores
// at [MedalPositions]; the median ignores NaN (NaN when all are NaN).
func ThresholdsFromScores(scores []float64) (competition.Thresholds, error) {
	g, s, b, err := MedalPositions(len(scores))
	if err != nil {
		return competition.Thresholds{}, err
	}
	return competition.Thresholds{
		Gold:          scores[g-1],
		Silver:        scores[s-1],
		Bronze:        scores[b-1],
		Median:        nanMedian(scores),
		LowerIsBetter: scores[0] < scores[len(scores)-1],
	}, nil
}

func nanMedian(xs []float64) float64 {
	var v []float64
	for _, x := range xs {
		if !math.IsNaN(x) {
			v = append(v, x)
		}
	}
	if len(v) == 0 {
		return math.NaN()
	}
	slices.Sort(v)
	m := len(v) / 2
	if len(v)%2 == 1 {
		return v[m]
	}
	// numpy's median averages the two middle values as (a+b)/2 via mean.
	return (v[m-1] + v[m]) / 2
}

// ReadLeaderboard reads the score column of a leaderboard CSV, in file
// order. It accepts Kaggle's download format (a `score` column among others,
// as in the original's leaderboard.csv) and the `rank,score` format. Empty
// or NA scores are NaN.
func ReadLeaderboard(r io.Reader) ([]float64, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("reading leaderboard header: %w", err)
	}
	if len(header) > 0 {
		header[0] = strings.TrimPrefix(header[0], "\ufeff")
	}
	col := slices.Index(header, "score")
	if col < 0 {
		return nil, errors.New("Leaderboard must have a `score` column.")
	}
	var scores []float64
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading leaderboard: %w", err)
		}
		if col >= len(rec) {
			return nil, fmt.Errorf("leaderboard line %d: no score field", line)
		}
		scores = append(scores, parseScore(rec[col]))
		if math.IsInf(scores[len(scores)-1], 0) && !strings.Contains(strings.ToLower(rec[col]), "inf") {
			return nil, fmt.Errorf("leaderboard line %d: score %q out of range", line, rec[col])
		}
	}
	return scores, nil
}

func parseScore(s string) float64 {
	s = strings.TrimSpace(s)
	switch s {
	case "", "NA", "NaN", "nan", "null", "NULL", "None", "N/A", "n/a", "<NA>", "-NaN", "-nan":
		return math.NaN()
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return math.NaN()
	}
	return v
}

// ReadLeaderboardFile reads a leaderboard file; see [ReadLeaderboard].
func ReadLeaderboardFile(path string) ([]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	scores, err := ReadLeaderboard(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return scores, nil
}

// DropSentinelScores removes the rows the original removed from a
// competition's leaderboard before computing thresholds: for
// multi-modal-gesture-recognition every row scoring 999999.0 (see that
// competition's leaderboard note). Other competitions are unchanged.
func DropSentinelScores(id string, scores []float64) []float64 {
	if id != "multi-modal-gesture-recognition" {
		return scores
	}
	out := scores[:0:0]
	for _, s := range scores {
		if s != 999999.0 {
			out = append(out, s)
		}
	}
	return out
}

// Medals is the outcome of ranking a score against thresholds.
type Medals struct {
	Gold, Silver, Bronze, AboveMedian bool
}

// Any reports whether any medal was earned.
func (m Medals) Any() bool { return m.Gold || m.Silver || m.Bronze }

// Rank decides medals for score (nil = no valid submission) exactly as the
// original does: ties with a medal threshold earn it (<= or >=), silver and
// bronze exclude higher medals, "above median" is strict, NaN earns nothing.
func Rank(score *float64, t competition.Thresholds) Medals {
	if score == nil {
		return Medals{}
	}
	x := *score
	meets := func(th float64) bool {
		if t.LowerIsBetter {
			return x <= th
		}
		return x >= th
	}
	var m Medals
	m.Gold = meets(t.Gold)
	m.Silver = !m.Gold && meets(t.Silver)
	m.Bronze = !m.Gold && !m.Silver && meets(t.Bronze)
	if t.LowerIsBetter {
		m.AboveMedian = x < t.Median
	} else {
		m.AboveMedian = x > t.Median
	}
	return m
}

// Leaderboard is a full leaderboard a user supplied, with the thresholds the
// original's rules give for it.
type Leaderboard struct {
	Scores     []float64 // file order, best first (after DropSentinelScores)
	Thresholds competition.Thresholds
}

// LoadLeaderboard reads a leaderboard file (Kaggle's download format or
// `rank,score`) for a competition and computes its thresholds.
func LoadLeaderboard(competitionID, path string) (*Leaderboard, error) {
	scores, err := ReadLeaderboardFile(path)
	if err != nil {
		return nil, err
	}
	scores = DropSentinelScores(competitionID, scores)
	t, err := ThresholdsFromScores(scores)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &Leaderboard{Scores: scores, Thresholds: t}, nil
}

// Percentile is the share of the leaderboard's teams, in percent, whose score
// the given score ties or beats (NaN team scores count as beaten); ok is
// false for a NaN score.
func (l *Leaderboard) Percentile(score float64) (float64, bool) {
	if math.IsNaN(score) || len(l.Scores) == 0 {
		return 0, false
	}
	n := 0
	for _, s := range l.Scores {
		switch {
		case math.IsNaN(s):
			n++
		case l.Thresholds.LowerIsBetter && score <= s:
			n++
		case !l.Thresholds.LowerIsBetter && score >= s:
			n++
		}
	}
	return 100 * float64(n) / float64(len(l.Scores)), true
}
