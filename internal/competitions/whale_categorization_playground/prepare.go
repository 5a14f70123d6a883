package whale_categorization_playground

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// sampleID is the sample submission's constant prediction.
const sampleID = "new_whale w_1287fbc w_98baff9 w_7554f44 w_1eafe46"

func Prepare(ctx context.Context, d competition.Dirs) error {
	old, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if got := old.Names(); len(got) != 2 || got[0] != "Image" || got[1] != "Id" {
		return fmt.Errorf("assertion failed: raw train.csv must have exactly the columns Image, Id, got %v", got)
	}
	imgCol, _ := old.Col("Image")
	idCol, _ := old.Col("Id")
	n := old.Len()
	images := make([]string, n)
	ids := make([]string, n)
	for i := range n {
		images[i], ids[i] = imgCol.Str(i), idCol.Str(i)
	}

	// Group rows by Id in first-appearance order.
	var order []string
	groups := map[string][]int{}
	for i, id := range ids {
		if _, ok := groups[id]; !ok {
			order = append(order, id)
		}
		groups[id] = append(groups[id], i)
	}
	const undecided, train, test = 0, 1, 2
	split := make([]uint8, n)
	g := pyrand.NewGenerator(0)
	for _, id := range order {
		rows := groups[id]
		if len(rows) >= 2 {
			perm, err := pyrand.SampleN(len(rows), 2, false, 0)
			if err != nil {
				return fmt.Errorf("sampling Id %q: %w", id, err)
			}
			split[rows[perm[0]]] = train
			split[rows[perm[1]]] = test
			continue
		}
		if g.Random() >= 0.9 {
			split[rows[0]] = test
		} else {
			split[rows[0]] = train
		}
	}
	var remaining []int
	for i, s := range split {
		if s == undecided {
			remaining = append(remaining, i)
		}
	}
	trIdx, teIdx, err := pyrand.TrainTestSplit(len(remaining), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting the %d undecided rows: %w", len(remaining), err)
	}
	for _, p := range trIdx {
		split[remaining[p]] = train
	}
	for _, p := range teIdx {
		split[remaining[p]] = test
	}

	var trainRows, testRows []int
	trainIDs := map[string]bool{}
	for i, s := range split {
		if s == train {
			trainRows = append(trainRows, i)
			trainIDs[ids[i]] = true
		} else {
			testRows = append(testRows, i)
		}
	}
	col := func(rows []int, v func(i int) string) []string {
		out := make([]string, len(rows))
		for k, i := range rows {
			out[k] = v(i)
		}
		return out
	}
	img := func(i int) string { return images[i] }
	newTrain := table.MustNew(table.Strings("Image", col(trainRows, img)), table.Strings("Id", col(trainRows, func(i int) string { return ids[i] })))
	ansIDs := col(testRows, func(i int) string {
		if !trainIDs[ids[i]] {
			return "new_whale"
		}
		return ids[i]
	})
	answers := table.MustNew(table.Strings("Image", col(testRows, img)), table.Strings("Id", ansIDs))
	sample := table.MustNew(table.Strings("Image", col(testRows, img)), table.Strings("Id", col(testRows, func(int) string { return sampleID })))
	hasNew := false
	for _, id := range ansIDs {
		hasNew = hasNew || id == "new_whale"
	}
	if !hasNew {
		return fmt.Errorf("assertion failed: new_whale does not appear in the answers")
	}
	if len(trainRows)+len(testRows) != n {
		return fmt.Errorf("assertion failed: split sizes %d + %d != %d", len(trainRows), len(testRows), n)
	}
	for _, w := range []struct {
		path string
		t    *table.Table
	}{
		{filepath.Join(d.Private, "test.csv"), answers},
		{filepath.Join(d.Public, "train.csv"), newTrain},
		{filepath.Join(d.Public, "sample_submission.csv"), sample},
	} {
		if err := table.WriteFile(w.path, w.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(w.path), err)
		}
	}

	for _, part := range []struct {
		rows []int
		dir  string
	}{{trainRows, "train"}, {testRows, "test"}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		var names []string
		for _, i := range part.rows {
			name := images[i]
			if !imagecopy.SafeName(name) {
				return fmt.Errorf("image name %q is not a plain file name", name)
			}
			names = append(names, name)
		}
		if err := imagecopy.CopyNamed(ctx, filepath.Join(d.Raw, "train"), dst, names); err != nil {
			return err
		}
		count, err := imagecopy.CountJPG(dst)
		if err != nil {
			return err
		}
		if count != len(part.rows) {
			return fmt.Errorf("assertion failed: %d *.jpg files in public/%s, expected %d", count, part.dir, len(part.rows))
		}
	}
	return nil
}
