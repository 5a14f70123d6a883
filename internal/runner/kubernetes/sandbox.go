package kubernetes

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/watch"

	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/kubernetes/podhelper"
)

// maxAuditBytes caps the audit log copied out of the server container.
const maxAuditBytes = 256 << 20

// errPodGone marks the infrastructure failures of a run's pod: evicted,
// deleted, preempted, its node lost.
var errPodGone = errors.New("the sandbox pod was lost")

type sandbox struct {
	b    *Backend
	spec *runner.Spec
	name string

	logCancel context.CancelFunc
	logsDone  chan struct{}
	logErr    error

	auditOnce sync.Once
	stopOnce  sync.Once
	stopErr   error
	// stopping is set once the agent is being stopped: snapshot failures
	// from then on are the end of the run, not errors.
	stopping atomic.Bool
}

// Start creates the run's NetworkPolicy and pod, waits until the agent
// container runs and the validation server listens, and streams the
// agent's output.
func (b *Backend) Start(ctx context.Context, spec *runner.Spec) (runner.Sandbox, error) {
	if err := b.Prepare(ctx, spec.Agent); err != nil {
		return nil, err
	}
	name := podName(spec.Competition.ID)
	pod, np, err := b.opt.buildPod(spec, name)
	if err != nil {
		return nil, err
	}
	sb := &sandbox{b: b, spec: spec, name: name, logsDone: make(chan struct{})}
	ok := false
	defer func() {
		if !ok {
			sb.Stop(context.WithoutCancel(ctx))
		}
	}()
	if err := os.MkdirAll(filepath.Join(spec.RunDir, runner.ServerDir), 0o755); err != nil {
		return nil, err
	}
	ns := b.opt.Namespace
	// Created with a context Ctrl-C does not cancel: an object the API
	// server created but whose creation we never heard of is not left.
	if err := b.api.createNetworkPolicy(createCtx(ctx), ns, np); err != nil {
		return nil, fmt.Errorf("creating the network policy: %w", err)
	}
	if err := b.api.createPod(createCtx(ctx), ns, pod); err != nil {
		return nil, fmt.Errorf("creating the sandbox pod: %w", err)
	}
	if err := sb.waitStarted(ctx); err != nil {
		return nil, err
	}
	if err := sb.waitListening(ctx); err != nil {
		return nil, err
	}
	lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	sb.logCancel = cancel
	go sb.streamLogs(lctx)
	ok = true
	return sb, nil
}

// createCtx is bounded but not cancelled with ctx.
func createCtx(ctx context.Context) context.Context {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
	context.AfterFunc(c, cancel)
	return c
}

// watchPod calls f with the pod's state until f says done (or fails), the
// pod is gone (errPodGone), or ctx ends.
func (sb *sandbox) watchPod(ctx context.Context, f func(*corev1.Pod) (bool, error)) error {
	api, ns := sb.b.api, sb.b.opt.Namespace
	for {
		p, err := api.getPod(ctx, ns, sb.name)
		if isNotFound(err) {
			return fmt.Errorf("pod %s was deleted: %w", sb.name, errPodGone)
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			sb.b.opt.Log.Warn("getting pod", "pod", sb.name, "error", err)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		if done, err := f(p); done || err != nil {
			return err
		}
		w, err := api.watchPod(ctx, ns, sb.name, p.ResourceVersion)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			continue
		}
		done, err := func() (bool, error) {
			defer w.Stop()
			// Re-list now and then even if the watch stays quiet.
			t := time.NewTimer(time.Minute)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return true, ctx.Err()
				case <-t.C:
					return false, nil
				case ev, open := <-w.ResultChan():
					if !open {
						return false, nil
					}
					switch ev.Type {
					case watch.Deleted:
						return true, fmt.Errorf("pod %s was deleted: %w", sb.name, errPodGone)
					case watch.Modified, watch.Added:
						if p, ok := ev.Object.(*corev1.Pod); ok {
							if done, err := f(p); done || err != nil {
								return true, err
							}
						}
					}
				}
			}
		}()
		if done {
			return err
		}
	}
}

