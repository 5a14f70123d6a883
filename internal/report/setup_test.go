package report

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// writeGroup writes a graded run group named name under root: one grading
// report per entry of reports (file name → any-medal flags of one
// aerial-cactus-identification run each) and, when plan is not "", a
// plan.json whose config is plan.
func writeGroup(t *testing.T, root, name, plan string, reports map[string][]bool) string {
	t.Helper()
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for file, medals := range reports {
		var parts []string
		for _, m := range medals {
			parts = append(parts, fmt.Sprintf(`{"competition_id": "aerial-cactus-identification", "score": 1.0, "gold_threshold": 1.0, "silver_threshold": 1.0, "bronze_threshold": 1.0, "median_threshold": 0.9991, "gold_medal": %v, "silver_medal": false, "bronze_medal": false, "above_median": true, "submission_exists": true, "valid_submission": true, "is_lower_better": false, "submission_path": "x.csv"}`, m))
		}
		doc := `{"competition_reports": [` + strings.Join(parts, ", ") + `]}`
		if err := os.WriteFile(filepath.Join(dir, file), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if plan != "" {
		if err := os.WriteFile(filepath.Join(dir, "plan.json"), []byte(`{"run_group": "`+name+`", "config": `+plan+`}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const reportName = "2024-11-01T00-00-00-GMT_grading_report.json"

func TestBuildRefusesToPoolAgents(t *testing.T) {
	root := t.TempDir()
	a := writeGroup(t, root, "2024-11-01T00-00-00-GMT_run-group_baseline", "", map[string][]bool{reportName: {true}})
	a2 := writeGroup(t, root, "2024-11-02T00-00-00-GMT_run-group_baseline", "", map[string][]bool{reportName: {false}})
	d := writeGroup(t, root, "2024-11-03T00-00-00-GMT_run-group_dummy", "", map[string][]bool{reportName: {false}})
	limited := writeGroup(t, root, "limited", `{"agent_id": "baseline", "agent_name": "baseline", "time_limit": "1h0m0s", "container_config": {"nano_cpus": 4000000000}}`, map[string][]bool{reportName: {false}})
	cat := realCatalog(t)

	// One agent: its run groups are seeds.
	p, err := Build(context.Background(), Input{RunGroups: []string{a, a2}, Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Agents, []string{"baseline"}) || p.MixedAgents || p.Groups[0].Agent != "baseline" {
		t.Errorf("agents %q mixed %v groups %+v", p.Agents, p.MixedAgents, p.Groups)
	}
	if p.Splits[0].Agg.NumSeeds != 2 {
		t.Errorf("seeds = %d", p.Splits[0].Agg.NumSeeds)
	}

	// Different agents, or one agent with different settings: refused.
	for _, tc := range []struct {
		dirs   []string
		labels []string
	}{
		{[]string{a, a2, d}, []string{"baseline", "dummy"}},
		{[]string{a, limited}, []string{"baseline (time limit unrecorded, container unrecorded)", `baseline (time limit 1h0m0s, container {"nano_cpus":4000000000})`}},
	} {
		_, err := Build(context.Background(), Input{RunGroups: tc.dirs, Catalog: cat})
		var mixed *MixedSetupsError
		if !errors.As(err, &mixed) {
			t.Fatalf("%v: err = %v, want a MixedSetupsError", tc.dirs, err)
		}
		if got := cohortLabels(mixed.Cohorts); !reflect.DeepEqual(got, tc.labels) {
			t.Errorf("labels = %q, want %q", got, tc.labels)
		}
		for _, l := range tc.labels {
			if !strings.Contains(err.Error(), l) {
				t.Errorf("error %q does not name %s", err, l)
			}
		}
	}

	// Asked to mix: pooled and labelled.
	p, err = Build(context.Background(), Input{RunGroups: []string{a, d}, Catalog: cat, MixAgents: true})
	if err != nil {
		t.Fatal(err)
	}
	if !p.MixedAgents || !reflect.DeepEqual(p.Agents, []string{"baseline", "dummy"}) || !strings.Contains(p.Notes[0], "pooled as seeds") {
		t.Errorf("agents %q mixed %v notes %q", p.Agents, p.MixedAgents, p.Notes)
	}
	var md, html strings.Builder
	p.WriteMarkdown(&md)
	p.WriteHTML(&html)
	for _, s := range []string{md.String(), html.String()} {
		if !strings.Contains(s, "Agents (pooled as seeds)") || !strings.Contains(s, "dummy") {
			t.Errorf("the rendering does not label the pooled agents:\n%.600s", s)
		}
	}
}

func TestNewestGradingReportIsTakenAndSaid(t *testing.T) {
	root := t.TempDir()
	older, newer := "2024-11-01T00-00-00-GMT_grading_report.json", "2024-11-02T09-30-00-GMT_grading_report.json"
	dir := writeGroup(t, root, "2024-11-01T00-00-00-GMT_run-group_baseline", "", map[string][]bool{older: {false}, newer: {true}})
	// The older file is touched last: the name's timestamp decides.
	now := time.Now()
	os.Chtimes(filepath.Join(dir, older), now, now)
	os.Chtimes(filepath.Join(dir, newer), now.Add(-time.Hour), now.Add(-time.Hour))

	p, err := Build(context.Background(), Input{RunGroups: []string{dir}, Catalog: realCatalog(t)})
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p.Groups[0].Report) != newer || p.Competitions[0].GoldN != 1 {
		t.Errorf("report %s, gold %d", p.Groups[0].Report, p.Competitions[0].GoldN)
	}
	if len(p.ReportNotes) != 1 || !strings.Contains(p.ReportNotes[0], "using the newest, "+newer) || !strings.Contains(p.ReportNotes[0], "--grading-report") {
		t.Errorf("notes = %q", p.ReportNotes)
	}

	// An explicit report wins, silently.
	p, err = Build(context.Background(), Input{RunGroups: []string{dir}, Catalog: realCatalog(t), GradingReports: []string{filepath.Join(dir, older)}})
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p.Groups[0].Report) != older || p.Competitions[0].GoldN != 0 || len(p.ReportNotes) != 0 {
		t.Errorf("explicit: report %s gold %d notes %q", p.Groups[0].Report, p.Competitions[0].GoldN, p.ReportNotes)
	}
	// ... and must belong to a run group given.
	other := writeGroup(t, root, "other", "", map[string][]bool{reportName: {true}})
	if _, err := Build(context.Background(), Input{RunGroups: []string{dir}, Catalog: realCatalog(t), GradingReports: []string{filepath.Join(other, reportName)}}); err == nil || !strings.Contains(err.Error(), "not in any of the run groups") {
		t.Errorf("foreign report: err = %v", err)
	}

	// Without timestamps in the names, the modification time decides.
	plain := writeGroup(t, root, "plain", "", map[string][]bool{"a_grading_report.json": {true}, "b_grading_report.json": {false}})
	os.Chtimes(filepath.Join(plain, "a_grading_report.json"), now, now)
	os.Chtimes(filepath.Join(plain, "b_grading_report.json"), now.Add(-time.Hour), now.Add(-time.Hour))
	if got := NewestGradingReport([]string{filepath.Join(plain, "b_grading_report.json"), filepath.Join(plain, "a_grading_report.json")}); filepath.Base(got) != "a_grading_report.json" {
		t.Errorf("by mtime: %s", got)
	}
}

func TestCompareLabelsSidesWithAgents(t *testing.T) {
	root := t.TempDir()
	base := writeGroup(t, root, "2024-11-01T00-00-00-GMT_run-group_baseline", "", map[string][]bool{reportName: {false}})
	base2 := writeGroup(t, root, "2024-11-02T00-00-00-GMT_run-group_baseline", "", map[string][]bool{reportName: {true}})
	aide := writeGroup(t, root, "x", `{"agent_id": "aide/o1-preview", "agent_name": "aide"}`, map[string][]bool{reportName: {true}})
	c, err := Compare(loadGroups(t, base), loadGroups(t, aide), CompareOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if c.LabelA != "baseline" || c.LabelB != "aide/o1-preview" || !reflect.DeepEqual(c.AgentsB, []string{"aide/o1-preview"}) {
		t.Errorf("labels %q %q agents %q", c.LabelA, c.LabelB, c.AgentsB)
	}
	var out strings.Builder
	c.WriteText(&out)
	if !strings.Contains(out.String(), "any medal % baseline") || !strings.Contains(out.String(), "baseline: agent baseline; aide/o1-preview: agent aide/o1-preview.") {
		t.Errorf("text:\n%s", out.String())
	}
	// The same agent on both sides: A and B tell them apart.
	c, err = Compare(loadGroups(t, base), loadGroups(t, base2), CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c.LabelA != "A (baseline)" || c.LabelB != "B (baseline)" {
		t.Errorf("labels %q %q", c.LabelA, c.LabelB)
	}
	// A side mixing agents is refused unless asked for.
	var mixed *MixedSetupsError
	if _, err := Compare(loadGroups(t, base, aide), loadGroups(t, base2), CompareOptions{}); !errors.As(err, &mixed) {
		t.Errorf("mixed side: err = %v", err)
	}
	if c, err := Compare(loadGroups(t, base, aide), loadGroups(t, base2), CompareOptions{MixAgents: true}); err != nil || c.LabelA != "baseline+aide/o1-preview" {
		t.Errorf("mixed side allowed: %v %+v", err, c)
	}
}

// TestLeaderboardName: the definitions name the leaderboard the thresholds
// come from; the demo's are simulated, not Kaggle's.
func TestLeaderboardName(t *testing.T) {
	for _, tc := range []struct{ in, want, not string }{
		{"", "derived from the competition's Kaggle leaderboard", "simulated"},
		{"simulated leaderboard", "derived from the competition's simulated leaderboard", "Kaggle leaderboard"},
	} {
		p, err := Build(context.Background(), Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Leaderboard: tc.in})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := p.WriteHTML(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) || strings.Contains(b.String(), tc.not) {
			t.Errorf("Leaderboard %q: the page does not say %q (or says %q)", tc.in, tc.want, tc.not)
		}
	}
}

// TestProvenance: the page and the Markdown name the build that made them.
func TestProvenance(t *testing.T) {
	p, err := Build(context.Background(), Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Provenance: "mlebench v1.2.3 (commit 0123456789ab)"})
	if err != nil {
		t.Fatal(err)
	}
	var h, md strings.Builder
	p.WriteHTML(&h)
	p.WriteMarkdown(&md)
	if !strings.Contains(h.String(), `made by <span id="provenance">mlebench v1.2.3 (commit 0123456789ab)</span>`) || !strings.Contains(md.String(), "Made by mlebench v1.2.3 (commit 0123456789ab).") {
		t.Error("the report does not name the build")
	}
}
