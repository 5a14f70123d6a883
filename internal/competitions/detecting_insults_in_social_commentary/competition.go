// Package detecting_insults_in_social_commentary is the detecting-insults-in-social-commentary competition (the original's
// mlebench/competitions/detecting-insults-in-social-commentary/): its prepare, grade and fake raw data.
// Spec: ../shared/spec/competitions/detecting-insults-in-social-commentary.md
//
// Quirks reproduced:
//   - no split: raw train.csv and test_with_solutions.csv are copied byte
//     for byte (public/train.csv, private/test.csv);
//   - the gold submission, the public test and the all-zero sample are
//     pandas re-serialisations of the parsed private test (minimal quoting:
//     every Comment, which carries literal surrounding quotes, is quoted with
//     its quotes doubled; a blank Date stays empty);
//   - the original's checks after writing: column lists, train/test Comment
//     sets disjoint, public test == private test minus Insult and Usage
//     (DataFrame.equals on the re-read files), equal Comment sets;
//   - grading: the shared AUROC helper with the free-text Comment as id
//     (stable sort, see the spec's note on duplicate comments).
package detecting_insults_in_social_commentary

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/imagecopy"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "detecting-insults-in-social-commentary",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

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

func Grade(sub, ans *table.Table) (competition.Score, error) {
	yTrue, yScore, err := submission.PrepareForAUROC(sub, ans, "Comment", "Insult")
	if err != nil {
		return competition.Score{}, err
	}
	auc, err := metric.ROCAUC(yTrue, yScore)
	if err != nil {
		return competition.Score{}, err
	}
	return competition.Numpy(auc), nil
}

// FakeRaw writes raw/train.csv (Insult,Date,Comment; default 40 rows)
// and raw/test_with_solutions.csv (plus Usage; default 30 rows) in the
// Kaggle form: every comment wrapped in literal double quotes (so the CSV
// cell reads """..."""; the test file quotes every field and uses CRLF), some holding commas, inner quotes and literal
// backslash escapes such as \xa0 and \n, some dates blank. Comments are
// unique across both files and the test labels hold both classes.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "detecting-insults-in-social-commentary")
	nTest := synth.Rows(opt.Rows, 30)
	nTrain := nTest*4/3 + 1
	words := []string{"you", "are", "a", "total", "idiot", "nice", "point", "thanks", "moron", "really",
		"the", "game", "was", "great", "stupid", "agree", "loser", "well", "said", "clown"}
	extras := []string{"", ",", " \\xa0", "\\n", " \\u2019s", " \"quoted\"", "!!", " ..."}
	comments, err := synth.Unique(nTrain+nTest, func() string {
		k := 3 + r.IntN(8)
		var b strings.Builder
		for i := range k {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(synth.Pick(r, words))
			if r.IntN(4) == 0 {
				b.WriteString(synth.Pick(r, extras))
			}
		}
		return `"` + b.String() + `"`
	})
	if err != nil {
		return err
	}
	date := func() string {
		if r.IntN(4) == 0 {
			return ""
		}
		return fmt.Sprintf("2012%02d%02d%02d%02d%02dZ", 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
	}
	train := synth.CSV{Header: []string{"Insult", "Date", "Comment"}}
	for i, l := range synth.Balanced(r, nTrain, []string{"0", "0", "1"}) {
		train.Add(l, date(), comments[i])
	}
	// The test file quotes every field and ends lines with CRLF, so the
	// re-serialised files differ from it and exercise the reader.
	test := synth.CSV{Header: []string{"Insult", "Date", "Comment", "Usage"}, QuoteAll: true, CRLF: true}
	for i, l := range synth.Balanced(r, nTest, []string{"0", "0", "1"}) {
		usage := "PublicTest"
		if r.IntN(3) == 0 {
			usage = "PrivateTest"
		}
		test.Add(l, date(), comments[nTrain+i], usage)
	}
	if err := train.Write(filepath.Join(dir, "train.csv")); err != nil {
		return err
	}
	return test.Write(filepath.Join(dir, "test_with_solutions.csv"))
}
