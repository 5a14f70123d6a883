package kubernetes

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/kubernetes/podhelper"
)

// Labels and annotations of what the backend creates. Label values are
// hashes (run group names and run ids can exceed the 63 characters a
// label value may have); the names themselves are annotations.
const (
	LabelManagedBy       = "app.kubernetes.io/managed-by"
	ManagedBy            = "mlebench"
	LabelRunGroup        = "mlebench.org/run-group"
	LabelRun             = "mlebench.org/run"
	LabelPod             = "mlebench.org/pod"
	LabelCompetition     = "mlebench.org/competition"
	AnnotationRunGroup   = "mlebench.org/run-group-name"
	AnnotationRunID      = "mlebench.org/run-id"
	AnnotationCompetiton = "mlebench.org/competition-id"
)

// Container names in a sandbox pod.
const (
	ContainerAgent  = "agent"
	ContainerServer = "server"
	ContainerSetup  = "setup"
)

// Paths inside the pod's containers.
const (
	helperDir   = "/.mlebench" // agent: the static mlebench (read-only)
	helperBin   = helperDir + "/mlebench"
	outputsDir  = "/outputs"      // server: the agent's outputs (read-only)
	auditDir    = "/audit"        // server: the audit log
	privateRoot = "/private/data" // server: --data-dir of `mlebench serve`
	homeFiles   = "/homefiles"    // setup: where it writes the /home files
	serverBin   = "/mlebench"     // server image: the static mlebench
	serverAddr  = "127.0.0.1:5000"
)

// outputNames are the agent's writable /home directories, each an
// emptyDir shared read-only with the server container for copy-out.
var outputNames = []string{"submission", "logs", "code"}

// HashLabel is the label value for a run group or run id.
func HashLabel(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])[:40]
}

var nonDNS = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^a-z0-9-]+`) })

// podName is "mlebench-<competition>-<8 hex>" cut to fit the 63
// characters of a DNS label.
func podName(competition string) string {
	var b [4]byte
	rand.Read(b[:])
	c := strings.Trim(nonDNS().ReplaceAllString(strings.ToLower(competition), "-"), "-")
	if len(c) > 40 {
		c = strings.TrimRight(c[:40], "-")
	}
	return "mlebench-" + c + "-" + hex.EncodeToString(b[:])
}

// labelValue returns s if it is a valid label value, else its hash.
var labelValueRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$`) })

func labelValue(s string) string {
	if labelValueRE().MatchString(s) {
		return s
	}
	return HashLabel(s)
}

// agentImage is the agent's image reference: the prefix and the agent's
// name (its docker tag).
func (o *Options) agentImage(a *agent.Agent) string {
	return o.ImagePrefix + a.Name
}

