package imagecopy

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// CopyNamed copies the files names from srcDir into dstDir (created
// if missing), in order, as a preparer's shutil.copy loop does. A name that
// is not a plain file name (a path, "..") is refused before anything is
// read; ctx is checked between files.
func CopyNamed(ctx context.Context, srcDir, dstDir string, names []string) error {
	if err := os.MkdirAll(dstDir, 0o755); err != nil {
		return err
	}
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !SafeName(name) {
			return fmt.Errorf("image %q is not a plain file name", name)
		}
		if err := CopyFile(filepath.Join(srcDir, name), filepath.Join(dstDir, name)); err != nil {
			return fmt.Errorf("copying image: %w", err)
		}
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
