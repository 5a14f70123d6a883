package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Setup is what a run group was run with, as far as its files tell: the
// agent (from the runner's plan.json, else from the run group name
// <timestamp>_run-group_<agent name> the original and the runner give it)
// and, from plan.json only, the time limit and the container config. Run
// groups of different setups are different experiments, not extra seeds of
// one.
type Setup struct {
	// Agent is the agent id ("aide/o1-preview") from plan.json, else the
	// agent name from the run group name ("aide"); "" when neither tells.
	Agent string
	// AgentFrom says where Agent came from: "plan.json", "run group name"
	// or "".
	AgentFrom string
	// TimeLimit is plan.json's time_limit ("" when unknown or unlimited
	// runs did not record one).
	TimeLimit string
	// Container is plan.json's container_config as compact JSON ("" when
	// unknown).
	Container string
}

// AgentLabel is the agent for people: its id, or "unknown agent".
func (s Setup) AgentLabel() string {
	if s.Agent == "" {
		return "unknown agent"
	}
	return s.Agent
}

// loadSetup reads the setup of the run group in dir named name.
func loadSetup(dir, name string) (Setup, error) {
	var s Setup
	b, err := os.ReadFile(filepath.Join(dir, "plan.json"))
	switch {
	case err == nil:
		var plan struct {
			Config struct {
				AgentID   string          `json:"agent_id"`
				AgentName string          `json:"agent_name"`
				TimeLimit json.RawMessage `json:"time_limit"`
				Container json.RawMessage `json:"container_config"`
			} `json:"config"`
		}
		if err := json.Unmarshal(b, &plan); err != nil {
			return s, fmt.Errorf("reading %s: %w", filepath.Join(dir, "plan.json"), err)
		}
		c := plan.Config
		s.Agent = c.AgentID
		if s.Agent == "" {
			s.Agent = c.AgentName
		}
		if s.Agent != "" {
			s.AgentFrom = "plan.json"
		}
		var tl string
		if json.Unmarshal(c.TimeLimit, &tl) == nil && tl != "0s" {
			s.TimeLimit = tl
		}
		var buf bytes.Buffer
		if len(c.Container) > 0 && json.Compact(&buf, c.Container) == nil && buf.String() != "null" {
			s.Container = buf.String()
		}
	case !errors.Is(err, fs.ErrNotExist):
		return s, err
	}
	if s.Agent == "" {
		if _, agent, ok := strings.Cut(name, "_run-group_"); ok && agent != "" {
			s.Agent, s.AgentFrom = agent, "run group name"
		}
	}
	return s, nil
}

// Cohort is the run groups of one setup: the seeds of one experiment.
type Cohort struct {
	// Label names the setup for people: the agent, and the time limit or
	// container config where cohorts of the same agent differ in them.
	Label  string
	Setup  Setup
	Groups []*RunGroup
}

// key is what tells cohorts apart.
func (s Setup) key() string { return s.Agent + "\x00" + s.TimeLimit + "\x00" + s.Container }

// Cohorts groups run groups by setup (in the order the groups are given).
// Groups whose agent is unknown (a grading report alone in a directory not
// named by the harness) cannot be told apart from any setup: when all the
// other groups share one setup they join it (the report says so: see
// Page.UnknownAgent); otherwise they form a cohort of their own.
func Cohorts(groups []*RunGroup) []*Cohort {
	var out []*Cohort
	byKey := map[string]*Cohort{}
	var unknown []*RunGroup
	for _, g := range groups {
		if g.Setup.Agent == "" {
			unknown = append(unknown, g)
			continue
		}
		k := g.Setup.key()
		c, ok := byKey[k]
		if !ok {
			c = &Cohort{Setup: g.Setup}
			byKey[k] = c
			out = append(out, c)
		}
		c.Groups = append(c.Groups, g)
	}
	switch {
	case len(unknown) > 0 && len(out) == 1:
		out[0].Groups = append(out[0].Groups, unknown...)
		sort.SliceStable(out[0].Groups, func(i, j int) bool { return out[0].Groups[i].ReportPath < out[0].Groups[j].ReportPath })
	case len(unknown) > 0:
		out = append(out, &Cohort{Groups: unknown})
	}
	// Labels: the agent, plus what differs between cohorts of one agent.
	perAgent := map[string][]*Cohort{}
	for _, c := range out {
		perAgent[c.Setup.Agent] = append(perAgent[c.Setup.Agent], c)
	}
	for _, c := range out {
		c.Label = c.Setup.AgentLabel()
		same := perAgent[c.Setup.Agent]
		if len(same) < 2 {
			continue
		}
		var extra []string
		tl, ct := false, false
		for _, o := range same {
			tl = tl || o.Setup.TimeLimit != c.Setup.TimeLimit
			ct = ct || o.Setup.Container != c.Setup.Container
		}
		if tl {
			extra = append(extra, "time limit "+orDash(c.Setup.TimeLimit))
		}
		if ct {
			extra = append(extra, "container "+orDash(c.Setup.Container))
		}
		c.Label += " (" + strings.Join(extra, ", ") + ")"
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "unrecorded"
	}
	return s
}

