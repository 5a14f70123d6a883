package siim_covid19_detection

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// studyLabels name the class columns after id, in order.
var studyLabels = []string{"negative", "typical", "indeterminate", "atypical"}

// Prepare is the original's prepare.py.
func Prepare(ctx context.Context, d competition.Dirs) error {
	studies, err := table.ReadFile(filepath.Join(d.Raw, "train_study_level.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_study_level.csv: %w", err)
	}
	studyID, ok := studies.Col("id")
	if !ok || studyID.Kind != table.String || studyID.HasNull() {
		return fmt.Errorf("raw train_study_level.csv: need a text id column")
	}
	cols := studies.Columns()
	if len(cols) < 2 || cols[0].Name != "id" {
		return fmt.Errorf("raw train_study_level.csv: id must be followed by the class columns")
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(studies.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting studies: %w", err)
	}
	trainStudies := sortedBy(studies.Take(trainIdx), "id")
	testStudies := sortedBy(studies.Take(testIdx), "id")
	if err := csvout.Write(csvout.File{Path: filepath.Join(d.Public, "train_study_level.csv"), Table: trainStudies}); err != nil {
		return err
	}

	images, err := table.ReadFile(filepath.Join(d.Raw, "train_image_level.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_image_level.csv: %w", err)
	}
	_, ok1 := images.Col("id")
	imgStudy, ok2 := images.Col("StudyInstanceUID")
	_, ok3 := images.Col("label")
	if !ok1 || !ok2 || !ok3 {
		return fmt.Errorf("raw train_image_level.csv: need columns id, label and StudyInstanceUID, got %v", images.Names())
	}
	if imgStudy.Kind != table.String || imgStudy.Mixed != nil || imgStudy.HasNull() {
		return fmt.Errorf("raw train_image_level.csv: StudyInstanceUID must be text (+ \"_study\" fails otherwise)")
	}
	inTrain, inTest := idSet(trainStudies), idSet(testStudies)
	var trainImg, testImg []int
	for i := 0; i < images.Len(); i++ {
		s := imgStudy.Str(i) + "_study"
		if inTrain[s] {
			trainImg = append(trainImg, i)
		}
		if inTest[s] {
			testImg = append(testImg, i)
		}
	}
	if len(trainImg)+len(testImg) != images.Len() {
		return fmt.Errorf("assertion failed: %d of %d images belong to no split study", images.Len()-len(trainImg)-len(testImg), images.Len())
	}
	trainImages := sortedBy(images.Take(trainImg), "id")
	testImages := sortedBy(images.Take(testImg), "id")
	if err := csvout.Write(csvout.File{Path: filepath.Join(d.Public, "train_image_level.csv"), Table: trainImages}); err != nil {
		return err
	}

	for _, part := range []struct {
		dir string
		t   *table.Table
	}{{"train", trainStudies}, {"test", testStudies}} {
		ids, _ := part.t.Col("id")
		var jobs []filecopy.Job
		for i := 0; i < ids.Len(); i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			study := strings.Replace(ids.Str(i), "_study", "", -1)
			if study == "" || study == "." || study == ".." || strings.ContainsAny(study, `/\`) {
				return fmt.Errorf("study id %q is not a folder name", ids.Str(i))
			}
			dst := filepath.Join(d.Public, part.dir, study)
			if _, err := os.Lstat(dst); err == nil {
				return fmt.Errorf("copying study %s: [Errno 17] File exists: %s", study, dst)
			}
			j, err := treeJobs(filepath.Join(d.Raw, "train", study), dst)
			if err != nil {
				return err
			}
			jobs = append(jobs, j...)
		}
		if err := filecopy.Run(ctx, jobs); err != nil {
			return err
		}
		n, err := globCount(filepath.Join(d.Public, part.dir))
		if err != nil {
			return err
		}
		if n != ids.Len() {
			return fmt.Errorf("assertion failed: %d entries in public/%s, expected %d", n, part.dir, ids.Len())
		}
	}

	// Answers and sample: test studies, then test images.
	var ansIDs, ansPS, samplePS []string
	tsID, _ := testStudies.Col("id")
	classCols := testStudies.Columns()[1:]
	for i := 0; i < testStudies.Len(); i++ {
		best, bestV := -1, 0.0
		for k, c := range classCols {
			v, ok := c.Float(i)
			if !ok {
				return fmt.Errorf("study %s: class column %s is not numeric", tsID.Str(i), c.Name)
			}
			// numpy argmax: the first maximum, NaN counting as the maximum
			if best < 0 || (bestV == bestV && (v != v || v > bestV)) {
				best, bestV = k, v
			}
		}
		if best >= len(studyLabels) {
			return fmt.Errorf("study %s: argmax column %d has no label", tsID.Str(i), best)
		}
		ansIDs = append(ansIDs, tsID.Str(i))
		ansPS = append(ansPS, studyLabels[best]+" 1 0 0 1 1")
		samplePS = append(samplePS, "negative 1 0 0 1 1")
	}
	tiID, _ := testImages.Col("id")
	tiLabel, _ := testImages.Col("label")
	for i := 0; i < testImages.Len(); i++ {
		ansIDs = append(ansIDs, tiID.Str(i))
		ansPS = append(ansPS, tiLabel.Str(i))
		samplePS = append(samplePS, "none 1 0 0 1 1")
	}
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: table.MustNew(table.Strings("id", ansIDs), table.Strings("PredictionString", ansPS))},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: table.MustNew(table.Strings("id", ansIDs), table.Strings("PredictionString", samplePS))},
	)
}

// sortedBy is t.sort_values(col).
func sortedBy(t *table.Table, col string) *table.Table {
	c, _ := t.Col(col)
	return t.Take(pandas.SortIndex(c))
}

func idSet(t *table.Table) map[string]bool {
	c, _ := t.Col("id")
	out := map[string]bool{}
	for i := 0; i < c.Len(); i++ {
		out[c.Str(i)] = true
	}
	return out
}

// treeJobs creates dst and the folders of the tree src (as copytree
// does) and returns the copies of its files. A missing src is an error.
func treeJobs(src, dst string) ([]filecopy.Job, error) {
	var jobs []filecopy.Job
	err := filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case e.IsDir():
			return os.MkdirAll(target, 0o755)
		case e.Type().IsRegular():
			jobs = append(jobs, filecopy.Job{Src: path, Dst: target})
			return nil
		default:
			return fmt.Errorf("%s: not a regular file or folder", path)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("copying study folder %s: %w", src, err)
	}
	return jobs, nil
}

// globCount is len(glob(dir/*)): the entries whose name does not start
// with ".".
func globCount(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("listing %s: %w", dir, err)
	}
	n := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			n++
		}
	}
	return n, nil
}
