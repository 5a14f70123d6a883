package agent_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mlebench/mlebench/internal/agent"
)

// repoRoot is the repository root (this package is internal/agent).
func repoRoot(t *testing.T) string {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func noEnv(string) (string, bool) { return "", false }

func envOf(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// writeAgents writes config.yaml files (dir → content) with the start
// scripts and Dockerfiles they reference.
func writeAgents(t *testing.T, configs map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for dir, content := range configs {
		d := filepath.Join(root, dir)
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, "config.yaml"), []byte(content), 0o644)
		os.WriteFile(filepath.Join(d, "start.sh"), nil, 0o755)
		os.WriteFile(filepath.Join(d, "Dockerfile"), nil, 0o644)
	}
	return root
}

// TestUpstreamConfigs reads the original's agent configs (shared/upstream,
// not copied into the project) and checks the rendering the spec gives.
func TestUpstreamConfigs(t *testing.T) {
	src := filepath.Join(repoRoot(t), "..", "shared", "upstream", "agents")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("upstream agent configs not available: %v", err)
	}
	// The upstream tree has configs only; add the files they reference.
	root := t.TempDir()
	for _, name := range []string{"aide", "dummy", "mlagentbench", "opendevin"} {
		b, err := os.ReadFile(filepath.Join(src, name, "config.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		d := filepath.Join(root, name)
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, "config.yaml"), b, 0o644)
		os.WriteFile(filepath.Join(d, "start.sh"), nil, 0o755)
		os.WriteFile(filepath.Join(d, "Dockerfile"), nil, 0o644)
	}
	secrets := envOf(map[string]string{"OPENAI_API_KEY": "sk-o", "ANTHROPIC_API_KEY": "sk-a", "OPENROUTER_API_KEY": "sk-r", "GEMINI_API_KEY": "sk-g"})

	a, err := agent.Load(root, "aide/o1-preview")
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "aide" || a.KwargsType != "omegaconf" || a.Privileged {
		t.Errorf("aide/o1-preview: %+v", a)
	}
	argv, err := a.Argv(secrets)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"bash", "/home/agent/start.sh",
		"agent.search.max_debug_depth=20", "agent.search.debug_prob=1", "agent.time_limit=86400", "exec.timeout=32400", "copy_data=False",
		"agent.code.model=o1-preview", "agent.code.temp=1", "agent.feedback.model=gpt-4o-2024-08-06", "agent.steps=500", "agent.convert_system_to_user=True"}
	if !reflect.DeepEqual(argv, want) {
		t.Errorf("aide/o1-preview argv\n%q\nwant\n%q", argv, want)
	}
	env, err := a.Env("spaceship-titanic", secrets)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"COMPETITION_ID=spaceship-titanic", "TIME_LIMIT_SECS=86400", "STEP_LIMIT=500", "OPENAI_API_KEY=sk-o"}; !reflect.DeepEqual(env, want) {
		t.Errorf("aide/o1-preview env %q, want %q", env, want)
	}

	dev, _ := agent.Load(root, "aide/dev")
	devArgs, _ := dev.Args(secrets)
	if devArgs[len(devArgs)-1] != "agent.steps=8" {
		t.Errorf("aide/dev args %q", devArgs)
	}
	obf, _ := agent.Load(root, "aide/obfuscated")
	obfEnv, _ := obf.Env("x", secrets)
	if obfEnv[len(obfEnv)-1] != "OBFUSCATE=true" {
		t.Errorf("aide/obfuscated env %q", obfEnv)
	}

	mlab, err := agent.Load(root, "mlagentbench")
	if err != nil {
		t.Fatal(err)
	}
	args, _ := mlab.Args(secrets)
	if want := []string{"--llm-name", "gpt-4o-2024-08-06", "--edit-script-llm-name", "gpt-4o-2024-08-06", "--fast-llm-name", "gpt-4o-2024-08-06",
		"--max-steps", "2000", "--agent-max-steps", "2000", "--max-time", "86400", "--max-retries", "10", "--max-tokens", "16384"}; !reflect.DeepEqual(args, want) {
		t.Errorf("mlagentbench args %q", args)
	}

	od, err := agent.Load(root, "opendevin")
	if err != nil {
		t.Fatal(err)
	}
	args, _ = od.Args(secrets)
	if want := []string{"--agent", "CodeActAgent", "--model", "gpt-4o", "--max_time_in_hours", "24", "--max_steps", "500", "--shm_size", "100G"}; !reflect.DeepEqual(args, want) {
		t.Errorf("opendevin args %q", args)
	}
	if !od.Privileged || od.CheckPrivileged(noEnv) == nil {
		t.Error("opendevin: privileged gate not applied")
	}
	for _, v := range []string{"true", "TRUE", "1", "t", "T"} {
		if err := od.CheckPrivileged(envOf(map[string]string{agent.PrivilegedGateVar: v})); err != nil {
			t.Errorf("gate with %q: %v", v, err)
		}
	}
	for _, v := range []string{"yes", "0", "", "false"} {
		if err := od.CheckPrivileged(envOf(map[string]string{agent.PrivilegedGateVar: v})); err == nil {
			t.Errorf("gate with %q passed", v)
		}
	}

	d, err := agent.Load(root, "dummy")
	if err != nil {
		t.Fatal(err)
	}
	if argv, _ := d.Argv(noEnv); !reflect.DeepEqual(argv, []string{"bash", "/home/agent/start.sh"}) {
		t.Errorf("dummy argv %q", argv)
	}
	if _, err := mlab.Env("x", noEnv); err == nil || err.Error() != "Environment variable `OPENAI_API_KEY` is not set!" {
		t.Errorf("missing secret: %v", err)
	}
	if _, err := agent.Load(root, "nope"); !errors.Is(err, agent.ErrNotFound) || !strings.HasPrefix(err.Error(), "Agent with id nope not found") {
		t.Errorf("unknown id: %v", err)
	}
}

