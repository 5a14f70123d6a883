// Package kubernetes is the runner backend that runs each run as one pod
// on a Kubernetes cluster, through client-go (confined to this package;
// the in-pod side is package podhelper, in the static mlebench binary).
// It talks to the API server with a narrow REST client (client.go:
// core/v1 and networking/v1 only), not the typed clientset, whose scheme
// and discovery client every mlebench process would pay for at start.
//
// A sandbox pod (restartPolicy Never, labelled with hashes of the run
// group and run id, the names in annotations) has:
//
//   - an init container "setup" (the server image) that copies the static
//     mlebench into an emptyDir the agent mounts read-only at /.mlebench,
//     and writes the original's /home files (instructions*.txt,
//     validate_submission.sh) into another, mounted file by file
//     read-only at /home/<name>;
//   - the container "agent": the agent's image (Options.ImagePrefix + the
//     agent's name), the public data read-only at /home/data (the data
//     volume's subPath <id>/prepared/public), emptyDirs at
//     /home/{submission,logs,code}, /dev/shm sized by the container
//     config, the config's memory, CPUs and nvidia.com/gpu as requests and
//     limits. Its main process is `mlebench pod-helper init`, which waits
//     for the validation server, runs the agent command and, when it
//     exits, kills everything the agent left running: the container stops
//     as a whole before any output is copied;
//   - the container "server": `mlebench serve` on 127.0.0.1:5000 of the
//     pod's network namespace (so http://localhost:5000/validate works in
//     the agent container) with the private answers (subPath
//     <id>/prepared/private) — mounted in no other container — and the
//     agent's output emptyDirs read-only at /outputs. It keeps running
//     after the agent exits: outputs, snapshots and the audit log are read
//     through it (exec of `mlebench pod-helper tar` / `mlebench read-file`),
//     with the run's byte cap applied before anything is written.
//
// Hardening: every container runs as the agent's uid (non-root, 1000 by
// default: the outputs the agent writes with any mode stay readable for
// copy-out; the answers are kept away by mounts, and the containers share
// no PID namespace), runAsNonRoot, seccomp RuntimeDefault, all
// capabilities dropped, no privilege escalation, read-only root file
// systems for the server and setup containers, no service-account token,
// no service links, optional runtimeClassName (gVisor, Kata; a container
// config "runtime" is taken as the runtime class). Privileged agents are
// refused. Each run also gets a NetworkPolicy limiting its pod's egress
// (see Options.EgressCIDRs), created always and enforced only where the
// cluster's network plugin enforces NetworkPolicy.
//
// Failures: a pod that cannot be scheduled or started within
// Options.StartTimeout, that is evicted, deleted or loses its node is an
// infrastructure failure (the runner retries it); the harness's time
// limit stops the agent container (`pod-helper stop`, or deleting the pod
// if that fails) and Stop deletes the pod and its policy. Reap deletes
// whatever carries a run group's label, so a resumed run group starts
// clean.
//
// Images: the agent's image must be pullable by the cluster (registry
// prefix, pull secrets), as must the validation server image (a FROM
// scratch image of the static mlebench binary). Without a registry,
// Options.ImageLoader receives docker-archive tars of the server image
// and of FROM-scratch agent images written here (see image.go).
package kubernetes

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/mlebench/mlebench/internal/agent"
)

