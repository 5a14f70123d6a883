package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/kaggle/kaggletest"
	"github.com/mlebench/mlebench/internal/plagiarism"
)

func TestDownloadKernelsAndDetectPlagiarism(t *testing.T) {
	if !plagiarism.ParserAvailable {
		t.Skip("built without cgo")
	}
	srv := kaggletest.New(t)
	srv.AddUser("alice", "s3cret-key")
	corpus := filepath.Join("..", "..", "internal", "plagiarism", "testdata", "corpus")
	alice, _ := os.ReadFile(filepath.Join(corpus, "kernels", "alice_spaceship-eda-and-forest.py"))
	srv.AddKernel(kaggletest.Kernel{Ref: "alice/spaceship-eda-and-forest", Competition: "spaceship-titanic", TotalVotes: 100, KernelType: "script", Source: string(alice)})
	srv.AddKernel(kaggletest.Kernel{Ref: "bob/notebook", Competition: "spaceship-titanic", TotalVotes: 50,
		Source: `{"cells": [{"cell_type": "code", "source": ["import pandas as pd\n", "df = pd.read_csv('train.csv')\n"]}]}`})
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("KAGGLE_CONFIG_DIR", filepath.Join(home, "kaggle"))
	t.Setenv("KAGGLE_API_TOKEN", "")
	t.Setenv("KAGGLE_USERNAME", "alice")
	t.Setenv("KAGGLE_KEY", "s3cret-key")
	t.Setenv("MLEBENCH_KAGGLE_URL", srv.URL)
	data := t.TempDir()

	if _, _, code := cliRun(t, "--data-dir", data, "download-kernels", "-c", "spaceship-titanic", "-a"); code != 2 {
		t.Errorf("two selectors: exit %d, want 2", code)
	}
	stdout, stderr, code := cliRun(t, "--data-dir", data, "download-kernels", "-c", "spaceship-titanic", "--refresh-references")
	if code != 0 || !strings.Contains(stdout, "spaceship-titanic: 2 downloaded") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	kdir := filepath.Join(data, "spaceship-titanic", "kernels")
	for _, f := range []string{"spaceship-eda-and-forest.py", "bob_notebook.py"} {
		if _, err := os.Stat(filepath.Join(kdir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(data, "spaceship-titanic", "kernels.txt")); string(b) != "alice/spaceship-eda-and-forest\nbob/notebook\n" {
		t.Errorf("kernels.txt %q", b)
	}

	dir := t.TempDir()
	code1 := filepath.Join(dir, "run1", "code")
	os.MkdirAll(code1, 0o755)
	renamed, _ := os.ReadFile(filepath.Join(corpus, "agent", "renamed.py"))
	os.WriteFile(filepath.Join(code1, "main.py"), renamed, 0o644)
	jsonl := filepath.Join(dir, "subs.jsonl")
	os.WriteFile(jsonl, []byte(`{"competition_id": "spaceship-titanic", "code_path": "`+code1+`"}`+"\n"), 0o644)
	out := filepath.Join(dir, "out")
	stdout, stderr, code = cliRun(t, "--data-dir", data, "detect-plagiarism", "--submission", jsonl, "--output-dir", out)
	if code != 0 || !strings.Contains(stdout, "2 pairs") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	m, _ := filepath.Glob(filepath.Join(out, "*_plagiarism_report.jsonl"))
	if len(m) != 1 {
		t.Fatalf("reports %v", m)
	}
	b, _ := os.ReadFile(m[0])
	if !strings.HasPrefix(string(b), `{"leftFile": "`+filepath.Join(kdir, "spaceship-eda-and-forest.py")+`", "rightFile": "`+filepath.Join(code1, "main.py")+`", "similarity": 1}`) {
		t.Errorf("report:\n%s", b)
	}

	// Kernels missing for a competition: exit 1 with the command to run.
	os.WriteFile(jsonl, []byte(`{"competition_id": "leaf-classification", "code_path": "`+code1+`"}`+"\n"), 0o644)
	_, stderr, code = cliRun(t, "--data-dir", data, "detect-plagiarism", "--submission", jsonl, "--output-dir", out)
	if code != 1 || !strings.Contains(stderr, "mlebench download-kernels -c leaf-classification") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}