// disrupted says why a pod is being lost to the infrastructure, or "".
func disrupted(p *corev1.Pod) string {
	if p.DeletionTimestamp != nil {
		return "the pod is being deleted"
	}
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.DisruptionTarget && c.Status == corev1.ConditionTrue {
			return fmt.Sprintf("the pod is being disrupted (%s: %s)", c.Reason, c.Message)
		}
	}
	if p.Status.Phase == corev1.PodFailed && p.Status.Reason != "" {
		return fmt.Sprintf("the pod failed: %s: %s", p.Status.Reason, p.Status.Message)
	}
	return ""
}

func containerStatus(p *corev1.Pod, name string) *corev1.ContainerStatus {
	for i := range p.Status.ContainerStatuses {
		if p.Status.ContainerStatuses[i].Name == name {
			return &p.Status.ContainerStatuses[i]
		}
	}
	for i := range p.Status.InitContainerStatuses {
		if p.Status.InitContainerStatuses[i].Name == name {
			return &p.Status.InitContainerStatuses[i]
		}
	}
	return nil
}

// fatalWaiting are container waiting reasons that will not resolve.
var fatalWaiting = map[string]bool{
	"ErrImageNeverPull": true, "InvalidImageName": true, "CreateContainerConfigError": true,
	"CreateContainerError": true, "RunContainerError": true,
}

// waitStarted waits until the agent container runs (or already ended).
func (sb *sandbox) waitStarted(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, sb.b.opt.StartTimeout)
	defer cancel()
	last := "no status yet"
	err := sb.watchPod(ctx, func(p *corev1.Pod) (bool, error) {
		if why := disrupted(p); why != "" {
			return true, fmt.Errorf("%s: %w", why, errPodGone)
		}
		for _, c := range p.Status.Conditions {
			if c.Type == corev1.PodScheduled && c.Status != corev1.ConditionTrue {
				last = fmt.Sprintf("not scheduled: %s: %s", c.Reason, c.Message)
			}
		}
		for _, name := range []string{ContainerSetup, ContainerServer, ContainerAgent} {
			cs := containerStatus(p, name)
			if cs == nil {
				continue
			}
			if w := cs.State.Waiting; w != nil && w.Reason != "" && w.Reason != "ContainerCreating" && w.Reason != "PodInitializing" {
				last = fmt.Sprintf("container %s waiting: %s: %s", name, w.Reason, w.Message)
				if fatalWaiting[w.Reason] {
					return true, errors.New(last)
				}
			}
			if t := cs.State.Terminated; t != nil && name != ContainerAgent && t.ExitCode != 0 {
				return true, fmt.Errorf("container %s exited with status %d (%s): %s", name, t.ExitCode, t.Reason, t.Message)
			}
			if t := cs.State.Terminated; t != nil && name == ContainerServer {
				return true, fmt.Errorf("the validation server exited (%s)", t.Reason)
			}
		}
		if cs := containerStatus(p, ContainerAgent); cs != nil && (cs.State.Running != nil || cs.State.Terminated != nil) {
			sb.noteImage(cs)
			return true, nil
		}
		return false, nil
	})
	if err != nil && ctx.Err() == context.DeadlineExceeded {
		return fmt.Errorf("the sandbox pod did not start within %s (%s)", sb.b.opt.StartTimeout, last)
	}
	return err
}

func (sb *sandbox) noteImage(cs *corev1.ContainerStatus) {
	if cs.ImageID == "" {
		return
	}
	sb.b.mu.Lock()
	sb.b.imageIDs[sb.b.opt.agentImage(sb.spec.Agent)] = cs.ImageID
	sb.b.mu.Unlock()
}

// waitListening follows the server container's log until it says it
// listens (the agent's init waits for the port itself; this makes a
// broken server an infrastructure failure of Start).
func (sb *sandbox) waitListening(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, sb.b.opt.HealthTimeout)
	defer cancel()
	for {
		rc, err := sb.b.api.podLogs(ctx, sb.b.opt.Namespace, sb.name, &corev1.PodLogOptions{Container: ContainerServer, Follow: true})
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("the validation server did not start within %s: %w", sb.b.opt.HealthTimeout, err)
			}
			time.Sleep(200 * time.Millisecond)
			continue
		}
		sc := bufio.NewScanner(rc)
		var seen []string
		for sc.Scan() {
			if strings.Contains(sc.Text(), "listening on") {
				rc.Close()
				return nil
			}
			if len(seen) < 20 {
				seen = append(seen, sc.Text())
			}
		}
		rc.Close()
		if ctx.Err() != nil {
			return fmt.Errorf("the validation server did not start within %s: %s", sb.b.opt.HealthTimeout, strings.Join(seen, "\n"))
		}
		return fmt.Errorf("the validation server exited: %s", strings.Join(seen, "\n"))
	}
}

