// Package podhelper is what the static mlebench binary does inside a
// Kubernetes sandbox pod (the hidden `mlebench pod-helper` commands), kept
// apart from package kubernetes so the binary's in-pod side does not need
// client-go:
//
//   - [Setup] runs as the pod's init container (server image): it copies
//     the binary into an emptyDir that the agent container mounts
//     read-only, and writes the /home files (the original's instructions,
//     passed in environment variables) into another.
//   - [Init] is the agent container's main process: it waits until the
//     validation server listens, runs the agent command as its child,
//     reaps orphans, and when the agent exits (or [Stop] asks) kills every
//     process left in the container's PID namespace before exiting with
//     the agent's status — the container stops as a whole.
//   - [Stop] asks Init to stop the agent (harness time limit, Ctrl-C).
//   - [TarDir] writes a directory as a tar stream (copy-out through the
//     server container, which mounts the agent's outputs read-only).
package podhelper

import (
	"archive/tar"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// HomeFileEnvPrefix names the environment variables carrying /home files
// to Setup: <prefix><n> = <name> ":" <mode, octal> ":" <base64 content>.
const HomeFileEnvPrefix = "MLEBENCH_HOME_FILE_"

// EncodeHomeFile is the value of one HomeFileEnvPrefix variable.
func EncodeHomeFile(name string, mode fs.FileMode, content []byte) string {
	return name + ":" + strconv.FormatUint(uint64(mode.Perm()), 8) + ":" + base64.StdEncoding.EncodeToString(content)
}

// Setup copies the running executable to helperPath (mode 0755) and
// writes the home files found in env (HomeFileEnvPrefix variables) into
// homeDir.
func Setup(helperPath, homeDir string, env []string) error {
	if helperPath != "" {
		self, err := os.Executable()
		if err != nil {
			return fmt.Errorf("finding the helper binary: %w", err)
		}
		if err := copyFile(self, helperPath, 0o755); err != nil {
			return fmt.Errorf("installing the helper binary: %w", err)
		}
	}
	for _, kv := range env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || !strings.HasPrefix(k, HomeFileEnvPrefix) {
			continue
		}
		parts := strings.SplitN(v, ":", 3)
		if len(parts) != 3 {
			return fmt.Errorf("%s: malformed home file", k)
		}
		name := parts[0]
		if !filepath.IsLocal(name) || strings.Contains(name, "/") {
			return fmt.Errorf("%s: bad home file name %q", k, name)
		}
		mode, err := strconv.ParseUint(parts[1], 8, 32)
		if err != nil {
			return fmt.Errorf("%s: bad mode: %w", k, err)
		}
		b, err := base64.StdEncoding.DecodeString(parts[2])
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		p := filepath.Join(homeDir, name)
		if err := os.WriteFile(p, b, fs.FileMode(mode)); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
		if err := os.Chmod(p, fs.FileMode(mode)); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string, mode fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
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
	return os.Chmod(dst, mode)
}

// Exit statuses of Init besides the agent's own.
const (
	// ExitStopped: Stop ended the agent.
	ExitStopped = 143
	// ExitNoAgent: the agent command could not be started.
	ExitNoAgent = 127
)

// Init runs argv as the agent and returns the status to exit with: the
// agent's exit code, 128+signal when a signal killed it, ExitStopped
// when Stop ended it, ExitNoAgent when it could not start. Before it
// starts the agent it waits up to wait for a TCP listener at addr (the
// validation server in the other container; "" skips the wait). It must
// be the PID namespace's first process: it reaps every orphan and, once
// the agent has exited, kills whatever the agent left running
// (kill(-1, SIGKILL) spares only the caller) so the container ends. When
// it is not PID 1 it never signals -1: it kills the agent's process group
// only.
func Init(argv []string, addr string, wait time.Duration, stderr io.Writer) int {
	if len(argv) == 0 {
		fmt.Fprintln(stderr, "mlebench pod-helper init: no agent command")
		return ExitNoAgent
	}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	if addr != "" {
		deadline := time.Now().Add(wait)
		for {
			c, err := net.DialTimeout("tcp", addr, time.Second)
			if err == nil {
				c.Close()
				break
			}
			if time.Now().After(deadline) {
				fmt.Fprintf(stderr, "mlebench pod-helper init: the validation server at %s did not answer within %s; starting the agent anyway\n", addr, wait)
				break
			}
			select {
			case <-sigs:
				return ExitStopped
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	path := argv[0]
	if !strings.Contains(path, "/") {
		if p, err := lookPath(path); err == nil {
			path = p
		}
	}
	// As PID 1 of the container's PID namespace, kill(-1) reaches exactly
	// the agent's processes. Anywhere else (tests, a mistaken invocation)
	// it would reach every process the caller may signal on the host, so
	// Init then puts the agent in its own process group and kills only
	// that group.
	pid1 := os.Getpid() == 1
	proc, err := os.StartProcess(path, argv, &os.ProcAttr{
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
		Sys:   &syscall.SysProcAttr{Setpgid: !pid1},
	})
	if err != nil {
		fmt.Fprintf(stderr, "mlebench pod-helper init: starting the agent: %v\n", err)
		return ExitNoAgent
	}
	// Reap in a goroutine: the agent's status arrives on done.
	done := make(chan int, 1)
	go func() {
		for {
			var ws syscall.WaitStatus
			reap := -1
			if !pid1 {
				reap = proc.Pid // not the namespace's init: orphans are not ours
			}
			pid, err := syscall.Wait4(reap, &ws, 0, nil)
			if err == syscall.EINTR {
				continue
			}
			if err != nil {
				// ECHILD: nothing left (cannot happen before the agent's exit).
				time.Sleep(50 * time.Millisecond)
				continue
			}
			if pid == proc.Pid {
				switch {
				case ws.Exited():
					done <- ws.ExitStatus()
				case ws.Signaled():
					done <- 128 + int(ws.Signal())
				default:
					done <- 255
				}
			}
		}
	}()
	killAll := func() {
		if pid1 {
			syscall.Kill(-1, syscall.SIGKILL)
		} else {
			syscall.Kill(-proc.Pid, syscall.SIGKILL)
		}
	}
	select {
	case code := <-done:
		killAll()
		return code
	case <-sigs:
		killAll()
		return ExitStopped
	}
}

// lookPath finds name in $PATH (os/exec would also do it, but this
// package avoids starting children through exec.Cmd: Init reaps them).
func lookPath(name string) (string, error) {
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: not found in $PATH", name)
}

// Stop asks Init (PID 1 of the caller's PID namespace) to stop the agent.
// It refuses when PID 1 is not `pod-helper init` (run on a host, it would
// signal the host's init).
func Stop() error {
	cmdline, err := os.ReadFile("/proc/1/cmdline")
	if err != nil || !bytes.Contains(cmdline, []byte("pod-helper\x00init")) {
		return fmt.Errorf("PID 1 is not mlebench pod-helper init (%q): refusing to signal it", strings.ReplaceAll(string(cmdline), "\x00", " "))
	}
	if err := syscall.Kill(1, syscall.SIGTERM); err != nil {
		return fmt.Errorf("signalling the sandbox's init: %w", err)
	}
	return nil
}

// NotFound is what TarDir prints on stderr (exit status ExitNotFound)
// when the directory does not exist.
const (
	NotFound     = "NOTFOUND"
	ExitNotFound = 3
)

// PAXSkipped is the PAX record TarDir sets, with the file's size, on a
// header-only entry for a regular file larger than the caller's limit:
// the harness notes the skip without the bytes crossing the wire.
const PAXSkipped = "MLEBENCH.skipped-size"

// ErrNotFound is returned by TarDir when dir is not a directory.
var ErrNotFound = errors.New(NotFound)

// TarDir writes dir as a tar stream to w: directories and regular files
// (names relative to dir's parent, so "submission/…"), nothing else
// (symlinks, devices and FIFOs are left out). Files are opened with
// O_NONBLOCK|O_NOFOLLOW so a lease or FIFO cannot stall it; a file that
// cannot be read is left out with a line on warn. A file larger than
// maxFile (when > 0) is written as a header-only entry carrying its size
// in PAXSkipped. A file that changes size while it is read is padded or
// cut to the size in its header.
func TarDir(w io.Writer, dir string, maxFile int64, warn io.Writer) error {
	st, err := os.Lstat(dir)
	if err != nil || !st.IsDir() {
		return ErrNotFound
	}
	base := filepath.Base(dir)
	tw := tar.NewWriter(w)
	var walk func(p, name string) error
	walk = func(p, name string) error {
		entries, err := os.ReadDir(p)
		if err != nil {
			fmt.Fprintf(warn, "%s: %v\n", name, err)
			return nil
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
		for _, e := range entries {
			cp, cn := filepath.Join(p, e.Name()), name+"/"+e.Name()
			switch {
			case e.IsDir():
				if err := tw.WriteHeader(&tar.Header{Name: cn + "/", Typeflag: tar.TypeDir, Mode: 0o755, Format: tar.FormatPAX}); err != nil {
					return err
				}
				if err := walk(cp, cn); err != nil {
					return err
				}
			case e.Type().IsRegular():
				if err := tarFile(tw, cp, cn, maxFile, warn); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := tw.WriteHeader(&tar.Header{Name: base + "/", Typeflag: tar.TypeDir, Mode: 0o755, Format: tar.FormatPAX}); err != nil {
		return err
	}
	if err := walk(dir, base); err != nil {
		return err
	}
	return tw.Close()
}

func tarFile(tw *tar.Writer, p, name string, maxFile int64, warn io.Writer) error {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW|syscall.O_NOCTTY, 0)
	if err != nil {
		fmt.Fprintf(warn, "%s: %v\n", name, err)
		return nil
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	size := st.Size()
	if maxFile > 0 && size > maxFile {
		return tw.WriteHeader(&tar.Header{Name: name, Typeflag: tar.TypeReg, Mode: 0o644, Format: tar.FormatPAX,
			PAXRecords: map[string]string{PAXSkipped: strconv.FormatInt(size, 10)}})
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Typeflag: tar.TypeReg, Mode: int64(st.Mode().Perm()), Size: size, Format: tar.FormatPAX}); err != nil {
		return err
	}
	n, err := io.Copy(tw, io.LimitReader(f, size))
	if err != nil {
		fmt.Fprintf(warn, "%s: %v\n", name, err)
	}
	if n < size { // shrunk or unreadable midway: pad
		if _, err := io.CopyN(tw, zeros{}, size-n); err != nil {
			return err
		}
	}
	return nil
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
