//go:build linux

// Package local is the runner backend without containers: each agent runs
// in a bubblewrap (bwrap) sandbox on the host, with the original's layout
// (/home/data read-only, /home/submission, /home/logs, /home/code,
// /home/agent, /home/instructions.txt, …, and the validation server at
// http://localhost:5000/validate), so agents, their prompt and their
// environment are the same as on the docker backend.
//
// What a sealed sandbox guarantees (tested by the attack tests of this
// package):
//
//   - Default-deny view of the host: read-only /usr (and the /bin, /sbin,
//     /lib* links or directories), a selection of /etc (dynamic linker
//     cache, alternatives, certificates, name service, time zone files;
//     passwd and group are generated with root and nonroot only), its own
//     /proc, a minimal /dev, a /dev/shm tmpfs of shm_size (64 MiB when
//     unset), private /tmp and /var/tmp (per-sandbox host directories),
//     and /home. Nothing else of the host exists inside: no data root (raw
//     downloads, other competitions' answers, the run's own answers), no
//     run groups, no other sandboxes, no /run, /var, /root, /srv, /mnt.
//   - Its own user, PID, IPC, UTS, cgroup and network namespaces
//     (bwrap --unshare-all): no SysV IPC, abstract sockets, loopback TCP
//     or processes of the host or of other sandboxes are reachable. The
//     network namespace has only a loopback interface; in it, the
//     sandbox's init (this package's binary, see sandboxInit) listens on
//     127.0.0.1:5000 and relays to the harness's validation server over a
//     Unix socket bind-mounted read-only at /run/mlebench.
//   - The agent runs as uid/gid 1000 ("nonroot") inside, without
//     capabilities, with no_new_privs, in a new session (no terminal
//     injection), and cannot create user namespaces of its own. On the host it is: as root, a uid/gid of its own from
//     the agents' range (Options.UID, 2000000000 by default), allocated
//     atomically across harness processes with lock files
//     (/run/mlebench-agent-ids/<uid>.lock, flock); as a non-root user, the
//     user's own uid, isolated from the user's other processes and from
//     other sandboxes by the namespaces and the view.
//   - A seccomp filter makes fcntl(F_SETLEASE) fail (amd64, arm64), so
//     file leases cannot stall or suppress copies of the outputs.
//   - When the agent exits, or is stopped at the time limit (SIGTERM
//     forwarded to it, SIGKILL of the sandbox after the grace period),
//     the sandbox's PID 1 exits and the kernel kills every process of the
//     PID namespace (setsid daemons included) before Wait returns, so
//     nothing changes the outputs while or after they are copied out. The
//     sandbox dies with the harness too: bwrap --die-with-parent, and a
//     lifeline pipe whose only write end the harness holds (PID 1 exits at
//     its end-of-file), which also covers a sandbox still being built.
//   - Outputs are copied out with descriptor-relative, O_NOFOLLOW opens
//     (symlinks and special files are never followed or opened).
//   - No permanent change to the user's directories: the data root, the
//     competition's directories and the run group keep their modes and
//     owners (public data is bind-mounted, not copied or re-permissioned).
//
// Limits: pids_limit (default DefaultPidsLimit) is RLIMIT_NPROC of the
// agent, counted per user namespace (Linux ≥ 5.14) so it bounds the
// sandbox's processes and threads; mem_limit is RLIMIT_AS of each agent
// process (per process, not a total); shm_size bounds /dev/shm. Not
// enforced: nano_cpus (CPU), a total memory limit, disk usage of the
// outputs and /tmp (the byte cap on what is copied out is the runner's),
// GPUs. These need cgroups, which the backend does not set up.
// network_mode other than "none" is refused (the sandbox has no network
// but its loopback; use the docker backend for agents that need one).
//
// Sealing needs bubblewrap and user namespaces that the agent's uid may
// create (unprivileged user namespaces; as root, the agent's uid creates
// them too). Where that is not possible Start refuses with ErrCannotSeal
// unless AllowUnsealed is set; an unsealed run is a plain host process in
// <run dir>/home with host paths and a loopback port written into its
// instructions and environment, it can read the answers, and its run.log
// says so.
package local

