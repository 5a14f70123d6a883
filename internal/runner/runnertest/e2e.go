package runnertest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/runner"
)

// EndToEnd plans and executes a run group of the dummy agent on the first
// two competitions × 2 seeds with 2 workers under runsDir, then checks the
// original's layout (run dirs with submission/, logs/, code/, run.log),
// metadata.json (format and content), that the dummy could not read the
// answers, and that every submission grades as valid. It returns the
// result for further checks.
func EndToEnd(t *testing.T, h Harness, runsDir string, tune func(*runner.Runner, *runner.Config)) *runner.Result {
	t.Helper()
	if len(h.Competitions) < 2 {
		t.Fatalf("EndToEnd needs two prepared competitions, have %v", h.Competitions)
	}
	cfg := runner.Config{
		AgentID:          h.Agent.ID,
		AgentName:        h.Agent.Name,
		CompetitionIDs:   h.Competitions[:2],
		Seeds:            2,
		TimeLimit:        runner.Duration(5 * time.Minute),
		SnapshotInterval: runner.Duration(time.Hour),
		Container:        h.Container,
	}
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: h.Agent, Backend: h.Backend, Workers: 2, Retries: 1, HomeFiles: HomeFiles(t)}
	if tune != nil {
		tune(r, &cfg)
	}
	plan, err := runner.NewPlan(runsDir, cfg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res, err := r.Execute(ctx, plan)
	if err != nil {
		t.Fatalf("Execute: %v", err)
	}
	CheckRunGroup(t, h, plan)
	return res
}

var metadataRE = regexp.MustCompile(`^\{\n    "run_group": "[^"]+",\n    "created_at": "\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-GMT",\n    "runs": \{\n(        "[^"]+": \{\n            "success": (true|false)\n        \},?\n)*    \}\n\}$`)

// CheckRunGroup checks a finished run group on disk (see EndToEnd).
func CheckRunGroup(t *testing.T, h Harness, plan *runner.Plan) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(plan.Dir, runner.MetadataFile))
	if err != nil {
		t.Fatalf("metadata.json: %v", err)
	}
	if !metadataRE.Match(b) {
		t.Errorf("metadata.json is not in the original's format:\n%s", b)
	}
	var md struct {
		RunGroup string                     `json:"run_group"`
		Runs     map[string]map[string]bool `json:"runs"`
	}
	if err := json.Unmarshal(b, &md); err != nil {
		t.Fatalf("metadata.json: %v", err)
	}
	if md.RunGroup != plan.RunGroup || !strings.HasSuffix(md.RunGroup, "_run-group_"+h.Agent.Name) {
		t.Errorf("run_group %q, plan %q", md.RunGroup, plan.RunGroup)
	}
	if len(md.Runs) != len(plan.Tasks) {
		t.Errorf("metadata has %d runs, plan %d", len(md.Runs), len(plan.Tasks))
	}
	gr := h.Grader
	if gr == nil {
		gr = &grade.Grader{Catalog: h.Catalog, DataDir: h.DataDir}
	}
	var entries []grade.Entry
	for _, task := range plan.Tasks {
		if !md.Runs[task.RunID]["success"] {
			t.Errorf("run %s: success false in metadata", task.RunID)
		}
		dir := plan.RunDir(task)
		st, err := runner.ReadStatus(dir)
		if err != nil {
			t.Fatal(err)
		}
		if st.State != runner.StateDone || st.ExitCode == nil || *st.ExitCode != 0 {
			t.Errorf("run %s: status %+v", task.RunID, st)
		}
		for _, f := range []string{"submission/submission.csv", "logs/run.log", "code/code.py", "run.log"} {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("run %s: %s missing", task.RunID, f)
			}
		}
		log, _ := os.ReadFile(filepath.Join(dir, "run.log"))
		if !strings.Contains(string(log), "[Container] dummy: could not read the private answers") {
			t.Errorf("run %s: run.log does not show that the answers were unreadable:\n%s", task.RunID, log)
		}
		if strings.Contains(string(log), "SEALING BROKEN") {
			t.Errorf("run %s: the agent read the answers:\n%s", task.RunID, log)
		}
		entries = append(entries, grade.Entry{CompetitionID: task.CompetitionID, SubmissionPath: filepath.Join(dir, "submission", "submission.csv")})
	}
	reports, err := gr.GradeEntries(context.Background(), entries, nil)
	if err != nil {
		t.Fatalf("grading the run group: %v", err)
	}
	for _, rep := range reports {
		if !rep.SubmissionExist || !rep.ValidSubmission {
			t.Errorf("%s: submission_exists=%v valid=%v", rep.SubmissionPath, rep.SubmissionExist, rep.ValidSubmission)
		}
	}
}
