//go:build linux

// Package local is the runner backend without containers: the agent runs as
// a host process in its own work tree with the sandbox's /home layout
// (<work tree>/home/{data,submission,logs,code,agent} plus the instructions;
// the work tree is <run dir> when unsealed, see below),
// and the validation server runs in-process on a loopback port.
//
// Sealing: the private answers must be unreadable to the agent. When the
// runner is root, each agent runs as an unprivileged uid and gid of its own
// (one per concurrently running sandbox, from a range starting at
// DefaultUID, 2000000000, by default; numeric ids need no /etc/passwd
// entry) with no supplementary groups, the competition's private directory is made
// root-owned mode 0700, and Start verifies (from the permission bits of
// every path component) that the agent's uid can reach neither the answers
// nor the private directory. The data root as a whole (raw downloads hold
// the test labels; other competitions' answers) and the run group directory
// (other runs' outputs, audit logs) are made unreachable for the agent's uid
// too (ownership taken from the agents' id range, "other" permission bits
// cleared, and group bits when the group is in the range, so this holds
// for every uid of the range; sticky or world-writable directories are
// refused, not changed).
// The work tree therefore lives outside the run group: in a fresh
// .mlebench-sandboxes/mlebench-sandbox-<run id>-<random> directory next to
// the run group (same filesystem, so public data is hard-linked), or below
// the temporary directory when the agent cannot traverse that;
// .mlebench-sandboxes is root-owned 0711, so work trees cannot be found by
// listing; a work tree is root-owned mode 0750 with the run's own gid, so
// agents of concurrent runs cannot enter it. The agent has a mount
// namespace of its own in which /tmp and /var/tmp are per-run directories
// of the work tree and /dev/shm is a tmpfs of shm_size (64 MiB when
// unset), so files left there reach no other run. The agent runs in its
// own PID
// namespace, so nothing it started outlives it or the time limit, with
// no_new_privs set (setuid programs such as crontab or sudo gain nothing), and
// outputs are copied out with descriptor-relative, O_NOFOLLOW opens, so
// symlinks swapped in during a copy are never followed. Without root the
// answers cannot be sealed: Start refuses unless AllowUnsealed is set, in
// which case every run.log says loudly that the run is unsealed. The
// namespaces need CAP_SYS_ADMIN (a default Docker container's root lacks
// it: Start fails there).
//
// Concurrent runs (more than one worker) run as different uids in
// different PID namespaces: they can neither enter each other's work trees
// nor signal or inspect (/proc/<pid>/{cwd,root,environ}) each other's
// processes; they can still see each other's command lines in /proc.
//
// Differences from the Docker backend, all weaker: the agent sees the host
// filesystem (whatever its uid may read), the host network and the host's
// tools; an agent without a SIGTERM handler is SIGKILLed after the grace
// period (as init of its PID namespace it ignores SIGTERM, as in a
// container); the memory limit is RLIMIT_AS (set by /bin/sh's ulimit -v right
// before the agent is exec'd); pids_limit (default DefaultPidsLimit when
// sealed) is RLIMIT_NPROC of the run's uid (set the same way), which
// counts threads too; CPU/GPU settings are ignored; /home paths in the
// agent's argv, environment and instructions are rewritten to the work tree, and the validation URL is
// http://127.0.0.1:<port>/validate (given in MLEBENCH_VALIDATE_URL and the
// instructions) instead of http://localhost:5000/validate.
package local

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/server"
)

// Options configure the backend.
type Options struct {
	Catalog *competition.Catalog
	Fixes   map[string]bool
	// UID and GID are the first of the IDs ids the agents run as when
	// the runner is root: each running sandbox takes the lowest free slot
	// i and runs as uid UID+i, gid GID+i, released when it stops. 0 means
	// DefaultUID (GID: the same as UID); IDs 0 means 1024. Ids that
	// /etc/passwd or /etc/group name, or that a process runs as, are
	// skipped. Numeric ids need no /etc/passwd entry.
	UID, GID uint32
	IDs      int
	// AllowUnsealed lets a non-root runner start agents that could read
	// the answers.
	AllowUnsealed bool
	// SandboxRoot holds the work trees of sealed runs; "" means the
	// directory holding the run group when the agent's uid can traverse
	// but not write it, else os.TempDir().
	SandboxRoot string
	// MaxUploadBytes is the validation server's upload limit.
	MaxUploadBytes int64
	// TermGrace is how long a stopped agent gets between SIGTERM and
	// SIGKILL; 0 means 5s.
	TermGrace time.Duration
	Stage     agent.StageOptions
	Log       *slog.Logger
}

