package hotel_id_2021_fgvc8

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	imgCol, ok1 := old.Col("image")
	_, ok2 := old.Col("chain")
	if !ok1 || !ok2 || !old.Has("hotel_id") {
		return fmt.Errorf("raw train.csv: need columns image, chain and hotel_id, got %v", old.Names())
	}
	var keep []int
	for i := 0; i < old.Len(); i++ {
		if imgCol.IsNull(i) || imgCol.Str(i) != duplicate {
			keep = append(keep, i)
		}
	}
	df := old.Take(keep)
	trIdx, teIdx, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := df.Take(trIdx), df.Take(teIdx)
	testImg, _ := test.Col("image")
	consts := make([]string, test.Len())
	for i := range consts {
		consts[i] = sampleIDs
	}
	sample := table.MustNew(testImg, table.Strings("hotel_id", consts))
	if train.Len()+test.Len() != df.Len() {
		return fmt.Errorf("assertion failed: split sizes %d + %d != %d", train.Len(), test.Len(), df.Len())
	}
	if err := table.WriteFile(filepath.Join(d.Public, "train.csv"), train, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing train.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}

	names := map[string]bool{}
	var jobs []filecopy.Job
	for _, part := range []struct {
		t    *table.Table
		flat bool
	}{{train, false}, {test, true}} {
		img, _ := part.t.Col("image")
		chain, _ := part.t.Col("chain")
		for i := 0; i < part.t.Len(); i++ {
			name, ch := img.Str(i), chain.Str(i)
			if !imagecopy.SafeName(name) || !imagecopy.SafeName(ch) {
				return fmt.Errorf("image %q / chain %q is not a plain file name", name, ch)
			}
			dst := filepath.Join(d.Public, "train_images", ch, name)
			if part.flat {
				dst = filepath.Join(d.Public, "test_images", name)
				if names[name] {
					return fmt.Errorf("assertion failed: image %s is in both train and test", name)
				}
			} else {
				names[name] = true
			}
			jobs = append(jobs, filecopy.Job{Src: filepath.Join(d.Raw, "train_images", ch, name), Dst: dst, MkdirAll: true})
		}
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return fmt.Errorf("copying image: %w", err)
	}
	if test.Len() == 0 {
		if err := os.MkdirAll(filepath.Join(d.Public, "test_images"), 0o755); err != nil {
			return err
		}
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), test, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing test.csv: %w", err)
	}
	return nil
}
