package runner_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/mlebench/mlebench/internal/runner"
)

// TestSeedEnv: an agent declaring seed_env gets its run's seed in that
// variable; other agents get the original's environment, unchanged.
func TestSeedEnv(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		want func(seed int) string
	}{
		{"fake:\n  start: fake/start.sh\n  dockerfile: fake/Dockerfile\n  seed_env: RUN_SEED\n  env_vars:\n    MODE: ok\n",
			func(seed int) string { return fmt.Sprintf("MODE=ok RUN_SEED=%d", seed) }},
		{"", func(int) string { return "MODE=ok" }},
	} {
		cat, data, a := fixture(t, tc.yaml)
		p := plan(t, a, 3, nil)
		seedOf := map[string]int{}
		for _, task := range p.Tasks {
			seedOf[task.RunID] = task.Seed
		}
		var mu sync.Mutex
		envs := map[string]string{}
		be := &fakeBackend{behave: func(spec *runner.Spec, n int) behaviour {
			mu.Lock()
			envs[spec.RunID] = strings.Join(spec.Env[1:], " ") // after COMPETITION_ID
			mu.Unlock()
			return behaviour{files: map[string]string{"submission/submission.csv": "id,y\n1,1\n"}}
		}}
		r := &runner.Runner{Catalog: cat, DataDir: data, Agent: a, Backend: be, Workers: 2}
		if _, err := r.Execute(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		if len(envs) != len(p.Tasks) {
			t.Fatalf("%d runs started, want %d", len(envs), len(p.Tasks))
		}
		for id, env := range envs {
			if want := tc.want(seedOf[id]); env != want {
				t.Errorf("%s (seed %d): env %q, want %q", id, seedOf[id], env, want)
			}
		}
	}
}
