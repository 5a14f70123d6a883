package jigsaw_toxic_comment_classification_challenge

import (
	"path/filepath"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes the four zips, each holding its CSV at the root:
// train.csv (id, comment_text, six labels; 200 rows by default), test.csv
// (id, comment_text; 150 rows), test_labels.csv (about 40% of rows all −1,
// every class with both 0 and 1 among the scored rows) and
// sample_submission.csv. Ids are 16 hex digits with letters; comments carry
// commas, doubled quotes, newlines (LF and CRLF inside quotes), non-ASCII
// text and the NA strings "NA" and "null" (which pandas empties).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	n := synth.Rows(opt.Rows, 200)
	nTest := max(n*3/4, 20)
	r := synth.Rand(opt.Seed, "comments")
	ids, err := synth.HexIDs(r, n+nTest, 16)
	if err != nil {
		return err
	}
	words := []string{"you", "are", "great", "article", "edit", "wiki", "page", "talk", "please", "stop", "vandalism", "thanks", "über", "naïve", "日本"}
	comment := func(i int) string {
		switch i % 37 {
		case 5:
			return "NA"
		case 11:
			return "null"
		case 17:
			return "He said \"stop\", then left.\nNew line here."
		case 23:
			return "Windows line\r\nending, with comma"
		}
		var b strings.Builder
		for k := 0; k < 3+r.IntN(12); k++ {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(synth.Pick(r, words))
		}
		if r.IntN(4) == 0 {
			b.WriteString(", indeed")
		}
		return b.String()
	}
	label := func() []string {
		out := make([]string, len(classes))
		for k := range out {
			out[k] = "0"
			if r.IntN(4) == 0 {
				out[k] = "1"
			}
		}
		return out
	}
	train := &synth.CSV{Header: append([]string{"id", "comment_text"}, classes...)}
	for i := 0; i < n; i++ {
		train.Add(append([]string{ids[i], comment(i)}, label()...)...)
	}
	test := &synth.CSV{Header: []string{"id", "comment_text"}}
	labels := &synth.CSV{Header: append([]string{"id"}, classes...)}
	sample := &synth.CSV{Header: append([]string{"id"}, classes...)}
	for i := 0; i < nTest; i++ {
		id := ids[n+i]
		test.Add(id, comment(i+1))
		l := label()
		switch {
		case i < 2*len(classes): // guarantee both classes in every column
			for k := range l {
				l[k] = "0"
			}
			if i%2 == 0 {
				l[i/2] = "1"
			}
		case r.IntN(5) < 2:
			for k := range l {
				l[k] = "-1"
			}
		}
		labels.Add(append([]string{id}, l...)...)
		sample.Add(id, "0.5", "0.5", "0.5", "0.5", "0.5", "0.5")
	}
	for _, f := range []struct {
		name string
		csv  *synth.CSV
	}{{"train.csv", train}, {"test.csv", test}, {"test_labels.csv", labels}, {"sample_submission.csv", sample}} {
		if err := synth.WriteZip(filepath.Join(dir, f.name+".zip"), []synth.ZipEntry{{Name: f.name, Data: f.csv.Bytes()}}); err != nil {
			return err
		}
	}
	return nil
}