import (
	"bufio"
	"context"
	"encoding/json"
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
	// UID and GID are the first of the IDs host ids agents run as when
	// the runner is root: each running sandbox takes the first free one
	// (see acquire). 0 means DefaultUID (GID: the same as UID); IDs 0
	// means 1024.
	UID, GID uint32
	IDs      int
	// AllowUnsealed lets Start run agents that could read the answers
	// when sandboxes cannot be built (no bwrap, no user namespaces).
	AllowUnsealed bool
	// SandboxRoot holds the sandboxes' host directories; "" means the
	// temporary directory.
	SandboxRoot string
	// MaxUploadBytes is the validation server's upload limit.
	MaxUploadBytes int64
	// TermGrace is how long a stopped agent gets between SIGTERM and
	// SIGKILL; 0 means 5s.
	TermGrace time.Duration
	Stage     agent.StageOptions
	Log       *slog.Logger
}

// Backend runs agents in bubblewrap sandboxes.
type Backend struct {
	opt Options

	mu      sync.Mutex
	staged  map[string]string // agent id → staged directory
	initDir string            // holds the init binary, once staged
}

// DefaultUID is the first agent uid (and gid) when Options.UID is 0: far
// above the ids distributions give to users and to container user
// namespaces' usual subordinate ranges.
const DefaultUID = 2000000000

// DefaultPidsLimit is the agent's RLIMIT_NPROC when the container config
// sets no pids_limit.
const DefaultPidsLimit = 4096

// sandboxUID is the agent's uid and gid inside a sandbox (the docker
// image's nonroot).
const sandboxUID = 1000

// ErrCannotSeal is returned by Start when the answers cannot be hidden
// from the agent.
var ErrCannotSeal = errors.New("local backend: cannot seal the private answers from the agent (bubblewrap with user namespaces is needed); install bubblewrap, use the docker backend, or allow unsealed runs")

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
	return &Backend{opt: opt, staged: map[string]string{}}, nil
}

// Sealed reports whether runs will be sealed: bwrap is installed and can
// build a sandbox with user namespaces here.
func (b *Backend) Sealed() bool { return sealCheck() == nil }

// bwrapPath is bwrap's path, found by sealCheck.
var bwrapPath string

// sealCheck reports why agents cannot be sealed (nil when they can): it
// starts one minimal sandbox, as the agents' first uid when root. It
// probes once per process; tests replace it.
var sealCheck = sync.OnceValue(func() error {
	p, err := exec.LookPath("bwrap")
	if err != nil {
		return fmt.Errorf("bubblewrap (bwrap) is not installed: %v", err)
	}
	bwrapPath = p
	args := []string{"--unshare-all", "--unshare-user", "--uid", strconv.Itoa(sandboxUID), "--gid", strconv.Itoa(sandboxUID),
		"--disable-userns", "--die-with-parent", "--new-session", "--as-pid-1", "--cap-drop", "ALL"}
	args = append(args, systemView()...)
	args = append(args, "--proc", "/proc", "--dev", "/dev", "--", "/bin/sh", "-c", "exit 0")
	cmd := exec.Command(p, args...)
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: DefaultUID, Gid: DefaultUID, Groups: []uint32{}}}
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("bwrap cannot build a sandbox here (are unprivileged user namespaces allowed?): %v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
})

// systemView are the bwrap arguments mounting the host's program
// directories read-only: /usr, and /bin, /sbin, /lib* as the links or
// directories they are on the host.
func systemView() []string {
	args := []string{"--ro-bind", "/usr", "/usr"}
	for _, d := range []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"} {
		st, err := os.Lstat(d)
		switch {
		case err != nil:
		case st.Mode()&fs.ModeSymlink != 0:
			if target, err := os.Readlink(d); err == nil {
				args = append(args, "--symlink", target, d)
			}
		case st.IsDir():
			args = append(args, "--ro-bind", d, d)
		}
	}
	return args
}