// Backend runs agents as host processes.
type Backend struct {
	opt Options

	mu     sync.Mutex
	staged map[string]string // agent id → staged directory
	slots  map[int]bool      // id slots of running sandboxes
}

// DefaultUID is the first agent uid (and gid) when Options.UID is 0: far
// above the ids distributions give to users and to container user
// namespaces' usual subordinate ranges.
const DefaultUID = 2000000000

// ErrCannotSeal is returned by Start when the answers cannot be hidden
// from the agent.
var ErrCannotSeal = errors.New("local backend: cannot seal the private answers from the agent without root; run as root, use the docker backend, or allow unsealed runs")

// New returns the backend.
func New(opt Options) (*Backend, error) {
	if opt.Catalog == nil {
		return nil, fmt.Errorf("local backend: Catalog is required")
	}
	if opt.UID == 0 {
		opt.UID = DefaultUID
	}
	if opt.GID == 0 {
		opt.GID = opt.UID
	}
	if opt.IDs <= 0 {
		opt.IDs = 1024
	}
	if uint64(opt.UID)+uint64(opt.IDs) > 1<<32-1 || uint64(opt.GID)+uint64(opt.IDs) > 1<<32-1 {
		return nil, fmt.Errorf("local backend: the id range %d+%d does not fit in 32 bits", opt.UID, opt.IDs)
	}
	if opt.TermGrace <= 0 {
		opt.TermGrace = 5 * time.Second
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	return &Backend{opt: opt, staged: map[string]string{}, slots: map[int]bool{}}, nil
}

// Sealed reports whether runs will be sealed: the runner is root and may
// create the PID and mount namespaces sandboxes need.
func (b *Backend) Sealed() bool { return sealCheck() == nil }

// sealCheck reports why agents cannot be sealed (nil when they can). It
// probes once per process; tests replace it.
var sealCheck = sync.OnceValue(func() error {
	if os.Geteuid() != 0 {
		return errors.New("not running as root")
	}
	// Sandboxes need CAP_SYS_ADMIN (PID and mount namespaces), which root
	// lacks in e.g. a default Docker container.
	cmd := exec.Command("/bin/sh", "-c", "exit 0")
	cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWPID | syscall.CLONE_NEWNS}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("cannot create PID and mount namespaces (CAP_SYS_ADMIN is needed): %v", err)
	}
	return nil
})

// Prepare stages the agent's files (its directory and static binaries)
// once; every run copies them into its /home/agent.
func (b *Backend) Prepare(ctx context.Context, a *agent.Agent) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.staged[a.ID]; ok {
		return nil
	}
	dir, err := os.MkdirTemp("", "mlebench-agent-")
	if err != nil {
		return err
	}
	if err := a.Stage(ctx, filepath.Join(dir, "agent"), b.opt.Stage); err != nil {
		os.RemoveAll(dir)
		return err
	}
	b.staged[a.ID] = filepath.Join(dir, "agent")
	return nil
}

// Close removes staged agent files.
func (b *Backend) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for id, d := range b.staged {
		os.RemoveAll(filepath.Dir(d))
		delete(b.staged, id)
	}
	return nil
}

type sandbox struct {
	b       *Backend
	spec    *runner.Spec
	base    string // removed on Stop unless retained
	home    string
	cmd     *exec.Cmd
	done    chan struct{}
	waitErr error
	hs      *http.Server
	audit   *os.File
	slot    int // id slot (-1: none), released once the agent is gone
	mounts  []privateMount

	stopOnce sync.Once
	stopErr  error
}

