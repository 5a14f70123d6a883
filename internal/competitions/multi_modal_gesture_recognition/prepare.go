package multi_modal_gesture_recognition

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/archive"
	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// copied are the raw archives copied to public/ under their own names.
var copied = []string{"training1.tar.gz", "training2.tar.gz", "training3.tar.gz",
	"validation1.tar.gz", "validation2.tar.gz", "validation3.tar.gz",
	"devel01-40.7z", "valid_all_files_combined.7z", "sample_code_mmrgc.zip"}

// Prepare makes training4's samples the test set.
func Prepare(ctx context.Context, d competition.Dirs) error {
	zips, err := topLevelZips(ctx, filepath.Join(d.Raw, "training4.tar.gz"))
	if err != nil {
		return err
	}
	var testIDs []string
	for _, name := range zips {
		stem := []rune(strings.TrimSuffix(name, archive.Suffix(name)))
		testIDs = append(testIDs, string(stem[max(0, len(stem)-4):]))
	}
	slices.Sort(testIDs)
	isTest := map[string]bool{}
	for _, id := range testIDs {
		isTest[id] = true
	}

	train, err := table.ReadFile(filepath.Join(d.Raw, "training.csv"), table.ReadOptions{Dtype: map[string]table.Kind{"Id": table.String, "Sequence": table.String}})
	if err != nil {
		return fmt.Errorf("reading raw training.csv: %w", err)
	}
	ids, ok := train.Col("Id")
	if !ok || !train.Has("Sequence") {
		return fmt.Errorf("raw training.csv: need columns Id and Sequence, got %v", train.Names())
	}
	var trainRows, testRows []int
	for i := range train.Len() {
		if !ids.IsNull(i) && isTest[ids.Text[i]] {
			testRows = append(testRows, i)
		} else {
			trainRows = append(trainRows, i)
		}
	}
	if len(trainRows) != train.Len()-len(testIDs) || len(testRows) != len(testIDs) {
		return fmt.Errorf("training.csv: %d rows match the %d test ids of training4.tar.gz (each test id must occur exactly once)",
			len(testRows), len(testIDs))
	}

	rng := pyrand.NewRandom(0)
	seqs := make([]string, len(testIDs))
	for k := range testIDs {
		perm, err := rng.Sample(20, 20)
		if err != nil {
			return err
		}
		var b strings.Builder
		for i, p := range perm {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(p + 1))
		}
		seqs[k] = b.String()
	}
	for _, out := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Public, "training.csv"), train.Take(trainRows)},
		{filepath.Join(d.Private, "test.csv"), train.Take(testRows)},
		{filepath.Join(d.Public, "test.csv"), table.MustNew(table.Strings("Id", testIDs))},
		{filepath.Join(d.Public, "randomPredictions.csv"), table.MustNew(table.Strings("Id", testIDs), table.Strings("Sequence", seqs))},
	} {
		if err := table.WriteFile(out.path, out.t, table.WriteOptions{}); err != nil {
			return err
		}
	}

	if err := copyFile(ctx, filepath.Join(d.Raw, "training4.tar.gz"), filepath.Join(d.Public, "test.tar.gz")); err != nil {
		return err
	}
	for _, name := range copied {
		if err := copyFile(ctx, filepath.Join(d.Raw, name), filepath.Join(d.Public, name)); err != nil {
			return err
		}
	}
	return nil
}

// topLevelZips returns the names matching *.zip directly inside the
// directory the tar.gz would unpack to, in no particular order, one per
// member path (a later member of the same name overwrites the earlier).
func topLevelZips(ctx context.Context, tarGz string) ([]string, error) {
	f, err := os.Open(tarGz)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", tarGz, err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", tarGz, err)
	}
	tr := tar.NewReader(zr)
	seen := map[string]bool{}
	var out []string
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", tarGz, err)
		}
		name := h.Name
		if path.IsAbs(name) || slices.Contains(strings.Split(name, "/"), "..") {
			return nil, fmt.Errorf("reading %s: member %q would unpack outside the folder", tarGz, name)
		}
		clean := path.Clean(name)
		if clean == "." {
			continue
		}
		// The first path component is an entry of the unpacked folder (a
		// file, or a directory holding deeper members).
		top, _, _ := strings.Cut(clean, "/")
		if matched, _ := path.Match("*.zip", top); matched && !seen[top] {
			seen[top] = true
			out = append(out, top)
		}
	}
	return out, nil
}

func copyFile(ctx context.Context, src, dst string) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	defer func() {
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("copying %s: %w", src, cerr)
		}
	}()
	if _, err := io.Copy(out, in); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return nil
}
