package detecting_insults_in_social_commentary

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/table"
)

func Prepare(ctx context.Context, d competition.Dirs) error {
	pubTrain, privTest := filepath.Join(d.Public, "train.csv"), filepath.Join(d.Private, "test.csv")
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "train.csv"), pubTrain); err != nil {
		return fmt.Errorf("copying train.csv: %w", err)
	}
	if err := imagecopy.CopyFile(filepath.Join(d.Raw, "test_with_solutions.csv"), privTest); err != nil {
		return fmt.Errorf("copying test_with_solutions.csv: %w", err)
	}
	test, err := table.ReadFile(privTest, table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading test: %w", err)
	}
	gold, err := test.Select("Insult", "Date", "Comment")
	if err != nil {
		return fmt.Errorf("test_with_solutions.csv: %w", err)
	}
	sample, err := gold.With(table.Ints("Insult", make([]int64, gold.Len())))
	if err != nil {
		return err
	}
	goldPath := filepath.Join(d.Private, "gold_submission.csv")
	pubTest := filepath.Join(d.Public, "test.csv")
	samplePath := filepath.Join(d.Public, "sample_submission_null.csv")
	for _, f := range []struct {
		path string
		t    *table.Table
	}{{goldPath, gold}, {pubTest, gold.Drop("Insult")}, {samplePath, sample}} {
		if err := table.WriteFile(f.path, f.t, table.WriteOptions{}); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Base(f.path), err)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}

	// The original's checks, on the files as re-read.
	read := map[string]*table.Table{}
	for name, p := range map[string]string{"train": pubTrain, "test": pubTest, "sample": samplePath, "gold": goldPath, "private": privTest} {
		t, err := table.ReadFile(p, table.ReadOptions{})
		if err != nil {
			return fmt.Errorf("re-reading %s: %w", filepath.Base(p), err)
		}
		read[name] = t
	}
	for _, c := range []struct {
		name string
		want []string
	}{ // the spec's order, so that the first failing check is reported
		{"train", []string{"Insult", "Date", "Comment"}},
		{"test", []string{"Date", "Comment"}},
		{"sample", []string{"Insult", "Date", "Comment"}},
		{"gold", []string{"Insult", "Date", "Comment"}},
		{"private", []string{"Insult", "Date", "Comment", "Usage"}},
	} {
		if got := read[c.name].Names(); !slices.Equal(got, c.want) {
			return fmt.Errorf("assertion failed: %s columns are %v, expected %v", c.name, got, c.want)
		}
	}
	trainComments := commentSet(read["train"])
	testComments := commentSet(read["test"])
	for c := range testComments {
		if trainComments[c] {
			return fmt.Errorf("assertion failed: comment %q is in both train and test", c.s)
		}
	}
	if !pandas.FrameEquals(read["test"], read["private"].Drop("Insult", "Usage")) {
		return fmt.Errorf("assertion failed: public test does not equal the private test without Insult and Usage")
	}
	for _, name := range []string{"sample", "gold"} {
		if !setsEqual(commentSet(read[name]), testComments) {
			return fmt.Errorf("assertion failed: %s comments differ from the public test's", name)
		}
	}
	return nil
}

// key is a Comment as a Python set member; every missing cell is the
// same np.nan object, so they count as one member.
type key struct {
	nan bool
	s   string
}

func commentSet(t *table.Table) map[key]bool {
	c, _ := t.Col("Comment")
	out := make(map[key]bool, c.Len())
	for i := 0; i < c.Len(); i++ {
		if c.IsNull(i) {
			out[key{nan: true}] = true
		} else {
			out[key{s: c.Str(i)}] = true
		}
	}
	return out
}

func setsEqual[K comparable](a, b map[K]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