// Start builds the work tree, starts the validation server and the agent.
func (b *Backend) Start(ctx context.Context, spec *runner.Spec) (runner.Sandbox, error) {
	if err := b.Prepare(ctx, spec.Agent); err != nil {
		return nil, err
	}
	b.mu.Lock()
	staged := b.staged[spec.Agent.ID]
	b.mu.Unlock()

	// "root" below means a sealed run: as root with namespaces available.
	why := sealCheck()
	root := why == nil
	if !root && !b.opt.AllowUnsealed {
		return nil, fmt.Errorf("%w (%v)", ErrCannotSeal, why)
	}
	uid, gid := uint32(os.Geteuid()), uint32(os.Getegid())
	sb := &sandbox{b: b, spec: spec, done: make(chan struct{}), slot: -1}
	ok := false
	if root {
		var err error
		if sb.slot, uid, gid, err = b.acquire(); err != nil {
			return nil, err
		}
		defer func() {
			if !ok && (sb.cmd == nil || sb.cmd.Process == nil) {
				sb.releaseSlot() // no agent process: nothing runs as uid
			}
		}()
	}
	paths := spec.Competition.PathsIn(spec.DataDir)
	groupDir := filepath.Dir(spec.RunDir)
	if root {
		// The whole data root, not only this competition's private
		// directory: the raw downloads hold the test labels, and other
		// competitions' answers must not be readable either (an agent
		// could stash them for a later run). Sealing clears the "other"
		// bits and takes ownership from the agents' id range, so it holds
		// for every uid of the range; it is checked for this run's uid.
		if err := seal(paths, uid, gid); err != nil {
			return nil, err
		}
		for _, d := range []string{spec.DataDir, groupDir} {
			if err := b.sealDir(d, uid, gid); err != nil {
				return nil, err
			}
		}
	} else {
		fmt.Fprintf(spec.Output, "WARNING: UNSEALED RUN: the agent runs as uid %d, the runner's own user, and can read the private answers at %s\n", uid, paths.Private)
		b.opt.Log.Warn("UNSEALED local run: the agent can read the answers", "run", spec.RunID)
	}

	defer func() {
		if !ok {
			sb.Stop(context.WithoutCancel(ctx))
		}
	}()

	// The work tree: in the run directory when unsealed; otherwise outside
	// the (sealed) run group, in a fresh directory with an unpredictable
	// name (so that nothing the agent's uid left behind can be in its way).
	sb.base = filepath.Join(spec.RunDir, "home")
	sb.home = sb.base
	if root {
		parent, err := b.sandboxParent(groupDir, uid, gid)
		if err != nil {
			return nil, err
		}
		if parent, err = sandboxesDir(parent); err != nil {
			return nil, err
		}
		removeStaleSandboxes(parent, spec.RunID)
		if sb.base, err = os.MkdirTemp(parent, sandboxPrefix(spec.RunID)); err != nil {
			return nil, err
		}
		sb.home = filepath.Join(sb.base, "home")
		// Root-owned, open to this run's gid only: agents of concurrent
		// runs (other uids and gids) cannot enter it even when they learn
		// its name (from /proc/<pid>/cmdline, say).
		if err := os.Chown(sb.base, 0, int(gid)); err != nil {
			return nil, err
		}
		if err := os.Chmod(sb.base, 0o750); err != nil {
			return nil, err
		}
		if !reachable(sb.base, uid, gid, unix.X_OK) {
			return nil, fmt.Errorf("local backend: the work tree %s is not reachable by uid %d", sb.base, uid)
		}
		b.opt.Log.Info("agent work tree", "run", spec.RunID, "dir", sb.home, "uid", uid, "gid", gid)
	} else {
		makeWritable(sb.home)
	}
	if err := os.RemoveAll(sb.home); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(sb.home, 0o755); err != nil {
		return nil, err
	}
	own := func(p string) error {
		if !root {
			return nil
		}
		return os.Lchown(p, int(uid), int(gid))
	}
	for _, d := range []string{"submission", "logs", "code", "tmp", "nonroot"} {
		p := filepath.Join(sb.home, d)
		if err := os.Mkdir(p, 0o755); err != nil {
			return nil, err
		}
		if err := own(p); err != nil {
			return nil, err
		}
	}
	if err := copyTree(staged, filepath.Join(sb.home, "agent"), nil); err != nil {
		return nil, fmt.Errorf("installing the agent: %w", err)
	}
	if err := filepath.WalkDir(filepath.Join(sb.home, "agent"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return own(p)
	}); err != nil {
		return nil, err
	}
	// Public data, read-only: hard links when root (the files stay
	// root-owned, so the agent cannot change them), copies otherwise.
	var linkable func(string) bool
	if root {
		linkable = func(p string) bool { return permits(p, uid, gid, unix.R_OK) }
	}
	if err := copyTree(paths.Public, filepath.Join(sb.home, "data"), linkable); err != nil {
		return nil, fmt.Errorf("installing the public data: %w", err)
	}
	if err := readOnly(filepath.Join(sb.home, "data")); err != nil {
		return nil, err
	}

	// The validation server.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("validation server: %w", err)
	}
	url := "http://" + ln.Addr().String() + "/validate"
	if err := os.MkdirAll(filepath.Join(spec.RunDir, runner.ServerDir), 0o755); err != nil {
		ln.Close()
		return nil, err
	}
	sb.audit, err = os.OpenFile(filepath.Join(spec.RunDir, runner.ServerDir, runner.AuditFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		ln.Close()
		return nil, err
	}
	sb.hs = &http.Server{Handler: server.New(server.Options{
		Catalog:        b.opt.Catalog,
		CompetitionID:  spec.Competition.ID,
		DataDir:        spec.DataDir,
		Fixes:          b.opt.Fixes,
		MaxUploadBytes: b.opt.MaxUploadBytes,
		Audit:          sb.audit,
		Log:            b.opt.Log,
	}), ReadHeaderTimeout: 30 * time.Second}
	go sb.hs.Serve(ln)

	layout := agent.Layout{Home: sb.home, ValidateURL: url, PrivateDir: paths.Private}
	// The original's texts, byte for byte (no rewriting of paths or URL).
	for name, text := range spec.HomeFiles {
		if err := os.WriteFile(filepath.Join(sb.home, name), text, agent.HomeFileMode(name)); err != nil {
			return nil, err
		}
	}

	// The agent.
	argv := make([]string, len(spec.Argv))
	for i, a := range spec.Argv {
		argv[i] = layout.Path(a)
	}
	path := os.Getenv("PATH")
	if path == "" {
		path = "/usr/local/bin:/usr/bin:/bin"
	}
	env := []string{"PATH=" + path, "HOME=" + filepath.Join(sb.home, "nonroot"), "TMPDIR=" + filepath.Join(sb.home, "tmp"), "LANG=C.UTF-8"}
	for _, e := range spec.Env {
		env = append(env, layout.Path(e))
	}
	env = append(env, layout.DirEnv()...)
	// Limits are set by the agent's own process (a /bin/sh that lowers
	// its soft and hard limits) before it execs the agent: Go cannot set
	// them in the child alone, prlimit on a process of another uid needs
	// CAP_SYS_RESOURCE, which containers usually lack (and after the
	// start it would race with the agent's first forks), and the runner
	// cannot lower its own limits around the fork (it may not raise them
	// back).
	var limits []string
	if lim := spec.Container.MemLimit; lim > 0 {
		limits = append(limits, fmt.Sprintf("ulimit -v %d", (lim+1023)/1024)) // RLIMIT_AS
	}
	if root {
		// RLIMIT_NPROC: counts the processes and threads of the real
		// uid, and every sandbox has a uid of its own, so this bounds
		// the agent and all it starts (a fork bomb), like Docker's pids
		// limit. bash calls it -u, dash and busybox -p.
		n := int64(DefaultPidsLimit)
		if spec.Container.PidsLimit > 0 {
			n = spec.Container.PidsLimit
		}
		limits = append(limits, fmt.Sprintf("{ ulimit -u %d 2>/dev/null || ulimit -p %d; }", n, n))
	}
	if len(limits) > 0 {
		script := strings.Join(limits, " && ") + ` && exec "$@"`
		argv = append([]string{"/bin/sh", "-c", script, "mlebench-agent"}, argv...)
	}
	bin := argv[0]
	if !strings.Contains(bin, "/") {
		if bin, err = exec.LookPath(bin); err != nil {
			return nil, fmt.Errorf("agent command: %w", err)
		}
	}
	sb.cmd = &exec.Cmd{Path: bin, Args: argv, Env: env, Dir: sb.home, Stdout: spec.Output, Stderr: spec.Output, WaitDelay: 5 * time.Second}
	sb.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if root {
		sb.cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uid, Gid: gid, Groups: []uint32{}}
		// Its own PID namespace: the agent is its init, so when it exits
		// or is killed the kernel kills every process it started, also
		// those that left its process group (setsid, daemons).
		sb.cmd.SysProcAttr.Cloneflags = syscall.CLONE_NEWPID
	}
	if root {
		// Private /tmp, /var/tmp (per-run directories of the work
		// tree) and /dev/shm (a tmpfs of shm_size), so that nothing left
		// there reaches a later or concurrent run.
		for _, m := range []struct{ target, source string }{{"/tmp", "tmp-private"}, {"/var/tmp", "var-tmp-private"}, {"/dev/shm", ""}} {
			if st, err := os.Stat(m.target); err != nil || !st.IsDir() {
				continue
			}
			pm := privateMount{target: m.target}
			if m.source != "" {
				pm.source = filepath.Join(sb.base, m.source)
				if err := os.Mkdir(pm.source, 0o755); err != nil {
					return nil, err
				}
				if err := os.Chmod(pm.source, 0o777|fs.ModeSticky); err != nil {
					return nil, err
				}
			} else {
				size := spec.Container.ShmSize
				if size <= 0 {
					size = 64 << 20 // Docker's default
				}
				pm.data = fmt.Sprintf("mode=1777,size=%d", size)
			}
			sb.mounts = append(sb.mounts, pm)
		}
	}
	if err := sb.startAndWait(root); err != nil {
		return nil, fmt.Errorf("starting the agent: %w", err)
	}
	ok = true
	return sb, nil
}

