// Package docker is the runner backend that runs agents in Docker
// containers through the Docker Engine API (github.com/moby/moby/client,
// confined to this package).
//
// Each run gets two containers:
//
//   - the validation server: a FROM-scratch image holding only a static
//     mlebench binary (`mlebench serve`), with the competition's private
//     directory mounted read-only at /private/data/<id>/prepared/private and
//     an audit directory from the run directory; its network is the
//     configured one ("none" by default: loopback only);
//   - the agent: the agent's image (tag = agent name), joining the server's
//     network namespace (`--network container:<server>`) so
//     http://localhost:5000/validate works inside it, with the public data
//     mounted read-only at /home/data and the container config's limits
//     (memory, CPUs, pids, shm, runtime, GPUs, privileged). The private
//     answers are never mounted into it.
//
// The agent container's main process is its image's entrypoint (a
// keep-alive); the agent command is exec'd in it as user nonroot, its
// output streamed to run.log. Outputs are copied out through the archive
// API (also from a stopped container); containers are stopped and removed
// (or only stopped with Retain) and labelled with the run group and run id,
// so a resumed run group can remove what a killed runner left behind.
//
// Differences from the original: the grading server lives in its own
// container instead of the agent's (the agent cannot read it even as
// root); files are always copied with the archive API (the original uses a
// tar exec for sysbox); agent images may be FROM scratch (the runner adds a
// minimal /etc/passwd, /home, /private and /tmp to their build context,
// see agents/dummy/Dockerfile).
package docker

import (
	"archive/tar"
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/moby/moby/api/pkg/stdcopy"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/api/types/mount"
	"github.com/moby/moby/client"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/runner"
)

// Container labels.
const (
	LabelRunGroup    = "org.mlebench.run-group"
	LabelRunID       = "org.mlebench.run-id"
	LabelRole        = "org.mlebench.role"
	LabelCompetition = "org.mlebench.competition"
)

// Options configure the backend.
type Options struct {
	// Host is the engine address (e.g. unix:///var/run/docker.sock); ""
	// means $DOCKER_HOST or the default socket.
	Host string
	// ServerBinary is a static mlebench executable for the validation
	// server image; "" means the running program when it is a static
	// mlebench, else one built from the agent's repository.
	ServerBinary string
	// ServerImage is the server image's tag; "" means "mlebench-server".
	ServerImage string
	// AgentUser runs the agent command; "" means "nonroot".
	AgentUser string
	// Fixes are passed to `mlebench serve --fix`.
	Fixes string
	// MaxUploadBytes is the validation server's upload limit (0 = its default).
	MaxUploadBytes int64
	// HealthTimeout bounds the wait for the server; 0 means 60s.
	HealthTimeout time.Duration
	// StopTimeout is the grace period before SIGKILL; 0 means 10s.
	StopTimeout time.Duration
	// ServerMemory and ServerPids limit the validation server container;
	// 0 means DefaultServerMemory / DefaultServerPids.
	ServerMemory int64
	ServerPids   int64
	Stage        agent.StageOptions
	Log          *slog.Logger
}

// Limits of the validation server container: room for the catalog's
// largest legitimate submission (about 258 MB, read into a table) twice
// over at the server's two concurrent uploads; a Go server needs few
// threads.
const (
	DefaultServerMemory int64 = 4 << 30
	DefaultServerPids   int64 = 128
)

// execPoll is how often Wait asks the engine whether the agent command
// still runs (its output stream can outlive it: a daemon may hold it).
const execPoll = 250 * time.Millisecond

// Backend runs sandboxes as containers.
type Backend struct {
	cli *client.Client
	opt Options

	mu       sync.Mutex
	prepared map[string]bool
	server   bool
	// helper is a static mlebench binary copied into agent containers for
	// snapshots (see ReadFile); helperDir holds it and is removed by Close.
	helper, helperDir string
	// helperVolume is the volume sharing the helper with unprivileged
	// agent containers (see helperMount); Close removes it.
	helperVolume string
	// builds counts image builds started (see ImageBuilds).
	builds atomic.Int64
}

