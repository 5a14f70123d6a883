package kubernetes

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8s "k8s.io/client-go/kubernetes"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// The tests below run on a real cluster: $KUBECONFIG (e.g. the one
// ../shared/k8s-testcluster/up.sh prints). Without one they are skipped,
// or fail when MLEBENCH_REQUIRE_K8S=1 (CI). Images are loaded without a
// registry: with `ctr -n k8s.io images import` on the test cluster's
// containerd socket ($MLEBENCH_K8S_CTR_SOCKET, else
// $K/run/containerd.sock of the test cluster, K defaulting to
// ~/.cache/k8s-testcluster). Data is a hostPath: the cluster's node is
// this machine.

const envRequire = "MLEBENCH_REQUIRE_K8S"

var shared struct {
	once    sync.Once
	err     error
	skip    string
	serverB string
	dataDir string
	cat     *competition.Catalog
	ids     []string
	b       *Backend
	tmp     string
}

func TestMain(m *testing.M) {
	if dir := os.Getenv("MLEBENCH_K8S_CHILD_PLAN"); dir != "" {
		os.Exit(childExecute(dir))
	}
	code := m.Run()
	if shared.tmp != "" {
		os.RemoveAll(shared.tmp)
	}
	os.Exit(code)
}

func ctrSocket() string {
	if s := os.Getenv("MLEBENCH_K8S_CTR_SOCKET"); s != "" {
		return s
	}
	k := os.Getenv("K")
	if k == "" {
		home, _ := os.UserHomeDir()
		k = filepath.Join(home, ".cache", "k8s-testcluster")
	}
	return filepath.Join(k, "run", "containerd.sock")
}

func ctrLoader(sock string) func(ctx context.Context, archive string) error {
	return func(ctx context.Context, archive string) error {
		out, err := exec.CommandContext(ctx, "ctr", "--address", sock, "-n", "k8s.io", "images", "import", archive).CombinedOutput()
		if err != nil {
			return fmt.Errorf("ctr images import: %v: %s", err, out)
		}
		return nil
	}
}