// TestShippedAgents loads every agent under the repository's agents/ and
// checks the ids the original has.
func TestShippedAgents(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "agents")
	ids, err := agent.IDs(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"aide", "aide/dev", "aide/o1-preview", "aide/gpt-4-turbo", "aide/gpt-4-turbo-dev", "aide/gpt-3.5-turbo-0125",
		"aide/gpt-3.5-dev", "aide/claude-3-5-sonnet", "aide/llama-3.1-405b-instruct", "aide/gemini-1.5-pro", "aide/obfuscated",
		"dummy", "mlagentbench", "opendevin"}
	got := map[string]bool{}
	for _, id := range ids {
		got[id] = true
		if _, err := agent.Load(dir, id); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	for _, id := range want {
		if !got[id] {
			t.Errorf("agent %s missing from agents/", id)
		}
	}
	d, err := agent.Load(dir, "dummy")
	if err != nil {
		t.Fatal(err)
	}
	if argv, _ := d.Argv(noEnv); !reflect.DeepEqual(argv, []string{"/home/agent/dummy-agent"}) {
		t.Errorf("dummy argv %q", argv)
	}
	if len(d.Binaries) != 1 || d.Binaries[0] != (agent.Binary{Name: "dummy-agent", Package: "./cmd/dummy-agent"}) {
		t.Errorf("dummy binaries %+v", d.Binaries)
	}
	b, err := os.ReadFile(filepath.Join(dir, ".shared_env"))
	if err != nil || string(b) != agent.SharedEnv() {
		t.Errorf(".shared_env = %q, want %q (%v)", b, agent.SharedEnv(), err)
	}
}

