package agent

import (
	"bytes"
	"context"
	"debug/elf"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// StageOptions control [Agent.Stage].
type StageOptions struct {
	// Prebuilt maps a binary name to an existing static executable used
	// instead of compiling it (e.g. a release's dummy-agent).
	Prebuilt map[string]string
	// PrebuiltMayBeDynamic accepts a dynamically linked Prebuilt program
	// (a sandbox that mounts the host's /usr and /lib runs it; a
	// FROM-scratch image does not).
	PrebuiltMayBeDynamic bool
	// GoTool is the go command; "" means "go" from PATH.
	GoTool string
	// GOARCH of the binaries; "" means the running program's.
	GOARCH string
}

// Stage copies the agent's directory (the one holding its config.yaml,
// which is also the original's docker build context) into dst, adds the
// original's files of a.Extra the directory lacks and builds the static
// binaries the agent declares. dst is created.
func (a *Agent) Stage(ctx context.Context, dst string, opt StageOptions) error {
	if err := copyTree(a.ConfigDir, dst); err != nil {
		return fmt.Errorf("staging agent %s: %w", a.ID, err)
	}
	for name, b := range a.Extra {
		p := filepath.Join(dst, name)
		if _, err := os.Lstat(p); err == nil {
			continue
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return fmt.Errorf("staging agent %s: %w", a.ID, err)
		}
	}
	for _, b := range a.Binaries {
		out := filepath.Join(dst, b.Name)
		if err := a.buildBinary(ctx, b, out, opt); err != nil {
			return fmt.Errorf("staging agent %s: %w", a.ID, err)
		}
	}
	return nil
}

// RepoRoot is the directory the binaries' package paths are relative to:
// the parent of the agents directory.
func (a *Agent) RepoRoot() string { return filepath.Dir(a.AgentsDir) }

func (a *Agent) buildBinary(ctx context.Context, b Binary, out string, opt StageOptions) error {
	if p := opt.Prebuilt[b.Name]; p != "" {
		if !opt.PrebuiltMayBeDynamic {
			if err := CheckStatic(p); err != nil {
				return err
			}
		}
		return copyFile(p, out, 0o755)
	}
	goTool := opt.GoTool
	if goTool == "" {
		goTool = "go"
	}
	var buildErr error
	if path, err := exec.LookPath(goTool); err == nil {
		arch := opt.GOARCH
		if arch == "" {
			arch = runtime.GOARCH
		}
		cmd := exec.CommandContext(ctx, path, "build", "-trimpath", "-buildvcs=false", "-o", out, b.Package)
		cmd.Dir = a.RepoRoot()
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+arch)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err == nil {
			return CheckStatic(out)
		} else {
			buildErr = fmt.Errorf("go build %s: %v: %s", b.Package, err, strings.TrimSpace(stderr.String()))
		}
	} else {
		buildErr = fmt.Errorf("no Go toolchain (%s) on PATH", goTool)
	}
	// Fall back to a prebuilt binary shipped next to the running program.
	if exe, err := os.Executable(); err == nil {
		cand := filepath.Join(filepath.Dir(exe), b.Name)
		if CheckStatic(cand) == nil {
			return copyFile(cand, out, 0o755)
		}
	}
	return fmt.Errorf("cannot provide binary %s: %v; and no static %s next to the running program (a mlebench built with CGO_ENABLED=0 serves as the built-in agents' programs itself)", b.Name, buildErr, b.Name)
}

// CheckStatic reports whether path is a statically linked Linux ELF
// executable (no interpreter, no shared-library dependencies): only such a
// file runs in a FROM-scratch image.
func CheckStatic(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return fmt.Errorf("%s is not an ELF executable: %w", path, err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return fmt.Errorf("%s is dynamically linked (build it with CGO_ENABLED=0)", path)
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		return fmt.Errorf("%s needs shared libraries %v (build it with CGO_ENABLED=0)", path, libs)
	}
	return nil
}

// copyTree copies src to dst keeping file and directory modes (a docker
// build context's modes end up in the image), directories' applied last so
// that read-only ones can be filled first.
func copyTree(src, dst string) error {
	type dirMode struct {
		path string
		mode fs.FileMode
	}
	var dirs []dirMode
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			dirs = append(dirs, dirMode{target, info.Mode() & (fs.ModePerm | fs.ModeSticky | fs.ModeSetgid)})
			return os.MkdirAll(target, 0o755)
		case info.Mode()&fs.ModeSymlink != 0:
			l, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(l, target)
		case info.Mode().IsRegular():
			return copyFile(p, target, info.Mode().Perm())
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := os.Chmod(dirs[i].path, dirs[i].mode); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chmod(dst, perm)
}