// setup prepares, once per test process: a reachable cluster, a static
// mlebench, two prepared competitions in a host directory the pods can
// read, and the backend (which loads its images on first Prepare).
func setup(t *testing.T) {
	t.Helper()
	shared.once.Do(func() {
		if os.Getenv("KUBECONFIG") == "" {
			shared.skip = "KUBECONFIG is not set"
			return
		}
		sock := ctrSocket()
		if _, err := os.Stat(sock); err != nil {
			shared.skip = fmt.Sprintf("no containerd socket to load images into (%v); set MLEBENCH_K8S_CTR_SOCKET", err)
			return
		}
		tmp, err := os.MkdirTemp("", "mlebench-k8s-test-")
		if err != nil {
			shared.err = err
			return
		}
		os.Chmod(tmp, 0o755)
		shared.tmp = tmp
		shared.serverB = filepath.Join(tmp, "mlebench")
		cmd := exec.Command("go", "build", "-trimpath", "-o", shared.serverB, "./cmd/mlebench")
		cmd.Dir = runnertest.RepoRoot(t)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			shared.err = fmt.Errorf("building mlebench: %v\n%s", err, out)
			return
		}
		b, err := New(Options{
			Namespace: os.Getenv("MLEBENCH_K8S_NAMESPACE"), ImagePullPolicy: "Never",
			ServerBinary: shared.serverB, ImageLoader: ctrLoader(sock), StopTimeout: 2 * time.Second,
			StartTimeout: 3 * time.Minute, MaxPodLifetime: 30 * time.Minute,
		})
		if err != nil {
			shared.err = err
			return
		}
		if err := b.Ping(context.Background()); err != nil {
			shared.skip = err.Error()
			return
		}
		shared.b = b
		shared.cat, err = competition.NewCatalog(competitions.All())
		if err != nil {
			shared.err = err
			return
		}
		shared.dataDir = filepath.Join(tmp, "data")
		os.MkdirAll(shared.dataDir, 0o755)
		shared.ids = runnertest.PrepareCompetitions(t, shared.cat, shared.dataDir, 2)
		// The canary of the attack test: a file only the private
		// directories hold.
		for _, id := range shared.ids {
			c, _ := shared.cat.Lookup(id)
			os.WriteFile(filepath.Join(c.PathsIn(shared.dataDir).Private, "canary.txt"), []byte(needle+"\n"), 0o644)
		}
		shared.b.opt.DataHostPath = shared.dataDir
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	if shared.skip != "" {
		if os.Getenv(envRequire) == "1" {
			t.Fatalf("%s=1 but: %s", envRequire, shared.skip)
		}
		t.Skipf("no Kubernetes cluster: %s", shared.skip)
	}
}

var needle = func() string {
	var b [16]byte
	rand.Read(b[:])
	return "canary-" + hex.EncodeToString(b[:])
}()

func harness(t *testing.T) runnertest.Harness {
	t.Helper()
	setup(t)
	cfg := runner.ContainerConfig{MemLimit: 256 << 20, NanoCPUs: 250e6, ShmSize: 16 << 20, Network: "none"}
	return runnertest.Harness{Backend: shared.b, Catalog: shared.cat, DataDir: shared.dataDir, Agent: runnertest.DummyAgent(t),
		Competitions: shared.ids, Container: cfg}
}

func checkNoLeftovers(t *testing.T, group string) {
	t.Helper()
	p, n, err := shared.b.Leftovers(context.Background(), group)
	if err != nil || p != 0 || n != 0 {
		t.Errorf("run group %s left %d pods and %d network policies (%v)", group, p, n, err)
	}
}

func TestClusterSuite(t *testing.T) {
	runnertest.Suite(t, harness(t))
}

// TestClusterEndToEnd: the dummy agent on 2 competitions × 2 seeds with
// 2 workers; every submission grades, nothing is left in the namespace.
func TestClusterEndToEnd(t *testing.T) {
	h := harness(t)
	t0 := time.Now()
	res := runnertest.EndToEnd(t, h, t.TempDir(), nil)
	t.Logf("2 competitions × 2 seeds, 2 workers: %v", time.Since(t0).Round(time.Millisecond))
	checkNoLeftovers(t, res.Plan.RunGroup)
	for _, task := range res.Plan.Tasks {
		audit, err := os.ReadFile(filepath.Join(res.Plan.RunDir(task), runner.ServerDir, runner.AuditFile))
		if err != nil || !strings.Contains(string(audit), `"verdict":"valid"`) {
			t.Errorf("%s: audit %q, %v", task.RunID, audit, err)
		}
	}
}

func TestClusterAttacks(t *testing.T) {
	runnertest.Attacks(t, harness(t))
}

// hunterAgent is the answerhunt program as an agent.
func hunterAgent(t *testing.T) *agent.Agent {
	t.Helper()
	root := runnertest.RepoRoot(t)
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	df := "FROM scratch\nCOPY _mlebench/rootfs/ /\nCOPY answerhunt /home/agent/answerhunt\nWORKDIR /home\n"
	if err := os.WriteFile(filepath.Join(dir, "Dockerfile"), []byte(df), 0o644); err != nil {
		t.Fatal(err)
	}
	agentsDir := filepath.Join(root, "agents")
	rel, _ := filepath.Rel(agentsDir, filepath.Join(dir, "Dockerfile"))
	return &agent.Agent{
		ID: "answerhunt", Name: "mlebench-answerhunt", Dockerfile: rel,
		Command:   []string{"/home/agent/answerhunt"},
		Binaries:  []agent.Binary{{Name: "answerhunt", Package: "./internal/runner/kubernetes/answerhunt"}},
		EnvVars:   []agent.Param{{Key: "HUNT_NEEDLE_HEX", Value: agent.Value{Kind: agent.Str, Text: hex.EncodeToString([]byte(needle))}}},
		AgentsDir: agentsDir, ConfigDir: dir,
	}
}

// runOne runs a one-run group of a with the runner and returns its run
// directory, status and run.log.
func runOne(t *testing.T, b *Backend, a *agent.Agent, tune func(*runner.Config, *runner.Runner), during ...func(*runner.Plan)) (string, *runner.Status, string, *runner.Plan) {
	t.Helper()
	h := harness(t)
	cfg := runner.Config{AgentID: a.ID, AgentName: a.Name, CompetitionIDs: h.Competitions[:1], Seeds: 1,
		TimeLimit: runner.Duration(3 * time.Minute), Container: h.Container}
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: a, Backend: b, HomeFiles: runnertest.HomeFiles(t)}
	if tune != nil {
		tune(&cfg, r)
	}
	plan, err := runner.NewPlan(t.TempDir(), cfg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	for _, f := range during {
		wg.Add(1)
		go func() { defer wg.Done(); f(plan) }()
	}
	defer wg.Wait()
	if _, err := r.Execute(ctx, plan); err != nil {
		t.Fatalf("Execute: %v", err)
	}
	dir := plan.RunDir(plan.Tasks[0])
	st, err := runner.ReadStatus(dir)
	if err != nil {
		t.Fatal(err)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "run.log"))
	return dir, st, string(log), plan
}