// startAndWait starts the agent and waits for it in a goroutine (closing
// sb.done). The goroutine keeps its OS thread for the agent's lifetime:
// the parent-death signal fires when the thread that started the child
// exits. When sealed, that thread also gets PR_SET_NO_NEW_PRIVS first,
// which the child inherits across fork and exec: setuid and setgid
// programs (su, sudo, crontab, at) then run without their privileges, so
// the agent cannot gain another identity or schedule work that runs
// outside its PID namespace (as Docker's no-new-privileges). That thread
// is never handed back to the scheduler: it exits with its goroutine.
func (sb *sandbox) startAndWait(noNewPrivs bool) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // no unlock: see above
		if len(sb.mounts) > 0 {
			if err := sb.privateTmp(); err != nil {
				started <- fmt.Errorf("private /tmp: %w", err)
				return
			}
		}
		if noNewPrivs {
			if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
				started <- fmt.Errorf("setting no_new_privs: %w", err)
				return
			}
		}
		if err := sb.cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		sb.waitErr = sb.cmd.Wait()
		close(sb.done)
	}()
	return <-started
}

// privateMount is a mount of the agent's mount namespace: source bound
// on target, or a tmpfs with data as options when source is "".
type privateMount struct{ target, source, data string }

// privateTmp moves the calling (locked, never reused) thread into a new
// mount namespace, which the agent inherits, with sb.mounts mounted; the
// runner's other threads keep the host's mounts. Mount events do not
// propagate in either direction (the namespace's mounts are private). When
// the work tree lies below a mounted directory (say, in /tmp), it is
// attached again at its own path inside the new mount.
func (sb *sandbox) privateTmp() error {
	base, err := filepath.EvalSymlinks(sb.base)
	if err != nil {
		return err
	}
	if err := unix.Unshare(unix.CLONE_NEWNS); err != nil {
		return fmt.Errorf("new mount namespace: %w", err)
	}
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making mounts private: %w", err)
	}
	// Detached clones of the sources, taken before any mount can hide
	// their paths.
	clone := func(p string) (int, error) {
		fd, err := unix.OpenTree(unix.AT_FDCWD, p, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC)
		if err != nil {
			return -1, fmt.Errorf("cloning the mount of %s: %w", p, err)
		}
		return fd, nil
	}
	tree, err := clone(base)
	if err != nil {
		return err
	}
	defer unix.Close(tree)
	sources := make([]int, len(sb.mounts))
	for i, m := range sb.mounts {
		sources[i] = -1
		if m.source != "" {
			if sources[i], err = clone(m.source); err != nil {
				return err
			}
			defer unix.Close(sources[i])
		}
	}
	hidden := false
	for i, m := range sb.mounts {
		if m.source != "" {
			err = unix.MoveMount(sources[i], "", unix.AT_FDCWD, m.target, unix.MOVE_MOUNT_F_EMPTY_PATH)
		} else {
			err = unix.Mount("tmpfs", m.target, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, m.data)
		}
		if err != nil {
			return fmt.Errorf("mounting %s: %w", m.target, err)
		}
		if real, err := filepath.EvalSymlinks(m.target); err == nil && strings.HasPrefix(base, real+"/") {
			hidden = true
		}
	}
	if hidden {
		// Root-owned directories in a sticky directory: the agent cannot
		// move them out of the way.
		if err := os.MkdirAll(base, 0o711); err != nil {
			return fmt.Errorf("work tree mount point: %w", err)
		}
		if err := unix.MoveMount(tree, "", unix.AT_FDCWD, base, unix.MOVE_MOUNT_F_EMPTY_PATH); err != nil {
			return fmt.Errorf("attaching the work tree: %w", err)
		}
	}
	return nil
}