func TestYAMLSemantics(t *testing.T) {
	root := writeAgents(t, map[string]string{"x": `
base: &base
  start: x/start.sh
  dockerfile: x/Dockerfile
  kwargs_type: argparse
common: &common
  a: 1
  b: yes
more: &more
  b: override-by-earlier?
  c: 1.5
x:
  <<: *base
  kwargs:
    <<: [*common, *more]
    d: ~
    e: 0x1F
    f: 1e5
    g: "quoted yes"
    h: 1_000
    i: .inf
    j: 017
    k: [1, 'two', True]
    l: {p: 1}
    m: 2.
    n: Off
    o: 3:25
    a: 2
  env_vars:
    NUM: 86400
    NONE: null
    FLAG: True
    COMPETITION_ID: overridden
`})
	a, err := agent.Load(root, "x")
	if err != nil {
		t.Fatal(err)
	}
	args, err := a.Args(noEnv)
	if err != nil {
		t.Fatal(err)
	}
	// Merged keys first (for a merge list, keys of later maps first, values
	// of earlier maps win), own keys override in place.
	want := []string{"--b", "True", "--c", "1.5", "--a", "2", "--d", "None", "--e", "31", "--f", "1e5", "--g", "quoted yes",
		"--h", "1000", "--i", "inf", "--j", "15", "--k", "[1, 'two', True]", "--l", "{'p': 1}", "--m", "2.0", "--n", "False", "--o", "205"}
	if !reflect.DeepEqual(args, want) {
		t.Errorf("args\n%q\nwant\n%q", args, want)
	}
	env, err := a.Env("comp", noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"COMPETITION_ID=overridden", "NUM=86400", "NONE", "FLAG=True"}; !reflect.DeepEqual(env, want) {
		t.Errorf("env %q, want %q", env, want)
	}
}

func TestKwargsRules(t *testing.T) {
	tests := []struct {
		name, yaml string
		args       []string
		err        string
	}{
		{"no kwargs_type", "x:\n  start: x/start.sh\n  dockerfile: x/Dockerfile\n  kwargs: {a: 1}\n", nil, "kwargs_type is required"},
		{"unknown type forwards nothing", "x:\n  start: x/start.sh\n  dockerfile: x/Dockerfile\n  kwargs_type: hydra\n  kwargs: {a: 1}\n", []string{}, ""},
		{"secret in kwargs", "x:\n  start: x/start.sh\n  dockerfile: x/Dockerfile\n  kwargs_type: omegaconf\n  kwargs:\n    key: ${{ secrets.K }}-ignored\n    mid: a${{ secrets.K }}\n", []string{"key=v", "mid=a${{ secrets.K }}"}, ""},
		{"missing start", "x:\n  start: x/nope.sh\n  dockerfile: x/Dockerfile\n", nil, "does not exist"},
		{"missing key", "x:\n  dockerfile: x/Dockerfile\n", nil, `missing key "start"`},
		{"privileged must be bool", "x:\n  start: x/start.sh\n  dockerfile: x/Dockerfile\n  privileged: sure\n", nil, "privileged must be a boolean"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := writeAgents(t, map[string]string{"x": tc.yaml})
			a, err := agent.Load(root, "x")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Load error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			args, err := a.Args(envOf(map[string]string{"K": "v"}))
			if err != nil {
				t.Fatal(err)
			}
			if len(args) == 0 && len(tc.args) == 0 {
				return
			}
			if !reflect.DeepEqual(args, tc.args) {
				t.Errorf("args %q, want %q", args, tc.args)
			}
		})
	}
}

func TestLookupOrder(t *testing.T) {
	root := writeAgents(t, map[string]string{
		"a":        "shared:\n  start: a/start.sh\n  dockerfile: a/Dockerfile\n",
		"b":        "shared:\n  start: b/start.sh\n  dockerfile: b/Dockerfile\n",
		"b/nested": "deep:\n  start: b/nested/start.sh\n  dockerfile: b/nested/Dockerfile\n",
	})
	a, err := agent.Load(root, "shared")
	if err != nil || a.Name != "a" {
		t.Errorf("first config wins: %+v %v", a, err)
	}
	d, err := agent.Load(root, "deep")
	if err != nil || d.Name != "nested" {
		t.Errorf("recursive lookup, name = directory: %+v %v", d, err)
	}
}

