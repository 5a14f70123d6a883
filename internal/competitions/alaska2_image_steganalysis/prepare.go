package alaska2_image_steganalysis

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/filecopy"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// testSize is the literal test_size of the split and of two asserts.
const testSize = 5000

// stegoAlgs are the stego folders, in the order prepare copies them and
// random.choice draws from them.
var stegoAlgs = []string{"JMiPOD", "JUNIWARD", "UERD"}

// Prepare writes public/{Cover,JMiPOD,JUNIWARD,UERD}/<k:05d>.jpg (train),
// public/Test/<i:04d>.jpg, public/sample_submission.csv and
// private/test.csv.
func Prepare(ctx context.Context, d competition.Dirs) error {
	covers, err := globJPG(filepath.Join(d.Raw, "Cover"))
	if err != nil {
		return err
	}
	train, test, err := plan(len(covers))
	if err != nil {
		return err
	}
	for _, sub := range append([]string{"Cover", "Test"}, stegoAlgs...) {
		if err := os.MkdirAll(filepath.Join(d.Public, sub), 0o755); err != nil {
			return err
		}
	}
	jobs := make([]filecopy.Job, 0, 4*len(train)+len(test))
	for k, i := range train {
		name := pad(k+1, 5) + ".jpg"
		for _, sub := range append([]string{"Cover"}, stegoAlgs...) {
			jobs = append(jobs, filecopy.Job{Src: filepath.Join(d.Raw, sub, covers[i]), Dst: filepath.Join(d.Public, sub, name)})
		}
	}
	ids := make([]string, len(test))
	labels := make([]int64, len(test))
	for idx, ti := range test {
		ids[idx] = pad(idx+1, 4) + ".jpg"
		if ti.src != "Cover" {
			labels[idx] = 1
		}
		jobs = append(jobs, filecopy.Job{Src: filepath.Join(d.Raw, ti.src, covers[ti.cover]), Dst: filepath.Join(d.Public, "Test", ids[idx])})
	}
	if err := filecopy.Run(ctx, jobs); err != nil {
		return err
	}

	answers := table.MustNew(table.Strings("Id", ids), table.Ints("Label", labels))
	sample := table.MustNew(table.Strings("Id", ids), table.Ints("Label", make([]int64, len(ids))))
	if answers.Len() != testSize {
		return fmt.Errorf("answers have %d rows, want %d", answers.Len(), testSize)
	}
	if err := table.WriteFile(filepath.Join(d.Private, "test.csv"), answers, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing test.csv: %w", err)
	}
	if err := table.WriteFile(filepath.Join(d.Public, "sample_submission.csv"), sample, table.WriteOptions{}); err != nil {
		return fmt.Errorf("writing sample_submission.csv: %w", err)
	}
	for _, c := range []struct {
		sub  string
		want int
	}{{"Test", testSize}, {"Cover", len(train)}, {"JMiPOD", len(train)}, {"JUNIWARD", len(train)}, {"UERD", len(train)}} {
		names, err := globJPG(filepath.Join(d.Public, c.sub))
		if err != nil {
			return err
		}
		if len(names) != c.want {
			return fmt.Errorf("public/%s holds %d .jpg files, want %d", c.sub, len(names), c.want)
		}
	}
	return nil
}

// testImage is one test image in Id order: the position of its cover in
// the sorted cover list and the folder its file is copied from.
type testImage struct {
	cover int
	src   string // "Cover" (label 0) or a stego algorithm (label 1)
}

// plan is the original's randomness for n sorted covers: the train covers
// (positions, in train_test_split order) and the test images in Id order.
func plan(n int) (train []int, test []testImage, err error) {
	train, testPos, err := pyrand.TrainTestSplit(n, pyrand.SplitOptions{TestSize: pyrand.Count(testSize), RandomState: 42})
	if err != nil {
		return nil, nil, fmt.Errorf("splitting %d covers: %w", n, err)
	}
	rng := pyrand.NewRandom(0)
	pyrand.ShuffleSlice(rng, testPos)
	test = make([]testImage, len(testPos))
	for idx, i := range testPos {
		test[idx] = testImage{cover: i, src: "Cover"}
		if c, _ := rng.Choice(2); c == 1 { // random.choice([True, False]) gave False
			a, _ := rng.Choice(len(stegoAlgs))
			test[idx].src = stegoAlgs[a]
		}
	}
	return train, test, nil
}

// globJPG is sorted(glob(dir + "/*.jpg")) as base names: case-sensitive
// suffix, names starting with "." skipped, code-point (= byte) order.
func globJPG(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasSuffix(n, ".jpg") && !strings.HasPrefix(n, ".") {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

// pad is format(n, "0<w>d") for n >= 0.
func pad(n, w int) string {
	s := strconv.Itoa(n)
	if len(s) < w {
		s = strings.Repeat("0", w-len(s)) + s
	}
	return s
}