// buildPod is the sandbox pod of one run (see the package doc) and its
// egress NetworkPolicy.
func (o *Options) buildPod(spec *runner.Spec, name string) (*corev1.Pod, *networkingv1.NetworkPolicy, error) {
	if spec.Agent.Privileged {
		return nil, nil, fmt.Errorf("agent %s is privileged: the kubernetes backend runs no privileged pods", spec.Agent.ID)
	}
	comp := spec.Competition
	paths := comp.PathsIn(spec.DataDir)
	rel := func(p string) (string, error) {
		r, err := filepath.Rel(spec.DataDir, p)
		if err != nil || !filepath.IsLocal(r) {
			return "", fmt.Errorf("%s is not below the data directory %s", p, spec.DataDir)
		}
		return filepath.ToSlash(r), nil
	}
	pub, err := rel(paths.Public)
	if err != nil {
		return nil, nil, err
	}
	priv, err := rel(paths.Private)
	if err != nil {
		return nil, nil, err
	}
	var dataVol corev1.VolumeSource
	switch {
	case o.DataPVC != "":
		dataVol.PersistentVolumeClaim = &corev1.PersistentVolumeClaimVolumeSource{ClaimName: o.DataPVC, ReadOnly: true}
	case o.DataHostPath != "":
		dir := corev1.HostPathDirectory
		dataVol.HostPath = &corev1.HostPathVolumeSource{Path: o.DataHostPath, Type: &dir}
	default:
		return nil, nil, fmt.Errorf("no data volume: give a PersistentVolumeClaim holding the prepared data (--k8s-data-pvc) or, on a single node, a host path (--k8s-data-host-path)")
	}

	labels := map[string]string{
		LabelManagedBy:   ManagedBy,
		LabelRunGroup:    HashLabel(spec.RunGroup),
		LabelRun:         HashLabel(spec.RunID),
		LabelPod:         name,
		LabelCompetition: labelValue(comp.ID),
	}
	annotations := map[string]string{AnnotationRunGroup: spec.RunGroup, AnnotationRunID: spec.RunID, AnnotationCompetiton: comp.ID}

	uid := o.AgentUID
	yes, no := true, false
	grace := int64(o.StopTimeout.Seconds())
	containerSec := func(readOnlyRoot bool) *corev1.SecurityContext {
		return &corev1.SecurityContext{
			RunAsUser: &uid, RunAsGroup: &uid, RunAsNonRoot: &yes,
			Privileged: &no, AllowPrivilegeEscalation: &no,
			ReadOnlyRootFilesystem: &readOnlyRoot,
			Capabilities:           &corev1.Capabilities{Drop: []corev1.Capability{"ALL"}},
			SeccompProfile:         &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault},
		}
	}
	pull := corev1.PullPolicy(o.ImagePullPolicy)
	if pull == "" {
		pull = corev1.PullIfNotPresent
	}

	volumes := []corev1.Volume{
		{Name: "data", VolumeSource: dataVol},
		{Name: "helper", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}},
		{Name: "homefiles", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}},
		{Name: "audit", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}},
		{Name: "server-tmp", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}},
	}
	for _, n := range outputNames {
		volumes = append(volumes, corev1.Volume{Name: n, VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}})
	}

	// The init container: the helper binary and the /home files.
	var setupEnv []corev1.EnvVar
	names := make([]string, 0, len(spec.HomeFiles))
	for n := range spec.HomeFiles {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		if strings.Contains(n, "/") || !filepath.IsLocal(n) {
			return nil, nil, fmt.Errorf("home file name %q", n)
		}
		if len(spec.HomeFiles[n]) > 256<<10 {
			return nil, nil, fmt.Errorf("home file %s has %d bytes; the kubernetes backend passes at most 256 KiB per file", n, len(spec.HomeFiles[n]))
		}
		setupEnv = append(setupEnv, corev1.EnvVar{Name: podhelper.HomeFileEnvPrefix + strconv.Itoa(i), Value: podhelper.EncodeHomeFile(n, agent.HomeFileMode(n), spec.HomeFiles[n])})
	}
	setup := corev1.Container{
		Name: ContainerSetup, Image: o.ServerImage, ImagePullPolicy: pull,
		Command:         []string{serverBin, "pod-helper", "setup", "--helper", "/helper/mlebench", "--home", homeFiles},
		Env:             setupEnv,
		VolumeMounts:    []corev1.VolumeMount{{Name: "helper", MountPath: "/helper"}, {Name: "homefiles", MountPath: homeFiles}},
		SecurityContext: containerSec(true),
		Resources:       o.serverResources(),
	}

	// The agent.
	env := []corev1.EnvVar{}
	for _, kv := range append(append([]string(nil), spec.Env...), agent.Container.DirEnv()...) {
		k, v, _ := strings.Cut(kv, "=")
		env = append(env, corev1.EnvVar{Name: k, Value: v})
	}
	agentMounts := []corev1.VolumeMount{
		{Name: "data", MountPath: agent.DataDir, SubPath: pub, ReadOnly: true},
		{Name: "helper", MountPath: helperDir, ReadOnly: true},
	}
	for _, n := range outputNames {
		agentMounts = append(agentMounts, corev1.VolumeMount{Name: n, MountPath: agent.Home + "/" + n})
	}
	for _, n := range names {
		agentMounts = append(agentMounts, corev1.VolumeMount{Name: "homefiles", MountPath: agent.Home + "/" + n, SubPath: n, ReadOnly: true})
	}
	if o.exposeAnswers { // tests only: the negative control of the attack test
		agentMounts = append(agentMounts, corev1.VolumeMount{Name: "data", MountPath: "/home/exposed", SubPath: priv, ReadOnly: true})
	}
	if spec.Container.ShmSize > 0 {
		volumes = append(volumes, corev1.Volume{Name: "shm", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{
			Medium: corev1.StorageMediumMemory, SizeLimit: resource.NewQuantity(spec.Container.ShmSize, resource.BinarySI)}}})
		agentMounts = append(agentMounts, corev1.VolumeMount{Name: "shm", MountPath: "/dev/shm"})
	}
	res, err := agentResources(spec.Container)
	if err != nil {
		return nil, nil, err
	}
	agentC := corev1.Container{
		Name: ContainerAgent, Image: o.agentImage(spec.Agent), ImagePullPolicy: pull,
		Command:         append([]string{helperBin, "pod-helper", "init", "--wait-for", serverAddr, "--"}, spec.Argv...),
		WorkingDir:      agent.Home,
		Env:             env,
		VolumeMounts:    agentMounts,
		Resources:       res,
		SecurityContext: containerSec(false),
	}

	// The validation server: the answers, the outputs read-only.
	cmd := []string{serverBin, "serve", "--competition-id", comp.ID, "--data-dir", privateRoot, "--addr", serverAddr,
		"--audit-log", auditDir + "/" + runner.AuditFile}
	if o.MaxUploadBytes > 0 {
		cmd = append(cmd, "--max-upload-bytes", strconv.FormatInt(o.MaxUploadBytes, 10))
	}
	if o.Fixes != "" {
		cmd = append(cmd, "--fix", o.Fixes)
	}
	serverMounts := []corev1.VolumeMount{
		{Name: "data", MountPath: privateRoot + "/" + priv, SubPath: priv, ReadOnly: true},
		{Name: "audit", MountPath: auditDir},
		{Name: "server-tmp", MountPath: "/tmp"},
	}
	if sample, err := rel(paths.SampleSubmission); err == nil && o.sampleExists(paths.SampleSubmission) {
		serverMounts = append(serverMounts, corev1.VolumeMount{Name: "data", MountPath: privateRoot + "/" + sample, SubPath: sample, ReadOnly: true})
	}
	for _, n := range outputNames {
		serverMounts = append(serverMounts, corev1.VolumeMount{Name: n, MountPath: outputsDir + "/" + n, ReadOnly: true})
	}
	server := corev1.Container{
		Name: ContainerServer, Image: o.ServerImage, ImagePullPolicy: pull,
		Command:         cmd,
		Env:             []corev1.EnvVar{{Name: "COMPETITION_ID", Value: comp.ID}},
		VolumeMounts:    serverMounts,
		Resources:       o.serverResources(),
		SecurityContext: containerSec(true),
	}

	var pullSecrets []corev1.LocalObjectReference
	for _, s := range o.ImagePullSecrets {
		pullSecrets = append(pullSecrets, corev1.LocalObjectReference{Name: s})
	}
	pod := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: o.Namespace, Labels: labels, Annotations: annotations},
		Spec: corev1.PodSpec{
			RestartPolicy:                 corev1.RestartPolicyNever,
			AutomountServiceAccountToken:  &no,
			EnableServiceLinks:            &no,
			ShareProcessNamespace:         &no,
			TerminationGracePeriodSeconds: &grace,
			SecurityContext: &corev1.PodSecurityContext{
				RunAsUser: &uid, RunAsGroup: &uid, RunAsNonRoot: &yes, FSGroup: &uid,
				SeccompProfile: &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeRuntimeDefault},
			},
			InitContainers:   []corev1.Container{setup},
			Containers:       []corev1.Container{agentC, server},
			Volumes:          volumes,
			NodeSelector:     o.NodeSelector,
			Tolerations:      o.Tolerations,
			ImagePullSecrets: pullSecrets,
		},
	}
	rc := o.RuntimeClass
	if rc == "" {
		rc = spec.Container.Runtime
	}
	if rc != "" {
		pod.Spec.RuntimeClassName = &rc
	}
	if o.MaxPodLifetime > 0 {
		s := int64(o.MaxPodLifetime.Seconds())
		pod.Spec.ActiveDeadlineSeconds = &s
	}
	return pod, o.networkPolicy(spec, name, labels, annotations), nil
}

