package demo

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// sampleShare is the share of simulated teams that submit the sample
// submission unchanged, as a real leaderboard's tail does.
const sampleShare = 0.05

// simulateLeaderboard scores s.teams simulated teams on the prepared data in
// d and returns their scores best first. Each team is a noisy version of
// the Bayes-optimal predictor (the private oracle) and is scored by the
// competition's real grader through grade.Call, so scores are rounded to 5
// decimals exactly as an agent's are. It is deterministic for a seed.
func simulateLeaderboard(s *spec, seed uint64, d competition.Dirs) ([]float64, error) {
	read := func(p string) (*table.Table, error) {
		t, err := table.ReadFile(p, table.ReadOptions{})
		if err != nil {
			return nil, fmt.Errorf("simulating the %s leaderboard: %w", s.id, err)
		}
		return t, nil
	}
	answers, err := read(filepath.Join(d.Private, "answers.csv"))
	if err != nil {
		return nil, err
	}
	oracle, err := read(filepath.Join(d.Private, "oracle.csv"))
	if err != nil {
		return nil, err
	}
	sample, err := read(filepath.Join(d.Public, "sample_submission.csv"))
	if err != nil {
		return nil, err
	}
	r := newRand(seed, s.id, "leaderboard")
	scores := make([]float64, 0, s.teams)
	for t := 0; t < s.teams; t++ {
		sub := sample
		if r.Float64() >= sampleShare {
			noise := s.noiseMedian * math.Exp(s.noiseSpread*r.NormFloat64())
			if sub, err = s.team(r, noise, oracle); err != nil {
				return nil, fmt.Errorf("simulating team %d of %s: %w", t+1, s.id, err)
			}
		}
		out := grade.Call(s.impl, sub, answers)
		if out.Err != nil {
			return nil, fmt.Errorf("grading simulated team %d of %s: %w", t+1, s.id, out.Err)
		}
		scores = append(scores, *out.Score)
	}
	sort.SliceStable(scores, func(i, j int) bool {
		if s.lowerIsBetter {
			return scores[i] < scores[j]
		}
		return scores[i] > scores[j]
	})
	return scores, nil
}

// writeLeaderboard writes scores (best first) in Kaggle's rank,score format.
func writeLeaderboard(path string, scores []float64) error {
	var b strings.Builder
	b.WriteString("rank,score\n")
	for i, sc := range scores {
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteByte(',')
		b.WriteString(strconv.FormatFloat(sc, 'g', -1, 64))
		b.WriteByte('\n')
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Percentile returns the share of a demo competition's simulated teams, in
// percent, whose score the given score ties or beats (the same measure as
// grade.Percentile for real leaderboards, computed exactly from the
// leaderboard.csv files under dataDir). ok is false for an unknown
// competition, a missing leaderboard or a NaN score.
func Percentile(dataDir string) func(id string, score float64) (float64, bool) {
	var mu sync.Mutex
	cache := map[string][]float64{}
	return func(id string, score float64) (float64, bool) {
		s, err := lookup(id)
		if err != nil || math.IsNaN(score) {
			return 0, false
		}
		mu.Lock()
		scores, ok := cache[id]
		if !ok {
			scores, _ = grade.ReadLeaderboardFile(LeaderboardPath(dataDir, id))
			cache[id] = scores
		}
		mu.Unlock()
		if len(scores) == 0 {
			return 0, false
		}
		n := 0
		for _, x := range scores {
			if s.lowerIsBetter && score <= x || !s.lowerIsBetter && score >= x {
				n++
			}
		}
		return 100 * float64(n) / float64(len(scores)), true
	}
}
