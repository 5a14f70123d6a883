// Package textnorm is the shared prepare, grade and fake raw data of the
// original's text-normalization-challenge-english-language and
// text-normalization-challenge-russian-language competitions.
//
// The two Text Normalization Challenges (English and Russian) share their
// prepare and grade code; only file names and fake vocabularies differ.
// Specs: ../shared/spec/competitions/text-normalization-challenge-english-language.md
// and ../shared/spec/competitions/text-normalization-challenge-russian-language.md.
//
// Quirks reproduced:
//   - all three raw zips must exist and be valid (the original extracts them
//     before anything else); only <lang>_train.csv is read, in place;
//   - pandas NA parsing of the text columns: tokens such as "NA", "null",
//     "None" (pandas ≥ 2.0), "nan" or "" become NaN and are written back as
//     `""`; per-block (low_memory) dtype inference, so a block whose text
//     column is all numeric is re-printed as numbers (package table);
//   - the split is over distinct sentence ids in first-appearance order:
//     train_test_split(test_size=0.1, random_state=0);
//   - sentence ids are renumbered 0, 1, … per part in first-appearance order;
//     answer ids are "<new sentence_id>_<token_id>";
//   - every CSV is written with csv.QUOTE_NONNUMERIC (header quoted, ints
//     bare, text and NaN quoted); the three public files are stored
//     (ZIP_STORED) in one zip each and not left as plain files;
//   - grading is prepare_for_accuracy_metric on (after, id) — ids sorted as
//     strings — then str() of both `after` columns (NaN → "nan", a float
//     parsed from a numeric block → "1.0") and exact-match accuracy, a
//     Python float.
package textnorm

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/table"
)

// columns are the asserted columns of the raw/new train file.
var columns = []string{"sentence_id", "token_id", "class", "before", "after"}

// sortKey is a map key under which two sentence ids are the same
// pandas value (numbers by value, text by content).
func sortKey(c *table.Column, i int) string {
	switch c.Kind {
	case table.Int64:
		return strconv.FormatInt(c.Ints[i], 10)
	case table.String:
		if c.Mixed == nil {
			return "s" + c.Text[i]
		}
	}
	if v, ok := c.Float(i); ok {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return "s" + c.Str(i)
}

// Grade is the shared grader: prepare_for_accuracy_metric(after,
// id), str() of both `after` columns, exact-match accuracy.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	ansAfter, ok1 := ans.Col("after")
	ansID, ok2 := ans.Col("id")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns %q and %q", "after", "id")
	}
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission must have the same length as the answers (%d rows, expected %d).", sub.Len(), ans.Len())
	}
	subAfter, ok := sub.Col("after")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a `after` column")
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a `id` column")
	}
	var subIdx, ansIdx []int
	if !sameTextIDs(subID, ansID) {
		var match bool
		if subIdx, ansIdx, match = submission.AlignByID(subID, ansID); !match {
			return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
		}
	}
	// Accuracy is a count of equal pairs, so it does not depend on the order
	// in which the aligned pairs are visited.
	n := ans.Len()
	if n == 0 {
		return competition.Float(math.NaN()), nil // accuracy_score of nothing
	}
	hits := 0
	for k := range n {
		i, j := k, k
		if subIdx != nil {
			i = subIdx[k]
		}
		if ansIdx != nil {
			j = ansIdx[k]
		}
		if ansAfter.Str(j) == subAfter.Str(i) {
			hits++
		}
	}
	return competition.Float(float64(hits) / float64(n)), nil
}

// sameTextIDs reports whether a and b hold the same text ids row by row,
// none missing. Sorting both stably by id then pairs row k with row k, so
// the aligned pairs are the rows at equal positions, as
// [submission.AlignByID] would pair them (without its sorts).
func sameTextIDs(a, b *table.Column) bool {
	if a.Kind != table.String || b.Kind != table.String || a.Mixed != nil || b.Mixed != nil ||
		a.Len() != b.Len() || a.HasNull() || b.HasNull() {
		return false
	}
	for k, s := range a.Text {
		if s != b.Text[k] {
			return false
		}
	}
	return true
}