func (o *Options) sampleExists(p string) bool {
	if o.sampleCheck != nil {
		return o.sampleCheck(p)
	}
	return fileExists(p)
}

// agentResources are the agent container's requests and limits from the
// container config: memory, CPUs and nvidia.com/gpu, requests equal to
// limits (Guaranteed QoS when both are set).
func agentResources(c runner.ContainerConfig) (corev1.ResourceRequirements, error) {
	l := corev1.ResourceList{}
	if c.MemLimit > 0 {
		l[corev1.ResourceMemory] = *resource.NewQuantity(c.MemLimit, resource.BinarySI)
	}
	if c.NanoCPUs > 0 {
		l[corev1.ResourceCPU] = *resource.NewMilliQuantity((c.NanoCPUs+999_999)/1_000_000, resource.DecimalSI)
	}
	switch {
	case c.GPUs < 0:
		return corev1.ResourceRequirements{}, fmt.Errorf("container config gpus: -1 (all of the host's) has no Kubernetes equivalent; give a number of GPUs")
	case c.GPUs > 0:
		l["nvidia.com/gpu"] = *resource.NewQuantity(int64(c.GPUs), resource.DecimalSI)
	}
	if len(l) == 0 {
		return corev1.ResourceRequirements{}, nil
	}
	req := corev1.ResourceList{}
	for k, v := range l {
		req[k] = v
	}
	return corev1.ResourceRequirements{Limits: l, Requests: req}, nil
}

