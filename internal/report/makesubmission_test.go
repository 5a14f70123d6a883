package report

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMakeSubmissionBytes(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	group := filepath.Join("runs", "2024-10-08T14-03-56-GMT_run-group_dummy")
	run1 := "spaceship-titanic_0b7c6f0e-3f55-4c2e-9d4e-6f1f2a9c8e11"
	run2 := "aerial-cactus-identification_11111111-2222-3333-4444-555555555555"
	for _, p := range []string{
		filepath.Join(group, run1, "submission", "submission.csv"),
		filepath.Join(group, run1, "logs", "agent.log"),
		filepath.Join(group, run2, "code", "train.py"),
	} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("x"), 0o644)
	}
	meta := `{
    "run_group": "2024-10-08T14-03-56-GMT_run-group_dummy",
    "created_at": "2024-10-09T14-05-01-GMT",
    "runs": {
        "` + run2 + `": {
            "success": false
        },
        "` + run1 + `": {
            "success": true
        }
    }
}`
	os.WriteFile(filepath.Join(group, "metadata.json"), []byte(meta), 0o644)
	lines, err := MakeSubmission("./"+group+"//metadata.json", MakeSubmissionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := string(EncodeSubmissionJSONL(lines))
	g := "runs/2024-10-08T14-03-56-GMT_run-group_dummy/"
	want := `{"competition_id": "aerial-cactus-identification", "submission_path": null, "logs_path": null, "code_path": "` + g + run2 + `/code/train.py"}
{"competition_id": "spaceship-titanic", "submission_path": "` + g + run1 + `/submission/submission.csv", "logs_path": "` + g + run1 + `/logs/agent.log", "code_path": null}
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
