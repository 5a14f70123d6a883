package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

// ContainerConfig is the original's container configuration JSON
// (environment-and-agents.md §1.7) in typed form. Zero values mean "not
// set" (no limit, engine default).
type ContainerConfig struct {
	MemLimit  int64  `json:"mem_limit,omitempty"`  // bytes
	ShmSize   int64  `json:"shm_size,omitempty"`   // bytes
	NanoCPUs  int64  `json:"nano_cpus,omitempty"`  // 1e9 = one CPU
	Runtime   string `json:"runtime,omitempty"`    // e.g. "sysbox-runc"
	GPUs      int    `json:"gpus,omitempty"`       // 0 none, -1 all, n devices
	PidsLimit int64  `json:"pids_limit,omitempty"` // extension
	// Network is the network the sandbox may use (extension): "" (the
	// engine's default network, what the original's container config gives
	// its containers: a config file without network_mode means this),
	// "none" (loopback only, enough for the validation server; mlebench's
	// own default config), "bridge" or any Docker network name.
	Network string `json:"network_mode,omitempty"`
}

// DefaultContainerConfig is used when no file is given: the original's
// default.json without the sysbox runtime (rarely installed), with at most
// as many CPUs as the host has (Docker refuses more).
func DefaultContainerConfig() ContainerConfig {
	cpus := int64(runtime.NumCPU())
	if cpus > 4 {
		cpus = 4
	}
	return ContainerConfig{ShmSize: 4 << 30, NanoCPUs: cpus * 1e9, Network: "none"}
}

// ParseContainerConfig reads the original's JSON object. Keys: mem_limit
// and shm_size (bytes as a number, or docker-py strings like "4G" with
// binary units b/k/m/g), nano_cpus (a number; 4e9 = 4 CPUs), runtime, gpus
// (-1 = all); extensions pids_limit and network_mode. null means unset.
// Unknown keys are an error (the original passes them to docker-py, which
// accepts many more; mlebench only maps these). Without network_mode the
// sandbox gets the engine's default network, as in the original: only
// [DefaultContainerConfig] (no file given) cuts the network off.
func ParseContainerConfig(b []byte) (ContainerConfig, error) {
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return ContainerConfig{}, fmt.Errorf("container config: %w", err)
	}
	cfg := ContainerConfig{}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := raw[k]
		if string(bytes.TrimSpace(v)) == "null" {
			continue
		}
		var err error
		switch k {
		case "mem_limit":
			cfg.MemLimit, err = parseBytes(v)
		case "shm_size":
			cfg.ShmSize, err = parseBytes(v)
		case "nano_cpus":
			var f float64
			if err = json.Unmarshal(v, &f); err == nil {
				cfg.NanoCPUs = int64(f)
			}
		case "runtime":
			err = json.Unmarshal(v, &cfg.Runtime)
		case "gpus":
			err = json.Unmarshal(v, &cfg.GPUs)
		case "pids_limit":
			err = json.Unmarshal(v, &cfg.PidsLimit)
		case "network_mode":
			err = json.Unmarshal(v, &cfg.Network)
		default:
			return ContainerConfig{}, fmt.Errorf("container config: unsupported key %q (supported: mem_limit, shm_size, nano_cpus, runtime, gpus, pids_limit, network_mode)", k)
		}
		if err != nil {
			return ContainerConfig{}, fmt.Errorf("container config: %s: %v", k, err)
		}
	}
	if cfg.NanoCPUs < 0 || cfg.MemLimit < 0 || cfg.ShmSize < 0 {
		return ContainerConfig{}, fmt.Errorf("container config: negative limit")
	}
	return cfg, nil
}

// parseBytes is docker-py's parse_bytes: a number is bytes; a string is
// digits with an optional unit b, k, m or g (binary, case-insensitive; a
// trailing "b" after a unit letter is dropped: "4GB" = "4G").
func parseBytes(v json.RawMessage) (int64, error) {
	var n json.Number
	if err := json.Unmarshal(v, &n); err == nil {
		f, err := n.Float64()
		if err != nil {
			return 0, err
		}
		return int64(f), nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return 0, fmt.Errorf("want a number or a string like \"4G\"")
	}
	return ParseBytes(s)
}

// ParseBytes parses docker-py byte strings ("4G", "512m", "100").
func ParseBytes(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	if len(s) >= 2 && isAlpha(s[len(s)-2]) && (s[len(s)-1] == 'b' || s[len(s)-1] == 'B') {
		s = s[:len(s)-1]
	}
	units := map[byte]float64{'b': 1, 'k': 1 << 10, 'm': 1 << 20, 'g': 1 << 30}
	last := strings.ToLower(s[len(s)-1:])[0]
	digits, unit := s, 1.0
	if !(last >= '0' && last <= '9') {
		u, ok := units[last]
		if !ok {
			return 0, fmt.Errorf("%q should end in one of the units b, k, m, g", s)
		}
		digits, unit = s[:len(s)-1], u
	}
	f, err := strconv.ParseFloat(digits, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a size", s)
	}
	return int64(f * unit), nil
}

func isAlpha(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