// DefaultPidsLimit is the agent's RLIMIT_NPROC when the container config
// sets no pids_limit.
const DefaultPidsLimit = 4096

func (sb *sandbox) killGroup(sig syscall.Signal) {
	if sb.cmd != nil && sb.cmd.Process != nil {
		syscall.Kill(-sb.cmd.Process.Pid, sig)
	}
}

// Wait waits for the agent; when ctx ends first it sends SIGTERM to the
// agent's process group, then SIGKILL after the grace period.
func (sb *sandbox) Wait(ctx context.Context) (int, error) {
	select {
	case <-sb.done:
		sb.killGroup(syscall.SIGKILL) // leftover background processes
		return exitCode(sb.cmd, sb.waitErr), nil
	case <-ctx.Done():
	}
	sb.killGroup(syscall.SIGTERM)
	t := time.NewTimer(sb.b.opt.TermGrace)
	defer t.Stop()
	select {
	case <-sb.done:
	case <-t.C:
	}
	sb.killGroup(syscall.SIGKILL)
	<-sb.done
	return -1, ctx.Err()
}

func exitCode(cmd *exec.Cmd, err error) int {
	ps := cmd.ProcessState
	if ps == nil {
		return -1
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}

// CopyOut copies /home/<name> of the work tree; symlinks and special files
// are skipped (they could point outside the sandbox), also when the agent
// swaps them in while the copy runs (see copyOut).
func (sb *sandbox) CopyOut(ctx context.Context, name, dst string) error {
	src := filepath.Join(sb.home, name)
	st, err := os.Lstat(src)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("/home/%s: %w", name, runner.ErrNotFound)
	}
	return copyOut(src, filepath.Join(dst, name), func(msg string) {
		fmt.Fprintf(sb.spec.Output, "mlebench: %s\n", strings.TrimPrefix(msg, sb.home+"/"))
	})
}

