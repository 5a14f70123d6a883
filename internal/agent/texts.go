package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The texts an agent reads are the original's words, which mlebench does
// not ship: /home/instructions.txt and /home/instructions_obfuscated.txt
// come from the original's environment/ directory and an agent's
// additional_notes.txt (or any other file its config lists under
// upstream_files) from the original's agents/<name>/ directory. They are
// looked up in the upstream directory (--upstream-dir,
// $MLEBENCH_UPSTREAM_DIR) — the directory that also holds
// competitions/<id>/description.md — and, so that a checkout of the
// original works when its mlebench/ package directory is given, in that
// directory's parent.

// UpstreamHelp explains how to point mlebench at the original's files.
const UpstreamHelp = "mlebench does not ship the original's texts that agents read: pass --upstream-dir DIR or set MLEBENCH_UPSTREAM_DIR " +
	"to a directory holding the original MLE-bench's environment/instructions.txt, environment/instructions_obfuscated.txt " +
	"and agents/<agent>/additional_notes.txt (a checkout of the original, or its mlebench/ directory)"

// Instruction file names in /home, as in the original's environment.
const (
	InstructionsFile           = "instructions.txt"
	InstructionsObfuscatedFile = "instructions_obfuscated.txt"
	ValidateScriptFile         = "validate_submission.sh"
)

// ErrUpstreamMissing is wrapped when an original's file cannot be found.
var ErrUpstreamMissing = errors.New("the original's file was not found")

// upstreamFile finds rel (slash-separated) under upstreamDir or its parent
// and returns its bytes unchanged.
func upstreamFile(upstreamDir, rel string) ([]byte, string, error) {
	if upstreamDir == "" {
		return nil, "", fmt.Errorf("%s: no upstream directory: %w; %s", rel, ErrUpstreamMissing, UpstreamHelp)
	}
	var tried []string
	for _, dir := range []string{upstreamDir, filepath.Dir(filepath.Clean(upstreamDir))} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		b, err := os.ReadFile(p)
		if err == nil {
			return b, p, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, p, fmt.Errorf("reading the original's %s: %w", rel, err)
		}
		tried = append(tried, p)
	}
	return nil, "", fmt.Errorf("%s not found (looked at %v): %w; %s", rel, tried, ErrUpstreamMissing, UpstreamHelp)
}

// Texts are the files of the sandbox's /home that the environment
// provides: the original's two instruction texts, byte for byte, and
// mlebench's validate_submission.sh.
type Texts struct {
	Instructions           []byte
	InstructionsObfuscated []byte
}

// LoadTexts reads the original's environment/instructions.txt and
// environment/instructions_obfuscated.txt from upstreamDir (or its
// parent). A missing file is an error wrapping ErrUpstreamMissing: there
// is no substitute text.
func LoadTexts(upstreamDir string) (*Texts, error) {
	ins, _, err := upstreamFile(upstreamDir, "environment/"+InstructionsFile)
	if err != nil {
		return nil, err
	}
	obf, _, err := upstreamFile(upstreamDir, "environment/"+InstructionsObfuscatedFile)
	if err != nil {
		return nil, err
	}
	return &Texts{Instructions: ins, InstructionsObfuscated: obf}, nil
}

// HomeFiles are the files the environment puts in /home, by name:
// instructions.txt, instructions_obfuscated.txt (the original's bytes) and
// validate_submission.sh (executable).
func (t *Texts) HomeFiles() map[string][]byte {
	return map[string][]byte{
		InstructionsFile:           t.Instructions,
		InstructionsObfuscatedFile: t.InstructionsObfuscated,
		ValidateScriptFile:         []byte(validateScript),
	}
}

// HomeFileMode is the mode a /home file is written with.
func HomeFileMode(name string) fs.FileMode {
	if filepath.Ext(name) == ".sh" {
		return 0o755
	}
	return 0o644
}

// LoadUpstreamFiles reads the files the agent's config lists under
// upstream_files from the original's agents/<name>/ directory into
// a.Extra, to be added to the agent's directory when it is staged (unless
// the agent's own directory already has the file, as a checkout of the
// original's agents/ does). A file the agent's directory lacks and the
// upstream directory does not have is an error.
func (a *Agent) LoadUpstreamFiles(upstreamDir string) error {
	for _, name := range a.UpstreamFiles {
		if _, err := os.Stat(filepath.Join(a.ConfigDir, name)); err == nil {
			continue
		}
		b, _, err := upstreamFile(upstreamDir, "agents/"+a.Name+"/"+name)
		if err != nil {
			return fmt.Errorf("agent %s needs the original's %s: %w", a.ID, name, err)
		}
		if a.Extra == nil {
			a.Extra = map[string][]byte{}
		}
		a.Extra[name] = b
	}
	return nil
}
