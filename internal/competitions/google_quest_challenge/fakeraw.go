package google_quest_challenge

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

var features = []string{"qa_id", "question_title", "question_body", "question_user_name", "question_user_page",
	"answer", "answer_user_name", "answer_user_page", "url", "category", "host"}

// FakeRaw writes raw/train.csv (default 150 rows) with the 41 Kaggle
// columns: unique int qa_ids, text fields with commas, quotes and newlines,
// targets on a grid of multiples of 1/3 and 1/9 (one NaN cell). By default
// question_type_spelling is 0.0 everywhere except a few rows (one of them
// NaN) that land in the train split, so the conditional swap happens (set
// opt.Rows to other sizes and it may not, as in the original).
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "google-quest-challenge")
	n := synth.Rows(opt.Rows, 150)
	header := append(append([]string{}, features...), classes...)
	train := synth.CSV{Header: header}
	grid := []string{"0.0", "0.3333333333333333", "0.6666666666666666", "1.0", "0.5", "0.8888888888888888", "0.7777777777777778"}
	words := []string{"How", "do", "I", "fix", "this, please?", `the "best"`, "way", "to\nparse", "λ", "numbers"}
	text := func(k int) string {
		w := make([]string, k)
		for i := range w {
			w[i] = synth.Pick(r, words)
		}
		return strings.Join(w, " ")
	}
	hosts := []string{"stackoverflow.com", "math.stackexchange.com", "english.stackexchange.com"}
	cats := []string{"TECHNOLOGY", "SCIENCE", "CULTURE", "LIFE_ARTS", "STACKOVERFLOW"}
	qid := 0
	for i := 0; i < n; i++ {
		qid += 1 + r.IntN(5)
		host := synth.Pick(r, hosts)
		user := synth.Letters(r, 6)
		row := []string{strconv.Itoa(qid), text(4), text(12), user, "https://" + host + "/users/" + strconv.Itoa(r.IntN(9999)),
			text(15), synth.Letters(r, 5), "https://" + host + "/users/" + strconv.Itoa(r.IntN(9999)),
			"http://" + host + "/questions/" + strconv.Itoa(qid), synth.Pick(r, cats), host}
		for _, c := range classes {
			v := synth.Pick(r, grid)
			if c == "question_type_spelling" {
				v = "0.0"
				if i%37 == 5 {
					v = "0.3333333333333333"
				}
				if i == 42 {
					v = ""
				}
			}
			row = append(row, v)
		}
		if i == 8 {
			row[len(row)-1] = "" // a NaN target
		}
		train.Add(row...)
	}
	return train.Write(filepath.Join(dir, "train.csv"))
}
