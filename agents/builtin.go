// Package agents embeds the definitions of the built-in agents (dummy and
// baseline: config.yaml, Dockerfile, start.sh) so that an installed
// mlebench binary runs them in any directory, with the binary itself as
// their program. The other agents' definitions here are read from disk
// (--agents-dir).
package agents

import "embed"

// BuiltIn holds <name>/config.yaml, Dockerfile and start.sh of each
// built-in agent.
//
//go:embed dummy/config.yaml dummy/Dockerfile dummy/start.sh
//go:embed baseline/config.yaml baseline/Dockerfile baseline/start.sh
var BuiltIn embed.FS

// BuiltInNames are the built-in agents' directory names (also their ids).
var BuiltInNames = []string{"baseline", "dummy"}

// BuiltInPrograms maps each program name the built-in agents declare
// (config.yaml binaries) to its package; the mlebench binary serves as
// each when started under that name.
var BuiltInPrograms = map[string]string{
	"baseline-agent": "./cmd/baseline-agent",
	"dummy-agent":    "./cmd/dummy-agent",
}