// streamLogs copies the agent container's output to spec.Output.
func (sb *sandbox) streamLogs(ctx context.Context) {
	defer close(sb.logsDone)
	rc, err := sb.b.api.podLogs(ctx, sb.b.opt.Namespace, sb.name, &corev1.PodLogOptions{Container: ContainerAgent, Follow: true})
	if err != nil {
		sb.logErr = err
		return
	}
	defer rc.Close()
	if sb.spec.Output == nil {
		io.Copy(io.Discard, rc)
		return
	}
	if _, err := io.Copy(sb.spec.Output, rc); err != nil && ctx.Err() == nil {
		sb.logErr = err
	}
}

// Wait waits for the agent container to end: its init exits with the
// agent's status once it has killed whatever the agent left, so every
// process of the agent is gone. When ctx ends first, it stops the agent
// (through its init, or by deleting the pod when that fails) and returns
// ctx's error. A pod lost to the infrastructure is an error.
func (sb *sandbox) Wait(ctx context.Context) (int, error) {
	code := -1
	var exitErr error
	err := sb.watchPod(ctx, func(p *corev1.Pod) (bool, error) {
		if why := disrupted(p); why != "" {
			return true, fmt.Errorf("%s: %w", why, errPodGone)
		}
		cs := containerStatus(p, ContainerAgent)
		if cs == nil || cs.State.Terminated == nil {
			return false, nil
		}
		t := cs.State.Terminated
		code = int(t.ExitCode)
		if t.Reason == "ContainerStatusUnknown" {
			exitErr = fmt.Errorf("the agent container's status is unknown (%s): %w", t.Message, errPodGone)
		}
		return true, nil
	})
	if ctx.Err() != nil {
		sb.stopAgent()
		sb.endLogs()
		sb.fetchAudit()
		return -1, ctx.Err()
	}
	if err != nil {
		sb.stopping.Store(true)
		sb.endLogs()
		return -1, err
	}
	sb.stopping.Store(true)
	if code == 137 {
		// SIGKILL: the agent's OOM, or the kubelet evicting the pod; an
		// eviction marks the pod shortly after.
		time.Sleep(time.Second)
		if p, err := sb.b.api.getPod(context.WithoutCancel(ctx), sb.b.opt.Namespace, sb.name); err == nil {
			if why := disrupted(p); why != "" {
				sb.endLogs()
				return -1, fmt.Errorf("%s: %w", why, errPodGone)
			}
		} else if isNotFound(err) {
			sb.endLogs()
			return -1, fmt.Errorf("pod %s was deleted: %w", sb.name, errPodGone)
		}
	}
	sb.endLogs()
	sb.fetchAudit()
	if exitErr != nil {
		return -1, exitErr
	}
	if sb.logErr != nil {
		return -1, fmt.Errorf("streaming the agent's output: %w", sb.logErr)
	}
	return code, nil
}

// endLogs waits (briefly) for the log stream to end after the container did.
func (sb *sandbox) endLogs() {
	select {
	case <-sb.logsDone:
	case <-time.After(15 * time.Second):
		if sb.logCancel != nil {
			sb.logCancel()
		}
		<-sb.logsDone
	}
}

