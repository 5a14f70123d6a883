package plant_seedlings_classification

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// sortedNames lists dir sorted by name (code point order).
func sortedNames(dir string) ([]os.DirEntry, error) {
	ents, err := os.ReadDir(dir) // sorted by file name (bytes = code points)
	if err != nil {
		return nil, err
	}
	return ents, nil
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	rawTrain := filepath.Join(d.Raw, "train")
	species, err := sortedNames(rawTrain)
	if err != nil {
		return fmt.Errorf("listing raw train/: %w", err)
	}
	var files, labels []string
	for _, sp := range species {
		info, err := os.Stat(filepath.Join(rawTrain, sp.Name())) // follows links, like os.path.isdir
		if err != nil || !info.IsDir() {
			continue
		}
		ents, err := sortedNames(filepath.Join(rawTrain, sp.Name()))
		if err != nil {
			return fmt.Errorf("listing raw train/%s: %w", sp.Name(), err)
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".png") {
				files = append(files, e.Name())
				labels = append(labels, sp.Name())
			}
		}
	}
	all := table.MustNew(table.Strings("file", files), table.Strings("species", labels))
	trainIdx, testIdx, err := pyrand.TrainTestSplit(all.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.14), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	train, test := all.Take(trainIdx), all.Take(testIdx)
	testFiles, _ := test.Col("file")
	trainFiles, _ := train.Col("file")
	beet := make([]string, test.Len())
	for i := range beet {
		beet[i] = "Sugar beet"
	}
	sample := table.MustNew(testFiles, table.Strings("species", beet))
	if train.Len()+test.Len() != all.Len() || sample.Len() != test.Len() {
		return fmt.Errorf("split sizes do not add up")
	}
	if !pandas.Disjoint(trainFiles, testFiles) {
		return fmt.Errorf("train and test file names overlap (a file name occurs under two species)")
	}
	if err := table.WriteFile(filepath.Join(d.Private, "answers.csv"), test, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing answers.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	trainSpecies, _ := train.Col("species")
	for _, sp := range slices.Compact(slices.Sorted(slices.Values(trainSpecies.Text))) {
		if err := os.MkdirAll(filepath.Join(d.Public, "train", sp), 0o755); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Join(d.Public, "test"), 0o755); err != nil {
		return err
	}
	trainJobs := make([]filecopy.Job, len(trainIdx))
	for k, i := range trainIdx {
		trainJobs[k] = filecopy.Job{Src: filepath.Join(rawTrain, labels[i], files[i]), Dst: filepath.Join(d.Public, "train", labels[i], files[i])}
	}
	if err := filecopy.Run(ctx, trainJobs); err != nil {
		return fmt.Errorf("copying train image: %w", err)
	}
	testJobs := make([]filecopy.Job, len(testIdx))
	for k, i := range testIdx {
		testJobs[k] = filecopy.Job{Src: filepath.Join(rawTrain, labels[i], files[i]), Dst: filepath.Join(d.Public, "test", files[i])}
	}
	if err := filecopy.Run(ctx, testJobs); err != nil {
		return fmt.Errorf("copying test image: %w", err)
	}
	nTrain := 0
	for _, sp := range slices.Compact(slices.Sorted(slices.Values(trainSpecies.Text))) {
		m, err := filepath.Glob(filepath.Join(d.Public, "train", sp, "*.png"))
		if err != nil {
			return err
		}
		nTrain += len(m)
	}
	nTest, err := filepath.Glob(filepath.Join(d.Public, "test", "*.png"))
	if err != nil {
		return err
	}
	if nTrain != train.Len() || len(nTest) != test.Len() {
		return fmt.Errorf("public images: %d train and %d test, want %d and %d", nTrain, len(nTest), train.Len(), test.Len())
	}
	return nil
}
