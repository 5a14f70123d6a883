package grade

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

const shared = "../../../shared"

func TestMedalPositionsWorkedExamples(t *testing.T) {
	// harness.md §4.3 worked positions.
	for _, c := range []struct{ n, gold, silver, bronze int }{
		{1, 1, 1, 1}, {9, 1, 1, 3}, {50, 5, 10, 20}, {99, 9, 19, 39}, {100, 10, 20, 40},
		{150, 10, 30, 60}, {249, 10, 49, 99}, {250, 10, 50, 100}, {500, 11, 50, 100},
		{999, 11, 50, 100}, {1000, 12, 50, 100}, {1234, 12, 61, 123}, {2000, 14, 100, 200},
	} {
		g, s, b, err := MedalPositions(c.n)
		if err != nil || g != c.gold || s != c.silver || b != c.bronze {
			t.Errorf("MedalPositions(%d) = %d,%d,%d,%v; want %d,%d,%d", c.n, g, s, b, err, c.gold, c.silver, c.bronze)
		}
	}
	if _, _, _, err := MedalPositions(0); err == nil || err.Error() != "Number of teams in leaderboard must be greater than 0." {
		t.Errorf("MedalPositions(0) error = %v", err)
	}
}

func readThresholdTable(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(shared, "leaderboards", name))
	if err != nil {
		t.Skipf("shared leaderboards not available: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

func closeTo(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b))
}

// TestThresholdsFromFullLeaderboards recomputes every threshold of
// thresholds-from-full-leaderboards.csv from the real leaderboard files.
func TestThresholdsFromFullLeaderboards(t *testing.T) {
	rows := readThresholdTable(t, "thresholds-from-full-leaderboards.csv")
	if len(rows) != 75 {
		t.Fatalf("expected 75 leaderboards, got %d", len(rows))
	}
	for _, r := range rows {
		id := r[0]
		t.Run(id, func(t *testing.T) {
			scores, err := ReadLeaderboardFile(filepath.Join(shared, "leaderboards", id+".csv"))
			if err != nil {
				t.Fatal(err)
			}
			n, _ := strconv.Atoi(r[1])
			if len(scores) != n {
				t.Errorf("teams = %d, want %d", len(scores), n)
			}
			th, err := ThresholdsFromScores(scores)
			if err != nil {
				t.Fatal(err)
			}
			want := competition.Thresholds{LowerIsBetter: r[2] == "True"}
			want.Gold, _ = strconv.ParseFloat(r[3], 64)
			want.Silver, _ = strconv.ParseFloat(r[4], 64)
			want.Bronze, _ = strconv.ParseFloat(r[5], 64)
			want.Median, _ = strconv.ParseFloat(r[6], 64)
			if th.LowerIsBetter != want.LowerIsBetter || !closeTo(th.Gold, want.Gold) || !closeTo(th.Silver, want.Silver) ||
				!closeTo(th.Bronze, want.Bronze) || !closeTo(th.Median, want.Median) {
				t.Errorf("thresholds = %+v, want %+v", th, want)
			}
		})
	}
}

// TestMultiModalGestureSentinels: dropping the 999999 rows as the original
// did changes the thresholds to the ones in the upstream snapshot.
func TestMultiModalGestureSentinels(t *testing.T) {
	scores, err := ReadLeaderboardFile(filepath.Join(shared, "leaderboards", "multi-modal-gesture-recognition.csv"))
	if err != nil {
		t.Skip(err)
	}
	th, err := ThresholdsFromScores(DropSentinelScores("multi-modal-gesture-recognition", scores))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range readThresholdTable(t, "thresholds-upstream-snapshot.csv") {
		if r[0] != "multi-modal-gesture-recognition" {
			continue
		}
		g, _ := strconv.ParseFloat(r[2], 64)
		s, _ := strconv.ParseFloat(r[3], 64)
		b, _ := strconv.ParseFloat(r[4], 64)
		if !closeTo(th.Gold, g) || !closeTo(th.Silver, s) || !closeTo(th.Bronze, b) || th.LowerIsBetter != (r[1] == "True") {
			t.Errorf("thresholds = %+v, snapshot %v", th, r)
		}
	}
}

// TestFactsMatchSnapshot: the built-in thresholds are the original's
// snapshot, for all 82 competitions.
func TestFactsMatchSnapshot(t *testing.T) {
	rows := readThresholdTable(t, "thresholds-upstream-snapshot.csv")
	facts := map[string]competition.Info{}
	for _, f := range competition.Facts() {
		facts[f.ID] = f
	}
	if len(rows) != 82 || len(facts) != 82 {
		t.Fatalf("snapshot rows = %d, facts = %d; want 82", len(rows), len(facts))
	}
	for _, r := range rows {
		f, ok := facts[r[0]]
		if !ok {
			t.Errorf("%s: no facts", r[0])
			continue
		}
		vals := []float64{f.Thresholds.Gold, f.Thresholds.Silver, f.Thresholds.Bronze, f.Thresholds.Median}
		for i, v := range vals {
			want, _ := strconv.ParseFloat(r[2+i], 64)
			if v != want {
				t.Errorf("%s: threshold %d = %v, snapshot %v", r[0], i, v, want)
			}
		}
		if f.Thresholds.LowerIsBetter != (r[1] == "True") {
			t.Errorf("%s: direction differs from snapshot", r[0])
		}
	}
}

