package plant_pathology_2020_fgvc7

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return err
	}
	train, test, err := split(df.Len())
	if err != nil {
		return err
	}
	if !pandas.SameNameSet(df.Names(), columns) {
		return fmt.Errorf("train.csv columns %v, expected the set %v", df.Names(), columns)
	}
	newTrain, answers := df.Take(train), df.Take(test)
	oldIDs, _ := df.Col("image_id")

	// Mapping: unique ids in order, Train_k then Test_k; the test mapping is
	// merged last.
	mapping := map[any]string{}
	for _, part := range []struct {
		rows   []int
		prefix string
	}{{train, "Train_"}, {test, "Test_"}} {
		seen := map[any]bool{}
		k := 0
		for _, r := range part.rows {
			key, ok := pandas.CellKey(oldIDs, r)
			if !ok || seen[key] {
				continue // a float NaN never equals itself; unique() keeps one NaN
			}
			seen[key] = true
			mapping[key] = fmt.Sprintf("%s%d", part.prefix, k)
			k++
		}
	}
	rename := func(t *table.Table, rows []int) (*table.Table, error) {
		ids := make([]string, len(rows))
		for i, r := range rows {
			key, ok := pandas.CellKey(oldIDs, r)
			newID, found := mapping[key]
			if !ok || !found {
				return nil, fmt.Errorf("image id %s has no new name", oldIDs.Str(r))
			}
			ids[i] = newID
		}
		return t.With(table.Strings("image_id", ids))
	}
	if newTrain, err = rename(newTrain, train); err != nil {
		return err
	}
	if answers, err = rename(answers, test); err != nil {
		return err
	}
	newIDs, _ := answers.Col("image_id")
	newTest := table.MustNew(newIDs)
	quarter := make([]float64, answers.Len())
	for i := range quarter {
		quarter[i] = 0.25
	}
	sampleCols := []*table.Column{newIDs}
	for _, c := range classes {
		sampleCols = append(sampleCols, table.Floats(c, quarter))
	}
	sample := table.MustNew(sampleCols...)

	images := filepath.Join(d.Public, "images")
	if err := os.MkdirAll(images, 0o755); err != nil {
		return err
	}
	var jobs []filecopy.Job
	for r := 0; r < df.Len(); r++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		old := oldIDs.Str(r)
		if !strings.HasPrefix(old, "Train_") || oldIDs.IsNull(r) {
			return fmt.Errorf("image id %q does not start with Train_", old)
		}
		src := filepath.Join(d.Raw, "images", old+".jpg")
		if !imagecopy.SafeName(old + ".jpg") {
			return fmt.Errorf("image id %q is not a plain file name", old)
		}
		key, _ := pandas.CellKey(oldIDs, r)
		jobs = append(jobs, filecopy.Job{Src: src, Dst: filepath.Join(images, mapping[key]+".jpg")})
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return fmt.Errorf("copying image: %w", err)
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "test.csv"), answers},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
		{filepath.Join(d.Public, "test.csv"), newTest},
		{filepath.Join(d.Public, "train.csv"), newTrain},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return err
		}
	}
	return nil
}
