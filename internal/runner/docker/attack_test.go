package docker_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/client"

	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/docker"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// TestAttacks runs the backend-independent copy-out attacks on Docker.
func TestAttacks(t *testing.T) {
	runnertest.Attacks(t, harness(t))
}

// TestAttackUploadFlood: the agent uploads 100 MiB of empty CSV cells to
// its validation server, then holds 8 uploads open at once. The server
// answers the flood invalid without growing (its container's peak memory
// is read from the engine where cgroup v1 reports it), turns the uploads
// beyond its slots away with 429, and runs under memory and pids limits.
// Before, the flood took the server to ~3.4 GiB.
func TestAttackUploadFlood(t *testing.T) {
	h := harness(t)
	a := runnertest.AttackerAgent(t, "upload-empty", "104857600")
	if err := h.Backend.(runner.Preparer).Prepare(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	argv, _ := a.Argv(nil)
	env, _ := a.Env(comp.ID, nil)
	out := &runnertest.Buffer{}
	runDir := t.TempDir()
	group := "flood-" + strings.ToLower(filepath.Base(filepath.Dir(runDir)))
	spec := &runner.Spec{RunGroup: group, RunID: "flood", RunDir: runDir, Competition: comp, DataDir: h.DataDir, Agent: a,
		Argv: argv, Env: env, Container: h.Container, Output: out, Outputs: runner.NewOutputBudget(0)}
	sb, err := h.Backend.Start(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Stop(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if code, err := sb.Wait(ctx); err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v\n%s", code, err, out)
	}
	t.Logf("agent output:\n%s", out)
	if !strings.Contains(out.String(), "attacker: empty cells: 200") || !strings.Contains(out.String(), "Submission invalid!") {
		t.Errorf("the flood was not answered invalid:\n%s", out)
	}
	if !strings.Contains(out.String(), "held upload: 429") {
		t.Errorf("no held upload was turned away with 429:\n%s", out)
	}

	cli, err := client.New(client.FromEnv)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	list, err := cli.ContainerList(ctx, client.ContainerListOptions{All: true, Filters: make(client.Filters).Add("label", docker.LabelRunGroup+"="+group).Add("label", docker.LabelRole+"=server")})
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("server container: %v, %d found", err, len(list.Items))
	}
	id := list.Items[0].ID
	ins, err := cli.ContainerInspect(ctx, id, client.ContainerInspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	hc := ins.Container.HostConfig
	if hc.Memory != docker.DefaultServerMemory || hc.PidsLimit == nil || *hc.PidsLimit != docker.DefaultServerPids {
		t.Errorf("server container limits: memory %d, pids %v", hc.Memory, hc.PidsLimit)
	}
	st, err := cli.ContainerStats(ctx, id, client.ContainerStatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Body.Close()
	var stats struct {
		MemoryStats struct {
			MaxUsage uint64 `json:"max_usage"`
			Usage    uint64 `json:"usage"`
		} `json:"memory_stats"`
	}
	if err := json.NewDecoder(st.Body).Decode(&stats); err != nil {
		t.Fatal(err)
	}
	t.Logf("server container memory: peak %.1f MiB, now %.1f MiB", float64(stats.MemoryStats.MaxUsage)/(1<<20), float64(stats.MemoryStats.Usage)/(1<<20))
	if stats.MemoryStats.MaxUsage == 0 {
		t.Logf("the engine reports no peak memory (cgroup v2); peak not checked")
	} else if stats.MemoryStats.MaxUsage > 256<<20 {
		t.Errorf("server container peaked at %d MiB for a 100 MiB flood of empty cells", stats.MemoryStats.MaxUsage>>20)
	}
}
