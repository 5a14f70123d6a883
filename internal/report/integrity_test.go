package report

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestIntegritySection(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "group")
	if out, err := exec.Command("cp", "-r", runnerToy, dir).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// Without integrity outputs there is no section.
	p, err := Build(context.Background(), Input{RunGroups: []string{dir}, Catalog: toyCatalog(t)})
	if err != nil {
		t.Fatal(err)
	}
	if p.Integrity != nil {
		t.Fatalf("integrity without outputs: %+v", p.Integrity)
	}

	os.MkdirAll(filepath.Join(dir, "integrity"), 0o755)
	sub1 := "runs/2024-11-20T10-00-00-GMT_run-group_toy/toy-acc_9a1f0c2e-1111-4a2b-8c3d-000000000001/submission/submission.csv"
	csv := "competition_id,submission_path,logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION,logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION_binarized,code_LLM_API_QUESTION,code_LLM_API_QUESTION_binarized\n" +
		"toy-acc," + sub1 + ",\"It typed them.\nThe final answer is yes.\",True,\"No.\nThe final answer is no.\",False\n"
	os.WriteFile(filepath.Join(dir, "integrity", "analysis_2026-11-26T06-00-00-GMT.csv"), []byte(csv), 0o644)
	run2 := filepath.Join(dir, "toy-mae_9a1f0c2e-1111-4a2b-8c3d-000000000002")
	name := plagiarismReportName(filepath.Join(run2, "code"))
	os.WriteFile(filepath.Join(dir, "integrity", name), []byte(
		`{"leftFile": "/k/alice_eda.py", "rightFile": "`+run2+`/code/main.py", "similarity": 0.8}`+"\n"+
			`{"leftFile": "/k/bob_lgbm.py", "rightFile": "`+run2+`/code/main.py", "similarity": 0.1}`+"\n"), 0o644)

	p, err = Build(context.Background(), Input{RunGroups: []string{dir}, Catalog: toyCatalog(t)})
	if err != nil {
		t.Fatal(err)
	}
	in := p.Integrity
	if in == nil || in.Flagged != 2 || len(in.Sources) != 2 {
		t.Fatalf("integrity %+v", in)
	}
	first, second := in.Rows[0], in.Rows[1]
	if first.CompetitionID != "toy-acc" || first.Outcome != "gold medal" || strings.Join(first.Violations, ",") != "logs_MANUALLY_WRITING_SUBMISSIONS_QUESTION" {
		t.Errorf("first row %+v", first)
	}
	if second.CompetitionID != "toy-mae" || second.MaxSimilarity == nil || *second.MaxSimilarity != 0.8 || second.SimilarTo != "alice_eda.py" {
		t.Errorf("second row %+v", second)
	}
	for _, r := range in.Rows[2:] {
		if r.Flagged || r.ViolationsChecked {
			t.Errorf("unflagged row %+v", r)
		}
	}
	var html bytes.Buffer
	if err := p.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	h := html.String()
	if !strings.Contains(h, `<table id="integrity-rows">`) || strings.Count(h, `class="flagged"`) != 2 || !strings.Contains(h, "0.800") {
		t.Errorf("the HTML lacks the integrity table")
	}
	var md bytes.Buffer
	if err := p.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "## Integrity checks") || !strings.Contains(md.String(), "2 of ") {
		t.Errorf("markdown:\n%s", md.String())
	}
}

func TestKnownLeakageMark(t *testing.T) {
	p := &Page{Competitions: competitionResults(nil, []*Entry{{Flags: Flags{CompetitionID: "random-acts-of-pizza"}, Group: &RunGroup{Name: "g"}}, {Flags: Flags{CompetitionID: "spaceship-titanic"}, Group: &RunGroup{Name: "g"}}}, nil, func(string, float64) (float64, bool) { return 0, false })}
	var html, md bytes.Buffer
	if err := p.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	if err := p.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if strings.Count(html.String(), `class="bad known-leakage"`) != 1 || strings.Count(md.String(), "(known leakage)") != 1 {
		t.Errorf("known leakage marks: html %d, markdown %d", strings.Count(html.String(), "known-leakage"), strings.Count(md.String(), "(known leakage)"))
	}
}
