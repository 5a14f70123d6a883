package rsna_2022_cervical_spine_fracture_detection

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

const trainRatio = 0.1

var (
	valueColumns = []string{"patient_overall", "C1", "C2", "C3", "C4", "C5", "C6", "C7"}
	bboxColumns  = []string{"StudyInstanceUID", "x", "y", "width", "height", "slice_number"}
)

// pyRound is Python's round() of a float64 to an int (half to even).
func pyRound(x float64) int { return int(math.RoundToEven(x)) }

// Prepare is the original's prepare.py.
func Prepare(ctx context.Context, d competition.Dirs) error {
	rng := pyrand.NewRandom(0)
	train, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	bbox, err := table.ReadFile(filepath.Join(d.Raw, "train_bounding_boxes.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train_bounding_boxes.csv: %w", err)
	}
	if !slices.Equal(train.Names(), append([]string{"StudyInstanceUID"}, valueColumns...)) {
		return fmt.Errorf("raw train.csv: columns %v, expected StudyInstanceUID, patient_overall, C1..C7", train.Names())
	}
	if !slices.Equal(bbox.Names(), bboxColumns) {
		return fmt.Errorf("raw train_bounding_boxes.csv: columns %v, expected %v", bbox.Names(), bboxColumns)
	}
	uidCol, _ := train.Col("StudyInstanceUID")
	if uidCol.Kind != table.String || uidCol.Mixed != nil || uidCol.HasNull() {
		return fmt.Errorf("raw train.csv: StudyInstanceUID must be non-missing text (uid + \"_\" fails otherwise)")
	}
	for _, c := range valueColumns {
		if col, _ := train.Col(c); col.Kind != table.Int64 {
			return fmt.Errorf("raw train.csv: %s must be integers", c)
		}
	}
	uids := make([]string, train.Len())
	for i := range uids {
		uids[i] = uidCol.Str(i)
	}
	numTrain := pyRound(float64(train.Len()) * trainRatio)

	bboxUID, _ := bbox.Col("StudyInstanceUID")
	bboxSet := map[string]bool{}
	var bboxIDs []string
	for i := 0; i < bbox.Len(); i++ {
		if bboxUID.IsNull(i) {
			return fmt.Errorf("raw train_bounding_boxes.csv: missing StudyInstanceUID")
		}
		if s := bboxUID.Str(i); !bboxSet[s] {
			bboxSet[s] = true
			bboxIDs = append(bboxIDs, s)
		}
	}
	slices.Sort(bboxIDs)
	nb := pyRound(float64(len(bboxIDs)) * trainRatio)

	entries, err := os.ReadDir(filepath.Join(d.Raw, "segmentations"))
	if err != nil {
		return fmt.Errorf("listing raw segmentations: %w", err)
	}
	var segIDs []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".nii") && !strings.HasPrefix(e.Name(), ".") {
			segIDs = append(segIDs, strings.TrimSuffix(e.Name(), ".nii"))
		}
	}
	slices.Sort(segIDs)
	ns := pyRound(float64(len(segIDs)) * trainRatio)
	segSet := map[string]bool{}
	for _, s := range segIDs {
		segSet[s] = true
	}

	var overlap []string
	for _, u := range bboxIDs {
		if segSet[u] {
			overlap = append(overlap, u)
		}
	}
	no := pyRound(float64(len(overlap)) * trainRatio)
	inOverlap := map[string]bool{}
	for _, u := range overlap {
		inOverlap[u] = true
	}
	sample := func(pop []string, k int, what string) ([]string, error) {
		idx, err := rng.Sample(len(pop), k)
		if err != nil {
			return nil, fmt.Errorf("sampling %d %s studies of %d: %w", k, what, len(pop), err)
		}
		out := make([]string, k)
		for i, j := range idx {
			out[i] = pop[j]
		}
		return out, nil
	}
	notIn := func(pop []string, set map[string]bool) []string {
		var out []string
		for _, u := range pop {
			if !set[u] {
				out = append(out, u)
			}
		}
		return out
	}
	newOverlap, err := sample(overlap, no, "overlap")
	if err != nil {
		return err
	}
	addSeg, err := sample(notIn(segIDs, inOverlap), ns-no, "segmentation-only")
	if err != nil {
		return err
	}
	addBbox, err := sample(notIn(bboxIDs, inOverlap), nb-no, "bounding-box-only")
	if err != nil {
		return err
	}
	newTrainIDs := slices.Concat(newOverlap, addSeg, addBbox)
	newBboxIDs := slices.Concat(newOverlap, addBbox)
	newSegIDs := slices.Concat(newOverlap, addSeg)
	chosen := map[string]bool{}
	for _, u := range newTrainIDs {
		chosen[u] = true
	}
	fill, err := sample(notIn(uids, chosen), numTrain-len(newTrainIDs), "fill")
	if err != nil {
		return err
	}
	for _, u := range fill {
		chosen[u] = true
	}
	newTrainIDs = append(newTrainIDs, fill...)

	var trainRows, testRows []int
	for i, u := range uids {
		if chosen[u] {
			trainRows = append(trainRows, i)
		} else {
			testRows = append(testRows, i)
		}
	}
	newBboxSet := map[string]bool{}
	for _, u := range newBboxIDs {
		newBboxSet[u] = true
	}
	var bboxRows []int
	for i := 0; i < bbox.Len(); i++ {
		if newBboxSet[bboxUID.Str(i)] {
			bboxRows = append(bboxRows, i)
		}
	}

	// Answers: melt over the value columns (outer) and test studies (inner).
	var aUID, aType, aRow []string
	var aFrac []int64
	for _, c := range valueColumns {
		col, _ := train.Col(c)
		for _, i := range testRows {
			aUID = append(aUID, uids[i])
			aType = append(aType, c)
			aFrac = append(aFrac, col.Ints[i])
			aRow = append(aRow, uids[i]+"_"+c)
		}
	}
	half := make([]float64, len(aRow))
	for i := range half {
		half[i] = 0.5
	}
	answers := table.MustNew(table.Strings("StudyInstanceUID", aUID), table.Strings("prediction_type", aType),
		table.Ints("fractured", aFrac), table.Strings("row_id", aRow))
	sampleSub := table.MustNew(table.Strings("row_id", aRow), table.Floats("fractured", half))
	test := table.MustNew(table.Strings("StudyInstanceUID", aUID), table.Strings("prediction_type", aType), table.Strings("row_id", aRow))
	publicTrain := train.Take(trainRows)
	if err := csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: publicTrain},
		csvout.File{Path: filepath.Join(d.Public, "train_bounding_boxes.csv"), Table: bbox.Take(bboxRows)},
		csvout.File{Path: filepath.Join(d.Private, "answers.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sampleSub},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: test},
	); err != nil {
		return err
	}
	if publicTrain.Len()+len(testRows) != train.Len() {
		return fmt.Errorf("assertion failed: %d train + %d test studies != %d", publicTrain.Len(), len(testRows), train.Len())
	}
	distinctTest := map[string]bool{}
	for _, i := range testRows {
		distinctTest[uids[i]] = true
	}
	if len(distinctTest)*8 != len(aRow) {
		return fmt.Errorf("assertion failed: %d test studies × 8 != %d answer rows", len(distinctTest), len(aRow))
	}
	for u := range distinctTest {
		if chosen[u] {
			return fmt.Errorf("assertion failed: study %s in both train and test", u)
		}
	}

	var segJobs []filecopy.Job
	for _, u := range newSegIDs {
		segJobs = append(segJobs, filecopy.Job{Src: filepath.Join(d.Raw, "segmentations", u+".nii"), Dst: filepath.Join(d.Public, "segmentations", u+".nii"), MkdirAll: true})
	}
	if err := os.MkdirAll(filepath.Join(d.Public, "segmentations"), 0o755); err != nil {
		return err
	}
	if err := filecopy.Run(ctx, segJobs); err != nil {
		return err
	}
	for _, part := range []struct {
		dir  string
		rows []int
	}{{"train_images", trainRows}, {"test_images", testRows}} {
		dst := filepath.Join(d.Public, part.dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
		var jobs []filecopy.Job
		for _, i := range part.rows {
			if err := ctx.Err(); err != nil {
				return err
			}
			u := uids[i]
			if u == "" || u == "." || u == ".." || strings.ContainsAny(u, `/\`) {
				return fmt.Errorf("study id %q is not a folder name", u)
			}
			j, err := treeJobs(filepath.Join(d.Raw, "train_images", u), filepath.Join(dst, u))
			if err != nil {
				return err
			}
			jobs = append(jobs, j...)
		}
		if err := filecopy.Run(ctx, jobs); err != nil {
			return err
		}
	}
	for _, c := range []struct {
		dir, suffix string
		want        int
	}{{"segmentations", ".nii", len(newSegIDs)}, {"train_images", "", len(trainRows)}, {"test_images", "", len(distinctTest)}} {
		n, err := globCount(filepath.Join(d.Public, c.dir), c.suffix)
		if err != nil {
			return err
		}
		if n != c.want {
			return fmt.Errorf("assertion failed: %d entries in public/%s, expected %d", n, c.dir, c.want)
		}
	}
	return nil
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

// globCount is len(glob(dir/*suffix)) (names starting with "." skipped).
func globCount(dir, suffix string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("listing %s: %w", dir, err)
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), suffix) && !strings.HasPrefix(e.Name(), ".") {
			n++
		}
	}
	return n, nil
}
