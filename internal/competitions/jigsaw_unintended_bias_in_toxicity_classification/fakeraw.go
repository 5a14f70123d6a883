package jigsaw_unintended_bias_in_toxicity_classification

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// columns is the Kaggle file's 45-column layout.
var columns = []string{"id", "comment_text", "created_date", "publication_id", "parent_id", "article_id",
	"rating", "funny", "wow", "sad", "likes", "disagree", "toxicity", "severe_toxicity", "obscene",
	"sexual_explicit", "identity_attack", "insult", "threat", "male", "female", "transgender",
	"other_gender", "heterosexual", "homosexual_gay_or_lesbian", "bisexual", "other_sexual_orientation",
	"christian", "jewish", "muslim", "hindu", "buddhist", "atheist", "other_religion", "black", "white",
	"asian", "latino", "other_race_or_ethnicity", "physical_disability",
	"intellectual_or_learning_disability", "psychiatric_or_mental_illness", "other_disability",
	"identity_annotator_count", "toxicity_annotator_count"}

// FakeRaw writes raw/test_private_expanded.csv (the 45 Kaggle columns,
// default 160 rows) and a small raw/train.csv. Comments hold commas, quotes
// and newlines (one is the NA token "NA"); identity columns are empty for
// about a third of the rows, and the first 36 rows put every identity in
// each of the four {identity, toxic} cells so every AUC subset has both
// classes.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "jigsaw-unintended-bias-in-toxicity-classification")
	n := max(synth.Rows(opt.Rows, 160), 36)
	words := []string{"this", "is", "a", "great", "stupid", "article", "people", "really", "think",
		"why", "not", "you", "idiot", "well", "said", "thanks", "government", "the", "they"}
	comment := func() string {
		k := 3 + r.IntN(12)
		w := make([]string, k)
		for i := range w {
			w[i] = synth.Pick(r, words)
		}
		s := strings.Join(w, " ")
		switch r.IntN(8) {
		case 0:
			s += ", " + synth.Pick(r, words) + "."
		case 1:
			s = `"` + s + `" he said`
		case 2:
			s += "\n\n" + synth.Pick(r, words) + "!"
		case 3:
			s = " " + s // leading space: Python's csv does not quote it
		}
		return s
	}
	frac := func() string {
		switch k := r.IntN(6); k {
		case 0:
			return "0.0"
		case 1:
			return "1.0"
		default:
			return strconv.FormatFloat(float64(r.IntN(100))/100, 'f', -1, 64)
		}
	}
	col := map[string]int{}
	for i, c := range columns {
		col[c] = i
	}
	c := synth.CSV{Header: columns}
	id := 7000000
	for i := 0; i < n; i++ {
		id += 1 + r.IntN(50)
		row := make([]string, len(columns))
		row[col["id"]] = strconv.Itoa(id)
		row[col["comment_text"]] = comment()
		if i == 40 {
			row[col["comment_text"]] = "NA"
		}
		row[col["created_date"]] = fmt.Sprintf("2017-%02d-%02d 1%d:21:53.%06d+00", 1+r.IntN(12), 1+r.IntN(28), r.IntN(10), r.IntN(1000000))
		row[col["publication_id"]] = strconv.Itoa(2 + r.IntN(100))
		if r.IntN(3) > 0 {
			row[col["parent_id"]] = strconv.Itoa(5000000+r.IntN(100000)) + ".0"
		}
		row[col["article_id"]] = strconv.Itoa(300000 + r.IntN(100000))
		row[col["rating"]] = synth.Pick(r, []string{"approved", "rejected"})
		for _, k := range []string{"funny", "wow", "sad", "likes", "disagree", "identity_annotator_count"} {
			row[col[k]] = strconv.Itoa(r.IntN(5))
		}
		row[col["toxicity_annotator_count"]] = strconv.Itoa(4 + r.IntN(10))
		for _, k := range columns[12:19] {
			row[col[k]] = frac()
		}
		if r.IntN(3) > 0 {
			for _, k := range columns[19:42] {
				row[col[k]] = frac()
			}
			row[col["other_disability"]] = frac()
		}
		if i < 36 { // identity i/4, cell i%4
			g, cell := identities[i/4], i%4
			if row[col[g]] == "" {
				for _, k := range identities {
					row[col[k]] = "0.0"
				}
			}
			row[col[g]] = [2]string{"0.8", "0.1"}[cell/2]
			row[col["toxicity"]] = [2]string{"0.7", "0.2"}[cell%2]
		}
		c.Add(row...)
	}
	if err := c.Write(filepath.Join(dir, "test_private_expanded.csv")); err != nil {
		return err
	}
	train := synth.CSV{Header: []string{"id", "target", "comment_text"}}
	for i := 0; i < 20; i++ {
		train.Add(strconv.Itoa(59848+i), frac(), comment())
	}
	return train.Write(filepath.Join(dir, "train.csv"))
}