func TestReadLeaderboardFormats(t *testing.T) {
	kaggle := "scoreNullable,teamId,hasTeamName,submissionDate,score,hasScore\n0.9,1,True,2020-01-01,0.9,True\n,2,True,2020-01-01,,False\n"
	scores, err := ReadLeaderboard(stringsReader(kaggle))
	if err != nil || len(scores) != 2 || scores[0] != 0.9 || !math.IsNaN(scores[1]) {
		t.Errorf("kaggle format: %v %v", scores, err)
	}
	if _, err := ReadLeaderboard(stringsReader("rank,points\n1,2\n")); err == nil || err.Error() != "Leaderboard must have a `score` column." {
		t.Errorf("missing score column: %v", err)
	}
}

func TestDirectionInference(t *testing.T) {
	for _, c := range []struct {
		scores []float64
		lower  bool
	}{
		{[]float64{0.1, 0.2, 0.3}, true},
		{[]float64{0.3, 0.2, 0.1}, false},
		{[]float64{0.2, 0.1, 0.2}, false}, // equal ends: higher is better
		{[]float64{math.NaN(), 0.1, 0.2}, false},
	} {
		th, err := ThresholdsFromScores(c.scores)
		if err != nil || th.LowerIsBetter != c.lower {
			t.Errorf("%v: lower=%v err=%v, want %v", c.scores, th.LowerIsBetter, err, c.lower)
		}
	}
}

func TestRank(t *testing.T) {
	higher := competition.Thresholds{Gold: 0.9, Silver: 0.8, Bronze: 0.7, Median: 0.5}
	lower := competition.Thresholds{Gold: 0.1, Silver: 0.2, Bronze: 0.3, Median: 0.5, LowerIsBetter: true}
	f := func(x float64) *float64 { return &x }
	for _, c := range []struct {
		name  string
		score *float64
		th    competition.Thresholds
		want  Medals
	}{
		{"nil", nil, higher, Medals{}},
		{"gold tie", f(0.9), higher, Medals{Gold: true, AboveMedian: true}},
		{"silver", f(0.85), higher, Medals{Silver: true, AboveMedian: true}},
		{"bronze tie", f(0.7), higher, Medals{Bronze: true, AboveMedian: true}},
		{"median tie is not above", f(0.5), higher, Medals{}},
		{"nan", f(math.NaN()), higher, Medals{}},
		{"lower gold", f(0.05), lower, Medals{Gold: true, AboveMedian: true}},
		{"lower bronze tie", f(0.3), lower, Medals{Bronze: true, AboveMedian: true}},
		{"lower below median", f(0.6), lower, Medals{}},
	} {
		if got := Rank(c.score, c.th); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestPercentile(t *testing.T) {
	p, ok := Percentile("spaceship-titanic", 2.0)
	if !ok || p != 100 {
		t.Errorf("best possible accuracy: %v %v", p, ok)
	}
	p, ok = Percentile("spaceship-titanic", -1)
	if !ok || p != 0 {
		t.Errorf("worst: %v %v", p, ok)
	}
	if _, ok := Percentile("rsna-breast-cancer-detection", 0.5); ok {
		t.Error("competition without an embedded leaderboard reported a percentile")
	}
	// A lower-is-better competition: a huge error beats nobody.
	if p, ok := Percentile("new-york-city-taxi-fare-prediction", 1e9); !ok || p != 0 {
		t.Errorf("nyc taxi huge rmse: %v %v", p, ok)
	}
}

func TestUserLeaderboard(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lb.csv")
	// 10 teams, lower is better: gold = row 1, silver = row 2, bronze = row 4.
	content := "rank,score\n1,0.1\n2,0.2\n3,0.3\n4,0.4\n5,0.5\n6,0.6\n7,0.7\n8,0.8\n9,0.9\n10,1.0\n"
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	lb, err := LoadLeaderboard("x", path)
	if err != nil {
		t.Fatal(err)
	}
	want := competition.Thresholds{Gold: 0.1, Silver: 0.2, Bronze: 0.4, Median: 0.55, LowerIsBetter: true}
	if lb.Thresholds != want {
		t.Errorf("thresholds = %+v, want %+v", lb.Thresholds, want)
	}
	if p, ok := lb.Percentile(0.35); !ok || p != 70 {
		t.Errorf("percentile(0.35) = %v %v, want 70", p, ok)
	}
	if _, ok := lb.Percentile(math.NaN()); ok {
		t.Error("NaN score has a percentile")
	}
	os.WriteFile(path, []byte("rank,score\n"), 0o644)
	if _, err := LoadLeaderboard("x", path); err == nil {
		t.Error("empty leaderboard accepted")
	}
}