// ImageBuilds is how many image builds (server and agent images) this
// backend has started: at most one each per backend, however many runs
// it starts, as Prepare remembers what it built.
func (b *Backend) ImageBuilds() int { return int(b.builds.Load()) }

// New connects to the engine (lazily: see [Backend.Ping]).
func New(opt Options) (*Backend, error) {
	if opt.ServerImage == "" {
		opt.ServerImage = "mlebench-server"
	}
	if opt.AgentUser == "" {
		opt.AgentUser = agent.User
	}
	if opt.HealthTimeout <= 0 {
		opt.HealthTimeout = 60 * time.Second
	}
	if opt.StopTimeout <= 0 {
		opt.StopTimeout = 10 * time.Second
	}
	if opt.ServerMemory <= 0 {
		opt.ServerMemory = DefaultServerMemory
	}
	if opt.ServerPids <= 0 {
		opt.ServerPids = DefaultServerPids
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	opts := []client.Opt{client.FromEnv}
	if opt.Host != "" {
		opts = append(opts, client.WithHost(opt.Host))
	}
	cli, err := client.New(opts...)
	if err != nil {
		return nil, fmt.Errorf("docker: %w", err)
	}
	return &Backend{cli: cli, opt: opt, prepared: map[string]bool{}}, nil
}

// Ping checks that the engine answers.
func (b *Backend) Ping(ctx context.Context) error {
	if _, err := b.cli.Ping(ctx, client.PingOptions{NegotiateAPIVersion: true}); err != nil {
		return fmt.Errorf("docker engine not reachable: %w", err)
	}
	return nil
}

// Close releases the client.
func (b *Backend) Close() error {
	b.mu.Lock()
	if b.helperDir != "" {
		os.RemoveAll(b.helperDir)
		b.helperDir, b.helper = "", ""
	}
	var err error
	if b.helperVolume != "" {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, err = b.cli.VolumeRemove(ctx, b.helperVolume, client.VolumeRemoveOptions{})
		cancel()
		if cerrdefs.IsNotFound(err) {
			err = nil
		} else if err != nil {
			err = fmt.Errorf("removing the snapshot helper volume %s: %w", b.helperVolume, err)
		}
		b.helperVolume = ""
	}
	b.mu.Unlock()
	return errors.Join(err, b.cli.Close())
}

// helperDirInContainer holds the root-owned copy of the static mlebench
// binary that snapshots run in the agent container (`mlebench read-file`).
const helperDirInContainer = "/.mlebench"

// keepHelper keeps a copy of the static mlebench binary for the agent
// containers (called with b.mu held).
func (b *Backend) keepHelper(bin string) error {
	if b.helper != "" {
		return nil
	}
	dir, err := os.MkdirTemp("", "mlebench-helper-")
	if err != nil {
		return err
	}
	if err := copyFile(bin, filepath.Join(dir, "mlebench"), 0o755); err != nil {
		os.RemoveAll(dir)
		return err
	}
	b.helperDir, b.helper = dir, filepath.Join(dir, "mlebench")
	return nil
}

// installHelper copies the helper into the created (not yet started)
// container as root:root, mode 0755, in a root-owned directory: a
// nonroot agent cannot replace it. Runs of privileged agents get their own
// copy this way; the others share the read-only helper volume (see
// helperMount).
func (b *Backend) installHelper(ctx context.Context, id string) error {
	b.mu.Lock()
	helper := b.helper
	b.mu.Unlock()
	if helper == "" {
		return nil
	}
	return b.copyHelper(ctx, id, helper)
}

// copyHelper copies the helper binary to helperDirInContainer/mlebench of
// a created container.
func (b *Backend) copyHelper(ctx context.Context, id, helper string) error {
	f, err := os.Open(helper)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	pr, pw := io.Pipe()
	go func() {
		tw := tar.NewWriter(pw)
		err := tw.WriteHeader(&tar.Header{Name: strings.TrimPrefix(helperDirInContainer, "/") + "/", Typeflag: tar.TypeDir, Mode: 0o755})
		if err == nil {
			err = tw.WriteHeader(&tar.Header{Name: strings.TrimPrefix(helperDirInContainer, "/") + "/mlebench", Typeflag: tar.TypeReg, Mode: 0o755, Size: st.Size()})
		}
		if err == nil {
			_, err = io.Copy(tw, f)
		}
		if err == nil {
			err = tw.Close()
		}
		pw.CloseWithError(err)
	}()
	_, err = b.cli.CopyToContainer(ctx, id, client.CopyToContainerOptions{DestinationPath: "/", Content: pr, CopyUIDGID: true})
	pr.CloseWithError(io.ErrClosedPipe)
	if err != nil {
		return fmt.Errorf("installing the snapshot helper in container %.12s: %w", id, err)
	}
	return nil
}

// helperMount is the read-only mount of the volume holding the helper at
// helperDirInContainer. The volume is created and filled once per backend
// (through a created, never started, container of the server image) and
// shared by the unprivileged agent containers of every run, instead of a
// copy of the ~65 MB binary into each container at its start. Read-only
// mounts cannot be written or remounted from an unprivileged container,
// so no run can change what another run's snapshots execute; privileged
// agents could, and get a copy of their own (installHelper). ok is false
// when there is no helper.
func (b *Backend) helperMount(ctx context.Context, runGroup string) (m mount.Mount, ok bool, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.helper == "" {
		return mount.Mount{}, false, nil
	}
	if b.helperVolume == "" {
		name := "mlebench-helper-" + randomHex()
		labels := map[string]string{LabelRunGroup: runGroup, LabelRole: "helper"}
		if _, err := b.cli.VolumeCreate(ctx, client.VolumeCreateOptions{Name: name, Labels: labels}); err != nil {
			return mount.Mount{}, false, fmt.Errorf("creating the snapshot helper volume: %w", err)
		}
		if err := b.fillHelperVolume(ctx, name, labels); err != nil {
			b.cli.VolumeRemove(context.WithoutCancel(ctx), name, client.VolumeRemoveOptions{Force: true})
			return mount.Mount{}, false, err
		}
		b.helperVolume = name
	}
	return mount.Mount{Type: mount.TypeVolume, Source: b.helperVolume, Target: helperDirInContainer, ReadOnly: true,
		VolumeOptions: &mount.VolumeOptions{NoCopy: true}}, true, nil
}

// fillHelperVolume copies the helper into the volume through a container
// of the server image that mounts it (called with b.mu held).
func (b *Backend) fillHelperVolume(ctx context.Context, volume string, labels map[string]string) error {
	c, err := b.cli.ContainerCreate(createCtx(ctx), client.ContainerCreateOptions{
		Name:   volume + "-fill",
		Config: &container.Config{Image: b.opt.ServerImage, Labels: labels},
		HostConfig: &container.HostConfig{
			NetworkMode: "none",
			Mounts:      []mount.Mount{{Type: mount.TypeVolume, Source: volume, Target: helperDirInContainer}},
		},
	})
	if err != nil {
		return fmt.Errorf("creating the container that fills the snapshot helper volume: %w", err)
	}
	defer b.cli.ContainerRemove(context.WithoutCancel(ctx), c.ID, client.ContainerRemoveOptions{Force: true})
	return b.copyHelper(ctx, c.ID, b.helper)
}

// Prepare makes sure the server image and the agent's image exist,
// building them when missing or out of date and buildable here.
func (b *Backend) Prepare(ctx context.Context, a *agent.Agent) error {
	if err := b.Ping(ctx); err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.server {
		if err := b.ensureServerImage(ctx, a.RepoRoot()); err != nil {
			return err
		}
		b.server = true
	}
	if b.prepared[a.Name] {
		return nil
	}
	dir, err := b.agentContext(ctx, a)
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ctxDir := filepath.Join(dir, "context")
	dockerfile, err := filepath.Rel(a.ConfigDir, a.DockerfilePath())
	if err != nil || strings.HasPrefix(dockerfile, "..") {
		return fmt.Errorf("agent %s: Dockerfile %s is outside its directory %s", a.ID, a.DockerfilePath(), a.ConfigDir)
	}
	args := map[string]string{
		"SUBMISSION_DIR": agent.SubmissionDir, "LOGS_DIR": agent.LogsDir,
		"CODE_DIR": agent.CodeDir, "AGENT_DIR": agent.AgentDir,
	}
	hint := fmt.Sprintf("build it yourself: docker build --platform=linux/amd64 -t %s %s --build-arg SUBMISSION_DIR=%s --build-arg LOGS_DIR=%s --build-arg CODE_DIR=%s --build-arg AGENT_DIR=%s",
		a.Name, a.ConfigDir, agent.SubmissionDir, agent.LogsDir, agent.CodeDir, agent.AgentDir)
	if err := b.ensureImage(ctx, ctxDir, filepath.ToSlash(dockerfile), a.Name, args, hint); err != nil {
		return err
	}
	b.prepared[a.Name] = true
	return nil
}

// Reap removes every container labelled with the run group, then the
// snapshot helper volumes a killed runner of the group left behind.
func (b *Backend) Reap(ctx context.Context, runGroup string) error {
	res, err := b.cli.ContainerList(ctx, client.ContainerListOptions{All: true, Filters: make(client.Filters).Add("label", LabelRunGroup+"="+runGroup)})
	if err != nil {
		return fmt.Errorf("listing containers of %s: %w", runGroup, err)
	}
	var errs []error
	for _, c := range res.Items {
		if _, err := b.cli.ContainerRemove(ctx, c.ID, client.ContainerRemoveOptions{Force: true}); err != nil && !cerrdefs.IsNotFound(err) {
			errs = append(errs, err)
		}
	}
	vols, err := b.cli.VolumeList(ctx, client.VolumeListOptions{Filters: make(client.Filters).Add("label", LabelRunGroup+"="+runGroup).Add("label", LabelRole+"=helper")})
	if err != nil {
		return errors.Join(append(errs, fmt.Errorf("listing volumes of %s: %w", runGroup, err))...)
	}
	b.mu.Lock()
	mine := b.helperVolume
	b.mu.Unlock()
	for _, v := range vols.Items {
		if v.Name == mine {
			continue
		}
		if _, err := b.cli.VolumeRemove(ctx, v.Name, client.VolumeRemoveOptions{Force: true}); err != nil && !cerrdefs.IsNotFound(err) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

type sandbox struct {
	b       *Backend
	spec    *runner.Spec
	server  string // container ids
	agent   string
	execID  string
	done    chan struct{}
	waitErr error

	stopOnce sync.Once
	stopErr  error
	// stopping is set once the agent container is being stopped: snapshot
	// failures from then on are the end of the run, not errors.
	stopping atomic.Bool
}

// Start creates the server and agent containers and launches the agent.
func (b *Backend) Start(ctx context.Context, spec *runner.Spec) (runner.Sandbox, error) {
	if err := b.Prepare(ctx, spec.Agent); err != nil {
		return nil, err
	}
	id := spec.Competition.ID
	paths := spec.Competition.PathsIn(spec.DataDir)
	sb := &sandbox{b: b, spec: spec, done: make(chan struct{})}
	ok := false
	defer func() {
		if !ok {
			sb.Stop(context.WithoutCancel(ctx))
		}
	}()
	name := fmt.Sprintf("competition-%s-%s-%s", id, grade.Timestamp(time.Now()), randomHex())
	labels := func(role string) map[string]string {
		return map[string]string{LabelRunGroup: spec.RunGroup, LabelRunID: spec.RunID, LabelRole: role, LabelCompetition: id}
	}
	network := networkMode(spec.Container)

	// The validation server.
	auditDir := filepath.Join(spec.RunDir, runner.ServerDir)
	if err := os.MkdirAll(auditDir, 0o755); err != nil {
		return nil, err
	}
	cmd := []string{"serve", "--competition-id", id, "--data-dir", "/private/data", "--addr", "127.0.0.1:5000",
		"--audit-log", "/audit/" + runner.AuditFile}
	if b.opt.MaxUploadBytes > 0 {
		cmd = append(cmd, "--max-upload-bytes", strconv.FormatInt(b.opt.MaxUploadBytes, 10))
	}
	if b.opt.Fixes != "" {
		cmd = append(cmd, "--fix", b.opt.Fixes)
	}
	serverMounts := []mount.Mount{
		{Type: mount.TypeBind, Source: paths.Private, Target: "/private/data/" + id + "/prepared/private", ReadOnly: true},
		{Type: mount.TypeBind, Source: auditDir, Target: "/audit"},
	}
	// The public sample submission sets the server's shape limits with
	// the answers (it is the agent's anyway).
	if st, err := os.Stat(paths.SampleSubmission); err == nil && st.Mode().IsRegular() {
		rel, err := filepath.Rel(spec.DataDir, paths.SampleSubmission)
		if err == nil && filepath.IsLocal(rel) {
			serverMounts = append(serverMounts, mount.Mount{Type: mount.TypeBind, Source: paths.SampleSubmission, Target: "/private/data/" + filepath.ToSlash(rel), ReadOnly: true})
		}
	}
	serverPids := b.opt.ServerPids
	srv, err := b.cli.ContainerCreate(createCtx(ctx), client.ContainerCreateOptions{
		Name: name + "-server",
		Config: &container.Config{
			Image:  b.opt.ServerImage,
			Cmd:    cmd,
			Env:    []string{"COMPETITION_ID=" + id},
			Labels: labels("server"),
		},
		HostConfig: &container.HostConfig{
			NetworkMode: container.NetworkMode(network),
			Mounts:      serverMounts,
			Resources: container.Resources{
				Memory:     b.opt.ServerMemory,
				MemorySwap: b.opt.ServerMemory, // no swap on top
				PidsLimit:  &serverPids,
			},
			SecurityOpt: []string{"no-new-privileges"},
		},
	})
	if err != nil {
		return nil, fmt.Errorf("creating the validation server container: %w", err)
	}
	sb.server = srv.ID
	if _, err := b.cli.ContainerStart(ctx, sb.server, client.ContainerStartOptions{}); err != nil {
		return nil, fmt.Errorf("starting the validation server: %w", err)
	}
	// The server starts up while the agent container is created and
	// filled; the agent starts once the server listens.
	listening := make(chan error, 1)
	go func() { listening <- b.waitListening(ctx, sb.server) }()
	// (On an error before that, the deferred Stop removes the server,
	// which ends the wait.)

	// The agent.
	hc := &container.HostConfig{
		NetworkMode: container.NetworkMode("container:" + sb.server),
		Mounts:      []mount.Mount{{Type: mount.TypeBind, Source: paths.Public, Target: agent.DataDir, ReadOnly: true}},
		Privileged:  spec.Agent.Privileged,
		ShmSize:     spec.Container.ShmSize,
		Runtime:     spec.Container.Runtime,
	}
	if !spec.Agent.Privileged {
		// No setuid escalation (sudo, su) from nonroot.
		hc.SecurityOpt = []string{"no-new-privileges"}
	}
	shared := false
	if !spec.Agent.Privileged {
		m, ok, err := b.helperMount(ctx, spec.RunGroup)
		if err != nil {
			return nil, err
		}
		if ok {
			hc.Mounts = append(hc.Mounts, m)
			shared = true
		}
	}
	hc.Memory = spec.Container.MemLimit
	hc.NanoCPUs = spec.Container.NanoCPUs
	if spec.Container.PidsLimit > 0 {
		pl := spec.Container.PidsLimit
		hc.PidsLimit = &pl
	}
	if g := spec.Container.GPUs; g != 0 {
		hc.DeviceRequests = []container.DeviceRequest{{Count: g, Capabilities: [][]string{{"gpu"}}}}
	}
	ag, err := b.cli.ContainerCreate(createCtx(ctx), client.ContainerCreateOptions{
		Name: name,
		Config: &container.Config{
			Image:  spec.Agent.Name,
			Env:    spec.Env,
			Labels: labels("agent"),
		},
		HostConfig: hc,
	})
	if err != nil {
		return nil, fmt.Errorf("creating the agent container: %w", err)
	}
	sb.agent = ag.ID
	if err := ctx.Err(); err != nil {
		return nil, err // the deferred cleanup removes what was created
	}
	if err := b.putHomeFiles(ctx, sb.agent, spec.HomeFiles); err != nil {
		return nil, err
	}
	if !shared {
		if err := b.installHelper(ctx, sb.agent); err != nil {
			return nil, err
		}
	}
	if err := <-listening; err != nil {
		return nil, err
	}
	if _, err := b.cli.ContainerStart(ctx, sb.agent, client.ContainerStartOptions{}); err != nil {
		return nil, fmt.Errorf("starting the agent container: %w", err)
	}
	ex, err := b.cli.ExecCreate(ctx, sb.agent, client.ExecCreateOptions{
		User:         b.opt.AgentUser,
		Cmd:          spec.Argv,
		Env:          append(append([]string(nil), spec.Env...), agent.Container.DirEnv()...),
		WorkingDir:   agent.Home,
		AttachStdout: true,
		AttachStderr: true,
	})
	if err != nil {
		return nil, fmt.Errorf("creating the agent exec: %w", err)
	}
	sb.execID = ex.ID
	att, err := b.cli.ExecAttach(ctx, sb.execID, client.ExecAttachOptions{})
	if err != nil {
		return nil, fmt.Errorf("starting the agent: %w", err)
	}
	go func() {
		defer close(sb.done)
		defer att.Close()
		_, err := stdcopy.StdCopy(spec.Output, spec.Output, att.Reader)
		if err != nil && !errors.Is(err, io.EOF) {
			sb.waitErr = err
		}
	}()
	ok = true
	return sb, nil
}

// networkMode is the server container's network (the agent joins its
// namespace): the config's network_mode, or the engine's default network
// when the config names none (the original's container config).
func networkMode(c runner.ContainerConfig) string {
	if c.Network == "" {
		return "default"
	}
	return c.Network
}

// waitListening follows the server container's log until it says it
// listens, the container exits, or the health timeout passes.
func (b *Backend) waitListening(ctx context.Context, id string) error {
	ctx, cancel := context.WithTimeout(ctx, b.opt.HealthTimeout)
	defer cancel()
	logs, err := b.cli.ContainerLogs(ctx, id, client.ContainerLogsOptions{ShowStdout: true, ShowStderr: true, Follow: true})
	if err != nil {
		return fmt.Errorf("following the validation server's log: %w", err)
	}
	defer logs.Close()
	pr, pw := io.Pipe()
	go func() { _, err := stdcopy.StdCopy(pw, pw, logs); pw.CloseWithError(err) }()
	sc := bufio.NewScanner(pr)
	var seen []string
	for sc.Scan() {
		line := sc.Text()
		if strings.Contains(line, "listening on") {
			go io.Copy(io.Discard, pr)
			return nil
		}
		seen = append(seen, line)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("the validation server failed to start within %s: %s", b.opt.HealthTimeout, strings.Join(seen, "\n"))
	}
	return fmt.Errorf("the validation server exited: %s", strings.Join(seen, "\n"))
}

// Wait waits for the agent command, then stops the agent container —
// every process in it, including daemons the agent left running — before
// it returns, so nothing changes the outputs while they are copied out
// (the archive API reads a stopped container). The command's end is
// noticed by polling the engine, not by the end of its output stream,
// which a daemon can hold open. When ctx ends first the container is
// stopped the same way and ctx's error returned.
func (sb *sandbox) Wait(ctx context.Context) (int, error) {
	tick := time.NewTicker(execPoll)
	defer tick.Stop()
	for {
		select {
		case <-sb.done:
			code, err := sb.exitCode(ctx)
			sb.killAgent()
			if err != nil {
				return -1, err
			}
			if sb.waitErr != nil {
				return -1, fmt.Errorf("streaming the agent's output: %w", sb.waitErr)
			}
			return code, nil
		case <-ctx.Done():
			sb.stopping.Store(true)
			sb.stopContainer(sb.agent)
			sb.waitStopped()
			return -1, ctx.Err()
		case <-tick.C:
			ictx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			res, err := sb.b.cli.ExecInspect(ictx, sb.execID, client.ExecInspectOptions{})
			cancel()
			if err == nil && !res.Running {
				sb.killAgent()
				return res.ExitCode, nil
			}
		}
	}
}

// exitCode reads the exec's status once its output stream has ended (the
// status follows shortly).
func (sb *sandbox) exitCode(ctx context.Context) (int, error) {
	ictx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	for {
		res, err := sb.b.cli.ExecInspect(ictx, sb.execID, client.ExecInspectOptions{})
		if err != nil {
			return -1, fmt.Errorf("inspecting the agent exec: %w", err)
		}
		if !res.Running {
			return res.ExitCode, nil
		}
		select {
		case <-ictx.Done():
			return -1, fmt.Errorf("the agent's output ended but it is still running")
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// killAgent kills every process of the agent container at once (the agent
// has exited; what is left gets no grace period) and waits until it is
// stopped, then until the output stream has ended.
func (sb *sandbox) killAgent() {
	sb.stopping.Store(true)
	ctx, cancel := context.WithTimeout(context.Background(), sb.b.opt.StopTimeout+30*time.Second)
	defer cancel()
	if _, err := sb.b.cli.ContainerKill(ctx, sb.agent, client.ContainerKillOptions{Signal: "KILL"}); err != nil && !cerrdefs.IsNotFound(err) && !cerrdefs.IsConflict(err) {
		sb.stopContainer(sb.agent)
	}
	sb.waitStopped()
}

// waitStopped waits until the agent container no longer runs and its
// output stream has ended.
func (sb *sandbox) waitStopped() {
	ctx, cancel := context.WithTimeout(context.Background(), sb.b.opt.StopTimeout+30*time.Second)
	defer cancel()
	for {
		res, err := sb.b.cli.ContainerInspect(ctx, sb.agent, client.ContainerInspectOptions{})
		if err != nil || res.Container.State == nil || !res.Container.State.Running {
			break
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
	select {
	case <-sb.done:
	case <-ctx.Done():
	}
}

func (sb *sandbox) stopContainer(id string) error {
	if id == "" {
		return nil
	}
	secs := int(sb.b.opt.StopTimeout / time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), sb.b.opt.StopTimeout+30*time.Second)
	defer cancel()
	_, err := sb.b.cli.ContainerStop(ctx, id, client.ContainerStopOptions{Timeout: &secs})
	if cerrdefs.IsNotFound(err) {
		return nil
	}
	return err
}

// CopyOut copies /home/<name> of the agent container through the archive
// API.
func (sb *sandbox) CopyOut(ctx context.Context, name, dst string) error {
	res, err := sb.b.cli.CopyFromContainer(ctx, sb.agent, client.CopyFromContainerOptions{SourcePath: agent.Home + "/" + name})
	if cerrdefs.IsNotFound(err) {
		return fmt.Errorf("/home/%s: %w", name, runner.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("copying /home/%s: %w", name, err)
	}
	defer res.Content.Close()
	if !res.Stat.Mode.IsDir() {
		return fmt.Errorf("/home/%s is not a directory: %w", name, runner.ErrNotFound)
	}
	return untar(res.Content, dst, sb.spec.Outputs)
}

// ReadFile reads one regular file of the agent's /home while the agent
// runs (runner.FileReader) by running the root-owned helper
// (`mlebench read-file`) in the container: it opens the file with
// O_NONBLOCK|O_NOFOLLOW, so a lease the agent holds makes the snapshot
// fail at once. The archive API is not used here: the engine holds the
// container's lock while its read waits for a lease break (up to the
// kernel's lease-break-time, 45 s), which would also hold up stopping the
// container when the agent exits.
func (sb *sandbox) ReadFile(ctx context.Context, rel string, max int64) (r io.ReadCloser, size int64, err error) {
	defer func() {
		if err != nil && sb.stopping.Load() {
			err = fmt.Errorf("the sandbox is stopping: %w", context.Canceled)
		}
	}()
	p := agent.Home + "/" + rel
	ex, err := sb.b.cli.ExecCreate(ctx, sb.agent, client.ExecCreateOptions{
		User:         "0:0",
		Cmd:          []string{helperDirInContainer + "/mlebench", "read-file", "--max", strconv.FormatInt(max, 10), p},
		AttachStdout: true,
		AttachStderr: true,
	})
	if err != nil {
		return nil, 0, fmt.Errorf("snapshot exec: %w", err)
	}
	att, err := sb.b.cli.ExecAttach(ctx, ex.ID, client.ExecAttachOptions{})
	if err != nil {
		return nil, 0, fmt.Errorf("snapshot exec: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { att.Close() })
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	go func() {
		_, err := stdcopy.StdCopy(pw, &limitedBuffer{b: &stderr, n: 4096}, att.Reader)
		pw.CloseWithError(err)
	}()
	closeAll := func() error {
		stop()
		att.Close()
		return pr.Close()
	}
	br := bufio.NewReader(pr)
	line, err := br.ReadString('\n')
	if err != nil {
		closeAll()
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		return nil, 0, fmt.Errorf("snapshot helper: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	line = strings.TrimSpace(line)
	switch {
	case line == "NOTFOUND":
		closeAll()
		return nil, 0, fmt.Errorf("%s: %w", p, runner.ErrNotFound)
	case strings.HasPrefix(line, "TOOLARGE "):
		closeAll()
		return nil, 0, fmt.Errorf("%s: %w", strings.TrimSuffix(strings.TrimPrefix(line, "TOOLARGE "), ": "+runner.ErrTooLarge.Error()), runner.ErrTooLarge)
	case strings.HasPrefix(line, "OK "):
		size, err := strconv.ParseInt(strings.TrimPrefix(line, "OK "), 10, 64)
		if err != nil || size < 0 || size > max {
			closeAll()
			return nil, 0, fmt.Errorf("snapshot helper: bad size line %q", line)
		}
		return readCloser{io.LimitReader(br, size), closerFunc(closeAll)}, size, nil
	default:
		closeAll()
		return nil, 0, fmt.Errorf("snapshot helper: %s", strings.TrimPrefix(line, "ERR "))
	}
}

type closerFunc func() error

func (f closerFunc) Close() error { return f() }

// limitedBuffer keeps the first n bytes written to it.
type limitedBuffer struct {
	b *bytes.Buffer
	n int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if rest := l.n - l.b.Len(); rest > 0 {
		l.b.Write(p[:min(len(p), rest)])
	}
	return len(p), nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// Stop stops both containers, saves the server's log to the run
// directory, and removes the containers unless the spec retains them.
func (sb *sandbox) Stop(ctx context.Context) error {
	sb.stopOnce.Do(func() {
		var errs []error
		if err := sb.stopContainer(sb.agent); err != nil {
			errs = append(errs, fmt.Errorf("stopping the agent container: %w", err))
		}
		if err := sb.stopContainer(sb.server); err != nil {
			errs = append(errs, fmt.Errorf("stopping the server container: %w", err))
		}
		if sb.server != "" {
			sb.saveServerLog(ctx)
		}
		if !sb.spec.Retain {
			for _, id := range []string{sb.agent, sb.server} {
				if id == "" {
					continue
				}
				if _, err := sb.b.cli.ContainerRemove(ctx, id, client.ContainerRemoveOptions{Force: true}); err != nil && !cerrdefs.IsNotFound(err) {
					errs = append(errs, fmt.Errorf("removing container %s: %w", id[:12], err))
				}
			}
		}
		sb.stopErr = errors.Join(errs...)
	})
	return sb.stopErr
}

// randomHex is a uuid4's 32 hex digits, as in the original's container names.
func randomHex() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return hex.EncodeToString(b[:])
}

func (sb *sandbox) saveServerLog(ctx context.Context) {
	logs, err := sb.b.cli.ContainerLogs(ctx, sb.server, client.ContainerLogsOptions{ShowStdout: true, ShowStderr: true})
	if err != nil {
		return
	}
	defer logs.Close()
	f, err := os.Create(filepath.Join(sb.spec.RunDir, runner.ServerDir, "server.log"))
	if err != nil {
		return
	}
	defer f.Close()
	stdcopy.StdCopy(f, f, logs)
}

// createCtx is the context of a container creation: not cancelled with
// ctx, so that a Ctrl-C arriving while the engine creates the container
// cannot leave a container whose id the client never received (and so
// never removes). It is bounded instead.
func createCtx(ctx context.Context) context.Context {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
	context.AfterFunc(c, cancel)
	return c
}
