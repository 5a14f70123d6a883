package podhelper

import (
	"archive/tar"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestTarDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "submission")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "submission.csv"), []byte("id,y\n1,2\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "sub", "big.log"), bytes.Repeat([]byte("x"), 1000), 0o644)
	os.Symlink("/etc/passwd", filepath.Join(dir, "link"))
	var buf, warn bytes.Buffer
	if err := TarDir(&buf, dir, 100, &warn); err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(&buf)
	got := map[string]string{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		v := string(b)
		if s, ok := h.PAXRecords[PAXSkipped]; ok {
			v = "skipped " + s
		}
		got[h.Name] = v
	}
	want := map[string]string{"submission/": "", "submission/submission.csv": "id,y\n1,2\n", "submission/sub/": "", "submission/sub/big.log": "skipped 1000"}
	if len(got) != len(want) {
		t.Errorf("entries %v", got)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if err := TarDir(io.Discard, filepath.Join(dir, "nope"), 0, &warn); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing dir: %v", err)
	}
}

func TestSetup(t *testing.T) {
	dir := t.TempDir()
	env := []string{"PATH=/bin", HomeFileEnvPrefix + "0=" + EncodeHomeFile("instructions.txt", 0o644, []byte("read me\n")),
		HomeFileEnvPrefix + "1=" + EncodeHomeFile("validate_submission.sh", 0o755, []byte("#!/bin/sh\n"))}
	if err := Setup(filepath.Join(dir, "helper"), dir, env); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "instructions.txt"))
	if err != nil || string(b) != "read me\n" {
		t.Errorf("instructions %q %v", b, err)
	}
	st, err := os.Stat(filepath.Join(dir, "validate_submission.sh"))
	if err != nil || st.Mode().Perm() != 0o755 {
		t.Errorf("script mode %v %v", st, err)
	}
	if st, err := os.Stat(filepath.Join(dir, "helper")); err != nil || st.Mode().Perm() != 0o755 {
		t.Errorf("helper %v %v", st, err)
	}
	if err := Setup("", dir, []string{HomeFileEnvPrefix + "0=../x:644:"}); err == nil || !strings.Contains(err.Error(), "bad home file name") {
		t.Errorf("escaping name: %v", err)
	}
}

func TestMain(m *testing.M) {
	if os.Getenv("PODHELPER_TEST_INIT") == "1" {
		// The child: Init as the process that starts and reaps the agent.
		os.Exit(Init(strings.Split(os.Getenv("PODHELPER_TEST_ARGV"), "|"), "", 0, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestInitExitStatus: Init exits with the agent's status, 128+signal
// when a signal killed it, ExitNoAgent when it cannot start it.
func TestInitExitStatus(t *testing.T) {
	for _, tc := range []struct {
		argv string
		code int
	}{
		{"/bin/sh|-c|exit 7", 7},
		{"/bin/true", 0},
		{"/bin/sh|-c|kill -9 $$", 137},
		{"/no/such/agent", ExitNoAgent},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "PODHELPER_TEST_INIT=1", "PODHELPER_TEST_ARGV="+tc.argv)
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code {
			t.Errorf("%q: exit %d, want %d", tc.argv, code, tc.code)
		}
	}
}

// TestStopRefusesOutsideAPod: on a host PID 1 is not pod-helper init.
func TestStopRefusesOutsideAPod(t *testing.T) {
	if err := Stop(); err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Fatalf("Stop outside a pod = %v", err)
	}
}
