package docker

import (
	"archive/tar"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
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
// names escape dst.
func untar(r io.Reader, dst string) error {
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
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}