// MixedSetupsError is returned when run groups of different agents (or of
// one agent with different time limits or container configs) would be
// pooled as seeds of one experiment without being asked to.
type MixedSetupsError struct {
	Cohorts []*Cohort
}

func (e *MixedSetupsError) Error() string {
	var parts []string
	for _, c := range e.Cohorts {
		var names []string
		for _, g := range c.Groups {
			names = append(names, g.Name)
		}
		parts = append(parts, fmt.Sprintf("%s: %s", c.Label, strings.Join(names, ", ")))
	}
	return "the run groups come from different agents or settings, which are not seeds of one experiment (" +
		strings.Join(parts, "; ") + ")"
}

// cohortLabels lists the cohorts' labels.
func cohortLabels(cs []*Cohort) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Label
	}
	return out
}

// AgentsOf lists the distinct agents of run groups ("unknown agent" for
// groups that do not tell), in order of first appearance.
func AgentsOf(groups []*RunGroup) []string {
	var out []string
	seen := map[string]bool{}
	for _, g := range groups {
		a := g.Setup.AgentLabel()
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	return out
}

// LoadOptions say how run groups are read.
type LoadOptions struct {
	// GradingReports are explicit grading report files, each in the
	// directory of one of the run groups, to use instead of choosing
	// among several.
	GradingReports []string
}

// chooseGradingReport picks a run group's grading report: the explicit one
// when given, the only one, or the newest of several (by the harness
// timestamp that starts grade's file names, else by modification time).
// note is set when several were found and one was chosen.
func chooseGradingReport(dir string, explicit map[string]string) (path, note string, found bool, err error) {
	abs, _ := filepath.Abs(dir)
	if p, ok := explicit[abs]; ok {
		return p, "", true, nil
	}
	matches, err := filepathGlob(dir, "*grading_report*.json")
	if err != nil {
		return "", "", false, err
	}
	switch len(matches) {
	case 0:
		return "", "", false, nil
	case 1:
		return matches[0], "", true, nil
	}
	newest := NewestGradingReport(matches)
	var others []string
	for _, m := range matches {
		if m != newest {
			others = append(others, filepath.Base(m))
		}
	}
	note = fmt.Sprintf("run group %s has %d grading reports; using the newest, %s (not %s; choose with --grading-report FILE)",
		dir, len(matches), filepath.Base(newest), strings.Join(others, ", "))
	return newest, note, true, nil
}

// NewestGradingReport picks the newest of several grading report paths: by
// the harness timestamp (2006-01-02T15-04-05-GMT) that starts the names
// grade writes when every name has one, else by modification time; ties go
// to the later name.
func NewestGradingReport(paths []string) string {
	sorted := append([]string(nil), paths...)
	sort.Strings(sorted)
	stamp := func(p string) (time.Time, bool) {
		b := filepath.Base(p)
		if len(b) < len("2006-01-02T15-04-05-GMT") {
			return time.Time{}, false
		}
		t, err := time.Parse("2006-01-02T15-04-05-GMT", b[:len("2006-01-02T15-04-05-GMT")])
		return t, err == nil
	}
	allStamped := true
	for _, p := range sorted {
		_, ok := stamp(p)
		allStamped = allStamped && ok
	}
	best, bestT := "", time.Time{}
	for _, p := range sorted {
		var t time.Time
		if allStamped {
			t, _ = stamp(p)
		} else if st, err := os.Stat(p); err == nil {
			t = st.ModTime()
		}
		if best == "" || !t.Before(bestT) {
			best, bestT = p, t
		}
	}
	return best
}

// explicitReports maps each explicit grading report's directory to it,
// checking that it is a regular file in one of dirs.
func explicitReports(dirs, reports []string) (map[string]string, error) {
	out := map[string]string{}
	known := map[string]bool{}
	for _, d := range dirs {
		abs, _ := filepath.Abs(d)
		known[abs] = true
	}
	for _, r := range reports {
		st, err := os.Stat(r)
		if err != nil {
			return nil, fmt.Errorf("--grading-report: %w", err)
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("--grading-report %s is not a file", r)
		}
		dir, _ := filepath.Abs(filepath.Dir(r))
		if !known[dir] {
			return nil, fmt.Errorf("--grading-report %s is not in any of the run groups given (it must be directly inside one)", r)
		}
		if prev, ok := out[dir]; ok {
			return nil, fmt.Errorf("--grading-report: two reports for run group %s: %s and %s", dir, prev, r)
		}
		out[dir] = r
	}
	return out, nil
}

// ReadSetup reads the setup of the run group directory dir (see [Setup]):
// plan.json, else the run group name from metadata.json or the directory
// name.
func ReadSetup(dir string) (Setup, error) {
	name := filepath.Base(filepath.Clean(dir))
	if f, err := os.Open(filepath.Join(dir, "metadata.json")); err == nil {
		m, err := ReadMetadata(f)
		f.Close()
		if err == nil && m.RunGroup != "" {
			name = m.RunGroup
		}
	}
	return loadSetup(dir, name)
}

// ChooseGradingReport picks the grading report of the run group directory
// dir: the only *grading_report*.json, or the newest of several (see
// [NewestGradingReport]), when note says which was taken. found is false
// when there is none.
func ChooseGradingReport(dir string) (path, note string, found bool, err error) {
	return chooseGradingReport(dir, nil)
}