// TestClusterAnswerHunt: an agent that searches its file system, the
// processes it can see and the API for the answers (a canary planted in
// the private directory) or a token finds nothing; the same agent with
// the answers mounted (the defence removed) finds them, so the test can
// fail.
func TestClusterAnswerHunt(t *testing.T) {
	setup(t)
	a := hunterAgent(t)
	_, st, log, plan := runOne(t, shared.b, a, nil)
	t.Logf("status %+v\n%s", st, log)
	if !strings.Contains(log, "hunt: found nothing") || strings.Contains(log, "hunt: FOUND") {
		t.Errorf("the hunter found something:\n%s", log)
	}
	if !strings.Contains(log, "hunt: scanned") {
		t.Errorf("the hunter did not run:\n%s", log)
	}
	checkNoLeftovers(t, plan.RunGroup)

	lo := shared.b.opt
	lo.exposeAnswers, lo.api = true, shared.b.api
	leaky, err := New(lo)
	if err != nil {
		t.Fatal(err)
	}
	shared.b.mu.Lock()
	leaky.pinged, leaky.server = true, true
	for k, v := range shared.b.prepared {
		leaky.prepared[k] = v
	}
	shared.b.mu.Unlock()
	_, _, log, _ = runOne(t, leaky, a, nil)
	if !strings.Contains(log, "hunt: FOUND the needle in /home/exposed/canary.txt") {
		t.Errorf("with the answers mounted the hunter did not find them:\n%s", log)
	}
}

// TestClusterTimeLimitKillsPod: the harness's time limit stops the agent,
// the outputs written before it are collected, and the pod is deleted.
func TestClusterTimeLimitKillsPod(t *testing.T) {
	setup(t)
	a := runnertest.DummyAgent(t)
	a.EnvVars = append(a.EnvVars, agent.Param{Key: "DUMMY_SLEEP", Value: agent.Value{Kind: agent.Str, Text: "1h"}})
	t0 := time.Now()
	dir, st, log, plan := runOne(t, shared.b, a, func(c *runner.Config, _ *runner.Runner) { c.TimeLimit = runner.Duration(8 * time.Second) })
	if !st.TimedOut || st.State != runner.StateDone {
		t.Errorf("status %+v, want timed out\n%s", st, log)
	}
	if d := time.Since(t0); d > 2*time.Minute {
		t.Errorf("the run took %v with an 8 s limit", d)
	}
	if _, err := os.Stat(filepath.Join(dir, "submission", "submission.csv")); err != nil {
		t.Errorf("the submission written before the limit is missing: %v", err)
	}
	checkNoLeftovers(t, plan.RunGroup)
}

