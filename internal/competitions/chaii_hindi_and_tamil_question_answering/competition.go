package chaii_hindi_and_tamil_question_answering

// chaii-hindi-and-tamil-question-answering:
// ../shared/spec/competitions/chaii-hindi-and-tamil-question-answering.md
//
// Quirks reproduced:
//   - train_test_split(test_size=0.1, random_state=0) of raw/train.csv, rows
//     in RandomState(0).permutation order, every field re-serialised by
//     pandas (NA-like cells written empty, minimal quoting);
//   - private/test.csv is [id, answer_text] renamed to id, PredictionString;
//     the sample submission has PredictionString "dummy text" everywhere;
//   - grading: row count, PredictionString, id (in that order), then the
//     sorted-id match; NaN predictions count as "", a column with non-string
//     values fails on .lower() (error, null score);
//   - word-level Jaccard over Python str.lower() + str.split() word sets
//     (an empty-vs-empty row scores 0), averaged as numpy does; a vocabulary
//     (both sides together) of fewer than 2 words makes scikit-learn raise.

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/csvout"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/submission"
	"github.com/mlebench/mlebench/internal/competitions/internal/synth"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/pyrand"
	"github.com/mlebench/mlebench/internal/table"
)

// Competition is the implementation the competitions list registers.
var Competition = &competition.Impl{
	ID:      "chaii-hindi-and-tamil-question-answering",
	Prepare: Prepare,
	Grade:   Grade,
	FakeRaw: FakeRaw,
}

func Prepare(ctx context.Context, d competition.Dirs) error {
	df, err := table.ReadFile(filepath.Join(d.Raw, "train.csv"), table.ReadOptions{})
	if err != nil {
		return fmt.Errorf("reading raw train.csv: %w", err)
	}
	if !df.Has("id", "answer_text", "answer_start") {
		return fmt.Errorf("raw train.csv: need columns id, answer_text and answer_start")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	trainIdx, testIdx, err := pyrand.TrainTestSplit(df.Len(), pyrand.SplitOptions{TestSize: pyrand.Fraction(0.1), RandomState: 0})
	if err != nil {
		return fmt.Errorf("splitting: %w", err)
	}
	newTrain, newTest := df.Take(trainIdx), df.Take(testIdx)
	ids, _ := newTest.Col("id")
	answerText, _ := newTest.Col("answer_text")
	answers := table.MustNew(ids, answerText.Renamed("PredictionString"))
	dummy := make([]string, newTest.Len())
	for i := range dummy {
		dummy[i] = "dummy text"
	}
	sample := table.MustNew(ids, table.Strings("PredictionString", dummy))
	return csvout.Write(
		csvout.File{Path: filepath.Join(d.Public, "train.csv"), Table: newTrain},
		csvout.File{Path: filepath.Join(d.Public, "test.csv"), Table: newTest.Drop("answer_start", "answer_text")},
		csvout.File{Path: filepath.Join(d.Private, "test.csv"), Table: answers},
		csvout.File{Path: filepath.Join(d.Public, "sample_submission.csv"), Table: sample},
	)
}

// wordSets is fillna("") then str.lower().split() as a set, per row. A
// cell holding a number (a numeric column, or a number in an object column)
// has no .lower(): an error.
func wordSets(c *table.Column) ([]map[string]bool, error) {
	out := make([]map[string]bool, c.Len())
	for i := range out {
		out[i] = map[string]bool{}
		if c.IsNull(i) {
			continue
		}
		if c.Kind != table.String || (c.Mixed != nil && c.Mixed[i] != table.String) {
			return nil, fmt.Errorf("%s: a non-string value has no attribute 'lower'", c.Name)
		}
		for _, w := range metric.PySplit(metric.PyLower(c.Text[i])) {
			out[i][w] = true
		}
	}
	return out, nil
}

func Grade(sub, ans *table.Table) (competition.Score, error) {
	if sub.Len() != ans.Len() {
		return competition.Score{}, competition.Invalid("Submission length (%d) differs from the answers' (%d)", sub.Len(), ans.Len())
	}
	subPred, ok := sub.Col("PredictionString")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have a `PredictionString` column")
	}
	subID, ok := sub.Col("id")
	if !ok {
		return competition.Score{}, competition.Invalid("Submission must have an `id` column")
	}
	ansID, ok1 := ans.Col("id")
	ansPred, ok2 := ans.Col("PredictionString")
	if !ok1 || !ok2 {
		return competition.Score{}, fmt.Errorf("answers must have columns id and PredictionString")
	}
	if err := pandas.SortErrors(subID, ansID); err != nil {
		return competition.Score{}, err
	}
	subIdx, ansIdx, match := submission.AlignByID(subID, ansID)
	if !match {
		return competition.Score{}, competition.Invalid("Submission and answers `id` values do not match")
	}
	truth, err := wordSets(ansPred.Take(ansIdx))
	if err != nil {
		return competition.Score{}, fmt.Errorf("answers: %w", err)
	}
	pred, err := wordSets(subPred.Take(subIdx))
	if err != nil {
		return competition.Score{}, err
	}
	vocab := map[string]bool{}
	for _, sets := range [][]map[string]bool{truth, pred} {
		for _, s := range sets {
			for w := range s {
				vocab[w] = true
			}
		}
	}
	switch len(vocab) {
	case 0:
		return competition.Score{}, fmt.Errorf("jaccard_score: unknown is not supported (no words on either side)")
	case 1:
		return competition.Score{}, fmt.Errorf("Samplewise metrics are not available outside of multilabel classification (one word in all)")
	}
	scores := make([]float64, len(truth))
	for i := range truth {
		inter := 0
		for w := range pred[i] {
			if truth[i][w] {
				inter++
			}
		}
		union := len(truth[i]) + len(pred[i]) - inter
		if union > 0 {
			scores[i] = float64(inter) / float64(union)
		}
	}
	return competition.Numpy(metric.Mean(scores)), nil
}

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
