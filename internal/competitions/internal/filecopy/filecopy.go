// Package filecopy copies many files byte for byte on all cores, as the
// original's preparers do with loops of shutil.copy / shutil.copyfile over
// image lists. Which file is written when does not change any prepared
// byte, so the copies run concurrently on GOMAXPROCS workers, and memory
// stays bounded whatever the number of files (the kernel moves the bytes,
// with copy_file_range where available). The context is checked between
// files; the first error (in job order among the failures seen) stops the
// remaining work.
//
// Jobs that write the same destination keep the sequential loop's result:
// only the last of them copies (the others would be overwritten by it), and
// the earlier ones only check that their source can be opened, so that a
// missing source still fails as the loop would.
package filecopy

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
)

// Job copies Src to Dst. Dst's folder must exist unless MkdirAll is set
// (shutil.copy does not create folders: a missing one is an error).
type Job struct {
	Src, Dst string
	MkdirAll bool
}

// Run performs the jobs concurrently and returns the first error, wrapped
// with the file names, or ctx's error when it was cancelled.
func Run(ctx context.Context, jobs []Job) error {
	if len(jobs) == 0 {
		return ctx.Err()
	}
	last := make(map[string]int, len(jobs))
	for i, j := range jobs {
		last[filepath.Clean(j.Dst)] = i
	}
	workers := min(max(1, runtime.GOMAXPROCS(0)), len(jobs))
	var (
		next    atomic.Int64
		stop    atomic.Bool
		mu      sync.Mutex
		firstAt = len(jobs)
		first   error
		wg      sync.WaitGroup
	)
	fail := func(i int, err error) {
		mu.Lock()
		if i < firstAt {
			firstAt, first = i, err
		}
		mu.Unlock()
		stop.Store(true)
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					return
				}
				if err := ctx.Err(); err != nil {
					fail(i, err)
					return
				}
				j := jobs[i]
				if last[filepath.Clean(j.Dst)] != i {
					if err := checkSource(j.Src); err != nil {
						fail(i, fmt.Errorf("copying %s to %s: %w", j.Src, j.Dst, err))
						return
					}
					continue
				}
				if err := copyFile(j); err != nil {
					fail(i, fmt.Errorf("copying %s to %s: %w", j.Src, j.Dst, err))
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}

// batchSize is how many jobs [RunEach] holds at a time.
var batchSize = 4096

// RunEach performs n jobs made by job(0), …, job(n-1), in batches of a
// few thousand run as [Run] runs them, one batch after the other: memory
// holds one batch's names whatever n is. The result is the sequential
// loop's (a later job writing the same destination as an earlier one in
// another batch copies after it). job's error, or the first failing
// batch's error, stops the work.
func RunEach(ctx context.Context, n int, job func(i int) (Job, error)) error {
	jobs := make([]Job, 0, min(n, batchSize))
	for lo := 0; lo < n; lo += batchSize {
		jobs = jobs[:0]
		for i := lo; i < min(n, lo+batchSize); i++ {
			j, err := job(i)
			if err != nil {
				return err
			}
			jobs = append(jobs, j)
		}
		if err := Run(ctx, jobs); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// checkSource opens src as copyFile would, without copying it.
func checkSource(src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if fi, err := in.Stat(); err != nil {
		return err
	} else if fi.IsDir() {
		return fmt.Errorf("%s is a directory", src)
	}
	return nil
}

func copyFile(j Job) (err error) {
	if j.MkdirAll {
		if err := os.MkdirAll(filepath.Dir(j.Dst), 0o755); err != nil {
			return err
		}
	}
	in, err := os.Open(j.Src)
	if err != nil {
		return err
	}
	defer in.Close()
	if fi, err := in.Stat(); err != nil {
		return err
	} else if fi.IsDir() {
		return fmt.Errorf("%s is a directory", j.Src)
	}
	out, err := os.Create(j.Dst)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	_, err = io.Copy(out, in)
	return err
}
