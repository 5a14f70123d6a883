package kubernetes

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/runner"
)

func testSpec(t *testing.T) *runner.Spec {
	t.Helper()
	comp := &competition.Competition{Info: competition.Info{ID: "spaceship-titanic", Name: "Spaceship Titanic", SampleSubmission: "spaceship-titanic/prepared/public/sample_submission.csv"}}
	return &runner.Spec{
		RunGroup:    "2026-11-26T10-00-00-GMT_run-group_dummy",
		RunID:       "spaceship-titanic_0b8e9d1c-8a2e-4f7e-9d7a-3f1b2c4d5e6f",
		RunDir:      t.TempDir(),
		Competition: comp,
		DataDir:     "/data",
		Agent:       &agent.Agent{ID: "dummy", Name: "dummy"},
		Argv:        []string{"/home/agent/dummy-agent"},
		Env:         []string{"COMPETITION_ID=spaceship-titanic"},
		Container:   runner.ContainerConfig{MemLimit: 2 << 30, NanoCPUs: 1500e6, GPUs: 1, ShmSize: 64 << 20, Network: "none"},
		HomeFiles:   map[string][]byte{"instructions.txt": []byte("read me"), "validate_submission.sh": []byte("#!/bin/sh\n")},
	}
}

func testOptions() Options {
	o := Options{Namespace: "bench", DataPVC: "mle-data", ImagePrefix: "reg.example/mle/", RuntimeClass: "gvisor",
		NodeSelector: map[string]string{"gpu": "a100"}, ImagePullSecrets: []string{"regcred"},
		Tolerations: []corev1.Toleration{{Key: "gpu", Operator: corev1.TolerationOpExists}},
		sampleCheck: func(string) bool { return true }}
	o.defaults()
	return o
}

// mounts maps mount paths to "volume:subPath:ro".
func mounts(c corev1.Container) map[string]string {
	m := map[string]string{}
	for _, v := range c.VolumeMounts {
		ro := ""
		if v.ReadOnly {
			ro = "ro"
		}
		m[v.MountPath] = v.Name + ":" + v.SubPath + ":" + ro
	}
	return m
}