// etcEntries are the /etc entries the sandbox gets read-only (when the
// host has them): what dynamic linking, TLS, name resolution, locales,
// time zones and common tools read. passwd and group are generated.
var etcEntries = []string{
	"alternatives", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "ssl", "ca-certificates", "ca-certificates.conf",
	"pki", "crypto-policies", "resolv.conf", "hosts", "host.conf", "nsswitch.conf", "gai.conf", "protocols", "services",
	"localtime", "timezone", "locale.alias", "locale.conf", "mime.types", "os-release", "debian_version", "issue",
	"inputrc", "bash.bashrc", "profile", "profile.d", "environment", "shells", "magic", "magic.mime",
	"python3", "fonts", "matplotlibrc", "R", "java-17-openjdk", "java-21-openjdk", "gitconfig", "wgetrc", "terminfo",
}

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

// Close removes staged files.
func (b *Backend) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for id, d := range b.staged {
		os.RemoveAll(filepath.Dir(d))
		delete(b.staged, id)
	}
	if b.initDir != "" {
		os.RemoveAll(b.initDir)
		b.initDir = ""
	}
	return nil
}

// removeStaleInits removes the init directories of harness processes that
// no longer exist (killed before Close), named mlebench-init-<pid>-*.
func removeStaleInits(parent string) {
	dirs, _ := filepath.Glob(filepath.Join(parent, "mlebench-init-*-*"))
	for _, d := range dirs {
		f := strings.Split(filepath.Base(d), "-")
		if len(f) != 4 {
			continue
		}
		pid, err := strconv.Atoi(f[2])
		if err != nil || pid <= 0 {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); errors.Is(err, fs.ErrNotExist) {
			os.RemoveAll(d)
		}
	}
}

// stageInit copies the running binary (/proc/self/exe) into parent/mlebench-init-*/ (mode
// 0755, readable by every agent uid) once; sandboxes mount that directory
// read-only at initDir and run the binary as their init.
func (b *Backend) stageInit(parent string) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.initDir != "" {
		return b.initDir, nil
	}
	// The running binary itself, even when its path now names another
	// file (an upgrade in the middle of a run group): the init must speak
	// this harness's protocol (its descriptors).
	const exe = "/proc/self/exe"
	removeStaleInits(parent)
	dir, err := os.MkdirTemp(parent, fmt.Sprintf("mlebench-init-%d-", os.Getpid()))
	if err != nil {
		return "", err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return "", err
	}
	if err := copyFile(exe, filepath.Join(dir, initName)); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("local backend: staging the sandbox init: %w", err)
	}
	if err := os.Chmod(filepath.Join(dir, initName), 0o755); err != nil {
		return "", err
	}
	b.initDir = dir
	return dir, nil
}

type sandbox struct {
	b      *Backend
	spec   *runner.Spec
	base   string // host directory of the sandbox; removed on Stop unless retained
	home   string // base/home, the agent's /home
	sealed bool
	id     *identity
	cmd    *exec.Cmd
	initFD int // pidfd of the sandbox's PID 1 (-1: none)
	// lifeline is the write end of the pipe whose read end the sealed
	// sandbox's init watches (see lifelineFD); closed once bwrap is gone.
	lifeline *os.File
	done     chan struct{}
	waitErr  error
	hs       *http.Server
	audit    *os.File

	stopOnce sync.Once
	stopErr  error
}

