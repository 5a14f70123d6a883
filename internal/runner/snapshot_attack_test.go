package runner_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/runner"
)

// diskUsage sums the allocated bytes of the distinct files below dir
// (hard links count once).
func diskUsage(t *testing.T, dir string) (allocated, apparent int64) {
	t.Helper()
	seen := map[uint64]bool{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || !info.Mode().IsRegular() {
			return nil
		}
		st := info.Sys().(*syscall.Stat_t)
		if seen[st.Ino] {
			return nil
		}
		seen[st.Ino] = true
		allocated += st.Blocks * 512
		apparent += info.Size()
		return nil
	})
	return allocated, apparent
}

// TestAttackSparseSubmissionSnapshots: an agent rewrites a 48 MiB sparse
// submission.csv four times (each version different, costing it nothing
// on disk); snapshots must stay within their share of the run's output
// cap, skipped ones are reported, and repeated versions are stored once.
// Before the cap every version became 48 MiB of snapshot.
func TestAttackSparseSubmissionSnapshots(t *testing.T) {
	cat, data, a := fixture(t, "")
	const capBytes = 64 << 20
	p := plan(t, a, 1, func(c *runner.Config) {
		c.CompetitionIDs = testComps[:1]
		c.SnapshotInterval = runner.Duration(50 * time.Millisecond)
		c.MaxOutputBytes = capBytes
	})
	for _, fileReader := range []bool{false, true} {
		be := &fakeBackend{behave: func(spec *runner.Spec, n int) behaviour {
			return behaviour{fileReader: fileReader, run: func(home string) int {
				sub := filepath.Join(home, "submission", "submission.csv")
				os.MkdirAll(filepath.Dir(sub), 0o755)
				for i := 0; i < 4; i++ {
					f, _ := os.Create(sub + ".tmp")
					f.Truncate(48 << 20)
					f.WriteAt([]byte{byte('a' + i)}, 0)
					f.Close()
					os.Rename(sub+".tmp", sub)
					time.Sleep(250 * time.Millisecond)
				}
				// Small versions, one repeated: stored once. Snapshots are
				// named by whole elapsed seconds, so the versions are far
				// enough apart that a snapshot delayed by a loaded machine
				// cannot share its name with the next version's.
				for _, v := range []string{"x", "y", "x", "y"} {
					os.WriteFile(sub+".tmp", []byte(v), 0o644)
					os.Rename(sub+".tmp", sub)
					time.Sleep(1600 * time.Millisecond)
				}
				return 0
			}}
		}}
		r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be}
		sts, _ := p.Statuses()
		for _, st := range sts { // run the same plan again
			st.State = runner.StatePending
		}
		os.Remove(filepath.Join(p.Dir, runner.MetadataFile))
		for _, task := range p.Tasks {
			os.Remove(filepath.Join(p.RunDir(task), runner.StatusFile))
		}
		if _, err := r.Execute(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		dir := p.RunDir(p.Tasks[0])
		alloc, apparent := diskUsage(t, filepath.Join(dir, "snapshots"))
		t.Logf("FileReader %v: snapshots allocate %d bytes (apparent %d)", fileReader, alloc, apparent)
		if apparent > capBytes/4 {
			t.Errorf("FileReader %v: snapshots hold %d bytes, over a quarter of the %d-byte cap", fileReader, apparent, capBytes)
		}
		st, err := runner.ReadStatus(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(st.Warnings, "\n"), "Snapshot skipped") {
			t.Errorf("FileReader %v: no warning about skipped snapshots: %q", fileReader, st.Warnings)
		}
		snaps, _ := filepath.Glob(filepath.Join(dir, "snapshots", "*.csv"))
		inodes := map[uint64][]string{}
		for _, s := range snaps {
			var st syscall.Stat_t
			syscall.Stat(s, &st)
			b, _ := os.ReadFile(s)
			inodes[st.Ino] = append(inodes[st.Ino], string(b))
		}
		// Four versions were written; on a loaded machine a snapshot can be
		// late enough to share its whole-second name with the next one's,
		// so three snapshots are enough as long as a repeated version
		// shares its file.
		shared := false
		for _, v := range inodes {
			shared = shared || len(v) > 1
		}
		if len(snaps) < 3 || len(inodes) > 2 || !shared {
			t.Errorf("FileReader %v: %d snapshots in %d files (%v), want x and y stored once each", fileReader, len(snaps), len(inodes), inodes)
		}
	}
}

// TestSnapshotStallEndsWithAgent: a snapshot that hangs (a lease the
// agent holds on Docker) neither delays the end of the run nor outlives
// the agent. Before, a stalled snapshot held the run until the time limit.
func TestSnapshotStallEndsWithAgent(t *testing.T) {
	cat, data, a := fixture(t, "")
	p := plan(t, a, 1, func(c *runner.Config) {
		c.CompetitionIDs = testComps[:1]
		c.SnapshotInterval = runner.Duration(100 * time.Millisecond)
		c.TimeLimit = runner.Duration(time.Minute)
	})
	be := &fakeBackend{behave: func(spec *runner.Spec, n int) behaviour {
		return behaviour{stallWhileRunning: true, run: func(home string) int {
			os.MkdirAll(filepath.Join(home, "submission"), 0o755)
			os.WriteFile(filepath.Join(home, "submission", "submission.csv"), []byte("id\n"), 0o644)
			time.Sleep(time.Second)
			return 0
		}}
	}}
	r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be}
	t0 := time.Now()
	if _, err := r.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(t0); d > 10*time.Second {
		t.Errorf("the run took %v: a stalled snapshot held it", d)
	}
	st, _ := runner.ReadStatus(p.RunDir(p.Tasks[0]))
	if st.TimedOut || st.ExitCode == nil || *st.ExitCode != 0 || st.AgentSeconds <= 0 || st.AgentSeconds > 5 {
		t.Errorf("status %+v", st)
	}
}
