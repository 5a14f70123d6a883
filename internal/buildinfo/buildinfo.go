// Package buildinfo identifies the running mlebench build — the module
// version and the VCS revision it was built from, as the Go toolchain
// records them (runtime/debug.ReadBuildInfo) — so that a result can be
// traced to the code that produced it. It is a leaf: every layer may read
// it (plans, manifests, reports, the version command).
package buildinfo

import (
	"runtime"
	"runtime/debug"
)

// Info identifies a build. Its JSON form is what plan.json, manifests and
// bundles record.
type Info struct {
	// Version is the module version ("v1.2.3", a pseudo-version for
	// `go install …@<commit>`), or "(devel)" for a build from a checkout.
	Version string `json:"version"`
	// Commit is vcs.revision: the commit a checkout build was made from.
	Commit string `json:"commit,omitempty"`
	// Modified is vcs.modified: the tree had uncommitted changes.
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
}

// Current reads the running binary's build information.
func Current() Info {
	info, _ := debug.ReadBuildInfo()
	return FromBuildInfo(info, runtime.Version())
}

// FromBuildInfo extracts an Info from build information (nil: unknown).
func FromBuildInfo(info *debug.BuildInfo, goVersion string) Info {
	b := Info{Version: "(devel)", Go: goVersion}
	if info == nil {
		return b
	}
	if info.Main.Version != "" {
		b.Version = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// String is the one-line form reports and `mlebench version` print:
// "v1.2.3", "(devel) commit 0123456789ab", "(devel) commit 0123456789ab
// (modified)".
func (i Info) String() string {
	s := i.Version
	if i.Commit != "" {
		c := i.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		s += " commit " + c
	}
	if i.Modified {
		s += " (modified)"
	}
	return s
}