// Stop kills what is left of the agent, stops the server and removes the
// work tree unless retained.
func (sb *sandbox) Stop(ctx context.Context) error {
	sb.stopOnce.Do(func() {
		if sb.cmd != nil && sb.cmd.Process != nil {
			sb.killGroup(syscall.SIGKILL)
			select {
			case <-sb.done:
				sb.releaseSlot()
			case <-ctx.Done():
				// The slot stays taken: its uid may still run processes.
				sb.stopErr = fmt.Errorf("agent process %d did not exit", sb.cmd.Process.Pid)
			}
		}
		if sb.hs != nil {
			sb.hs.Close()
		}
		if sb.audit != nil {
			sb.audit.Close()
		}
		if !sb.spec.Retain && sb.base != "" {
			if os.Geteuid() != 0 {
				// Root removes read-only directories as they are; chmod
				// by path in a tree the agent's uid controls is what an
				// attacker would want root to do.
				makeWritable(sb.base)
			}
			if err := os.RemoveAll(sb.base); err != nil && sb.stopErr == nil {
				sb.stopErr = err
			}
		}
	})
	return sb.stopErr
}

// sandboxPrefix is the name prefix of a run's work tree directory.
func sandboxPrefix(runID string) string { return "mlebench-sandbox-" + runID + "-" }

// sandboxParent picks where work trees go: SandboxRoot when set; else the
// directory holding the run group (same filesystem as the runs, so public
// data can be hard-linked) when the agent's uid can traverse it but not
// write to it; else the temporary directory.
func (b *Backend) sandboxParent(groupDir string, uid, gid uint32) (string, error) {
	if b.opt.SandboxRoot != "" {
		if !reachable(b.opt.SandboxRoot, uid, gid, unix.X_OK) {
			return "", fmt.Errorf("local backend: sandbox root %s is not reachable by uid %d", b.opt.SandboxRoot, uid)
		}
		return b.opt.SandboxRoot, nil
	}
	if runs := filepath.Dir(groupDir); reachable(runs, uid, gid, unix.X_OK) && !permits(runs, uid, gid, unix.W_OK) {
		return runs, nil
	}
	tmp := os.TempDir()
	if !reachable(tmp, uid, gid, unix.X_OK) {
		return "", fmt.Errorf("local backend: neither %s nor %s is reachable by uid %d", filepath.Dir(groupDir), tmp, uid)
	}
	return tmp, nil
}

