package competitions

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/table"
)

// sharedCSVOut is one table a preparer writes with pandas'
// DataFrame.to_csv(path, index=False) defaults.
type sharedCSVOut struct {
	path string
	t    *table.Table
}

// sharedWriteCSVs writes the tables in order, each to a temporary file
// renamed into place (table.WriteFile); an error names the file.
func sharedWriteCSVs(outs ...sharedCSVOut) error {
	for _, o := range outs {
		if err := table.WriteFile(o.path, o.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
	}
	return nil
}

// sharedCopyNamed copies the files names from srcDir into dstDir (created
// if missing), in order, as a preparer's shutil.copy loop does. A name that
// is not a plain file name (a path, "..") is refused before anything is
// read; ctx is checked between files.
func sharedCopyNamed(ctx context.Context, srcDir, dstDir string, names []string) error {
	if err := os.MkdirAll(dstDir, 0o755); err != nil {
		return err
	}
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !sharedSafeName(name) {
			return fmt.Errorf("image %q is not a plain file name", name)
		}
		if err := sharedCopyFile(filepath.Join(srcDir, name), filepath.Join(dstDir, name)); err != nil {
			return fmt.Errorf("copying image: %w", err)
		}
	}
	return nil
}

// sharedWithExt returns each id with ext appended.
func sharedWithExt(ids []string, ext string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id + ext
	}
	return out
}