func TestLayoutPath(t *testing.T) {
	l := agent.Layout{Home: "/tmp/run/home", ValidateURL: "http://127.0.0.1:4242/validate", PrivateDir: "/data/x/private"}
	if got := l.Path("--data=/home/data"); got != "--data=/tmp/run/home/data" {
		t.Errorf("Path = %q", got)
	}
	if !strings.Contains(agent.ValidateScript(), `curl -X POST -F "file=@${SUBMISSION_FILE}"`) {
		t.Error("validate_submission.sh does not post the file")
	}
}

// upstreamDir is the original's files (../shared/upstream), never copied
// into the project.
func upstreamDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "..", "shared", "upstream")
	if _, err := os.Stat(filepath.Join(dir, "environment", "instructions.txt")); err != nil {
		t.Skipf("the original's files are not available: %v", err)
	}
	return dir
}

// TestTextsAreTheOriginals: the /home texts are the original's files byte
// for byte, found in the upstream directory or (a checkout's mlebench/
// directory given) its parent; without them there is an error, never a
// substitute.
func TestTextsAreTheOriginals(t *testing.T) {
	up := upstreamDir(t)
	want, _ := os.ReadFile(filepath.Join(up, "environment", "instructions.txt"))
	wantObf, _ := os.ReadFile(filepath.Join(up, "environment", "instructions_obfuscated.txt"))
	tx, err := agent.LoadTexts(up)
	if err != nil {
		t.Fatal(err)
	}
	files := tx.HomeFiles()
	if string(files["instructions.txt"]) != string(want) || string(files["instructions_obfuscated.txt"]) != string(wantObf) {
		t.Error("home texts differ from the original's files")
	}
	if string(files["validate_submission.sh"]) != agent.ValidateScript() {
		t.Error("validate_submission.sh missing")
	}
	if agent.HomeFileMode("validate_submission.sh") != 0o755 || agent.HomeFileMode("instructions.txt") != 0o644 {
		t.Error("modes")
	}

	// A checkout: <repo>/environment next to the given <repo>/mlebench.
	checkout := t.TempDir()
	os.MkdirAll(filepath.Join(checkout, "environment"), 0o755)
	os.MkdirAll(filepath.Join(checkout, "mlebench"), 0o755)
	os.WriteFile(filepath.Join(checkout, "environment", "instructions.txt"), want, 0o644)
	os.WriteFile(filepath.Join(checkout, "environment", "instructions_obfuscated.txt"), wantObf, 0o644)
	if tx, err := agent.LoadTexts(filepath.Join(checkout, "mlebench")); err != nil || string(tx.Instructions) != string(want) {
		t.Errorf("checkout lookup: %v", err)
	}

	for _, dir := range []string{"", t.TempDir()} {
		_, err := agent.LoadTexts(dir)
		if !errors.Is(err, agent.ErrUpstreamMissing) || !strings.Contains(err.Error(), "--upstream-dir") {
			t.Errorf("LoadTexts(%q) = %v, want a clear error", dir, err)
		}
	}
}