// stopAgent stops the agent container through its init and waits for it
// to end; when that fails it deletes the pod (the outputs are lost then).
func (sb *sandbox) stopAgent() {
	sb.stopping.Store(true)
	bg := context.Background()
	ectx, cancel := context.WithTimeout(bg, 30*time.Second)
	sb.b.exec(ectx, sb.name, ContainerAgent, []string{helperBin, "pod-helper", "stop"}, io.Discard, io.Discard)
	cancel()
	wctx, cancel := context.WithTimeout(bg, sb.b.opt.StopTimeout+30*time.Second)
	defer cancel()
	err := sb.watchPod(wctx, func(p *corev1.Pod) (bool, error) {
		cs := containerStatus(p, ContainerAgent)
		return cs == nil || cs.State.Terminated != nil, nil
	})
	if err != nil && !errors.Is(err, errPodGone) {
		sb.b.opt.Log.Warn("the agent did not stop; deleting its pod", "pod", sb.name, "error", err)
		sb.deletePod(bg, 0)
	}
}

// exec runs cmd in a container of pod and returns its exit status.
func (b *Backend) exec(ctx context.Context, pod, container string, cmd []string, stdout, stderr io.Writer) (int, error) {
	return b.api.exec(ctx, b.opt.Namespace, pod, container, cmd, stdout, stderr)
}

// CopyOut copies /home/<name> through the server container, which mounts
// the agent's output directories read-only; the helper there sends files
// larger than the budget left as header-only entries.
func (sb *sandbox) CopyOut(ctx context.Context, name, dst string) error {
	if !isOutput(name) {
		return fmt.Errorf("/home/%s: %w", name, runner.ErrNotFound)
	}
	cmd := []string{serverBin, "pod-helper", "tar"}
	if bud := sb.spec.Outputs; bud != nil {
		left := bud.Max() - bud.Used()
		if left < 0 {
			left = 0
		}
		cmd = append(cmd, "--max-file", strconv.FormatInt(max(left, 1), 10))
	}
	cmd = append(cmd, outputsDir+"/"+name)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pr, pw := io.Pipe()
	stderr := &limitedBuffer{n: 4096}
	type result struct {
		code int
		err  error
	}
	done := make(chan result, 1)
	go func() {
		code, err := sb.b.exec(ctx, sb.name, ContainerServer, cmd, pw, stderr)
		pw.CloseWithError(io.EOF)
		done <- result{code, err}
	}()
	stopped, uerr := untar(pr, dst, sb.spec.Outputs)
	if stopped || uerr != nil {
		cancel()
	} else {
		// The archive's end: read what follows (padding) until the helper
		// has exited, so its stream is not cut short.
		io.Copy(io.Discard, pr)
	}
	pr.CloseWithError(io.ErrClosedPipe)
	res := <-done
	switch {
	case uerr != nil:
		return fmt.Errorf("copying /home/%s: %w", name, uerr)
	case stopped:
		return nil
	case res.err != nil:
		return fmt.Errorf("copying /home/%s: %w", name, res.err)
	case res.code == podhelper.ExitNotFound:
		return fmt.Errorf("/home/%s: %w", name, runner.ErrNotFound)
	case res.code != 0:
		return fmt.Errorf("copying /home/%s: helper exited %d: %s", name, res.code, strings.TrimSpace(stderr.String()))
	}
	return nil
}

func isOutput(name string) bool {
	for _, n := range outputNames {
		if n == name {
			return true
		}
	}
	return false
}

