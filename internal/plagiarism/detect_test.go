package plagiarism

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(dst), 0o755)
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestRunReports(t *testing.T) {
	if !ParserAvailable {
		t.Skip("built without cgo")
	}
	dir := t.TempDir()
	corpus := filepath.Join("testdata", "corpus")
	kdir := filepath.Join(dir, "data", "spaceship-titanic", "kernels")
	copyFile(t, filepath.Join(corpus, "kernels", "alice_spaceship-eda-and-forest.py"), filepath.Join(kdir, "alice_spaceship-eda-and-forest.py"))
	copyFile(t, filepath.Join(corpus, "kernels", "bob_lightgbm-baseline.py"), filepath.Join(kdir, "bob_lightgbm-baseline.py"))
	code := filepath.Join(dir, "runs", "run1", "code")
	copyFile(t, filepath.Join(corpus, "agent", "renamed.py"), filepath.Join(code, "main.py"))
	copyFile(t, filepath.Join(corpus, "agent", "partial.py"), filepath.Join(code, "sub", "lgbm.py"))
	os.WriteFile(filepath.Join(code, "notes.txt"), []byte("not python"), 0o644)
	single := filepath.Join(dir, "runs", "run2", "solution.py")
	copyFile(t, filepath.Join(corpus, "agent", "unrelated.py"), single)
	subs := []Submission{
		{Line: 1, CompetitionID: "spaceship-titanic", CodePath: code},
		{Line: 2, CompetitionID: "spaceship-titanic"},
		{Line: 3, CompetitionID: "spaceship-titanic", CodePath: single},
		{Line: 4, CompetitionID: "spaceship-titanic", CodePath: filepath.Join(dir, "runs", "run3", "notes.txt")},
	}
	os.MkdirAll(filepath.Join(dir, "runs", "run3"), 0o755)
	os.WriteFile(filepath.Join(dir, "runs", "run3", "notes.txt"), []byte("x"), 0o644)
	var warnings []string
	out := filepath.Join(dir, "out")
	outs, err := Run(context.Background(), subs, Options{
		KernelsDir: func(id string) string { return filepath.Join(dir, "data", id, "kernels") },
		OutputDir:  out, Warn: func(m string) { warnings = append(warnings, m) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) != 3 || len(warnings) != 2 || !strings.Contains(warnings[0], "no code_path") || !strings.Contains(warnings[1], "no .py files") {
		t.Fatalf("outcomes %+v, warnings %q", outs, warnings)
	}
	abs, _ := filepath.EvalSymlinks(code)
	wantName := strings.ReplaceAll(abs, "/", "_") + "_plagiarism_report.jsonl"
	if filepath.Base(outs[0].ReportPath) != wantName {
		t.Errorf("report name %s, want %s", outs[0].ReportPath, wantName)
	}
	b, err := os.ReadFile(outs[0].ReportPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	// 2 agent files × 2 kernels; agent-agent and kernel-kernel pairs dropped.
	if len(lines) != 4 {
		t.Fatalf("report:\n%s", b)
	}
	// renamed.py has alice's syntax tree: similarity exactly 1, written as
	// the int JavaScript and Python's json give it; most similar first.
	first := `{"leftFile": "` + filepath.Join(kdir, "alice_spaceship-eda-and-forest.py") + `", "rightFile": "` + filepath.Join(code, "main.py") + `", "similarity": 1}`
	if lines[0] != first {
		t.Errorf("first line:\n%s\nwant:\n%s", lines[0], first)
	}
	if !strings.Contains(b2s(b), filepath.Join(code, "sub", "lgbm.py")) {
		t.Errorf("the nested agent file is missing:\n%s", b)
	}

	// No kernels: the run stops and says how to get them.
	_, err = Run(context.Background(), subs[:1], Options{KernelsDir: func(string) string { return filepath.Join(dir, "none") }, OutputDir: out})
	var km *KernelsMissingError
	if !errors.As(err, &km) || !strings.Contains(err.Error(), "mlebench download-kernels -c spaceship-titanic") {
		t.Errorf("err = %v", err)
	}
}

func b2s(b []byte) string { return string(b) }

func TestReadSubmissions(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.jsonl")
	os.WriteFile(p, []byte(`{"competition_id": "a", "code_path": "/x"}`+"\n"+`{"competition_id": "b"}`+"\n"), 0o644)
	subs, err := ReadSubmissions(p)
	if err != nil || len(subs) != 2 || subs[0].CodePath != "/x" || subs[1].CodePath != "" {
		t.Fatalf("%+v %v", subs, err)
	}
	os.WriteFile(p, []byte(`{"code_path": "/x"}`), 0o644)
	if _, err := ReadSubmissions(p); err == nil || !strings.Contains(err.Error(), "competition_id") {
		t.Errorf("err = %v", err)
	}
}