// Token is one fake token: class, before, after.
type Token struct{ Class, Before, After string }

// FakeRaw writes the three raw zips of one language: the train
// file quoted as Kaggle's (string fields quoted, integer ids bare, header
// quoted), with sentences drawn from vocab. Sentence ids are gapped and
// shuffled, and one sentence's tokens are split in two runs, so the
// first-appearance renumbering is exercised. Default 80 sentences.
func FakeRaw(dir, lang string, opt competition.FakeOptions, vocab []Token) error {
	r := synth.Rand(opt.Seed, "text-normalization-"+lang)
	s := synth.Rows(opt.Rows, 80)
	if s < 2 {
		s = 2
	}
	ids := r.Perm(s * 7)[:s]
	type row struct {
		sid, tid int
		tok      Token
	}
	var rows []row
	for _, sid := range ids {
		k := 2 + r.IntN(10)
		for t := 0; t < k; t++ {
			rows = append(rows, row{sid, t, synth.Pick(r, vocab)})
		}
	}
	// Move the tail of the second sentence after the third one.
	if s >= 3 {
		var kept, moved []row
		for _, x := range rows {
			if x.sid == ids[1] && x.tid >= 1 {
				moved = append(moved, x)
			} else {
				kept = append(kept, x)
			}
		}
		last := 0 // the last row of the third sentence
		for i, x := range kept {
			if x.sid == ids[2] {
				last = i
			}
		}
		out := append(append(append([]row(nil), kept[:last+1]...), moved...), kept[last+1:]...)
		rows = out
	}
	var train strings.Builder
	train.WriteString(`"sentence_id","token_id","class","before","after"` + "\n")
	for _, x := range rows {
		fmt.Fprintf(&train, "%d,%d,%s,%s,%s\n", x.sid, x.tid, quote(x.tok.Class), quote(x.tok.Before), quote(x.tok.After))
	}
	var test, sample strings.Builder
	test.WriteString(`"sentence_id","token_id","before"` + "\n")
	sample.WriteString(`"id","after"` + "\n")
	for sid := 0; sid < max(2, s/8); sid++ {
		for t := 0; t < 3; t++ {
			tok := synth.Pick(r, vocab)
			fmt.Fprintf(&test, "%d,%d,%s\n", sid, t, quote(tok.Before))
			fmt.Fprintf(&sample, "\"%d_%d\",%s\n", sid, t, quote(tok.Before))
		}
	}
	for _, z := range []struct{ name, data string }{
		{lang + "_train.csv", train.String()},
		{lang + "_test_2.csv", test.String()},
		{lang + "_sample_submission_2.csv", sample.String()},
	} {
		if err := synth.WriteZip(filepath.Join(dir, z.name+".zip"), []synth.ZipEntry{{Name: z.name, Data: []byte(z.data)}}); err != nil {
			return err
		}
	}
	return nil
}

// quote quotes s for CSV with inner quotes doubled.
func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// CommonTokens are tokens both languages' fakes use: punctuation,
// pandas NA strings (which become NaN), numeric-looking tokens that stay text
// because their blocks hold words, and tokens that need CSV quoting.
var CommonTokens = []Token{
	{"PUNCT", ".", "."}, {"PUNCT", ",", ","}, {"PUNCT", "\"", "\""}, {"PUNCT", "-", "-"},
	{"PLAIN", "NA", "NA"}, {"PLAIN", "null", "null"}, {"PLAIN", "None", "None"},
	{"PLAIN", "nan", "nan"}, {"PLAIN", "N/A", "N/A"}, {"PLAIN", "", ""},
	{"VERBATIM", "#NA", "#NA"}, {"PLAIN", "True", "True"},
	{"DIGIT", "7", "7"}, {"CARDINAL", "12", "12"}, {"DECIMAL", "3.50", "3.50"},
	{"LETTERS", "\"Q\"", "\"Q\""}, {"PLAIN", "a,b", "a,b"},
}
