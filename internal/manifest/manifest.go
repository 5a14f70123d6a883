// Package manifest records what a run was given and what it produced, so a
// result can be traced and checked: the mlebench build, the agent (image
// digest or binary hash), the container configuration, the time limit, the
// hardware the sandbox granted, the wall time used, the LLM usage the agent
// reported, and the SHA-256 of the final submission and of every snapshot.
//
// A run's manifest is <run dir>/manifest.json; a run group's is
// <group>/manifest.json, listing its runs' manifests with their hashes.
//
// Agents may report their LLM usage by writing /home/logs/llm_usage.json
// (copied out as <run dir>/logs/llm_usage.json):
//
//	{"model": "…", "prompt_tokens": N, "completion_tokens": N, "cost_usd": X}
//
// Every field is optional; the file is recorded as the agent wrote it and
// is the agent's claim, not a measurement.
package manifest

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/mlebench/mlebench/internal/buildinfo"
)

// Format names the manifest schema.
const (
	RunFormat   = "mlebench-run-manifest/1"
	GroupFormat = "mlebench-group-manifest/1"
)

// Build identifies the mlebench binary.
type Build = buildinfo.Info

// CurrentBuild reads the running binary's build information.
func CurrentBuild() Build { return buildinfo.Current() }

// Agent identifies what ran.
type Agent struct {
	ID           string `json:"id"`
	Image        string `json:"image,omitempty"`
	ImageDigest  string `json:"image_digest,omitempty"`  // docker / kubernetes
	BinarySHA256 string `json:"binary_sha256,omitempty"` // local backend
}

// Hardware is what the sandbox granted the agent.
type Hardware struct {
	CPUModel    string   `json:"cpu_model"`
	CPUs        float64  `json:"cpus"`         // the CPU limit (or the host's count when unlimited)
	MemoryBytes int64    `json:"memory_bytes"` // the memory limit (or the host's memory when unlimited)
	GPUs        []string `json:"gpus"`         // models of the GPUs given
	Backend     string   `json:"backend"`
}

// LLMUsage is what the agent reported in logs/llm_usage.json.
type LLMUsage struct {
	Raw json.RawMessage `json:"reported"`
}

// File is a hashed output.
type File struct {
	Path   string `json:"path"` // relative to the run directory, with "/"
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// Run is a run's manifest.
type Run struct {
	Format           string          `json:"format"`
	Mlebench         Build           `json:"mlebench"`
	RunID            string          `json:"run_id"`
	CompetitionID    string          `json:"competition_id"`
	Seed             int             `json:"seed"`
	Agent            Agent           `json:"agent"`
	ContainerConfig  json.RawMessage `json:"container_config,omitempty"`
	TimeLimitSeconds float64         `json:"time_limit_seconds"`
	Hardware         Hardware        `json:"hardware"`
	WallSeconds      float64         `json:"wall_seconds"`
	TimedOut         bool            `json:"timed_out"`
	ExitCode         *int            `json:"exit_code"`
	LLMUsage         *LLMUsage       `json:"llm_usage,omitempty"`
	Files            []File          `json:"files"`
}

// HashFile returns a file's SHA-256 (hex) and size.
func HashFile(path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// Outputs hashes the run's submission (submission/submission.csv) and
// snapshots (snapshots/*), in path order. Missing files are left out.
func Outputs(runDir string) ([]File, error) {
	var paths []string
	if st, err := os.Stat(filepath.Join(runDir, "submission", "submission.csv")); err == nil && st.Mode().IsRegular() {
		paths = append(paths, "submission/submission.csv")
	}
	snaps, _ := os.ReadDir(filepath.Join(runDir, "snapshots"))
	for _, e := range snaps {
		if e.Type().IsRegular() {
			paths = append(paths, "snapshots/"+e.Name())
		}
	}
	sort.Strings(paths)
	var out []File
	for _, p := range paths {
		sum, n, err := HashFile(filepath.Join(runDir, filepath.FromSlash(p)))
		if err != nil {
			return nil, fmt.Errorf("hashing %s: %w", p, err)
		}
		out = append(out, File{Path: p, SHA256: sum, Bytes: n})
	}
	return out, nil
}

// HostHardware fills in what the host says: the CPU model, and the CPU count
// and memory when the sandbox set no limit.
func HostHardware(h Hardware) Hardware {
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				h.CPUModel = strings.TrimSpace(v)
				break
			}
		}
	}
	if h.CPUModel == "" {
		h.CPUModel = runtime.GOARCH
	}
	if h.CPUs <= 0 {
		h.CPUs = float64(runtime.NumCPU())
	}
	if h.MemoryBytes <= 0 {
		if b, err := os.ReadFile("/proc/meminfo"); err == nil {
			var kb int64
			if _, err := fmt.Sscanf(string(b), "MemTotal: %d kB", &kb); err == nil {
				h.MemoryBytes = kb * 1024
			}
		}
	}
	if h.GPUs == nil {
		h.GPUs = []string{}
	}
	return h
}

// WriteRun completes m with the run directory's outputs and the agent's
// reported LLM usage, and writes <runDir>/manifest.json.
func WriteRun(runDir string, m Run) error {
	m.Format = RunFormat
	if m.Mlebench.Version == "" {
		m.Mlebench = CurrentBuild()
	}
	files, err := Outputs(runDir)
	if err != nil {
		return err
	}
	m.Files = files
	if b, err := os.ReadFile(filepath.Join(runDir, "logs", "llm_usage.json")); err == nil && json.Valid(b) && len(b) <= 1<<20 {
		m.LLMUsage = &LLMUsage{Raw: json.RawMessage(b)}
	}
	return writeJSON(filepath.Join(runDir, "manifest.json"), m)
}

// ReadRun reads a run manifest.
func ReadRun(path string) (*Run, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Run
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if m.Format != RunFormat {
		return nil, fmt.Errorf("%s: not a run manifest (format %q)", path, m.Format)
	}
	return &m, nil
}

// Group is a run group's manifest.
type Group struct {
	Format   string            `json:"format"`
	Mlebench Build             `json:"mlebench"`
	RunGroup string            `json:"run_group"`
	Agent    Agent             `json:"agent"`
	Runs     map[string]string `json:"runs"` // run id → SHA-256 of its manifest.json
}

// WriteGroup writes <groupDir>/manifest.json listing the hashes of the run
// manifests found in the group's run directories.
func WriteGroup(groupDir string, g Group) error {
	g.Format = GroupFormat
	if g.Mlebench.Version == "" {
		g.Mlebench = CurrentBuild()
	}
	g.Runs = map[string]string{}
	err := filepath.WalkDir(groupDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != groupDir && filepath.Dir(p) != groupDir {
			return filepath.SkipDir
		}
		if d.Name() == "manifest.json" && filepath.Dir(p) != groupDir {
			sum, _, err := HashFile(p)
			if err != nil {
				return err
			}
			g.Runs[filepath.Base(filepath.Dir(p))] = sum
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeJSON(filepath.Join(groupDir, "manifest.json"), g)
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
