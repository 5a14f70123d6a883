package chaii_hindi_and_tamil_question_answering

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
)

// FakeRaw writes raw/train.csv (default 120 rows) in the Kaggle layout:
// hex ids, multi-line Hindi/Tamil contexts with commas and quotes, answers
// taken from the context (some with Latin capitals, one "NA" answer cell and
// one empty question), answer_start integers and the language.
func FakeRaw(dir string, opt competition.FakeOptions) error {
	r := synth.Rand(opt.Seed, "chaii-hindi-and-tamil-question-answering")
	n := synth.Rows(opt.Rows, 120)
	ids, err := synth.HexIDs(r, n, 9)
	if err != nil {
		return err
	}
	hindi := []string{"भारत", "की", "राजधानी", "नई", "दिल्ली", "है", "गंगा", "नदी", "सबसे", "लंबी", "1947", "में", "स्वतंत्रता", "मिली"}
	tamil := []string{"தமிழ்", "நாடு", "சென்னை", "தலைநகரம்", "ஆகும்", "காவிரி", "ஆறு", "1956", "இல்", "உருவானது"}
	latin := []string{"ISRO", "Delhi", "Mumbai", "Chennai", "NASA", "ΣΟΦΙΑ"}
	c := synth.CSV{Header: []string{"id", "context", "question", "answer_text", "answer_start", "language"}}
	for i := 0; i < n; i++ {
		lang, words := "hindi", hindi
		if r.IntN(3) == 0 {
			lang, words = "tamil", tamil
		}
		var ctx []string
		for k := 0; k < 12+r.IntN(20); k++ {
			w := synth.Pick(r, words)
			if r.IntN(10) == 0 {
				w = synth.Pick(r, latin)
			}
			ctx = append(ctx, w)
		}
		a := r.IntN(len(ctx) - 3)
		answer := strings.Join(ctx[a:a+1+r.IntN(3)], " ")
		context := strings.Join(ctx[:len(ctx)/2], " ") + ",\n\n" + strings.Join(ctx[len(ctx)/2:], " ")
		if r.IntN(5) == 0 {
			context = `"` + context + `"`
		}
		start := strings.Index(context, answer)
		question := strings.Join(ctx[:3], " ") + " क्या है?"
		switch i {
		case 5:
			answer = "NA"
		case 9:
			question = ""
		}
		c.Add(ids[i], context, question, answer, strconv.Itoa(start), lang)
	}
	return c.Write(filepath.Join(dir, "train.csv"))
}
