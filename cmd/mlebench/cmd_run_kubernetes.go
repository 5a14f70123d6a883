package main

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/mlebench/mlebench/internal/runner/kubernetes"
)

// k8sRunOptions are run's --k8s-* flags (the kubernetes backend).
type k8sRunOptions struct {
	Kubeconfig, Context, Namespace string
	DataPVC, DataHostPath          string
	ServerImage, ImagePrefix       string
	PullPolicy                     string
	PullSecrets                    []string
	RuntimeClass                   string
	NodeSelector                   []string
	Tolerations                    []string
	EgressCIDRs                    []string
	AgentUID                       int64
	StartTimeout                   time.Duration
	ImageLoader                    string
}

func addKubernetesFlags(f *pflag.FlagSet, o *k8sRunOptions) {
	f.StringVar(&o.Kubeconfig, "k8s-kubeconfig", "", "kubernetes backend: kubeconfig file (default $KUBECONFIG, in-cluster, ~/.kube/config)")
	f.StringVar(&o.Context, "k8s-context", "", "kubernetes backend: kubeconfig context")
	f.StringVar(&o.Namespace, "k8s-namespace", "", "kubernetes backend: namespace of the sandbox pods (default: the kubeconfig's, else default)")
	f.StringVar(&o.DataPVC, "k8s-data-pvc", "", "kubernetes backend: PersistentVolumeClaim holding the prepared data directory (same layout as --data-dir), mounted read-only with a subPath per competition")
	f.StringVar(&o.DataHostPath, "k8s-data-host-path", "", "kubernetes backend, single node / tests only: the prepared data directory as a path on the node (hostPath)")
	f.StringVar(&o.ServerImage, "k8s-server-image", kubernetes.DefaultServerImage, "kubernetes backend: validation server image (FROM scratch, the static mlebench at /mlebench)")
	f.StringVar(&o.ImagePrefix, "k8s-image-prefix", "", "kubernetes backend: registry prefix of agent images (image = prefix + agent name), e.g. registry.example.com/mle/")
	f.StringVar(&o.PullPolicy, "k8s-image-pull-policy", "IfNotPresent", "kubernetes backend: imagePullPolicy (Always, IfNotPresent, Never)")
	f.StringArrayVar(&o.PullSecrets, "k8s-image-pull-secret", nil, "kubernetes backend: image pull Secret in the namespace (repeatable)")
	f.StringVar(&o.RuntimeClass, "k8s-runtime-class", "", "kubernetes backend: runtimeClassName of the pods (e.g. gvisor, kata); default the container config's runtime")
	f.StringArrayVar(&o.NodeSelector, "k8s-node-selector", nil, "kubernetes backend: node selector KEY=VALUE (repeatable)")
	f.StringArrayVar(&o.Tolerations, "k8s-toleration", nil, "kubernetes backend: toleration KEY[=VALUE][:EFFECT] (repeatable; without =VALUE the key only has to exist)")
	f.StringArrayVar(&o.EgressCIDRs, "k8s-egress-cidr", nil, "kubernetes backend: CIDR the agent may reach (repeatable; DNS is allowed with it); without: no egress when the network is none, else any. Enforced only where the cluster's network plugin enforces NetworkPolicy")
	f.Int64Var(&o.AgentUID, "k8s-uid", 1000, "kubernetes backend: non-root uid (and gid) of the sandbox containers")
	f.DurationVar(&o.StartTimeout, "k8s-start-timeout", 10*time.Minute, "kubernetes backend: a pod not running after this (unschedulable, image pulls) is an infrastructure failure")
	f.StringVar(&o.ImageLoader, "k8s-image-loader", "", "kubernetes backend without a registry: command that loads a docker-archive tar given as its last argument on the node(s), e.g. \"ctr -n k8s.io images import\"; the server image and FROM-scratch agent images are then written and loaded by run")
}

// check reports flag errors before a run group is written.
func (o k8sRunOptions) check() error {
	switch o.PullPolicy {
	case "Always", "IfNotPresent", "Never":
	default:
		return usagef("run: --k8s-image-pull-policy must be Always, IfNotPresent or Never")
	}
	if (o.DataPVC == "") == (o.DataHostPath == "") {
		return usagef("run: the kubernetes backend needs exactly one of --k8s-data-pvc and --k8s-data-host-path")
	}
	if o.AgentUID <= 0 {
		return usagef("run: --k8s-uid must be a positive (non-root) uid")
	}
	for _, kv := range o.NodeSelector {
		if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
			return usagef("run: --k8s-node-selector %q: want KEY=VALUE", kv)
		}
	}
	for _, s := range o.Tolerations {
		if _, err := kubernetes.ParseToleration(s); err != nil {
			return usagef("run: --k8s-toleration %q: %v", s, err)
		}
	}
	return nil
}

// newKubernetesBackend builds the backend from the flags.
func newKubernetesBackend(g *Global, o k8sRunOptions, serverBinary string, timeLimit time.Duration) (*kubernetes.Backend, error) {
	opt := kubernetes.Options{
		Kubeconfig: o.Kubeconfig, Context: o.Context, Namespace: o.Namespace,
		DataPVC: o.DataPVC, DataHostPath: o.DataHostPath,
		ServerImage: o.ServerImage, ImagePrefix: o.ImagePrefix, ImagePullPolicy: o.PullPolicy,
		ImagePullSecrets: o.PullSecrets, RuntimeClass: o.RuntimeClass, EgressCIDRs: o.EgressCIDRs,
		AgentUID: o.AgentUID, StartTimeout: o.StartTimeout, ServerBinary: serverBinary,
		Fixes: g.Fixes.String(), Log: g.Log(),
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	if timeLimit > 0 {
		opt.MaxPodLifetime = timeLimit + time.Hour
	}
	if len(o.NodeSelector) > 0 {
		opt.NodeSelector = map[string]string{}
		for _, kv := range o.NodeSelector {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return nil, usagef("run: --k8s-node-selector %q: want KEY=VALUE", kv)
			}
			opt.NodeSelector[k] = v
		}
	}
	for _, s := range o.Tolerations {
		tol, err := kubernetes.ParseToleration(s)
		if err != nil {
			return nil, usagef("run: --k8s-toleration %q: %v", s, err)
		}
		opt.Tolerations = append(opt.Tolerations, tol)
	}
	if o.ImageLoader != "" {
		argv := strings.Fields(o.ImageLoader)
		opt.ImageLoader = func(ctx context.Context, archive string) error {
			out, err := exec.CommandContext(ctx, argv[0], append(argv[1:], archive)...).CombinedOutput()
			if err != nil {
				return fmt.Errorf("%s %s: %v: %s", o.ImageLoader, archive, err, strings.TrimSpace(string(out)))
			}
			return nil
		}
	}
	return kubernetes.New(opt)
}