func container(t *testing.T, p *corev1.Pod, name string) corev1.Container {
	t.Helper()
	for _, c := range append(append([]corev1.Container(nil), p.Spec.InitContainers...), p.Spec.Containers...) {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no container %s", name)
	return corev1.Container{}
}

// TestPodAnswersOnlyInServer: the private directory is mounted in the
// server container only; the agent sees public data read-only and its
// outputs writable.
func TestPodAnswersOnlyInServer(t *testing.T) {
	o := testOptions()
	spec := testSpec(t)
	pod, _, err := o.buildPod(spec, "mlebench-x-1")
	if err != nil {
		t.Fatal(err)
	}
	priv := "spaceship-titanic/prepared/private"
	for _, c := range append(append([]corev1.Container(nil), pod.Spec.InitContainers...), pod.Spec.Containers...) {
		for _, v := range c.VolumeMounts {
			if v.Name == "data" && strings.Contains(v.SubPath, "private") && c.Name != ContainerServer {
				t.Errorf("container %s mounts %s (subPath %q)", c.Name, v.MountPath, v.SubPath)
			}
			if v.Name == "data" && v.SubPath == "" {
				t.Errorf("container %s mounts the whole data volume at %s", c.Name, v.MountPath)
			}
			if v.Name == "data" && !v.ReadOnly {
				t.Errorf("container %s mounts data writable at %s", c.Name, v.MountPath)
			}
		}
	}
	am := mounts(container(t, pod, ContainerAgent))
	want := map[string]string{
		"/home/data":                   "data:spaceship-titanic/prepared/public:ro",
		"/home/submission":             "submission::",
		"/home/logs":                   "logs::",
		"/home/code":                   "code::",
		"/.mlebench":                   "helper::ro",
		"/home/instructions.txt":       "homefiles:instructions.txt:ro",
		"/home/validate_submission.sh": "homefiles:validate_submission.sh:ro",
		"/dev/shm":                     "shm::",
	}
	for k, v := range want {
		if am[k] != v {
			t.Errorf("agent mount %s = %q, want %q", k, am[k], v)
		}
	}
	if len(am) != len(want) {
		t.Errorf("agent mounts %v", am)
	}
	sm := mounts(container(t, pod, ContainerServer))
	if sm["/private/data/"+priv] != "data:"+priv+":ro" {
		t.Errorf("server private mount: %v", sm)
	}
	for _, n := range outputNames {
		if sm["/outputs/"+n] != n+"::ro" {
			t.Errorf("server mounts outputs %s as %q", n, sm["/outputs/"+n])
		}
	}
	if pod.Spec.Volumes[0].PersistentVolumeClaim == nil || pod.Spec.Volumes[0].PersistentVolumeClaim.ClaimName != "mle-data" || !pod.Spec.Volumes[0].PersistentVolumeClaim.ReadOnly {
		t.Errorf("data volume %+v", pod.Spec.Volumes[0])
	}
}

// TestPodHardening: non-root, seccomp, no capabilities, no escalation,
// no token, no service links, runtime class, no host namespaces.
func TestPodHardening(t *testing.T) {
	o := testOptions()
	pod, np, err := o.buildPod(testSpec(t), "mlebench-x-1")
	if err != nil {
		t.Fatal(err)
	}
	s := pod.Spec
	if s.AutomountServiceAccountToken == nil || *s.AutomountServiceAccountToken {
		t.Error("service account token mounted")
	}
	if s.EnableServiceLinks == nil || *s.EnableServiceLinks {
		t.Error("service links enabled")
	}
	if s.HostNetwork || s.HostPID || s.HostIPC || (s.ShareProcessNamespace != nil && *s.ShareProcessNamespace) {
		t.Error("host or shared namespaces")
	}
	if s.RuntimeClassName == nil || *s.RuntimeClassName != "gvisor" {
		t.Errorf("runtime class %v", s.RuntimeClassName)
	}
	if s.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("restart policy %s", s.RestartPolicy)
	}
	ps := s.SecurityContext
	if ps == nil || ps.RunAsNonRoot == nil || !*ps.RunAsNonRoot || ps.RunAsUser == nil || *ps.RunAsUser == 0 ||
		ps.SeccompProfile == nil || ps.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		t.Errorf("pod security context %+v", ps)
	}
	for _, c := range append(append([]corev1.Container(nil), s.InitContainers...), s.Containers...) {
		sc := c.SecurityContext
		if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
			sc.Privileged == nil || *sc.Privileged || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot ||
			sc.Capabilities == nil || len(sc.Capabilities.Drop) != 1 || sc.Capabilities.Drop[0] != "ALL" || len(sc.Capabilities.Add) != 0 ||
			sc.SeccompProfile == nil || sc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("container %s security context %+v", c.Name, sc)
		}
		if c.Name != ContainerAgent && (sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem) {
			t.Errorf("container %s has a writable root file system", c.Name)
		}
	}
	if len(s.ImagePullSecrets) != 1 || s.ImagePullSecrets[0].Name != "regcred" || s.NodeSelector["gpu"] != "a100" || len(s.Tolerations) != 1 {
		t.Errorf("scheduling fields: %+v %v %v", s.ImagePullSecrets, s.NodeSelector, s.Tolerations)
	}
	ag := container(t, pod, ContainerAgent)
	if ag.Image != "reg.example/mle/dummy" {
		t.Errorf("agent image %s", ag.Image)
	}
	if got := ag.Resources.Limits.Memory().Value(); got != 2<<30 {
		t.Errorf("memory limit %d", got)
	}
	if got := ag.Resources.Limits.Cpu().MilliValue(); got != 1500 {
		t.Errorf("cpu limit %dm", got)
	}
	if got := ag.Resources.Limits["nvidia.com/gpu"]; got.Value() != 1 {
		t.Errorf("gpu limit %v", got)
	}
	if got := ag.Resources.Requests["nvidia.com/gpu"]; got.Value() != 1 {
		t.Errorf("gpu request %v", got)
	}
	if !strings.Contains(strings.Join(ag.Command, " "), "pod-helper init --wait-for 127.0.0.1:5000 -- /home/agent/dummy-agent") {
		t.Errorf("agent command %q", ag.Command)
	}
	for _, e := range ag.Env {
		if strings.HasPrefix(e.Name, "MLEBENCH_HOME_FILE_") {
			t.Errorf("the agent's environment carries %s", e.Name)
		}
	}
	// Labels are valid label values; names are annotations.
	if pod.Labels[LabelRunGroup] != HashLabel(testSpec(t).RunGroup) || pod.Annotations[AnnotationRunID] == "" {
		t.Errorf("labels %v annotations %v", pod.Labels, pod.Annotations)
	}
	for k, v := range pod.Labels {
		if !labelValueRE().MatchString(v) {
			t.Errorf("label %s=%q is not a valid label value", k, v)
		}
	}
	// The network policy selects only this pod and denies all egress.
	if np.Spec.PodSelector.MatchLabels[LabelPod] != "mlebench-x-1" || len(np.Spec.Egress) != 0 ||
		len(np.Spec.PolicyTypes) != 1 || np.Spec.PolicyTypes[0] != "Egress" {
		t.Errorf("network policy %+v", np.Spec)
	}
}

