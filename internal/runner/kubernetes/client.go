package kubernetes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/httpstream"
	"k8s.io/apimachinery/pkg/version"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/remotecommand"
	utilexec "k8s.io/client-go/util/exec"
	"k8s.io/client-go/util/flowcontrol"
)

// clusterAPI is the part of the Kubernetes API the backend uses: pods and
// NetworkPolicies in one namespace, pod logs, a pod watch and exec. In
// production it is restAPI, a REST client over a scheme holding only
// core/v1 and networking/v1 (not the typed clientset, whose scheme
// registers every API group at process start: every mlebench command paid
// for it); tests adapt a fake clientset to it.
type clusterAPI interface {
	// serverVersion is GET /version (the API server answers).
	serverVersion(ctx context.Context) error
	getNamespace(ctx context.Context, name string) error

	createPod(ctx context.Context, ns string, p *corev1.Pod) error
	getPod(ctx context.Context, ns, name string) (*corev1.Pod, error)
	listPods(ctx context.Context, ns, labelSelector string) ([]corev1.Pod, error)
	// watchPod watches the one pod name from resourceVersion on.
	watchPod(ctx context.Context, ns, name, resourceVersion string) (watch.Interface, error)
	// deletePod deletes with the grace period (nil: the pod's own).
	deletePod(ctx context.Context, ns, name string, grace *int64) error
	podLogs(ctx context.Context, ns, name string, opt *corev1.PodLogOptions) (io.ReadCloser, error)

	createNetworkPolicy(ctx context.Context, ns string, np *networkingv1.NetworkPolicy) error
	listNetworkPolicies(ctx context.Context, ns, labelSelector string) ([]networkingv1.NetworkPolicy, error)
	deleteNetworkPolicy(ctx context.Context, ns, name string) error

	// exec runs cmd in a container and returns its exit status.
	exec(ctx context.Context, ns, pod, container string, cmd []string, stdout, stderr io.Writer) (int, error)
}

func isNotFound(err error) bool { return apierrors.IsNotFound(err) }

// apiScheme holds the types the backend sends and receives: core/v1
// (pods, namespaces, logs and exec options), networking/v1, and meta/v1's
// options, Status and WatchEvent in each of those group versions. Built on
// first use, not at process start.
var apiScheme = sync.OnceValues(func() (*runtime.Scheme, error) {
	s := runtime.NewScheme()
	metav1.AddToGroupVersion(s, schema.GroupVersion{Version: "v1"})
	if err := corev1.AddToScheme(s); err != nil {
		return nil, err
	}
	if err := networkingv1.AddToScheme(s); err != nil {
		return nil, err
	}
	return s, nil
})

// restAPI is clusterAPI over two REST clients (core/v1 at /api,
// networking.k8s.io/v1 at /apis) sharing one HTTP client and one rate
// limiter, as the typed clientset's group clients do.
type restAPI struct {
	config     *rest.Config // for exec's SPDY and WebSocket executors
	core, netw *rest.RESTClient
	params     runtime.ParameterCodec
}

// newRESTAPI builds the clients from a client config (its QPS and Burst
// make the shared rate limiter).
func newRESTAPI(rc *rest.Config) (*restAPI, error) {
	s, err := apiScheme()
	if err != nil {
		return nil, fmt.Errorf("kubernetes: building the API scheme: %w", err)
	}
	cfg := *rc
	if cfg.UserAgent == "" {
		cfg.UserAgent = rest.DefaultKubernetesUserAgent()
	}
	if cfg.RateLimiter == nil && cfg.QPS > 0 {
		if cfg.Burst <= 0 {
			return nil, errors.New("kubernetes: the client's burst must be positive when its QPS is")
		}
		cfg.RateLimiter = flowcontrol.NewTokenBucketRateLimiter(cfg.QPS, cfg.Burst)
	}
	hc, err := rest.HTTPClientFor(&cfg)
	if err != nil {
		return nil, fmt.Errorf("kubernetes: %w", err)
	}
	codecs := serializer.NewCodecFactory(s).WithoutConversion()
	client := func(apiPath string, gv schema.GroupVersion) (*rest.RESTClient, error) {
		c := cfg
		c.APIPath, c.GroupVersion, c.NegotiatedSerializer = apiPath, &gv, codecs
		return rest.RESTClientForConfigAndClient(&c, hc)
	}
	a := &restAPI{config: &cfg, params: runtime.NewParameterCodec(s)}
	if a.core, err = client("/api", corev1.SchemeGroupVersion); err != nil {
		return nil, fmt.Errorf("kubernetes: %w", err)
	}
	if a.netw, err = client("/apis", networkingv1.SchemeGroupVersion); err != nil {
		return nil, fmt.Errorf("kubernetes: %w", err)
	}
	return a, nil
}

