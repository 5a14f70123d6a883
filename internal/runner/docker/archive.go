package docker

import (
	"archive/tar"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/runner"
)

// Limits on archive entry names (bytes, directory levels): longer or
// deeper entries are skipped.
const (
	maxNameLen = 3072
	maxDepth   = 256
)

// untar extracts a Docker archive stream into dst. Only directories and
// regular files are written; symlinks, hard links and devices are skipped
// (a link could point outside the run directory), as are entries whose
// names escape dst. Each regular file's size is reserved from budget (nil:
// no limit) before it is written; one that does not fit is skipped with a
// note, and once the skipped bytes the stream made us read exceed the
// cap, the rest of the stream is dropped (a huge sparse file cannot cost
// unbounded time either).
func untar(r io.Reader, dst string, budget *runner.OutputBudget) error {
	tr := tar.NewReader(r)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading archive: %w", err)
		}
		name := filepath.FromSlash(strings.TrimPrefix(hdr.Name, "/"))
		if !filepath.IsLocal(name) {
			continue
		}
		// Paths the host cannot create (an agent can nest directories
		// past PATH_MAX inside its container) are skipped: failing would
		// count as an infrastructure failure and earn the agent a retry.
		if len(name) > maxNameLen || strings.Count(name, string(filepath.Separator)) >= maxDepth {
			continue
		}
		target := filepath.Join(dst, name)
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if budget != nil && !budget.Reserve(hdr.Size) {
				budget.Skip(filepath.ToSlash(name), hdr.Size)
				if !budget.Discard(hdr.Size) {
					budget.Note(fmt.Sprintf("copy-out stopped at %s: the files skipped for the output cap are too large to read past", filepath.ToSlash(name)))
					return nil
				}
				continue
			}
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			// Never write through a symlink planted earlier.
			if st, err := os.Lstat(target); err == nil && st.Mode()&os.ModeSymlink != 0 {
				continue
			}
			f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
			if err != nil {
				return err
			}
			_, err = io.CopyN(f, tr, hdr.Size)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}