func TestNetworkPolicyModes(t *testing.T) {
	for _, tc := range []struct {
		network string
		cidrs   []string
		rules   int
	}{
		{"none", nil, 0},
		{"", nil, 1},
		{"bridge", nil, 1},
		{"none", []string{"203.0.113.0/24"}, 2},
	} {
		o := testOptions()
		o.EgressCIDRs = tc.cidrs
		spec := testSpec(t)
		spec.Container.Network = tc.network
		_, np, err := o.buildPod(spec, "p")
		if err != nil {
			t.Fatal(err)
		}
		if len(np.Spec.Egress) != tc.rules {
			t.Errorf("network %q cidrs %v: %d egress rules, want %d", tc.network, tc.cidrs, len(np.Spec.Egress), tc.rules)
		}
	}
}

func TestBuildPodRefuses(t *testing.T) {
	o := testOptions()
	spec := testSpec(t)
	spec.Agent = &agent.Agent{ID: "priv", Name: "priv", Privileged: true}
	if _, _, err := o.buildPod(spec, "p"); err == nil {
		t.Error("privileged agent accepted")
	}
	spec = testSpec(t)
	spec.Container.GPUs = -1
	if _, _, err := o.buildPod(spec, "p"); err == nil || !strings.Contains(err.Error(), "gpus") {
		t.Errorf("gpus -1: %v", err)
	}
	o.DataPVC = ""
	if _, _, err := o.buildPod(testSpec(t), "p"); err == nil || !strings.Contains(err.Error(), "--k8s-data-pvc") {
		t.Errorf("no data volume: %v", err)
	}
	o.DataHostPath = "/srv/data"
	pod, _, err := o.buildPod(testSpec(t), "p")
	if err != nil || pod.Spec.Volumes[0].HostPath == nil || pod.Spec.Volumes[0].HostPath.Path != "/srv/data" {
		t.Errorf("host path data: %v", err)
	}
}

