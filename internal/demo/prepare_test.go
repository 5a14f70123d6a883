package demo

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

var update = flag.Bool("update", false, "rewrite testdata/manifest.txt")

// manifest lists every file under dir (relative path and SHA-256).
func manifest(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, fmt.Sprintf("%x  %s", sha256.Sum256(b), filepath.ToSlash(rel)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// summarise keeps the per-file lines of the CSVs and a digest of the many
// image files, so the golden manifest stays short.
func summarise(lines []string) []string {
	var out []string
	h := sha256.New()
	n := 0
	for _, l := range lines {
		if strings.HasSuffix(l, ".png") {
			h.Write([]byte(l + "\n"))
			n++
			continue
		}
		out = append(out, l)
	}
	return append(out, fmt.Sprintf("%x  %d png files", h.Sum(nil), n))
}

// Generation is deterministic: the same seed gives the same bytes (raw,
// prepared and leaderboard; compared on small data), and the bytes of the
// full-size data are frozen in testdata/manifest.txt (checked on amd64,
// where it was recorded: other architectures may round math functions
// differently).
func TestPrepareDeterministic(t *testing.T) {
	var runs [2][]string
	for i := range runs {
		dir := t.TempDir()
		if _, err := Prepare(context.Background(), dir, PrepareOptions{Seed: 11, Rows: 300, KeepRaw: true}); err != nil {
			t.Fatal(err)
		}
		runs[i] = manifest(t, dir)
	}
	if a, b := strings.Join(runs[0], "\n"), strings.Join(runs[1], "\n"); a != b {
		t.Fatalf("two generations with the same seed differ:\n%s\n---\n%s", a, b)
	}
	if len(runs[0]) < 300 {
		t.Fatalf("only %d files generated", len(runs[0]))
	}
	got := strings.Join(summarise(manifest(t, preparedData(t))), "\n") + "\n"
	golden := filepath.Join("testdata", "manifest.txt")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if runtime.GOARCH != "amd64" {
		t.Skipf("golden manifest recorded on amd64; this is %s", runtime.GOARCH)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("generated data changed (bump GeneratorVersion and run with -update if intended):\n got:\n%s\nwant:\n%s", got, want)
	}
}

func TestPrepareOtherSeedDiffers(t *testing.T) {
	dir := t.TempDir()
	s := specs[0]
	if err := s.impl.FakeRaw(filepath.Join(dir, "a"), competition.FakeOptions{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.impl.FakeRaw(filepath.Join(dir, "b"), competition.FakeOptions{Seed: 2}); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a", "customers.csv"))
	b, _ := os.ReadFile(filepath.Join(dir, "b", "customers.csv"))
	if string(a) == string(b) {
		t.Fatal("seeds 1 and 2 gave the same data")
	}
}

// A prepared directory is reused for the same seed and rebuilt for another
// one or when damaged.
func TestPrepareReuse(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	opt := PrepareOptions{Seed: 7, Rows: 300}
	first, err := Prepare(ctx, dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range first {
		if r.Reused || r.Teams == 0 {
			t.Errorf("first prepare of %s: %+v", r.ID, r)
		}
	}
	again, err := Prepare(ctx, dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range again {
		if !r.Reused {
			t.Errorf("second prepare of %s was not reused", r.ID)
		}
	}
	// Damage one competition: it alone is rebuilt.
	if err := os.Remove(filepath.Join(dir, textID, "prepared", "private", "answers.csv")); err != nil {
		t.Fatal(err)
	}
	third, err := Prepare(ctx, dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range third {
		if r.Reused != (r.ID != textID) {
			t.Errorf("after damaging %s: %s reused=%v", textID, r.ID, r.Reused)
		}
	}
	// Another seed rebuilds everything; raw data is not kept.
	opt.Seed = 8
	other, err := Prepare(ctx, dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range other {
		if r.Reused {
			t.Errorf("prepare with another seed reused %s", r.ID)
		}
		if _, err := os.Stat(filepath.Join(dir, r.ID, "raw")); !os.IsNotExist(err) {
			t.Errorf("%s: raw data left behind", r.ID)
		}
	}
	if _, err := LoadCatalog(dir); err != nil {
		t.Fatal(err)
	}
}

func TestLoadCatalogUnprepared(t *testing.T) {
	_, err := LoadCatalog(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "not prepared") {
		t.Fatalf("got %v, want a not-prepared error", err)
	}
}

// The prepared layout: what agents see and what they must not.
func TestPreparedLayout(t *testing.T) {
	dir := preparedData(t)
	cat := sharedCatalog(t)
	for _, comp := range cat.All() {
		p := comp.PathsIn(dir)
		if err := comp.CheckPrepared(dir, false); err != nil {
			t.Errorf("%s: %v", comp.ID, err)
		}
		desc, err := os.ReadFile(filepath.Join(p.Public, "description.md"))
		if err != nil || !strings.Contains(string(desc), "synthetic") {
			t.Errorf("%s: description.md missing or not ours: %v", comp.ID, err)
		}
		entries, _ := os.ReadDir(p.Public)
		for _, e := range entries {
			if strings.Contains(e.Name(), "oracle") || strings.Contains(e.Name(), "answers") {
				t.Errorf("%s: %s is public", comp.ID, e.Name())
			}
		}
		// The public test file (when there is one) has no target column.
		if test, err := table.ReadFile(filepath.Join(p.Public, "test.csv"), table.ReadOptions{}); err == nil {
			answers := readTable(t, p.Answers)
			for _, name := range answers.Names() {
				if name != "id" && test.Has(name) {
					t.Errorf("%s: public test.csv has the answer column %s", comp.ID, name)
				}
			}
			if test.Len() != answers.Len() {
				t.Errorf("%s: %d test rows, %d answers", comp.ID, test.Len(), answers.Len())
			}
		}
	}
}

// The simulated leaderboards give sane thresholds: strictly ordered from
// gold to the median, the sample submission far below the median and the
// Bayes-optimal predictions (the oracle) at gold level.
func TestLeaderboardThresholds(t *testing.T) {
	dir := preparedData(t)
	cat := sharedCatalog(t)
	for _, s := range specs {
		comp, _ := cat.Lookup(s.id)
		th := comp.Thresholds
		better := func(a, b float64) bool { // a strictly better than b
			if th.LowerIsBetter {
				return a < b
			}
			return a > b
		}
		if th.LowerIsBetter != s.lowerIsBetter || comp.Teams != s.teams {
			t.Errorf("%s: direction %v teams %d", s.id, th.LowerIsBetter, comp.Teams)
		}
		if !better(th.Gold, th.Silver) || !better(th.Silver, th.Bronze) || !better(th.Bronze, th.Median) {
			t.Errorf("%s: thresholds not ordered gold > silver > bronze > median: %+v", s.id, th)
		}
		scores, err := grade.ReadLeaderboardFile(LeaderboardPath(dir, s.id))
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(scores); i++ {
			if better(scores[i], scores[i-1]) {
				t.Fatalf("%s: leaderboard not sorted at rank %d", s.id, i+1)
			}
		}
		lb := records(t, LeaderboardPath(dir, s.id))
		if strings.Join(lb[0], ",") != "rank,score" || lb[1][0] != "1" || lb[len(lb)-1][0] != fmt.Sprint(s.teams) {
			t.Errorf("%s: leaderboard.csv is not in rank,score form: %v … %v", s.id, lb[:2], lb[len(lb)-1])
		}
		p := comp.PathsIn(dir)
		answers := readTable(t, p.Answers)
		sample := grade.Call(s.impl, readTable(t, p.SampleSubmission), answers)
		if sample.Err != nil || !better(th.Median, *sample.Score) {
			t.Errorf("%s: sample submission %v (%v) is not below the median %v", s.id, sample.Score, sample.Err, th.Median)
		}
		// Noisy teams can do worse than the sample submission, but most
		// beat it by far: it ranks in the bottom 15%.
		beaten := 0
		for _, sc := range scores {
			if better(sc, *sample.Score) {
				beaten++
			}
		}
		if beaten < len(scores)*85/100 {
			t.Errorf("%s: only %d of %d teams beat the sample submission", s.id, beaten, len(scores))
		}
		oracle, err := s.team(rand.New(rand.NewPCG(1, 1)), 0, readTable(t, filepath.Join(p.Private, "oracle.csv")))
		if err != nil {
			t.Fatal(err)
		}
		best := grade.Call(s.impl, oracle, answers)
		if best.Err != nil {
			t.Fatal(best.Err)
		}
		if m := grade.Rank(best.Score, th); !m.Gold || math.Abs(*best.Score-scores[0]) > 0.02*math.Abs(scores[0]) {
			t.Errorf("%s: the Bayes-optimal submission scores %v (medals %+v); best team %v", s.id, *best.Score, m, scores[0])
		}
	}
}

func TestPercentile(t *testing.T) {
	dir := preparedData(t)
	pct := Percentile(dir)
	scores, err := grade.ReadLeaderboardFile(LeaderboardPath(dir, tabularID))
	if err != nil {
		t.Fatal(err)
	}
	n := float64(len(scores))
	for _, tc := range []struct {
		score float64
		want  float64
	}{
		{scores[0], 100},               // ties the best team
		{1, 100},                       // beats everyone
		{scores[len(scores)-1] - 1, 0}, // below everyone
		{scores[9], 100 * (n - 9) / n}, // ties the 10th (and beats the rest)
	} {
		got, ok := pct(tabularID, tc.score)
		if !ok || math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("percentile(%v) = %v, %v; want %v", tc.score, got, ok, tc.want)
		}
	}
	// Lower is better for the image competition.
	if got, ok := pct(imageID, 0); !ok || got != 100 {
		t.Errorf("RMSE 0: %v %v", got, ok)
	}
	if _, ok := pct("spaceship-titanic", 0.5); ok {
		t.Error("a percentile for a non-demo competition")
	}
	if _, ok := pct(tabularID, math.NaN()); ok {
		t.Error("a percentile for NaN")
	}
}

func TestValidationCatalog(t *testing.T) {
	cat := ValidationCatalog()
	if strings.Join(cat.IDs(), ",") != strings.Join(IDs(), ",") {
		t.Errorf("ids %v, want %v", cat.IDs(), IDs())
	}
	for _, id := range IDs() {
		if !IsDemo(id) {
			t.Errorf("IsDemo(%q) = false", id)
		}
		if _, err := Description(id); err != nil {
			t.Error(err)
		}
	}
	if IsDemo("spaceship-titanic") {
		t.Error("spaceship-titanic is not a demo competition")
	}
	ids, err := cat.Split(Split)
	if err != nil || len(ids) != 3 {
		t.Errorf("split %s: %v %v", Split, ids, err)
	}
}