func (a *restAPI) serverVersion(ctx context.Context) error {
	body, err := a.core.Get().AbsPath("/version").Do(ctx).Raw()
	if err != nil {
		return err
	}
	var v version.Info
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("decoding /version: %w", err)
	}
	return nil
}

func (a *restAPI) getNamespace(ctx context.Context, name string) error {
	return a.core.Get().Resource("namespaces").Name(name).
		VersionedParams(&metav1.GetOptions{}, a.params).Do(ctx).Into(&corev1.Namespace{})
}

func (a *restAPI) createPod(ctx context.Context, ns string, p *corev1.Pod) error {
	return a.core.Post().Namespace(ns).Resource("pods").
		VersionedParams(&metav1.CreateOptions{}, a.params).Body(p).Do(ctx).Into(&corev1.Pod{})
}

func (a *restAPI) getPod(ctx context.Context, ns, name string) (*corev1.Pod, error) {
	p := &corev1.Pod{}
	err := a.core.Get().Namespace(ns).Resource("pods").Name(name).
		VersionedParams(&metav1.GetOptions{}, a.params).Do(ctx).Into(p)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func (a *restAPI) listPods(ctx context.Context, ns, sel string) ([]corev1.Pod, error) {
	var l corev1.PodList
	err := a.core.Get().Namespace(ns).Resource("pods").
		VersionedParams(&metav1.ListOptions{LabelSelector: sel}, a.params).Do(ctx).Into(&l)
	return l.Items, err
}

func (a *restAPI) watchPod(ctx context.Context, ns, name, resourceVersion string) (watch.Interface, error) {
	opt := metav1.ListOptions{
		FieldSelector:   fields.OneTermEqualSelector("metadata.name", name).String(),
		ResourceVersion: resourceVersion,
		Watch:           true,
	}
	return a.core.Get().Namespace(ns).Resource("pods").VersionedParams(&opt, a.params).Watch(ctx)
}

func (a *restAPI) deletePod(ctx context.Context, ns, name string, grace *int64) error {
	return a.core.Delete().Namespace(ns).Resource("pods").Name(name).
		Body(&metav1.DeleteOptions{GracePeriodSeconds: grace}).Do(ctx).Error()
}

func (a *restAPI) podLogs(ctx context.Context, ns, name string, opt *corev1.PodLogOptions) (io.ReadCloser, error) {
	return a.core.Get().Namespace(ns).Resource("pods").Name(name).SubResource("log").
		VersionedParams(opt, a.params).Stream(ctx)
}

func (a *restAPI) createNetworkPolicy(ctx context.Context, ns string, np *networkingv1.NetworkPolicy) error {
	return a.netw.Post().Namespace(ns).Resource("networkpolicies").
		VersionedParams(&metav1.CreateOptions{}, a.params).Body(np).Do(ctx).Into(&networkingv1.NetworkPolicy{})
}

func (a *restAPI) listNetworkPolicies(ctx context.Context, ns, sel string) ([]networkingv1.NetworkPolicy, error) {
	var l networkingv1.NetworkPolicyList
	err := a.netw.Get().Namespace(ns).Resource("networkpolicies").
		VersionedParams(&metav1.ListOptions{LabelSelector: sel}, a.params).Do(ctx).Into(&l)
	return l.Items, err
}

func (a *restAPI) deleteNetworkPolicy(ctx context.Context, ns, name string) error {
	return a.netw.Delete().Namespace(ns).Resource("networkpolicies").Name(name).
		Body(&metav1.DeleteOptions{}).Do(ctx).Error()
}

// exec streams over WebSocket, falling back to SPDY where the API server
// (or a proxy on the way) does not upgrade to WebSocket, as kubectl does.
func (a *restAPI) exec(ctx context.Context, ns, pod, container string, cmd []string, stdout, stderr io.Writer) (int, error) {
	req := a.core.Post().Namespace(ns).Resource("pods").Name(pod).SubResource("exec").
		VersionedParams(&corev1.PodExecOptions{Container: container, Command: cmd, Stdout: stdout != nil, Stderr: stderr != nil}, a.params)
	spdy, err := remotecommand.NewSPDYExecutor(a.config, http.MethodPost, req.URL())
	if err != nil {
		return -1, err
	}
	ws, err := remotecommand.NewWebSocketExecutor(a.config, http.MethodGet, req.URL().String())
	if err != nil {
		return -1, err
	}
	ex, err := remotecommand.NewFallbackExecutor(ws, spdy, func(err error) bool {
		return httpstream.IsUpgradeFailure(err) || httpstream.IsHTTPSProxyError(err)
	})
	if err != nil {
		return -1, err
	}
	err = ex.StreamWithContext(ctx, remotecommand.StreamOptions{Stdout: stdout, Stderr: stderr})
	var ce utilexec.CodeExitError
	if errors.As(err, &ce) {
		return ce.Code, nil
	}
	if err != nil {
		return -1, fmt.Errorf("exec in %s/%s: %w", pod, container, err)
	}
	return 0, nil
}
