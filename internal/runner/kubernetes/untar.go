package kubernetes

import (
	"archive/tar"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/runner"
	"github.com/mlebench/mlebench/internal/runner/kubernetes/podhelper"
)

// Limits on archive entry names (bytes, directory levels): longer or
// deeper entries are skipped.
const (
	maxNameLen = 3072
	maxDepth   = 256
)

// untar extracts the tar stream of `mlebench pod-helper tar` into dst
// (the docker backend's rules): only directories and regular files, never
// outside dst, never through a symlink; each regular file's size is
// reserved from budget (nil: no limit) before it is written, a file that
// does not fit is skipped with a note; entries the helper sent header-only
// (PAXSkipped: larger than the budget left) are noted without reading
// anything. It reports whether it stopped early (the skipped bytes it had
// to read past exceeded the cap).
func untar(r io.Reader, dst string, budget *runner.OutputBudget) (stopped bool, err error) {
	tr := tar.NewReader(r)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("reading archive: %w", err)
		}
		name := filepath.FromSlash(strings.TrimPrefix(hdr.Name, "/"))
		if !filepath.IsLocal(name) {
			continue
		}
		if len(name) > maxNameLen || strings.Count(name, string(filepath.Separator)) >= maxDepth {
			continue
		}
		target := filepath.Join(dst, name)
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return false, err
			}
		case tar.TypeReg:
			if s, ok := hdr.PAXRecords[podhelper.PAXSkipped]; ok {
				size, _ := strconv.ParseInt(s, 10, 64)
				if budget != nil {
					budget.Skip(filepath.ToSlash(name), size)
				}
				continue
			}
			if budget != nil && !budget.Reserve(hdr.Size) {
				budget.Skip(filepath.ToSlash(name), hdr.Size)
				if !budget.Discard(hdr.Size) {
					budget.Note(fmt.Sprintf("copy-out stopped at %s: the files skipped for the output cap are too large to read past", filepath.ToSlash(name)))
					return true, nil
				}
				continue
			}
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return false, err
			}
			if st, err := os.Lstat(target); err == nil && st.Mode()&os.ModeSymlink != 0 {
				continue
			}
			f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
			if err != nil {
				return false, err
			}
			_, err = io.CopyN(f, tr, hdr.Size)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return false, err
			}
		}
	}
}