// Options configure the backend.
type Options struct {
	// Kubeconfig is the kubeconfig file; "" means $KUBECONFIG, the
	// in-cluster config, or ~/.kube/config. Context picks a context.
	Kubeconfig, Context string
	// Namespace holds the pods; "" means the kubeconfig's, else "default".
	Namespace string
	// ServerImage is the validation server image; "" means DefaultServerImage.
	ServerImage string
	// ImagePrefix is prepended to the agent's name (its image tag), e.g.
	// "registry.example.com/mlebench/".
	ImagePrefix string
	// ImagePullPolicy of every container (Always, IfNotPresent, Never);
	// "" means IfNotPresent.
	ImagePullPolicy string
	// ImagePullSecrets name Secrets in the namespace.
	ImagePullSecrets []string
	// DataPVC is a PersistentVolumeClaim whose root is the data directory
	// (what `mlebench prepare --data-dir` wrote); mounted read-only with
	// subPaths. DataHostPath is the alternative for a single node (and
	// tests): the data directory as a path on the node.
	DataPVC, DataHostPath string
	// RuntimeClass is the pods' runtimeClassName (e.g. gvisor, kata).
	RuntimeClass string
	NodeSelector map[string]string
	Tolerations  []corev1.Toleration
	// EgressCIDRs is the egress allow-list of the run's NetworkPolicy (DNS
	// is allowed with it). Without it the policy denies all egress when
	// the container config's network is "none", else allows all.
	EgressCIDRs []string
	// AgentUID is the uid (and gid) of every container; 0 means 1000, the
	// nonroot user of FROM-scratch agent images.
	AgentUID int64
	// Fixes are passed to `mlebench serve --fix`.
	Fixes string
	// MaxUploadBytes is the validation server's upload limit (0 = its default).
	MaxUploadBytes int64
	// ServerMemory limits the server container; 0 means 4 GiB.
	ServerMemory int64
	// StartTimeout bounds scheduling and starting a pod (image pulls
	// included); 0 means 10 minutes. HealthTimeout bounds the wait for
	// the validation server once its container runs; 0 means 2 minutes.
	StartTimeout, HealthTimeout time.Duration
	// StopTimeout is the pods' termination grace period; 0 means 10 s.
	StopTimeout time.Duration
	// MaxPodLifetime, when positive, is every pod's
	// activeDeadlineSeconds: a backstop that ends pods a crashed harness
	// left running (the harness time limit plus a margin).
	MaxPodLifetime time.Duration
	// ImageLoader, when set, receives docker-archive tars of the server
	// image (built around ServerBinary) and of FROM-scratch agent images
	// during Prepare, e.g. to `ctr -n k8s.io images import` them on a
	// single node without a registry.
	ImageLoader func(ctx context.Context, archive string) error
	// ServerBinary is the static mlebench put into the server image by
	// Prepare (with ImageLoader); "" means the running program if it is a
	// static mlebench, else one built from the agent's repository.
	ServerBinary string
	Stage        agent.StageOptions
	Log          *slog.Logger
	// QPS and Burst of the API client; 0 means 50 and 100.
	QPS   float32
	Burst int

	api           clusterAPI        // tests: replaces the client built from the kubeconfig
	sampleCheck   func(string) bool // tests: whether the sample submission exists
	exposeAnswers bool              // tests: mount the answers into the agent (negative control)
}

// DefaultServerImage is the validation server image's default reference.
const DefaultServerImage = "mlebench-server:latest"

// Backend runs sandboxes as pods.
type Backend struct {
	api clusterAPI
	opt Options

	mu       sync.Mutex
	pinged   bool
	server   bool
	prepared map[string]bool
	imageIDs map[string]string // agent image → imageID seen in a pod status
}

func (o *Options) defaults() {
	if o.ServerImage == "" {
		o.ServerImage = DefaultServerImage
	}
	if o.AgentUID == 0 {
		o.AgentUID = 1000
	}
	if o.ServerMemory <= 0 {
		o.ServerMemory = 4 << 30
	}
	if o.StartTimeout <= 0 {
		o.StartTimeout = 10 * time.Minute
	}
	if o.HealthTimeout <= 0 {
		o.HealthTimeout = 2 * time.Minute
	}
	if o.StopTimeout <= 0 {
		o.StopTimeout = 10 * time.Second
	}
	if o.QPS <= 0 {
		o.QPS = 50
	}
	if o.Burst <= 0 {
		o.Burst = 100
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
}

// New builds the clients (lazily connecting: see [Backend.Ping]).
func New(opt Options) (*Backend, error) {
	opt.defaults()
	b := &Backend{opt: opt, prepared: map[string]bool{}, imageIDs: map[string]string{}}
	if opt.api != nil {
		b.api = opt.api
		if b.opt.Namespace == "" {
			b.opt.Namespace = "default"
		}
		return b, nil
	}
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	if opt.Kubeconfig != "" {
		rules.ExplicitPath = opt.Kubeconfig
	}
	cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: opt.Context})
	rc, err := cc.ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("kubernetes: loading the client config: %w", err)
	}
	if b.opt.Namespace == "" {
		ns, _, err := cc.Namespace()
		if err != nil || ns == "" {
			ns = "default"
		}
		b.opt.Namespace = ns
	}
	rc.QPS, rc.Burst = opt.QPS, opt.Burst
	api, err := newRESTAPI(rc)
	if err != nil {
		return nil, err
	}
	b.api = api
	return b, nil
}