// TestReapWithFakeClient: Reap deletes the run group's pods and policies
// and nothing else.
func TestReapWithFakeClient(t *testing.T) {
	cli := fake.NewClientset()
	o := testOptions()
	o.api = clientsetAPI{cli}
	b, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	mk := func(group, name string) {
		spec := testSpec(t)
		spec.RunGroup = group
		pod, np, err := b.opt.buildPod(spec, name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cli.CoreV1().Pods("bench").Create(ctx, pod, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, err := cli.NetworkingV1().NetworkPolicies("bench").Create(ctx, np, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	mk("group-a", "a1")
	mk("group-a", "a2")
	mk("group-b", "b1")
	if err := b.Reap(ctx, "group-a"); err != nil {
		t.Fatal(err)
	}
	for g, want := range map[string]int{"group-a": 0, "group-b": 1} {
		p, n, err := b.Leftovers(ctx, g)
		if err != nil || p != want || n != want {
			t.Errorf("%s: %d pods, %d policies (%v), want %d", g, p, n, err, want)
		}
	}
}

// TestStartFailsFastOnFatalWaiting: a pod whose image can never be pulled
// is an infrastructure failure of Start, and Start removes what it made.
func TestStartFailsFastOnFatalWaiting(t *testing.T) {
	cli := fake.NewClientset()
	o := testOptions()
	o.api = clientsetAPI{cli}
	o.StartTimeout = 20 * time.Second
	b, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	b.pinged = true
	spec := testSpec(t)
	ctx := context.Background()
	go func() {
		for i := 0; i < 200; i++ {
			l, _ := cli.CoreV1().Pods("bench").List(ctx, metav1.ListOptions{})
			if len(l.Items) == 1 {
				p := l.Items[0]
				p.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: ContainerAgent, State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "ErrImageNeverPull", Message: "image not present"}}}}
				cli.CoreV1().Pods("bench").UpdateStatus(ctx, &p, metav1.UpdateOptions{})
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	_, err = b.Start(ctx, spec)
	if err == nil || !strings.Contains(err.Error(), "ErrImageNeverPull") {
		t.Fatalf("Start = %v", err)
	}
	if p, n, _ := b.Leftovers(ctx, spec.RunGroup); p != 0 || n != 0 {
		t.Errorf("%d pods, %d policies left", p, n)
	}
}

func TestScratchImage(t *testing.T) {
	dir := t.TempDir()
	ctxDir := filepath.Join(dir, "ctx")
	if err := writeRootfs(filepath.Join(ctxDir, "_mlebench", "rootfs")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ctxDir, "dummy-agent"), []byte("\x7fELF"), 0o755)
	os.WriteFile(filepath.Join(ctxDir, "start.sh"), []byte("#!/bin/sh\n"), 0o755)
	df := "FROM scratch\nARG AGENT_DIR=/home/agent\nCOPY _mlebench/rootfs/ /\nCOPY dummy-agent start.sh ${AGENT_DIR}/\nENV A=1 B=${AGENT_DIR}\nWORKDIR /home\nENTRYPOINT [\"/home/agent/dummy-agent\", \"idle\"]\n"
	os.WriteFile(filepath.Join(ctxDir, "Dockerfile"), []byte(df), 0o644)
	entries, cfg, err := scratchImage(ctxDir, filepath.Join(ctxDir, "Dockerfile"), map[string]string{"AGENT_DIR": "/home/agent"})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name] = true
	}
	for _, n := range []string{"etc/passwd", "home/agent/dummy-agent", "home/agent/start.sh", "tmp", "home/submission"} {
		if !names[n] {
			t.Errorf("image lacks %s: %v", n, names)
		}
	}
	if cfg.WorkingDir != "/home" || strings.Join(cfg.Entrypoint, " ") != "/home/agent/dummy-agent idle" || strings.Join(cfg.Env, " ") != "A=1 B=/home/agent" {
		t.Errorf("config %+v", cfg)
	}
	if err := writeImageArchive(filepath.Join(dir, "img.tar"), "dummy", entries, cfg); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ctxDir, "Dockerfile"), []byte("FROM debian:12\nRUN true\n"), 0o644)
	if _, _, err := scratchImage(ctxDir, filepath.Join(ctxDir, "Dockerfile"), nil); err == nil {
		t.Error("a non-scratch Dockerfile was accepted")
	}
}

func TestNormalizeRef(t *testing.T) {
	for in, want := range map[string]string{
		"dummy":                      "docker.io/library/dummy:latest",
		"mlebench-server:latest":     "docker.io/library/mlebench-server:latest",
		"me/agent:v1":                "docker.io/me/agent:v1",
		"reg.example:5000/mle/dummy": "reg.example:5000/mle/dummy:latest",
		"localhost/x:y":              "localhost/x:y",
		"k8sf.local/app:v1":          "k8sf.local/app:v1",
	} {
		if got := normalizeRef(in); got != want {
			t.Errorf("normalizeRef(%q) = %q, want %q", in, got, want)
		}
	}
}
