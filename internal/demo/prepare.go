package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/mlebench/mlebench/internal/competition"
)

// GeneratorVersion changes whenever generation would give different bytes
// for the same seed; prepared data stamped with another version is rebuilt.
const GeneratorVersion = 1

// DefaultSeed is the data seed `mlebench demo` uses.
const DefaultSeed uint64 = 2024

// PrepareOptions control [Prepare].
type PrepareOptions struct {
	Seed uint64
	// Force regenerates data even when a matching prepared copy exists.
	Force bool
	// KeepRaw keeps the generated raw files (DATA/<id>/raw; the images are
	// hard links shared with public/).
	KeepRaw bool
	// Rows overrides each competition's number of rows (train and test
	// together; 0 means the built-in size). Small values are for tests.
	Rows int
}

// PrepareResult describes one demo competition's data.
type PrepareResult struct {
	ID       string
	Reused   bool // the data was already prepared for this seed and version
	Teams    int
	Duration time.Duration
}

type stamp struct {
	Generator int    `json:"generator"`
	Seed      string `json:"seed"`
	Rows      int    `json:"rows,omitempty"`
}

const stampName = "demo.json"

// Prepare generates and prepares every demo competition under dataDir, in
// the same layout as a real competition (DATA/<id>/prepared/{public,private},
// description.md in public), plus DATA/<id>/leaderboard.csv, the simulated
// human leaderboard. The steps are those of a real prepare: a synthetic raw
// download (Impl.FakeRaw) into DATA/<id>/raw, the preparer (Impl.Prepare)
// into a temporary directory renamed into place when complete, then the
// leaderboard. Competitions already prepared for the same seed and
// generator version are reused. Competitions are prepared concurrently.
func Prepare(ctx context.Context, dataDir string, opt PrepareOptions) ([]PrepareResult, error) {
	results := make([]PrepareResult, len(specs))
	errs := make([]error, len(specs))
	var wg sync.WaitGroup
	for i, s := range specs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			reused, teams, err := prepareOne(ctx, s, dataDir, opt)
			results[i] = PrepareResult{ID: s.id, Reused: reused, Teams: teams, Duration: time.Since(start)}
			if err != nil {
				errs[i] = fmt.Errorf("preparing %s: %w", s.id, err)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return results, nil
}

func prepareOne(ctx context.Context, s *spec, dataDir string, opt PrepareOptions) (reused bool, teams int, err error) {
	info := s.info()
	paths := info.PathsIn(dataDir)
	want, _ := json.Marshal(stamp{Generator: GeneratorVersion, Seed: strconv.FormatUint(opt.Seed, 10), Rows: opt.Rows})
	stampPath := filepath.Join(paths.Root, stampName)
	lbPath := LeaderboardPath(dataDir, s.id)
	if !opt.Force {
		have, err := os.ReadFile(stampPath)
		if err == nil && bytes.Equal(have, want) && info.CheckPrepared(dataDir, false) == nil {
			if st, err := os.Stat(lbPath); err == nil && st.Mode().IsRegular() {
				return true, 0, nil
			}
		}
	}
	if err := os.MkdirAll(paths.Root, 0o755); err != nil {
		return false, 0, err
	}
	// Invalidate first, so an interrupted run never looks complete.
	for _, p := range []string{stampPath, lbPath, paths.Raw} {
		if err := os.RemoveAll(p); err != nil {
			return false, 0, err
		}
	}
	if err := s.impl.FakeRaw(paths.Raw, competition.FakeOptions{Seed: opt.Seed, Rows: opt.Rows}); err != nil {
		return false, 0, fmt.Errorf("generating raw data: %w", err)
	}
	tmp := filepath.Join(paths.Root, "prepared.tmp")
	if err := os.RemoveAll(tmp); err != nil {
		return false, 0, err
	}
	defer os.RemoveAll(tmp)
	dirs := competition.Dirs{Raw: paths.Raw, Public: filepath.Join(tmp, "public"), Private: filepath.Join(tmp, "private")}
	for _, d := range []string{dirs.Public, dirs.Private} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return false, 0, err
		}
	}
	if err := s.impl.Prepare(ctx, dirs); err != nil {
		return false, 0, fmt.Errorf("prepare: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dirs.Public, "description.md"), []byte(s.description), 0o644); err != nil {
		return false, 0, err
	}
	if err := ctx.Err(); err != nil {
		return false, 0, err
	}
	scores, err := simulateLeaderboard(s, opt.Seed, dirs)
	if err != nil {
		return false, 0, err
	}
	prepared := filepath.Dir(paths.Public)
	if err := os.RemoveAll(prepared); err != nil {
		return false, 0, err
	}
	if err := os.Rename(tmp, prepared); err != nil {
		return false, 0, err
	}
	if err := writeLeaderboard(lbPath, scores); err != nil {
		return false, 0, err
	}
	if !opt.KeepRaw {
		if err := os.RemoveAll(paths.Raw); err != nil {
			return false, 0, err
		}
	}
	if err := os.WriteFile(stampPath, want, 0o644); err != nil {
		return false, 0, err
	}
	return false, len(scores), nil
}
