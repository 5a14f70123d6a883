package learning_agency_lab_automated_essay_scoring_2

import (
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (default 100 rows): 7-character hex
// essay ids with a letter, multi-paragraph essays with commas, double quotes
// and a leading space now and then, scores 1-6 covering every value; raw
// test.csv and sample_submission.csv in their Kaggle layout too.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "learning-agency-lab-automated-essay-scoring-2")
	n := synth.Rows(opt.Rows, 100)
	ids, err := synth.Unique(n+3, func() string {
		for {
			s := synth.Hex(r, 7)
			if strings.ContainsAny(s, "abcdef") {
				return s
			}
		}
	})
	if err != nil {
		return err
	}
	sentences := []string{
		"Many people believe that cars are useful.",
		"However, limiting car usage has advantages",
		`As the article says, "cars cause pollution."`,
		"In conclusion I think the Face on Mars is just a natural landform",
		"Students should be allowed to use phones in school",
		"this is important because it saves time and money",
		"Venus is sometimes called the \"Evening Star\"",
	}
	essay := func() string {
		var b strings.Builder
		if r.IntN(15) == 0 {
			b.WriteString(" ")
		}
		for p := 1 + r.IntN(3); p > 0; p-- {
			for s := 1 + r.IntN(3); s > 0; s-- {
				b.WriteString(synth.Pick(r, sentences))
				b.WriteString(" ")
			}
			if p > 1 {
				b.WriteString("\n\n")
			}
		}
		return strings.TrimRight(b.String(), " ")
	}
	train := synth.CSV{Header: []string{"essay_id", "full_text", "score"}}
	scores := synth.Balanced(r, n, []string{"1", "2", "3", "4", "5", "6"})
	for i := 0; i < n; i++ {
		train.Add(ids[i], essay(), scores[i])
	}
	test := synth.CSV{Header: []string{"essay_id", "full_text"}}
	sample := synth.CSV{Header: []string{"essay_id", "score"}}
	for i := n; i < n+3; i++ {
		test.Add(ids[i], essay())
		sample.Add(ids[i], "3")
	}
	for _, f := range []struct {
		name string
		c    *synth.CSV
	}{{"train.csv", &train}, {"test.csv", &test}, {"sample_submission.csv", &sample}} {
		if err := f.c.Write(filepath.Join(dir, f.name)); err != nil {
			return err
		}
	}
	return nil
}