// sandboxesDir returns parent/.mlebench-sandboxes, a root-owned directory
// of mode 0711: the agent's uid can pass through it to its own work tree
// but cannot list it, so it cannot find other work trees (retained ones,
// or those a killed runner left) by their random names.
func sandboxesDir(parent string) (string, error) {
	dir := filepath.Join(parent, ".mlebench-sandboxes")
	if err := os.Mkdir(dir, 0o711); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", err
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(dir, &st); err != nil {
		return "", err
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFDIR || st.Uid != 0 {
		return "", fmt.Errorf("local backend: %s is not a root-owned directory; remove it", dir)
	}
	if err := os.Chmod(dir, 0o711); err != nil {
		return "", err
	}
	return dir, nil
}

// removeStaleSandboxes removes work trees an earlier, killed runner left
// for the run (root-owned directories only; anything else with the name
// is not ours).
func removeStaleSandboxes(parent, runID string) {
	old, _ := filepath.Glob(filepath.Join(parent, sandboxPrefix(runID)+"*"))
	for _, d := range old {
		var st syscall.Stat_t
		if err := syscall.Lstat(d, &st); err == nil && st.Mode&syscall.S_IFMT == syscall.S_IFDIR && st.Uid == 0 {
			os.RemoveAll(d)
		}
	}
}

// acquire takes the lowest free id slot whose uid and gid are unused (no
// /etc/passwd or /etc/group entry, no process running as the uid).
func (b *Backend) acquire() (slot int, uid, gid uint32, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	known := namedIDs()
	busy := processUIDs()
	for i := 0; i < b.opt.IDs; i++ {
		uid, gid = b.opt.UID+uint32(i), b.opt.GID+uint32(i)
		if b.slots[i] || known[idKey{'u', uid}] || known[idKey{'g', gid}] || busy[uid] {
			continue
		}
		b.slots[i] = true
		return i, uid, gid, nil
	}
	return -1, 0, 0, fmt.Errorf("local backend: no free agent uid in %d..%d (each running sandbox takes one)", b.opt.UID, b.opt.UID+uint32(b.opt.IDs)-1)
}

// releaseSlot frees the sandbox's id slot (once).
func (sb *sandbox) releaseSlot() {
	if sb.slot < 0 {
		return
	}
	sb.b.mu.Lock()
	delete(sb.b.slots, sb.slot)
	sb.b.mu.Unlock()
	sb.slot = -1
}

// inRange reports whether uid or gid belongs to the agents' id range.
func (b *Backend) inRange(id uint32, group bool) bool {
	first := b.opt.UID
	if group {
		first = b.opt.GID
	}
	return id >= first && uint64(id) < uint64(first)+uint64(b.opt.IDs)
}

type idKey struct {
	kind byte // 'u' or 'g'
	id   uint32
}

// namedIDs returns the uids of /etc/passwd and the gids of /etc/group (and
// the primary gids of /etc/passwd).
func namedIDs() map[idKey]bool {
	out := map[idKey]bool{}
	for _, f := range []struct {
		path string
		cols []int
		kind []byte
	}{{"/etc/passwd", []int{2, 3}, []byte{'u', 'g'}}, {"/etc/group", []int{2}, []byte{'g'}}} {
		b, err := os.ReadFile(f.path)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			fields := strings.Split(line, ":")
			for i, c := range f.cols {
				if c < len(fields) {
					if n, err := strconv.ParseUint(fields[c], 10, 32); err == nil {
						out[idKey{f.kind[i], uint32(n)}] = true
					}
				}
			}
		}
	}
	return out
}

// processUIDs returns the real uids of the running processes.
func processUIDs() map[uint32]bool {
	out := map[uint32]bool{}
	procs, _ := filepath.Glob("/proc/[0-9]*/status")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
				for _, f := range strings.Fields(rest) {
					if n, err := strconv.ParseUint(f, 10, 32); err == nil {
						out[uint32(n)] = true
					}
				}
				break
			}
		}
	}
	return out
}

// sealDir makes dir unreachable by the agents' uids when it is not
// already: ownership by a uid of the agents' range goes to root, and the
// "other" permission bits are cleared (mode &^ 0o007), and the group bits
// too when the group is in the agents' range. Checked for uid/gid.
// A shared directory (sticky or world-writable, such as /tmp) is never
// changed: that is an error.
func (b *Backend) sealDir(dir string, uid, gid uint32) error {
	log := b.opt.Log
	if !reachable(dir, uid, gid, unix.X_OK) && !reachable(dir, uid, gid, unix.R_OK) {
		return nil
	}
	var st syscall.Stat_t
	if err := syscall.Stat(dir, &st); err != nil {
		return fmt.Errorf("sealing %s: %w", dir, err)
	}
	if st.Mode&(syscall.S_ISVTX|0o002) != 0 {
		return fmt.Errorf("local backend: %s is a shared directory (sticky or world-writable) that uid %d can enter; move the data or runs elsewhere: %w", dir, uid, ErrCannotSeal)
	}
	if st.Uid == uid || b.inRange(st.Uid, false) {
		if err := os.Chown(dir, 0, -1); err != nil {
			return fmt.Errorf("sealing %s: %w", dir, err)
		}
	}
	mode := st.Mode & 0o7777 &^ 0o007
	if st.Gid == gid || b.inRange(st.Gid, true) {
		mode &^= 0o070
	}
	if err := os.Chmod(dir, fs.FileMode(mode&0o777)|unixModeBits(mode)); err != nil {
		return fmt.Errorf("sealing %s: %w", dir, err)
	}
	log.Info("sealed a directory from the agent's uid", "dir", dir, "mode", fmt.Sprintf("%04o -> %04o", st.Mode&0o7777, mode))
	if reachable(dir, uid, gid, unix.X_OK) || reachable(dir, uid, gid, unix.R_OK) {
		return fmt.Errorf("local backend: %s stays reachable by uid %d: %w", dir, uid, ErrCannotSeal)
	}
	return nil
}