// TestUpstreamFiles: an agent's upstream_files come from the original's
// agents/<name>/ directory unless its own directory has them, and end up
// in the staged directory; a missing one is an error.
func TestUpstreamFiles(t *testing.T) {
	up := upstreamDir(t)
	notes, err := os.ReadFile(filepath.Join(up, "agents", "aide", "additional_notes.txt"))
	if err != nil {
		t.Skip(err)
	}
	root := writeAgents(t, map[string]string{
		"aide":  "aide:\n  start: aide/start.sh\n  dockerfile: aide/Dockerfile\n  upstream_files: [additional_notes.txt]\n",
		"other": "other:\n  start: other/start.sh\n  dockerfile: other/Dockerfile\n  upstream_files: [additional_notes.txt]\n",
		"own":   "own:\n  start: own/start.sh\n  dockerfile: own/Dockerfile\n  upstream_files: [additional_notes.txt]\n",
	})
	os.WriteFile(filepath.Join(root, "own", "additional_notes.txt"), []byte("mine"), 0o644)

	a, err := agent.Load(root, "aide")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.LoadUpstreamFiles(up); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "staged")
	if err := a.Stage(t.Context(), dst, agent.StageOptions{}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dst, "additional_notes.txt")); string(got) != string(notes) {
		t.Errorf("staged notes are not the original's: %q", got)
	}

	o, _ := agent.Load(root, "other")
	if err := o.LoadUpstreamFiles(up); !errors.Is(err, agent.ErrUpstreamMissing) {
		t.Errorf("no upstream notes for 'other': %v", err)
	}
	own, _ := agent.Load(root, "own")
	if err := own.LoadUpstreamFiles(t.TempDir()); err != nil || own.Extra != nil {
		t.Errorf("own notes need no upstream: %v %v", err, own.Extra)
	}
	for _, bad := range []string{"[../x]", "[a/b]", "x"} {
		r := writeAgents(t, map[string]string{"b": "b:\n  start: b/start.sh\n  dockerfile: b/Dockerfile\n  upstream_files: " + bad + "\n"})
		if _, err := agent.Load(r, "b"); err == nil {
			t.Errorf("upstream_files %s accepted", bad)
		}
	}
}

// FuzzLoad: arbitrary config.yaml content never panics.
func FuzzLoad(f *testing.F) {
	f.Add("x:\n  start: x/start.sh\n  dockerfile: x/Dockerfile\n  kwargs: {a: *b}\n")
	f.Add("a: &a [*a]\nx:\n  <<: *a\n")
	f.Add("x: &x\n  <<: *x\n")
	f.Fuzz(func(t *testing.T, content string) {
		var n yaml.Node
		if yaml.Unmarshal([]byte(content), &n) != nil {
			return
		}
		root := t.TempDir()
		os.MkdirAll(filepath.Join(root, "x"), 0o755)
		os.WriteFile(filepath.Join(root, "x", "config.yaml"), []byte(content), 0o644)
		if a, err := agent.Load(root, "x"); err == nil {
			a.Args(noEnv)
			a.Env("c", noEnv)
		}
	})
}

// TestValidateScript runs /home/validate_submission.sh: usage, missing
// file, and a real POST to a stand-in server when curl is available.
func TestValidateScript(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "validate_submission.sh")
	os.WriteFile(script, []byte(agent.ValidateScript()), 0o755)
	run := func(env []string, args ...string) (string, int) {
		cmd := exec.Command(bash, append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return string(out), code
	}
	if out, code := run(nil); code != 1 || out != "Usage: "+script+" <submission_file>\n" {
		t.Errorf("no args: %d %q", code, out)
	}
	if out, code := run(nil, "/nope.csv"); code != 1 || out != "File /nope.csv does not exist.\n" {
		t.Errorf("missing file: %d %q", code, out)
	}
	if _, err := exec.LookPath("curl"); err != nil {
		return
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, _, err := r.FormFile("file")
		if err != nil || r.URL.Path != "/validate" {
			http.Error(w, "bad", 400)
			return
		}
		b, _ := io.ReadAll(f)
		fmt.Fprintf(w, "{\"result\":\"got %d bytes\"}\n", len(b))
	}))
	defer srv.Close()
	sub := filepath.Join(dir, "s.csv")
	os.WriteFile(sub, []byte("id,y\n1,2\n"), 0o644)
	out, code := run([]string{agent.EnvValidateURL + "=" + srv.URL + "/validate"}, sub)
	if code != 0 || !strings.HasSuffix(out, "{\"result\":\"got 9 bytes\"}\n") {
		t.Errorf("post: %d %q", code, out)
	}
}