// Start builds the sandbox, starts the validation server and the agent.
func (b *Backend) Start(ctx context.Context, spec *runner.Spec) (runner.Sandbox, error) {
	if err := b.Prepare(ctx, spec.Agent); err != nil {
		return nil, err
	}
	b.mu.Lock()
	staged := b.staged[spec.Agent.ID]
	b.mu.Unlock()
	sb := &sandbox{b: b, spec: spec, done: make(chan struct{}), initFD: -1}
	why := sealCheck()
	if why != nil {
		if !b.opt.AllowUnsealed {
			return nil, fmt.Errorf("%w (%v)", ErrCannotSeal, why)
		}
		if err := sb.startUnsealed(staged); err != nil {
			return nil, err
		}
		return sb, nil
	}
	sb.sealed = true
	ok := false
	defer func() {
		if !ok {
			sb.Stop(context.WithoutCancel(ctx))
		}
	}()
	if err := sb.startSealed(staged); err != nil {
		return nil, err
	}
	ok = true
	return sb, nil
}

func (sb *sandbox) startSealed(staged string) error {
	b, spec := sb.b, sb.spec
	if n := spec.Container.Network; n != "" && n != "none" {
		return fmt.Errorf("local backend: network_mode %q: sandboxes have no network but their loopback (use the docker backend for agents that need one)", n)
	}
	root := os.Geteuid() == 0
	uid, gid := uint32(os.Geteuid()), uint32(os.Getegid())
	if root {
		id, err := b.acquire()
		if err != nil {
			return err
		}
		sb.id = id
		uid, gid = id.uid, id.gid
	}
	paths := spec.Competition.PathsIn(spec.DataDir)

	// The host directory: root-owned and open to this sandbox's gid only
	// (bwrap, running as the agent's uid, resolves the mount sources), in
	// a root-owned, unlistable .mlebench-sandboxes when root.
	parent := b.opt.SandboxRoot
	if parent == "" {
		parent = os.TempDir()
	}
	if root {
		var err error
		if parent, err = sandboxesDir(parent); err != nil {
			return err
		}
		removeStaleSandboxes(parent, spec.RunID)
	}
	initDir, err := b.stageInit(parent)
	if err != nil {
		return err
	}
	if sb.base, err = os.MkdirTemp(parent, sandboxPrefix(spec.RunID)); err != nil {
		return err
	}
	if root {
		if err := os.Chown(sb.base, 0, int(gid)); err != nil {
			return err
		}
		if err := os.Chmod(sb.base, 0o750); err != nil {
			return err
		}
		for _, p := range []string{sb.base, filepath.Join(initDir, initName)} {
			if !reachable(p, uid, gid, unix.R_OK) {
				return fmt.Errorf("local backend: %s is not reachable by the agents' uid %d (set a sandbox root every user may traverse)", p, uid)
			}
		}
	}
	sb.home = filepath.Join(sb.base, "home")
	own := func(p string) error {
		if !root {
			return nil
		}
		return os.Lchown(p, int(uid), int(gid))
	}
	dirs := []struct {
		path  string
		mode  fs.FileMode
		owned bool
	}{
		{"home", 0o755, false},
		{"home/submission", 0o755, true}, {"home/logs", 0o755, true}, {"home/code", 0o755, true},
		{"home/nonroot", 0o755, true}, {"home/data", 0o755, false},
		{"tmp", 0o777 | fs.ModeSticky, true}, {"var-tmp", 0o777 | fs.ModeSticky, true},
		{"run", 0o750, false}, {"etc", 0o755, false},
	}
	for _, d := range dirs {
		p := filepath.Join(sb.base, d.path)
		if err := os.Mkdir(p, 0o700); err != nil {
			return err
		}
		if err := os.Chmod(p, d.mode); err != nil {
			return err
		}
		if d.owned {
			if err := own(p); err != nil {
				return err
			}
		} else if root {
			if err := os.Chown(p, 0, int(gid)); err != nil {
				return err
			}
		}
	}
	if err := copyTree(staged, filepath.Join(sb.home, "agent"), nil); err != nil {
		return fmt.Errorf("installing the agent: %w", err)
	}
	if err := filepath.WalkDir(filepath.Join(sb.home, "agent"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return own(p)
	}); err != nil {
		return err
	}
	// The original's texts, byte for byte: the sandbox has the original's
	// layout, so nothing is rewritten.
	for name, text := range sb.spec.HomeFiles {
		if err := os.WriteFile(filepath.Join(sb.home, name), text, agent.HomeFileMode(name)); err != nil {
			return err
		}
	}
	etc := map[string]string{
		"passwd": fmt.Sprintf("root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:%d:%d:nonroot:/home/nonroot:/bin/sh\n", sandboxUID, sandboxUID),
		"group":  fmt.Sprintf("root:x:0:\nnonroot:x:%d:\n", sandboxUID),
	}
	for name, text := range etc {
		if err := os.WriteFile(filepath.Join(sb.base, "etc", name), []byte(text), 0o644); err != nil {
			return err
		}
	}

	// The validation server, on a Unix socket that only this sandbox
	// (its mount of base/run) and the harness can reach.
	ln, err := listenUnix(filepath.Join(sb.base, "run"), "validate.sock")
	if err != nil {
		return fmt.Errorf("validation server: %w", err)
	}
	if err := sb.serve(ln, paths.Private); err != nil {
		return err
	}

	// Public data: bind-mounted read-only. When the agent's uid cannot
	// reach it (a private data root), the runner binds it onto
	// base/home/data in a mount namespace of its own first (see
	// startAndWait); the host's mounts are never changed.
	dataSrc, bindData := paths.Public, false
	if root && !reachable(paths.Public, uid, gid, unix.R_OK|unix.X_OK) {
		dataSrc, bindData = filepath.Join(sb.home, "data"), true
	}

	env := sandboxEnv(spec, paths.Private)
	argv := limitArgv(spec, spec.Argv)
	shm := spec.Container.ShmSize
	if shm <= 0 {
		shm = 64 << 20 // Docker's default
	}
	args := []string{"--unshare-all", "--unshare-user", "--uid", strconv.Itoa(sandboxUID), "--gid", strconv.Itoa(sandboxUID),
		"--disable-userns", "--hostname", "mlebench", "--die-with-parent", "--new-session", "--as-pid-1", "--cap-drop", "ALL"}
	args = append(args, systemView()...)
	args = append(args, "--dir", "/etc")
	for _, e := range etcEntries {
		args = append(args, "--ro-bind-try", "/etc/"+e, "/etc/"+e)
	}
	args = append(args,
		"--ro-bind", filepath.Join(sb.base, "etc", "passwd"), "/etc/passwd",
		"--ro-bind", filepath.Join(sb.base, "etc", "group"), "/etc/group",
		"--proc", "/proc", "--dev", "/dev",
		"--perms", "1777", "--size", strconv.FormatInt(shm, 10), "--tmpfs", "/dev/shm",
		"--bind", filepath.Join(sb.base, "tmp"), "/tmp",
		"--bind", filepath.Join(sb.base, "var-tmp"), "/var/tmp",
		"--bind", sb.home, "/home",
		"--ro-bind", dataSrc, "/home/data",
		"--ro-bind", filepath.Join(sb.base, "run"), serverDir,
		"--ro-bind", initDir, "/run/mlebench-init",
		"--chdir", "/home",
	)

	// Descriptors for bwrap and the init: 3 the init's "ready" pipe, 4
	// the seccomp program, 5 bwrap's info (the init's host pid), 6 the
	// read end of the lifeline, whose only write end this process holds
	// (close-on-exec) until the sandbox has ended: the init ends the
	// sandbox when it reads end-of-file, i.e. when this process is gone.
	// bwrap's --die-with-parent alone leaves a window: it arms the
	// sandbox's parent-death signal only just before starting the init,
	// so a harness killed during the sandbox's setup would leave it
	// running with nobody to stop it.
	readyR, readyW, err := os.Pipe()
	if err != nil {
		return err
	}
	defer readyR.Close()
	infoR, infoW, err := os.Pipe()
	if err != nil {
		readyW.Close()
		return err
	}
	defer infoR.Close()
	lifeR, lifeW, err := os.Pipe()
	if err != nil {
		readyW.Close()
		infoW.Close()
		return err
	}
	sb.lifeline = lifeW
	extra := []*os.File{readyW, nil, infoW, lifeR}
	if filter := leaseFilter(); filter != nil {
		f, err := dataPipe(filter)
		if err != nil {
			readyW.Close()
			infoW.Close()
			lifeR.Close()
			return err
		}
		extra[1] = f
		args = append(args, "--seccomp", "4")
	} else if extra[1], err = os.Open(os.DevNull); err != nil { // keeps fd 5 at 5
		readyW.Close()
		infoW.Close()
		lifeR.Close()
		return err
	}
	args = append(args, "--info-fd", "5", "--", initDir2(), "-run", spec.RunID, "--")
	args = append(args, argv...)

	bw := bwrapPath
	if bw == "" {
		if bw, err = exec.LookPath("bwrap"); err != nil {
			return fmt.Errorf("local backend: %w", err)
		}
	}
	tail := &tailWriter{}
	out := io.MultiWriter(spec.Output, tail)
	sb.cmd = &exec.Cmd{Path: bw, Args: append([]string{"bwrap"}, args...), Env: env, Stdout: out, Stderr: out,
		ExtraFiles: extra, WaitDelay: 5 * time.Second}
	sb.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if root {
		sb.cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uid, Gid: gid, Groups: []uint32{}}
	}
	var bind []string
	if bindData {
		bind = []string{paths.Public, dataSrc}
	}
	err = sb.startAndWait(bind)
	for _, f := range extra {
		if f != nil {
			f.Close()
		}
	}
	if err != nil {
		lifeW.Close()
		return fmt.Errorf("starting the sandbox: %w", err)
	}
	b.opt.Log.Info("sandbox", "run", spec.RunID, "dir", sb.base, "uid", uid, "gid", gid)

	// bwrap reports the host pid of the sandbox's PID 1 (the init); the
	// init says "ready" once the agent runs. Either missing means the
	// sandbox could not be built.
	deadline := time.Now().Add(2 * time.Minute)
	infoR.SetReadDeadline(deadline)
	var info struct {
		ChildPID int `json:"child-pid"`
	}
	if err := json.NewDecoder(infoR).Decode(&info); err != nil || info.ChildPID <= 0 {
		sb.kill()
		<-sb.done
		return fmt.Errorf("starting the sandbox: bwrap: %s", tail.String())
	}
	if sb.initFD, err = unix.PidfdOpen(info.ChildPID, 0); err != nil {
		sb.kill()
		<-sb.done
		return fmt.Errorf("starting the sandbox: %w", err)
	}
	readyR.SetReadDeadline(deadline)
	line, _ := bufio.NewReader(readyR).ReadString('\n')
	if line != "ready\n" {
		sb.kill()
		<-sb.done
		return fmt.Errorf("starting the sandbox: the agent did not start: %s", tail.String())
	}
	return nil
}