// unixModeBits maps setuid/setgid/sticky bits to fs.FileMode.
func unixModeBits(m uint32) fs.FileMode {
	var out fs.FileMode
	if m&syscall.S_ISUID != 0 {
		out |= fs.ModeSetuid
	}
	if m&syscall.S_ISGID != 0 {
		out |= fs.ModeSetgid
	}
	if m&syscall.S_ISVTX != 0 {
		out |= fs.ModeSticky
	}
	return out
}

// seal makes the private dir root-owned 0700 if its own permission bits
// (or the answers') would let the agent's uid in, then verifies that
// neither it nor the answers are reachable.
func seal(p competition.Paths, uid, gid uint32) error {
	for _, target := range []string{p.Private, p.Answers} {
		// The directory's own bits count even when an ancestor (the
		// sealed data root) keeps the agent out: it is the second wall.
		if !permits(target, uid, gid, unix.R_OK) && !permits(target, uid, gid, unix.X_OK) &&
			!reachable(target, uid, gid, unix.R_OK) && !reachable(target, uid, gid, unix.X_OK) {
			continue
		}
		if err := os.Chown(p.Private, 0, 0); err != nil {
			return fmt.Errorf("sealing %s: %w", p.Private, err)
		}
		if err := os.Chmod(p.Private, 0o700); err != nil {
			return fmt.Errorf("sealing %s: %w", p.Private, err)
		}
	}
	for _, target := range []string{p.Private, p.Answers} {
		if reachable(target, uid, gid, unix.R_OK) || reachable(target, uid, gid, unix.X_OK) {
			return fmt.Errorf("local backend: %s stays readable by uid %d: %w", target, uid, ErrCannotSeal)
		}
	}
	return nil
}

// reachable reports whether uid/gid (no supplementary groups) can traverse
// every ancestor of path and has the wanted access (unix.R_OK, W_OK, X_OK)
// to path itself, judging by permission bits (ACLs are not considered).
func reachable(path string, uid, gid uint32, want uint32) bool {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false
	}
	real, _ = filepath.Abs(real)
	comps := strings.Split(strings.TrimPrefix(real, "/"), "/")
	cur := "/"
	for i, c := range comps {
		if !permits(cur, uid, gid, unix.X_OK) {
			return false
		}
		cur = filepath.Join(cur, c)
		if i == len(comps)-1 {
			return permits(cur, uid, gid, want)
		}
	}
	return permits(cur, uid, gid, want)
}

func permits(path string, uid, gid uint32, want uint32) bool {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return false
	}
	perm := st.Mode & 0o777
	var bits uint32
	switch {
	case st.Uid == uid:
		bits = perm >> 6 & 7
	case st.Gid == gid:
		bits = perm >> 3 & 7
	default:
		bits = perm & 7
	}
	return bits&want == want
}

// copyTree copies regular files and directories from src to dst (created),
// skipping symlinks and special files; files for which link reports true
// are hard-linked when possible instead of copied.
func copyTree(src, dst string, link func(path string) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			if link != nil && link(p) && os.Link(p, target) == nil {
				return nil
			}
			return copyFile(p, target)
		}
		return nil
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, st.Mode().Perm()|0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// readOnly makes the data tree read-only for the agent: directories 0555;
// copied files 0444 (hard-linked files, which have more than one link, keep
// the original's mode: the agent can read them but does not own them).
func readOnly(dir string) error {
	var dirs []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			dirs = append(dirs, p)
			return nil
		}
		var st syscall.Stat_t
		if err := syscall.Lstat(p, &st); err != nil {
			return err
		}
		if st.Nlink > 1 {
			return nil
		}
		return os.Chmod(p, 0o444)
	})
	if err != nil {
		return err
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := os.Chmod(dirs[i], 0o555); err != nil {
			return err
		}
	}
	return nil
}

func makeWritable(dir string) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(p, 0o755)
		}
		return nil
	})
}