// TestClusterEvictedPodRetried: a pod evicted mid-run (Eviction API) is
// an infrastructure failure; the runner retries the run and it succeeds.
func TestClusterEvictedPodRetried(t *testing.T) {
	setup(t)
	a := runnertest.DummyAgent(t)
	a.EnvVars = append(a.EnvVars, agent.Param{Key: "DUMMY_SLEEP", Value: agent.Value{Kind: agent.Str, Text: "6s"}})
	var evicted []string
	// The Eviction API (policy/v1) is not in the backend's client: the
	// test evicts with a typed clientset on the same client config.
	rapi, ok := shared.b.api.(*restAPI)
	if !ok {
		t.Fatalf("the backend's client is a %T", shared.b.api)
	}
	cli, err := k8s.NewForConfig(rapi.config)
	if err != nil {
		t.Fatal(err)
	}
	_, st, log, plan := runOne(t, shared.b, a, func(c *runner.Config, r *runner.Runner) { r.Retries = 1 }, func(plan *runner.Plan) {
		deadline := time.Now().Add(4 * time.Minute)
		for time.Now().Before(deadline) {
			pods, _ := shared.b.PodsOf(context.Background(), plan.RunGroup)
			for _, p := range pods {
				if cs := containerStatus(&p, ContainerAgent); cs != nil && cs.State.Running != nil {
					ev := &policyv1.Eviction{ObjectMeta: metav1.ObjectMeta{Name: p.Name, Namespace: shared.b.opt.Namespace}}
					if err := cli.CoreV1().Pods(shared.b.opt.Namespace).EvictV1(context.Background(), ev); err != nil {
						t.Errorf("evicting %s: %v", p.Name, err)
					}
					evicted = append(evicted, p.Name)
					return
				}
			}
			time.Sleep(200 * time.Millisecond)
		}
	})
	t.Logf("status %+v", st)
	if len(evicted) != 1 {
		t.Fatalf("evicted %v", evicted)
	}
	if st.State != runner.StateDone || st.ExitCode == nil || *st.ExitCode != 0 || len(st.InfraFailures) != 1 || st.Attempts != 2 {
		t.Errorf("status after the eviction: %+v\n%s", st, log)
	}
	checkNoLeftovers(t, plan.RunGroup)
}

// TestClusterKilledHarnessResumes: a harness process killed (SIGKILL)
// while its pods run leaves them behind; the resumed run group reaps
// them, finishes every run once and leaves nothing.
func TestClusterKilledHarnessResumes(t *testing.T) {
	h := harness(t)
	a := runnertest.DummyAgent(t)
	cfg := runner.Config{AgentID: a.ID, AgentName: a.Name, CompetitionIDs: h.Competitions, Seeds: 1,
		TimeLimit: runner.Duration(5 * time.Minute), Container: h.Container}
	plan, err := runner.NewPlan(t.TempDir(), cfg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "MLEBENCH_K8S_CHILD_PLAN="+plan.Dir, "MLEBENCH_K8S_CHILD_DATA="+shared.dataDir,
		"MLEBENCH_K8S_CHILD_SERVER="+shared.serverB)
	out := &runnertest.Buffer{}
	child.Stdout, child.Stderr = out, out
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(4 * time.Minute)
	for {
		pods, _ := shared.b.PodsOf(context.Background(), plan.RunGroup)
		running := 0
		for _, p := range pods {
			if cs := containerStatus(&p, ContainerAgent); cs != nil && cs.State.Running != nil {
				running++
			}
		}
		if running == 2 {
			break
		}
		if time.Now().After(deadline) {
			child.Process.Kill()
			child.Wait()
			t.Fatalf("the child's pods did not run; its output:\n%s", out)
		}
		time.Sleep(300 * time.Millisecond)
	}
	child.Process.Kill()
	child.Wait()
	if pods, _ := shared.b.PodsOf(context.Background(), plan.RunGroup); len(pods) != 2 {
		t.Fatalf("%d pods after the kill, want the 2 orphans", len(pods))
	}
	loaded, err := runner.LoadPlan(plan.Dir)
	if err != nil {
		t.Fatal(err)
	}
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: h.Agent, Backend: shared.b, Workers: 2, HomeFiles: runnertest.HomeFiles(t)}
	res, err := r.Execute(context.Background(), loaded)
	if err != nil {
		t.Fatal(err)
	}
	if res.Ran != len(plan.Tasks) {
		t.Errorf("resume ran %d, want %d", res.Ran, len(plan.Tasks))
	}
	for _, task := range plan.Tasks {
		log, _ := os.ReadFile(filepath.Join(plan.RunDir(task), "run.log"))
		if n := strings.Count(string(log), "Run completed in"); n != 1 {
			t.Errorf("%s completed %d times", task.RunID, n)
		}
	}
	runnertest.CheckRunGroup(t, h, loaded)
	checkNoLeftovers(t, plan.RunGroup)
}