// initDir2 is the init binary's path inside the sandbox.
func initDir2() string { return initDir + "/" + initName }

// sandboxEnv is the agent's environment: a standard PATH, HOME=/home/nonroot,
// the spec's variables and the layout variables (the original's *_DIR
// ones and mlebench's), the private directory named as on the host (where
// the dummy agent checks that nothing is readable). Later entries win.
func sandboxEnv(spec *runner.Spec, private string) []string {
	env := []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/home/nonroot", "LANG=C.UTF-8"}
	env = append(env, spec.Env...)
	env = append(env, agent.Container.DirEnv()...)
	env = append(env, agent.EnvPrivateDir+"="+private)
	return dedupEnv(env)
}

func dedupEnv(env []string) []string {
	idx := map[string]int{}
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if i, ok := idx[k]; ok {
			out[i] = kv
			continue
		}
		idx[k] = len(out)
		out = append(out, kv)
	}
	return out
}

// limitArgv wraps argv in a /bin/sh that sets the agent's resource limits
// and execs it: RLIMIT_AS (mem_limit) and RLIMIT_NPROC (pids_limit,
// DefaultPidsLimit when unset; bash calls it -u, dash -p). Limits set by
// the agent's own first process apply to it and everything it starts,
// and not to the sandbox's init.
func limitArgv(spec *runner.Spec, argv []string) []string {
	var limits []string
	if lim := spec.Container.MemLimit; lim > 0 {
		limits = append(limits, fmt.Sprintf("ulimit -v %d", (lim+1023)/1024))
	}
	n := int64(DefaultPidsLimit)
	if spec.Container.PidsLimit > 0 {
		n = spec.Container.PidsLimit
	}
	limits = append(limits, fmt.Sprintf("{ ulimit -u %d 2>/dev/null || ulimit -p %d; }", n, n))
	script := strings.Join(limits, " && ") + ` && exec "$@"`
	return append([]string{"/bin/sh", "-c", script, "mlebench-agent"}, argv...)
}

