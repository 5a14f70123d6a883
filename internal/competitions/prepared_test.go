package competitions

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
)

// prepared holds every competition with a fake-raw generator, prepared once
// per test binary from its seed-7 fake raw data, for the tests that need
// real answers and sample submissions of all of them (FuzzGraders,
// TestGradeSplit75SampleSubmissions). TestMain removes it.
var prepared struct {
	once sync.Once
	dir  string
	err  error            // the directory could not be made
	errs map[string]error // per competition id: fake-raw or prepare failed
}

func TestMain(m *testing.M) {
	code := m.Run()
	if prepared.dir != "" {
		os.RemoveAll(prepared.dir)
	}
	os.Exit(code)
}

// preparedData returns the data directory in which every competition with
// a fake-raw generator is prepared (DATA/<id>/prepared/{public,private}),
// preparing them on the first call, on every core.
func preparedData(tb testing.TB) string {
	tb.Helper()
	prepared.once.Do(prepareEverything)
	if prepared.err != nil {
		tb.Fatal(prepared.err)
	}
	return prepared.dir
}

// preparedErr is the error preparing id gave in preparedData's directory.
func preparedErr(id string) error { return prepared.errs[id] }

func prepareEverything() {
	dir, err := os.MkdirTemp("", "mlebench-competitions-test-")
	if err != nil {
		prepared.err = fmt.Errorf("prepared data directory: %w", err)
		return
	}
	prepared.dir = dir
	var impls []*competition.Impl
	for _, impl := range All() {
		if impl.FakeRaw != nil {
			impls = append(impls, impl)
		}
	}
	errs := make([]error, len(impls))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = prepareFake(impls[i], dir)
			}
		}()
	}
	for i := range impls {
		next <- i
	}
	close(next)
	wg.Wait()
	prepared.errs = map[string]error{}
	for i, impl := range impls {
		if errs[i] != nil {
			prepared.errs[impl.ID] = errs[i]
		}
	}
}

// prepareFake writes impl's seed-7 fake raw data under data and prepares it.
func prepareFake(impl *competition.Impl, data string) error {
	info, ok := factFor(impl.ID)
	if !ok {
		return fmt.Errorf("%s: no facts", impl.ID)
	}
	p := info.PathsIn(data)
	for _, d := range []string{p.Raw, p.Public, p.Private} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if err := impl.FakeRaw(p.Raw, competition.FakeOptions{Seed: 7}); err != nil {
		return fmt.Errorf("%s FakeRaw: %w", impl.ID, err)
	}
	if err := impl.Prepare(context.Background(), p.Dirs()); err != nil {
		return fmt.Errorf("%s Prepare: %w", impl.ID, err)
	}
	return nil
}