// childExecute is the killed harness of TestClusterKilledHarnessResumes:
// it executes the plan with an agent that sleeps an hour.
func childExecute(dir string) int {
	plan, err := runner.LoadPlan(dir)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	cat, err := competition.NewCatalog(competitions.All())
	if err != nil {
		fmt.Println(err)
		return 1
	}
	wd, _ := os.Getwd()
	root := wd
	for !fileExists(filepath.Join(root, "go.mod")) && root != "/" {
		root = filepath.Dir(root)
	}
	a, err := agent.Load(filepath.Join(root, "agents"), "dummy")
	if err != nil {
		fmt.Println(err)
		return 1
	}
	a.EnvVars = append(a.EnvVars, agent.Param{Key: "DUMMY_SLEEP", Value: agent.Value{Kind: agent.Str, Text: "1h"}})
	b, err := New(Options{ImagePullPolicy: "Never", DataHostPath: os.Getenv("MLEBENCH_K8S_CHILD_DATA"), Namespace: os.Getenv("MLEBENCH_K8S_NAMESPACE"),
		ServerBinary: os.Getenv("MLEBENCH_K8S_CHILD_SERVER"), ImageLoader: ctrLoader(ctrSocket())})
	if err != nil {
		fmt.Println(err)
		return 1
	}
	texts, err := agent.LoadTexts(filepath.Join(root, "..", "shared", "upstream"))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	r := &runner.Runner{Catalog: cat, DataDir: os.Getenv("MLEBENCH_K8S_CHILD_DATA"), Agent: a, Backend: b, Workers: 2, HomeFiles: texts.HomeFiles()}
	_, err = r.Execute(context.Background(), plan)
	fmt.Println("child Execute:", err)
	return 0
}

// TestClusterScale (MLEBENCH_K8S_SCALE=1): 24 short runs with 8
// workers; logs the harness's overhead per run (run duration minus the
// agent's own time) and the group's wall time.
func TestClusterScale(t *testing.T) {
	if os.Getenv("MLEBENCH_K8S_SCALE") != "1" {
		t.Skip("set MLEBENCH_K8S_SCALE=1 to run 24 runs with 8 workers")
	}
	h := harness(t)
	h.Container = runner.ContainerConfig{MemLimit: 128 << 20, NanoCPUs: 100e6, Network: "none"}
	cfg := runner.Config{AgentID: h.Agent.ID, AgentName: h.Agent.Name, CompetitionIDs: h.Competitions[:2], Seeds: 12,
		TimeLimit: runner.Duration(10 * time.Minute), Container: h.Container}
	plan, err := runner.NewPlan(t.TempDir(), cfg, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Write(); err != nil {
		t.Fatal(err)
	}
	r := &runner.Runner{Catalog: h.Catalog, DataDir: h.DataDir, Agent: h.Agent, Backend: shared.b, Workers: 8, Retries: 1, HomeFiles: runnertest.HomeFiles(t)}
	t0 := time.Now()
	res, err := r.Execute(context.Background(), plan)
	if err != nil {
		t.Fatal(err)
	}
	wall := time.Since(t0)
	var overhead, agentS, copyS []float64
	for _, s := range res.Statuses {
		if s.State != runner.StateDone {
			t.Errorf("%s: %s (%s)", s.RunID, s.State, s.Error)
		}
		overhead = append(overhead, s.DurationSeconds-s.AgentSeconds)
		agentS = append(agentS, s.AgentSeconds)
		copyS = append(copyS, s.CopyOutSeconds)
	}
	t.Logf("24 runs, 8 workers: wall %.1f s (%.2f s per run); agent seconds median %.1f; harness overhead per run (duration − agent) median %.1f s, p90 %.1f s, max %.1f s; copy-out median %.2f s",
		wall.Seconds(), wall.Seconds()/24, median(agentS), median(overhead), pct(overhead, 0.9), pct(overhead, 1), median(copyS))
	checkNoLeftovers(t, plan.RunGroup)
}

func median(x []float64) float64 { return pct(x, 0.5) }

func pct(x []float64, q float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := append([]float64(nil), x...)
	sort.Float64s(s)
	i := int(q * float64(len(s)-1))
	return s[i]
}