// serve starts the validation server on ln.
func (sb *sandbox) serve(ln net.Listener, private string) error {
	spec, b := sb.spec, sb.b
	if err := os.MkdirAll(filepath.Join(spec.RunDir, runner.ServerDir), 0o755); err != nil {
		ln.Close()
		return err
	}
	var err error
	sb.audit, err = os.OpenFile(filepath.Join(spec.RunDir, runner.ServerDir, runner.AuditFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		ln.Close()
		return err
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
	return nil
}

// listenUnix listens on dir/name, binding through /proc/self/fd so that the
// path's length is no limit (sun_path holds 108 bytes). The socket is
// made connectable by every uid: only those who can reach dir can reach
// it.
func listenUnix(dir, name string) (net.Listener, error) {
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	short := fmt.Sprintf("/proc/self/fd/%d/%s", fd, name)
	ln, err := net.Listen("unix", short)
	if err != nil {
		return nil, err
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	if err := os.Chmod(filepath.Join(dir, name), 0o666); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// dataPipe returns the read end of a pipe holding data (which must fit
// in the pipe's buffer).
func dataPipe(data []byte) (*os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	w.Close()
	return r, nil
}

// tailWriter keeps the last 2 KiB written (for error messages).
type tailWriter struct {
	mu sync.Mutex
	b  []byte
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 2048 {
		t.b = t.b[len(t.b)-2048:]
	}
	return len(p), nil
}

func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.b))
}

// startAndWait starts sb.cmd and waits for it in a goroutine (closing
// sb.done). The goroutine keeps its OS thread for the process's lifetime:
// the parent-death signal fires when the thread that started the child
// exits, and the thread may have been given a mount namespace of its own.
// With bind = [source, target], that thread first moves into a new mount
// namespace (private mounts: nothing propagates to or from the host) and
// binds source onto target there, so that bwrap, running as the agent's
// uid, finds the source at a path it may traverse. The thread is never
// handed back to the scheduler: it exits with its goroutine.
func (sb *sandbox) startAndWait(bind []string) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // no unlock: see above
		if len(bind) == 2 {
			if err := unix.Unshare(unix.CLONE_NEWNS); err != nil {
				started <- fmt.Errorf("the agent's uid cannot reach %s, and a mount namespace to bind it is not available: %w", bind[0], err)
				return
			}
			if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
				started <- fmt.Errorf("making mounts private: %w", err)
				return
			}
			if err := unix.Mount(bind[0], bind[1], "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
				started <- fmt.Errorf("binding %s: %w", bind[0], err)
				return
			}
		}
		if err := sb.cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		sb.waitErr = sb.cmd.Wait()
		if sb.lifeline != nil {
			sb.lifeline.Close()
		}
		close(sb.done)
	}()
	return <-started
}

