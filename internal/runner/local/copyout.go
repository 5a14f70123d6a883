//go:build linux

package local

import (
	"github.com/mlebench/mlebench/internal/runner"

	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// maxCopyDepth bounds the directory nesting copied out of a work tree;
// deeper entries are skipped (and reported), not treated as a failure of
// the sandbox.
const maxCopyDepth = 256

// copyOut copies the directory src, which the agent may be changing while
// the (root) runner copies it, to dst (created). It never follows a
// symlink and never opens anything but directories and regular files:
// every entry is opened relative to its parent directory's descriptor with
// O_NOFOLLOW (and O_NONBLOCK, so a FIFO cannot block it), and what the
// descriptor's fstat says, not what the directory listing said, decides
// whether it is copied. An agent swapping a file for a symlink to the
// answers between the listing and the open therefore gets nothing.
// Destination entries are created relative to descriptors too, so path
// length is no limit. Entries that are skipped (symlinks, special files,
// entries that vanished, nesting deeper than maxCopyDepth) are reported to
// note. src itself must not be a symlink.
//
// With a budget, each regular file's apparent size is reserved before any
// of it is written; a file that does not fit is skipped (never truncated,
// never expanded: a sparse file counts at its apparent size) and the budget
// records it.
func copyOut(src, dst string, note func(string), budget *runner.OutputBudget) error {
	sfd, err := unix.Open(src, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return &os.PathError{Op: "open", Path: src, Err: err}
	}
	defer unix.Close(sfd)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	dfd, err := unix.Open(dst, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return &os.PathError{Op: "open", Path: dst, Err: err}
	}
	defer unix.Close(dfd)
	c := &copier{note: note, budget: budget}
	return c.dir(sfd, dfd, src, 0)
}

type copier struct {
	note   func(string)
	budget *runner.OutputBudget
}

func (c *copier) skip(path, why string) {
	if c.note != nil {
		c.note(fmt.Sprintf("not copied out: %s (%s)", path, why))
	}
}

// dir copies the entries of the open directory sfd into the open directory
// dfd. path names sfd in messages only.
func (c *copier) dir(sfd, dfd int, path string, depth int) error {
	names, err := readDirNames(sfd)
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	for _, name := range names {
		p := filepath.Join(path, name)
		fd, err := unix.Openat(sfd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC|unix.O_NOCTTY, 0)
		switch {
		case err == nil:
		case errors.Is(err, unix.ELOOP):
			c.skip(p, "symlink")
			continue
		case errors.Is(err, unix.ENOENT):
			continue // removed since the listing
		case errors.Is(err, unix.ENXIO), errors.Is(err, unix.ENODEV), errors.Is(err, unix.EOPNOTSUPP):
			c.skip(p, "special file")
			continue
		default:
			return fmt.Errorf("opening %s: %w", p, err)
		}
		err = c.entry(fd, dfd, name, p, depth)
		unix.Close(fd)
		if err != nil {
			return err
		}
	}
	return nil
}

func (c *copier) entry(fd, dfd int, name, p string, depth int) error {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return fmt.Errorf("stat %s: %w", p, err)
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		if depth+1 > maxCopyDepth {
			c.skip(p, fmt.Sprintf("nested deeper than %d directories", maxCopyDepth))
			return nil
		}
		if err := unix.Mkdirat(dfd, name, 0o755); err != nil && !errors.Is(err, unix.EEXIST) {
			return fmt.Errorf("creating %s: %w", name, err)
		}
		sub, err := unix.Openat(dfd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			return fmt.Errorf("opening the copy of %s: %w", p, err)
		}
		defer unix.Close(sub)
		return c.dir(fd, sub, p, depth+1)
	case unix.S_IFREG:
		if c.budget != nil && !c.budget.Reserve(st.Size) {
			c.budget.Skip(p, st.Size)
			c.skip(p, fmt.Sprintf("%d bytes do not fit in what is left of the run's output cap", st.Size))
			return nil
		}
		perm := uint32(st.Mode&0o777) | 0o600
		out, err := unix.Openat(dfd, name, unix.O_WRONLY|unix.O_CREAT|unix.O_TRUNC|unix.O_NOFOLLOW|unix.O_CLOEXEC, perm)
		if err != nil {
			return fmt.Errorf("creating the copy of %s: %w", p, err)
		}
		dst := os.NewFile(uintptr(out), name) // owns out from here on
		infd := dupCloexec(fd)
		if infd < 0 {
			dst.Close()
			return fmt.Errorf("copying %s: cannot duplicate its descriptor", p)
		}
		in := os.NewFile(uintptr(infd), p)
		// At most the reserved size: a file the agent grows meanwhile (it is
		// stopped by now, but a budget must hold regardless) is cut there.
		_, err = io.Copy(dst, io.LimitReader(in, st.Size))
		in.Close()
		if cerr := dst.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("copying %s: %w", p, err)
		}
		return nil
	default:
		c.skip(p, "special file")
		return nil
	}
}

// dupCloexec duplicates fd so that the caller's descriptor stays its own.
func dupCloexec(fd int) int {
	n, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return -1
	}
	return n
}

// readDirNames lists the open directory fd (without changing fd's offset
// for later readers: it reads through a duplicate).
func readDirNames(fd int) ([]string, error) {
	d := dupCloexec(fd)
	if d < 0 {
		return nil, fmt.Errorf("dup: too many open files?")
	}
	f := os.NewFile(uintptr(d), "dir")
	defer f.Close()
	return f.Readdirnames(-1)
}