// Namespace is where the backend creates pods.
func (b *Backend) Namespace() string { return b.opt.Namespace }

// Ping checks that the API server answers and the namespace exists.
func (b *Backend) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := b.api.serverVersion(ctx); err != nil {
		return fmt.Errorf("kubernetes API server not reachable: %w", err)
	}
	if err := b.api.getNamespace(ctx, b.opt.Namespace); err != nil {
		return fmt.Errorf("kubernetes namespace %s: %w", b.opt.Namespace, err)
	}
	return nil
}

// Close releases nothing (present for symmetry with the other backends).
func (b *Backend) Close() error { return nil }

// Prepare checks the cluster once and, with an ImageLoader, writes and
// loads the server image and the agent's image.
func (b *Backend) Prepare(ctx context.Context, a *agent.Agent) error {
	if a.Privileged {
		return fmt.Errorf("agent %s is privileged: the kubernetes backend runs no privileged pods", a.ID)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.pinged {
		if err := b.Ping(ctx); err != nil {
			return err
		}
		b.pinged = true
	}
	if b.opt.ImageLoader == nil {
		return nil
	}
	tmp, err := os.MkdirTemp("", "mlebench-k8s-images-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if !b.server {
		bin, err := b.serverBinary(ctx, a.RepoRoot(), tmp)
		if err != nil {
			return err
		}
		out := filepath.Join(tmp, "server.tar")
		if err := writeImageArchive(out, b.opt.ServerImage, serverImageEntries(bin), imageConfig{Entrypoint: []string{serverBin}, WorkingDir: "/"}); err != nil {
			return err
		}
		if err := b.opt.ImageLoader(ctx, out); err != nil {
			return fmt.Errorf("loading the server image: %w", err)
		}
		b.server = true
	}
	if b.prepared[a.Name] {
		return nil
	}
	ctxDir := filepath.Join(tmp, "context")
	if err := a.Stage(ctx, ctxDir, b.opt.Stage); err != nil {
		return err
	}
	if err := writeRootfs(filepath.Join(ctxDir, "_mlebench", "rootfs")); err != nil {
		return err
	}
	dockerfile, err := filepath.Rel(a.ConfigDir, a.DockerfilePath())
	if err != nil || strings.HasPrefix(dockerfile, "..") {
		return fmt.Errorf("agent %s: Dockerfile %s is outside its directory %s", a.ID, a.DockerfilePath(), a.ConfigDir)
	}
	entries, cfg, err := scratchImage(ctxDir, filepath.Join(ctxDir, dockerfile), map[string]string{
		"SUBMISSION_DIR": agent.SubmissionDir, "LOGS_DIR": agent.LogsDir, "CODE_DIR": agent.CodeDir, "AGENT_DIR": agent.AgentDir,
	})
	if err != nil {
		return fmt.Errorf("agent %s: %w (push its image to a registry instead and pass the prefix)", a.ID, err)
	}
	out := filepath.Join(tmp, "agent.tar")
	if err := writeImageArchive(out, b.opt.agentImage(a), entries, cfg); err != nil {
		return err
	}
	if err := b.opt.ImageLoader(ctx, out); err != nil {
		return fmt.Errorf("loading the image of agent %s: %w", a.ID, err)
	}
	b.prepared[a.Name] = true
	return nil
}

// serverBinary finds a static mlebench for the server image (as the
// docker backend does).
func (b *Backend) serverBinary(ctx context.Context, repoRoot, tmp string) (string, error) {
	if p := b.opt.ServerBinary; p != "" {
		return p, agent.CheckStatic(p)
	}
	if exe, err := os.Executable(); err == nil && agent.CheckStatic(exe) == nil && strings.HasPrefix(filepath.Base(exe), "mlebench") {
		return exe, nil
	}
	if repoRoot == "" {
		return "", errors.New("no static mlebench binary for the validation server image: build mlebench with CGO_ENABLED=0 (or pass its path)")
	}
	out := filepath.Join(tmp, "mlebench")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", out, "./cmd/mlebench")
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+runtime.GOARCH)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building a static mlebench for the validation server image: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// Reap deletes every pod and NetworkPolicy labelled with the run group
// and waits (up to two minutes) until the pods are gone.
func (b *Backend) Reap(ctx context.Context, runGroup string) error {
	sel := LabelRunGroup + "=" + HashLabel(runGroup)
	zero := int64(0)
	var errs []error
	pods, err := b.api.listPods(ctx, b.opt.Namespace, sel)
	if err != nil {
		return fmt.Errorf("listing the pods of %s: %w", runGroup, err)
	}
	for _, p := range pods {
		if err := b.api.deletePod(ctx, b.opt.Namespace, p.Name, &zero); err != nil && !isNotFound(err) {
			errs = append(errs, fmt.Errorf("deleting pod %s: %w", p.Name, err))
		}
	}
	nps, err := b.api.listNetworkPolicies(ctx, b.opt.Namespace, sel)
	if err != nil {
		return fmt.Errorf("listing the network policies of %s: %w", runGroup, err)
	}
	for _, n := range nps {
		if err := b.api.deleteNetworkPolicy(ctx, b.opt.Namespace, n.Name); err != nil && !isNotFound(err) {
			errs = append(errs, fmt.Errorf("deleting network policy %s: %w", n.Name, err))
		}
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	for {
		l, err := b.api.listPods(wctx, b.opt.Namespace, sel)
		if err != nil {
			errs = append(errs, err)
			break
		}
		if len(l) == 0 {
			break
		}
		select {
		case <-wctx.Done():
			errs = append(errs, fmt.Errorf("%d pods of %s still there after two minutes", len(l), runGroup))
			return errors.Join(errs...)
		case <-time.After(500 * time.Millisecond):
		}
	}
	return errors.Join(errs...)
}

// AgentIdentity names the agent's image and the image ID the kubelet
// reported for it (once a pod ran it).
func (b *Backend) AgentIdentity(ctx context.Context, a *agent.Agent) (image, digest, binarySHA256 string) {
	img := b.opt.agentImage(a)
	b.mu.Lock()
	defer b.mu.Unlock()
	return img, b.imageIDs[img], ""
}

// PodsOf lists the pods of a run group (tests, tools).
func (b *Backend) PodsOf(ctx context.Context, runGroup string) ([]corev1.Pod, error) {
	return b.api.listPods(ctx, b.opt.Namespace, LabelRunGroup+"="+HashLabel(runGroup))
}

// Leftovers counts the pods and NetworkPolicies of a run group.
func (b *Backend) Leftovers(ctx context.Context, runGroup string) (pods, policies int, err error) {
	sel := LabelRunGroup + "=" + HashLabel(runGroup)
	p, err := b.api.listPods(ctx, b.opt.Namespace, sel)
	if err != nil {
		return 0, 0, err
	}
	n, err := b.api.listNetworkPolicies(ctx, b.opt.Namespace, sel)
	if err != nil {
		return 0, 0, err
	}
	return len(p), len(n), nil
}

func intstrPort(p int) intstr.IntOrString { return intstr.FromInt32(int32(p)) }

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// limitedBuffer keeps the first n bytes written to it.
type limitedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	n  int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if rest := l.n - l.b.Len(); rest > 0 {
		l.b.Write(p[:min(len(p), rest)])
	}
	return len(p), nil
}

func (l *limitedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var _ io.Writer = (*limitedBuffer)(nil)

// ParseToleration reads KEY[=VALUE][:EFFECT] (without =VALUE the key
// only has to exist).
func ParseToleration(s string) (corev1.Toleration, error) {
	var t corev1.Toleration
	rest, effect, hasEffect := strings.Cut(s, ":")
	if hasEffect {
		switch e := corev1.TaintEffect(effect); e {
		case corev1.TaintEffectNoSchedule, corev1.TaintEffectPreferNoSchedule, corev1.TaintEffectNoExecute:
			t.Effect = e
		default:
			return t, fmt.Errorf("effect %q is not NoSchedule, PreferNoSchedule or NoExecute", effect)
		}
	}
	k, v, hasValue := strings.Cut(rest, "=")
	if k == "" {
		return t, fmt.Errorf("empty key")
	}
	t.Key = k
	if hasValue {
		t.Operator, t.Value = corev1.TolerationOpEqual, v
	} else {
		t.Operator = corev1.TolerationOpExists
	}
	return t, nil
}
