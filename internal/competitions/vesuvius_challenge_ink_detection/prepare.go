package vesuvius_challenge_ink_detection

import (
	"context"
	"fmt"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/table"
)

// skipped are fragment 3's files that are not copied to public/test/a.
var skipped = map[string]bool{"inklabels.png": true, "inklabels_rle.csv": true, "ir.png": true}

// Prepare is the original's prepare.py (spec "Prepare").
func Prepare(ctx context.Context, d competition.Dirs) error {
	for _, f := range []string{"1", "2"} {
		if err := copyTree(ctx, filepath.Join(d.Raw, "train", f), filepath.Join(d.Public, "train", f)); err != nil {
			return err
		}
	}
	frag := filepath.Join(d.Raw, "train", "3")
	raw, err := table.ReadFile(filepath.Join(frag, "inklabels_rle.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading train/3/inklabels_rle.csv: %w", err)
	}
	if raw.Len() != 1 {
		return fmt.Errorf("assertion failed: train/3/inklabels_rle.csv has %d rows, want 1", raw.Len())
	}
	f, err := os.Open(filepath.Join(frag, "ir.png"))
	if err != nil {
		return fmt.Errorf("assertion failed: train/3/ir.png: %w", err)
	}
	cfg, err := png.DecodeConfig(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("reading the size of train/3/ir.png: %w", err)
	}
	answers, err := raw.With(table.Ints("width", []int64{int64(cfg.Width)}))
	if err == nil {
		answers, err = answers.With(table.Ints("height", []int64{int64(cfg.Height)}))
	}
	if err == nil {
		answers, err = answers.With(table.Strings("Id", []string{"a"}))
	}
	if err != nil {
		return err
	}
	gold := answers.Drop("width", "height")
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "inklabels_rle.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Private, "gold_submission.csv"), Table: gold},
	); err != nil {
		return err
	}
	testDir := filepath.Join(d.Public, "test", "a")
	err = filepath.WalkDir(frag, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if e.IsDir() {
			return nil
		}
		name := e.Name()
		if s := suffix(name); s != ".png" && s != ".csv" && s != ".tif" {
			return fmt.Errorf("assertion failed: unexpected file type %q in train/3 (%s)", s, name)
		}
		if skipped[name] {
			return nil
		}
		rel, err := filepath.Rel(frag, p)
		if err != nil {
			return err
		}
		target := filepath.Join(testDir, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return copyFile(p, target)
	})
	if err != nil {
		return fmt.Errorf("copying fragment 3: %w", err)
	}
	sample, err := table.New(table.Strings("Id", []string{"a"}), table.Strings("Predicted", []string{"1 1 5 1"}))
	if err != nil {
		return err
	}
	if err := csvout.Write(csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample}); err != nil {
		return err
	}
	for _, c := range []struct {
		raw, public string
		minus       int
	}{
		{filepath.Join(d.Raw, "train", "1"), filepath.Join(d.Public, "train", "1"), 0},
		{filepath.Join(d.Raw, "train", "2"), filepath.Join(d.Public, "train", "2"), 0},
		{frag, testDir, 3},
	} {
		nr, err := countEntries(c.raw)
		if err != nil {
			return err
		}
		np, err := countEntries(c.public)
		if err != nil {
			return err
		}
		if np != nr-c.minus {
			return fmt.Errorf("assertion failed: %s holds %d entries, want %d", c.public, np, nr-c.minus)
		}
	}
	return nil
}

// suffix is pathlib's PurePath.suffix of a file name.
func suffix(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 || strings.Trim(name, ".") == "" {
		return ""
	}
	return name[i:]
}

// countEntries is len(list(dir.rglob("*"))): files and directories below
// dir.
func countEntries(dir string) (int, error) {
	n := -1 // dir itself
	err := filepath.WalkDir(dir, func(_ string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		n++
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("counting %s: %w", dir, err)
	}
	return n, nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying: %w", err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copying: %w", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copying %s: %w", src, err)
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return nil
}

// copyTree is shutil.copytree(src, dst).
func copyTree(ctx context.Context, src, dst string) error {
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("copying %s: %w", src, err)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return copyFile(p, target)
	})
}
