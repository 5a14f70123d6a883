package docker

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/mlebench/mlebench/internal/runner"
)

func TestHomeFilesTar(t *testing.T) {
	files := map[string][]byte{"instructions.txt": []byte("words\n"), "validate_submission.sh": []byte("#!/bin/bash\n")}
	b, err := homeFilesTar(files)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(bytes.NewReader(b))
	got := map[string]int64{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(tr)
		if string(body) != string(files[h.Name[len("home/"):]]) || h.Uid != 0 {
			t.Errorf("%s: %q uid %d", h.Name, body, h.Uid)
		}
		got[h.Name] = h.Mode
	}
	if got["home/instructions.txt"] != 0o644 || got["home/validate_submission.sh"] != 0o755 || len(got) != 2 {
		t.Errorf("entries %v", got)
	}
}

// TestNetworkMode: the original's container config (no network_mode)
// gives the engine's default network; mlebench's own default none.
func TestNetworkMode(t *testing.T) {
	orig := filepath.Join("..", "..", "..", "..", "shared", "upstream", "environment", "container-config-default.json")
	b, err := os.ReadFile(orig)
	if err != nil {
		t.Skipf("the original's container config: %v", err)
	}
	cfg, err := runner.ParseContainerConfig(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := networkMode(cfg); got != "default" {
		t.Errorf("original default.json → network %q, want the engine default", got)
	}
	if got := networkMode(runner.DefaultContainerConfig()); got != "none" {
		t.Errorf("mlebench's default config → network %q, want none", got)
	}
	if got := networkMode(runner.ContainerConfig{Network: "bridge"}); got != "bridge" {
		t.Errorf("network_mode bridge → %q", got)
	}
}
