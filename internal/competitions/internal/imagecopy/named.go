package imagecopy

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
)

// CopyNamed copies the files names from srcDir into dstDir (created
// if missing), as a preparer's shutil.copy loop does. The copies run on all
// cores (package filecopy): which file is written first changes no byte. A
// name that is not a plain file name (a path, "..") is refused before
// anything is copied; ctx is checked between files.
func CopyNamed(ctx context.Context, srcDir, dstDir string, names []string) error {
	for _, name := range names {
		if !SafeName(name) {
			return fmt.Errorf("image %q is not a plain file name", name)
		}
	}
	if err := os.MkdirAll(dstDir, 0o755); err != nil {
		return err
	}
	jobs := make([]filecopy.Job, len(names))
	for i, name := range names {
		jobs[i] = filecopy.Job{Src: filepath.Join(srcDir, name), Dst: filepath.Join(dstDir, name)}
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return fmt.Errorf("copying image: %w", err)
	}
	return nil
}

// WithExt returns each id with ext appended.
func WithExt(ids []string, ext string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id + ext
	}
	return out
}
