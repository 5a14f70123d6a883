package grade

import "math"

type leaderboardSummary struct {
	teams  int
	scores []float64 // best first, at evenly spaced positions
}

// Percentile is an extension to the original: the share of human teams on
// the competition's full Kaggle leaderboard, in percent, whose score the
// given score ties or beats. It is computed from an embedded summary of each
// leaderboard (scores every 0.5% of positions), so it is exact to within
// 0.5 percentage points. ok is false when no leaderboard is embedded or the
// score is NaN.
func Percentile(competitionID string, score float64) (pct float64, ok bool) {
	s, found := leaderboardSummaries()[competitionID]
	if !found || math.IsNaN(score) || len(s.scores) < 2 {
		return 0, false
	}
	lower := s.scores[0] < s.scores[len(s.scores)-1]
	atLeastAsGood := func(x float64) bool { // score ties or beats x
		if math.IsNaN(x) {
			return true
		}
		if lower {
			return score <= x
		}
		return score >= x
	}
	k := len(s.scores) - 1
	for j, x := range s.scores {
		if atLeastAsGood(x) {
			k = j
			break
		}
		if j == len(s.scores)-1 {
			return 0, true
		}
	}
	pos := math.Round(float64(k) * float64(s.teams-1) / float64(len(s.scores)-1))
	return 100 * (float64(s.teams) - pos) / float64(s.teams), true
}