// ReadFile reads one file of the agent's outputs while the agent runs
// (snapshots) with `mlebench read-file` in the server container: opened
// with O_NONBLOCK|O_NOFOLLOW, a lease the agent holds fails it at once.
func (sb *sandbox) ReadFile(ctx context.Context, rel string, max int64) (r io.ReadCloser, size int64, err error) {
	defer func() {
		if err != nil && sb.stopping.Load() {
			err = fmt.Errorf("the sandbox is stopping: %w", context.Canceled)
		}
	}()
	clean := path.Clean(rel)
	top, _, _ := strings.Cut(clean, "/")
	if !isOutput(top) || !filepath.IsLocal(clean) {
		return nil, 0, fmt.Errorf("/home/%s: %w", rel, runner.ErrNotFound)
	}
	p := outputsDir + "/" + clean
	ctx, cancel := context.WithCancel(ctx)
	pr, pw := io.Pipe()
	stderr := &limitedBuffer{n: 4096}
	go func() {
		_, err := sb.b.exec(ctx, sb.name, ContainerServer, []string{serverBin, "read-file", "--max", strconv.FormatInt(max, 10), p}, pw, stderr)
		if err == nil {
			err = io.EOF
		}
		pw.CloseWithError(err)
	}()
	closeAll := func() error {
		cancel()
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
		return nil, 0, fmt.Errorf("/home/%s: %w", rel, runner.ErrNotFound)
	case strings.HasPrefix(line, "TOOLARGE "):
		closeAll()
		return nil, 0, fmt.Errorf("/home/%s: %w", rel, runner.ErrTooLarge)
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

type readCloser struct {
	io.Reader
	io.Closer
}

// fetchAudit copies the server's audit log to the run directory (once).
func (sb *sandbox) fetchAudit() {
	sb.auditOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		f, err := os.Create(filepath.Join(sb.spec.RunDir, runner.ServerDir, runner.AuditFile))
		if err != nil {
			return
		}
		defer f.Close()
		pr, pw := io.Pipe()
		go func() {
			_, err := sb.b.exec(ctx, sb.name, ContainerServer, []string{serverBin, "read-file", "--max", strconv.Itoa(maxAuditBytes), auditDir + "/" + runner.AuditFile}, pw, io.Discard)
			if err == nil {
				err = io.EOF
			}
			pw.CloseWithError(err)
		}()
		br := bufio.NewReader(pr)
		line, err := br.ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "OK ") {
			pr.Close()
			return
		}
		size, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimPrefix(line, "OK ")), 10, 64)
		io.Copy(f, io.LimitReader(br, size))
		pr.Close()
	})
}

// saveServerLog writes the server container's log to server/server.log.
func (sb *sandbox) saveServerLog(ctx context.Context) {
	limit := int64(16 << 20)
	rc, err := sb.b.api.podLogs(ctx, sb.b.opt.Namespace, sb.name, &corev1.PodLogOptions{Container: ContainerServer, LimitBytes: &limit})
	if err != nil {
		return
	}
	defer rc.Close()
	f, err := os.Create(filepath.Join(sb.spec.RunDir, runner.ServerDir, "server.log"))
	if err != nil {
		return
	}
	defer f.Close()
	io.Copy(f, rc)
}

// deletePod deletes the pod (grace in seconds) and its policy.
func (sb *sandbox) deletePod(ctx context.Context, grace int64) error {
	var errs []error
	err := sb.b.api.deletePod(ctx, sb.b.opt.Namespace, sb.name, &grace)
	if err != nil && !isNotFound(err) {
		errs = append(errs, fmt.Errorf("deleting pod %s: %w", sb.name, err))
	}
	err = sb.b.api.deleteNetworkPolicy(ctx, sb.b.opt.Namespace, sb.name)
	if err != nil && !isNotFound(err) {
		errs = append(errs, fmt.Errorf("deleting network policy %s: %w", sb.name, err))
	}
	return errors.Join(errs...)
}

// Stop saves the server's log and the audit log, then deletes the pod and
// its NetworkPolicy and waits until the pod is gone. With Retain the
// agent is stopped but the pod is kept.
func (sb *sandbox) Stop(ctx context.Context) error {
	sb.stopOnce.Do(func() {
		if ctx.Err() != nil {
			ctx = context.WithoutCancel(ctx)
		}
		sctx, cancel := context.WithTimeout(ctx, sb.b.opt.StopTimeout+90*time.Second)
		defer cancel()
		if sb.logCancel != nil {
			defer sb.logCancel()
		}
		sb.stopping.Store(true)
		if _, err := sb.b.api.getPod(sctx, sb.b.opt.Namespace, sb.name); err == nil {
			sb.fetchAudit()
			sb.saveServerLog(sctx)
		}
		if sb.spec.Retain {
			sb.stopAgent()
			return
		}
		if err := sb.deletePod(sctx, 1); err != nil {
			sb.stopErr = err
			return
		}
		for {
			_, err := sb.b.api.getPod(sctx, sb.b.opt.Namespace, sb.name)
			if isNotFound(err) {
				return
			}
			select {
			case <-sctx.Done():
				sb.stopErr = fmt.Errorf("pod %s still there after deleting it: %w", sb.name, sctx.Err())
				return
			case <-time.After(250 * time.Millisecond):
			}
		}
	})
	return sb.stopErr
}