// signalInit sends sig to the sandbox's PID 1 (which forwards SIGTERM to
// the agent; SIGKILL ends the PID namespace and everything in it).
func (sb *sandbox) signalInit(sig unix.Signal) {
	if sb.initFD >= 0 {
		unix.PidfdSendSignal(sb.initFD, sig, nil, 0)
	}
}

// kill ends the sandbox: SIGKILL to its PID 1 (the kernel then kills the
// whole PID namespace) and to bwrap's process group (were PID 1 not known
// yet, bwrap's death kills the sandbox through --die-with-parent).
func (sb *sandbox) kill() {
	sb.signalInit(unix.SIGKILL)
	if sb.cmd != nil && sb.cmd.Process != nil {
		syscall.Kill(-sb.cmd.Process.Pid, syscall.SIGKILL)
	}
}

// Wait waits for the agent; when ctx ends first it sends SIGTERM to the
// agent (through the sandbox's init; to the process group when unsealed),
// then kills the sandbox after the grace period. When Wait returns, no
// process of the sandbox is left.
func (sb *sandbox) Wait(ctx context.Context) (int, error) {
	select {
	case <-sb.done:
		if !sb.sealed {
			sb.kill() // leftover background processes
		}
		return exitCode(sb.cmd), nil
	case <-ctx.Done():
	}
	if sb.sealed {
		sb.signalInit(unix.SIGTERM)
	} else {
		syscall.Kill(-sb.cmd.Process.Pid, syscall.SIGTERM)
	}
	t := time.NewTimer(sb.b.opt.TermGrace)
	defer t.Stop()
	select {
	case <-sb.done:
	case <-t.C:
	}
	sb.kill()
	<-sb.done
	return -1, ctx.Err()
}

