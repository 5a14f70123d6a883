package docker_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moby/moby/api/pkg/stdcopy"
	"github.com/moby/moby/api/types/mount"
	"github.com/moby/moby/client"

	"github.com/mlebench/mlebench/internal/agent"
	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/docker"
	"github.com/mlebench/mlebench/internal/runner/runnertest"
)

// TestHelperVolume: the snapshot helper reaches unprivileged agent
// containers through one read-only volume per backend instead of a copy
// per container. Both runs of a group mount the same volume read-only;
// even root in an agent container cannot write to it (while it can write
// elsewhere: the check can fail); Close removes the volume.
func TestHelperVolume(t *testing.T) {
	b := backend(t)
	h := harnessWith(t, b)
	a := runnertest.DummyAgent(t)
	a.EnvVars = append(a.EnvVars, agent.Param{Key: "DUMMY_SLEEP", Value: agent.Value{Kind: agent.Str, Text: "1h"}})
	if err := b.Prepare(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	argv, _ := a.Argv(nil)
	env, _ := a.Env(comp.ID, nil)
	group := "helper-volume-" + strings.ToLower(filepath.Base(filepath.Dir(t.TempDir())))
	cli, err := client.New(client.FromEnv)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	var volumes []string
	for _, run := range []string{"r1", "r2"} {
		spec := &runner.Spec{RunGroup: group, RunID: run, RunDir: t.TempDir(), Competition: comp, DataDir: h.DataDir, Agent: a,
			Argv: argv, Env: env, Container: h.Container, HomeFiles: runnertest.HomeFiles(t), Output: &runnertest.Buffer{}}
		sb, err := b.Start(ctx, spec)
		if err != nil {
			t.Fatal(err)
		}
		defer sb.Stop(context.Background())
		list, err := cli.ContainerList(ctx, client.ContainerListOptions{Filters: make(client.Filters).Add("label", docker.LabelRunGroup+"="+group).Add("label", docker.LabelRunID+"="+run).Add("label", docker.LabelRole+"=agent")})
		if err != nil || len(list.Items) != 1 {
			t.Fatalf("agent container of %s: %v, %d found", run, err, len(list.Items))
		}
		id := list.Items[0].ID
		ins, err := cli.ContainerInspect(ctx, id, client.ContainerInspectOptions{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range ins.Container.Mounts {
			if m.Destination == "/.mlebench" {
				found = true
				if m.Type != mount.TypeVolume || m.RW {
					t.Errorf("%s: /.mlebench is a %s mount, RW=%v; want a read-only volume", run, m.Type, m.RW)
				}
				volumes = append(volumes, m.Name)
			}
		}
		if !found {
			t.Fatalf("%s: no /.mlebench mount in the agent container", run)
		}
		// Root in the container: writing into the helper's directory fails,
		// the same command writing to /tmp works.
		if out, code := execIn(t, cli, id, "/.mlebench/mlebench", "dev", "fake-raw", "-c", comp.ID, "-o", "/tmp/raw", "--rows", "20"); code != 0 {
			t.Fatalf("%s: the control write to /tmp failed (%d): %s", run, code, out)
		}
		out, code := execIn(t, cli, id, "/.mlebench/mlebench", "dev", "fake-raw", "-c", comp.ID, "-o", "/.mlebench/raw", "--rows", "20")
		if code == 0 || !strings.Contains(out, "read-only file system") {
			t.Errorf("%s: root wrote into the helper volume (exit %d): %s", run, code, out)
		}
	}
	if volumes[0] != volumes[1] {
		t.Errorf("runs of one backend mount different helper volumes: %q", volumes)
	}
}

// TestHelperVolumeRemoved: Close removes the helper volume once the runs
// are stopped.
func TestHelperVolumeRemoved(t *testing.T) {
	b := backend(t)
	h := harnessWith(t, b)
	group := "helper-close-" + strings.ToLower(filepath.Base(filepath.Dir(t.TempDir())))
	comp, _ := h.Catalog.Lookup(h.Competitions[0])
	a := runnertest.DummyAgent(t)
	argv, _ := a.Argv(nil)
	env, _ := a.Env(comp.ID, nil)
	spec := &runner.Spec{RunGroup: group, RunID: "r1", RunDir: t.TempDir(), Competition: comp, DataDir: h.DataDir, Agent: a,
		Argv: argv, Env: env, Container: h.Container, HomeFiles: runnertest.HomeFiles(t), Output: &runnertest.Buffer{}}
	sb, err := b.Start(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if n := helperVolumesOf(t, group); n != 1 {
		t.Fatalf("%d helper volumes for the group, want 1", n)
	}
	if err := sb.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if n := helperVolumesOf(t, group); n != 0 {
		t.Errorf("%d helper volumes left after Close", n)
	}
}

func helperVolumesOf(t *testing.T, group string) int {
	t.Helper()
	cli, err := client.New(client.FromEnv)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	res, err := cli.VolumeList(context.Background(), client.VolumeListOptions{Filters: make(client.Filters).Add("label", docker.LabelRunGroup+"="+group).Add("label", docker.LabelRole+"=helper")})
	if err != nil {
		t.Fatal(err)
	}
	return len(res.Items)
}

// execIn runs argv as root in a running container and returns its
// combined output and exit code.
func execIn(t *testing.T, cli *client.Client, id string, argv ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ex, err := cli.ExecCreate(ctx, id, client.ExecCreateOptions{User: "0:0", Cmd: argv, AttachStdout: true, AttachStderr: true})
	if err != nil {
		t.Fatal(err)
	}
	att, err := cli.ExecAttach(ctx, ex.ID, client.ExecAttachOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	stdcopy.StdCopy(&out, &out, att.Reader)
	att.Close()
	ins, err := cli.ExecInspect(ctx, ex.ID, client.ExecInspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), ins.ExitCode
}
