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
	train, test, err := pyrand.TrainTestSplit(len(covers), pyrand.SplitOptions{TestSize: pyrand.Count(testSize), RandomState: 42})
	if err != nil {
		return fmt.Errorf("splitting %d covers: %w", len(covers), err)
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

	rng := pyrand.NewRandom(0)
	pyrand.ShuffleSlice(rng, test)
	ids := make([]string, len(test))
	labels := make([]int64, len(test))
	for idx, i := range test {
		ids[idx] = pad(idx+1, 4) + ".jpg"
		src := "Cover"
		if c, _ := rng.Choice(2); c == 1 { // [True, False][1]
			a, _ := rng.Choice(len(stegoAlgs))
			src, labels[idx] = stegoAlgs[a], 1
		}
		jobs = append(jobs, filecopy.Job{Src: filepath.Join(d.Raw, src, covers[i]), Dst: filepath.Join(d.Public, "Test", ids[idx])})
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