// serverResources: a small request, the docker backend's memory limit.
func (o *Options) serverResources() corev1.ResourceRequirements {
	return corev1.ResourceRequirements{
		Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("20m"), corev1.ResourceMemory: resource.MustParse("32Mi")},
		Limits:   corev1.ResourceList{corev1.ResourceMemory: *resource.NewQuantity(o.ServerMemory, resource.BinarySI)},
	}
}

// networkPolicy is the run's egress policy, selecting only its pod: no
// egress at all when the container config's network is "none" and no
// allow-list is given; the allow-list (plus DNS) when one is; otherwise
// any egress (the original's default network). Ingress is not
// restricted here (the validation server listens on the pod's loopback
// only). It takes effect only where the cluster's network plugin
// enforces NetworkPolicy.
func (o *Options) networkPolicy(spec *runner.Spec, name string, labels, annotations map[string]string) *networkingv1.NetworkPolicy {
	np := &networkingv1.NetworkPolicy{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: o.Namespace, Labels: labels, Annotations: annotations},
		Spec: networkingv1.NetworkPolicySpec{
			PodSelector: metav1.LabelSelector{MatchLabels: map[string]string{LabelPod: name}},
			PolicyTypes: []networkingv1.PolicyType{networkingv1.PolicyTypeEgress},
		},
	}
	switch {
	case len(o.EgressCIDRs) > 0:
		var peers []networkingv1.NetworkPolicyPeer
		for _, c := range o.EgressCIDRs {
			peers = append(peers, networkingv1.NetworkPolicyPeer{IPBlock: &networkingv1.IPBlock{CIDR: c}})
		}
		udp, tcp := corev1.ProtocolUDP, corev1.ProtocolTCP
		dns := intstrPort(53)
		np.Spec.Egress = []networkingv1.NetworkPolicyEgressRule{
			{To: peers},
			{Ports: []networkingv1.NetworkPolicyPort{{Protocol: &udp, Port: &dns}, {Protocol: &tcp, Port: &dns}}},
		}
	case spec.Container.Network == "none":
		// No rules: all egress denied.
	default:
		np.Spec.Egress = []networkingv1.NetworkPolicyEgressRule{{}}
	}
	return np
}