func exitCode(cmd *exec.Cmd) int {
	ps := cmd.ProcessState
	if ps == nil {
		return -1
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}

// CopyOut copies /home/<name> of the sandbox; symlinks and special files
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
	}, sb.spec.Outputs)
}

// Stop kills what is left of the sandbox, stops the server and removes the
// sandbox's directory unless retained.
func (sb *sandbox) Stop(ctx context.Context) error {
	sb.stopOnce.Do(func() {
		if sb.cmd != nil && sb.cmd.Process != nil {
			sb.kill()
			select {
			case <-sb.done:
			case <-ctx.Done():
				sb.stopErr = fmt.Errorf("sandbox process %d did not exit", sb.cmd.Process.Pid)
			}
		}
		if sb.initFD >= 0 {
			unix.Close(sb.initFD)
			sb.initFD = -1
		}
		if sb.hs != nil {
			sb.hs.Close()
		}
		if sb.audit != nil {
			sb.audit.Close()
		}
		if sb.stopErr == nil {
			// The uid may be reused once nothing runs as it.
			sb.id.release()
		}
		if !sb.spec.Retain && sb.base != "" && sb.stopErr == nil {
			if os.Geteuid() != 0 {
				// Nothing of the agent runs any more: the modes it
				// left cannot change under us.
				makeWritable(sb.base)
			}
			if err := os.RemoveAll(sb.base); err != nil {
				sb.stopErr = err
			}
		}
	})
	return sb.stopErr
}

// sandboxPrefix is the name prefix of a run's sandbox directory.
func sandboxPrefix(runID string) string { return "mlebench-sandbox-" + runID + "-" }

// sandboxesDir returns parent/.mlebench-sandboxes, a root-owned directory
// of mode 0711: agents' uids can pass through it to their own sandbox
// directory (bwrap resolves mount sources as the agent's uid) but cannot
// list it.
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

// removeStaleSandboxes removes sandbox directories an earlier, killed
// runner left for the run (root-owned directories only).
func removeStaleSandboxes(parent, runID string) {
	old, _ := filepath.Glob(filepath.Join(parent, sandboxPrefix(runID)+"*"))
	for _, d := range old {
		var st syscall.Stat_t
		if err := syscall.Lstat(d, &st); err == nil && st.Mode&syscall.S_IFMT == syscall.S_IFDIR && st.Uid == 0 {
			os.RemoveAll(d)
		}
	}
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
