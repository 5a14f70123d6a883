package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// Extracted is the set of archives a recursive extraction has already
// handled (the original keeps one such set per process). Share one value
// across [ExtractRecursive] calls to skip archives extracted earlier. The
// zero value is ready to use.
type Extracted struct {
	mu    sync.Mutex
	seen  map[string]bool
	bytes int64 // declared bytes extracted so far, for the shared budget
}

// add marks path and reports whether it was new.
func (e *Extracted) add(path string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.seen == nil {
		e.seen = map[string]bool{}
	}
	if e.seen[path] {
		return false
	}
	e.seen[path] = true
	return true
}

// Has reports whether path was extracted by a recursive extraction.
func (e *Extracted) Has(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.seen[abs]
}

// ExtractRecursive is the original's extract(..., recursive=True): it
// extracts archive into dest, then every compressed file (by
// [IsCompressed]) directly inside dest that done has not seen yet is
// extracted into dest (its own parent directory), recursively, in name
// order. As in the original, a compressed file that is neither .zip nor
// .7z (e.g. a .gz) makes the whole extraction fail with [ErrUnsupported].
// The size limits apply to each archive and, for MaxTotalBytes, to the sum
// over the whole recursion. done may be nil for a fresh set.
func ExtractRecursive(ctx context.Context, archive, dest string, opt Options, done *Extracted) error {
	if done == nil {
		done = &Extracted{}
	}
	abs, err := filepath.Abs(archive)
	if err != nil {
		return err
	}
	done.add(abs)
	return extractRecursive(ctx, abs, dest, opt, done)
}

func extractRecursive(ctx context.Context, archive, dest string, opt Options, done *Extracted) error {
	lim := opt.Limits.withDefaults()
	if lim.MaxTotalBytes > 0 {
		done.mu.Lock()
		left := lim.MaxTotalBytes - done.bytes
		done.mu.Unlock()
		if left <= 0 {
			return fmt.Errorf("%w: recursive extraction of %s exceeds %d bytes in total", ErrUnsafe, archive, lim.MaxTotalBytes)
		}
		opt.Limits.MaxTotalBytes = left
	}
	total, err := extract(ctx, archive, dest, opt)
	if err != nil {
		return err
	}
	done.mu.Lock()
	done.bytes += total
	done.mu.Unlock()
	entries, err := os.ReadDir(dest)
	if err != nil {
		return fmt.Errorf("extracting %s: %w", archive, err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	destAbs, err := filepath.Abs(dest)
	if err != nil {
		return err
	}
	for _, name := range names {
		p := filepath.Join(destAbs, name)
		if !IsCompressed(p) {
			continue
		}
		if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if !done.add(p) {
			continue
		}
		if err := extractRecursive(ctx, p, filepath.Dir(p), opt, done); err != nil {
			return err
		}
	}
	return nil
}
