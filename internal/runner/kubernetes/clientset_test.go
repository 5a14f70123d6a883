package kubernetes

import (
	"context"
	"errors"
	"io"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/watch"
	k8s "k8s.io/client-go/kubernetes"
)

// clientsetAPI adapts a typed clientset (in tests: the fake one) to
// clusterAPI. The clientset stays out of the mlebench binary: only tests
// import it. It cannot exec.
type clientsetAPI struct{ cli k8s.Interface }

func (c clientsetAPI) serverVersion(ctx context.Context) error {
	_, err := c.cli.Discovery().ServerVersion()
	return err
}

func (c clientsetAPI) getNamespace(ctx context.Context, name string) error {
	_, err := c.cli.CoreV1().Namespaces().Get(ctx, name, metav1.GetOptions{})
	return err
}

func (c clientsetAPI) createPod(ctx context.Context, ns string, p *corev1.Pod) error {
	_, err := c.cli.CoreV1().Pods(ns).Create(ctx, p, metav1.CreateOptions{})
	return err
}

func (c clientsetAPI) getPod(ctx context.Context, ns, name string) (*corev1.Pod, error) {
	return c.cli.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
}

func (c clientsetAPI) listPods(ctx context.Context, ns, sel string) ([]corev1.Pod, error) {
	l, err := c.cli.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: sel})
	if err != nil {
		return nil, err
	}
	return l.Items, nil
}

func (c clientsetAPI) watchPod(ctx context.Context, ns, name, resourceVersion string) (watch.Interface, error) {
	return c.cli.CoreV1().Pods(ns).Watch(ctx, metav1.ListOptions{
		FieldSelector:   fields.OneTermEqualSelector("metadata.name", name).String(),
		ResourceVersion: resourceVersion,
	})
}

func (c clientsetAPI) deletePod(ctx context.Context, ns, name string, grace *int64) error {
	return c.cli.CoreV1().Pods(ns).Delete(ctx, name, metav1.DeleteOptions{GracePeriodSeconds: grace})
}

func (c clientsetAPI) podLogs(ctx context.Context, ns, name string, opt *corev1.PodLogOptions) (io.ReadCloser, error) {
	return c.cli.CoreV1().Pods(ns).GetLogs(name, opt).Stream(ctx)
}

func (c clientsetAPI) createNetworkPolicy(ctx context.Context, ns string, np *networkingv1.NetworkPolicy) error {
	_, err := c.cli.NetworkingV1().NetworkPolicies(ns).Create(ctx, np, metav1.CreateOptions{})
	return err
}

func (c clientsetAPI) listNetworkPolicies(ctx context.Context, ns, sel string) ([]networkingv1.NetworkPolicy, error) {
	l, err := c.cli.NetworkingV1().NetworkPolicies(ns).List(ctx, metav1.ListOptions{LabelSelector: sel})
	if err != nil {
		return nil, err
	}
	return l.Items, nil
}

func (c clientsetAPI) deleteNetworkPolicy(ctx context.Context, ns, name string) error {
	return c.cli.NetworkingV1().NetworkPolicies(ns).Delete(ctx, name, metav1.DeleteOptions{})
}

func (c clientsetAPI) exec(ctx context.Context, ns, pod, container string, cmd []string, stdout, stderr io.Writer) (int, error) {
	return -1, errors.New("the fake clientset cannot exec")
}
