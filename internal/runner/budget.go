package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
)

// DefaultMaxOutputBytes is the default cap on what one run writes to its
// run directory (outputs copied out plus snapshots): 2 GiB, room for the
// catalog's largest legitimate submission (about 258 MB) several times
// over, logs and code.
const DefaultMaxOutputBytes int64 = 2 << 30

// snapshotShare is the part of the cap snapshots may use (1/snapshotShare);
// the rest is kept for the outputs copied out at the end.
const snapshotShare = 4

// OutputBudget is a run's byte allowance for what is copied out of its
// sandbox. Backends reserve a file's full (apparent) size before writing
// any of it, so a sparse file is never expanded past the cap: a file that
// does not fit is skipped, not truncated, and a note says so. It is safe
// for concurrent use.
type OutputBudget struct {
	mu      sync.Mutex
	max     int64
	used    int64
	skipped int64 // bytes read from a stream only to be dropped
	notes   []string
}

// NewOutputBudget returns a budget of max bytes (max <= 0 means
// DefaultMaxOutputBytes).
func NewOutputBudget(max int64) *OutputBudget {
	if max <= 0 {
		max = DefaultMaxOutputBytes
	}
	return &OutputBudget{max: max}
}

// Max is the cap.
func (b *OutputBudget) Max() int64 { return b.max }

// Used is what has been reserved so far.
func (b *OutputBudget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Reserve takes n bytes if they are left and reports whether it did.
func (b *OutputBudget) Reserve(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n < 0 || n > b.max-b.used {
		return false
	}
	b.used += n
	return true
}

// Release gives back n bytes reserved earlier but not used.
func (b *OutputBudget) Release(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used = max(0, b.used-n)
}

// Skip records that name (size bytes) was not copied because it does not
// fit in what is left.
func (b *OutputBudget) Skip(name string, size int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.notes = append(b.notes, fmt.Sprintf("not copied out: %s (%d bytes; the run's output cap of %d bytes has %d left)", name, size, b.max, b.max-b.used))
}

// Note records a message about the copy-out (shown in run.log and
// status.json).
func (b *OutputBudget) Note(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.notes = append(b.notes, msg)
}

// Discard accounts for n bytes a stream forced the backend to read only to
// drop them (a skipped file inside an archive stream). It reports false
// once they exceed the cap: the backend should then stop reading the
// stream, so a huge sparse file costs bounded time too.
func (b *OutputBudget) Discard(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.skipped += n
	return b.skipped <= b.max
}

// Notes returns the notes so far and clears them.
func (b *OutputBudget) Notes() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := b.notes
	b.notes = nil
	return n
}

// ErrTooLarge is wrapped by [FileReader.ReadFile] when the file is larger
// than the limit asked for.
var ErrTooLarge = errors.New("file larger than the limit")

// FileReader is implemented by sandboxes that can read one file of the
// agent's /home while the agent runs without ever waiting on the agent: a
// lease, lock or FIFO planted by the agent makes the read fail (or ctx
// ends it), never block past ctx. Snapshots use it; sandboxes without it
// are snapshotted through CopyOut of the submission directory.
type FileReader interface {
	// ReadFile opens /home/<rel> for reading. It returns an error wrapping
	// ErrNotFound when there is no such regular file, and ErrTooLarge when
	// it has more than max bytes, before reading any of it; an error
	// wrapping context.Canceled when the sandbox is being stopped (the
	// snapshot is then dropped silently). size is the number of bytes the
	// reader yields.
	ReadFile(ctx context.Context, rel string, max int64) (r io.ReadCloser, size int64, err error)
}

// OpenNoWait opens the regular file at path for reading without following
// a final symlink and without waiting: O_NONBLOCK makes an open that would
// wait for a lease break fail with EWOULDBLOCK instead (the kernel then
// still breaks the lease), and a FIFO cannot block. It fails with
// ErrNotFound when path is not a regular file and ErrTooLarge when it has
// more than max bytes. For backends whose sandbox files are host paths;
// only the last component is protected against symlinks, so the caller
// must make sure the directories above it are not the agent's to swap.
func OpenNoWait(path string, max int64) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW|syscall.O_NOCTTY, 0)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ELOOP) {
			return nil, 0, fmt.Errorf("%s: %w", path, ErrNotFound)
		}
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("%s is not a regular file: %w", path, ErrNotFound)
	}
	if st.Size() > max {
		f.Close()
		return nil, 0, fmt.Errorf("%s has %d bytes: %w", path, st.Size(), ErrTooLarge)
	}
	return f, st.Size(), nil
}

// copyAtMost copies exactly n bytes from r to w, failing when r has fewer;
// it never writes more than n.
func copyAtMost(w io.Writer, r io.Reader, n int64) error {
	m, err := io.Copy(w, io.LimitReader(r, n))
	if err != nil {
		return err
	}
	if m != n {
		return fmt.Errorf("read %d of %d bytes", m, n)
	}
	return nil
}
