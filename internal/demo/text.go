package demo

// demo-text-multiclass: which hobby forum was a short post written in?
// Synthetic posts whose words are drawn, independently given the forum,
// from a mixture of common filler words, the forum's own vocabulary and a
// pool of words several forums use; scored by multi-class log loss.

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

const (
	textID    = "demo-text-multiclass"
	textRows  = 4500
	textTest  = 1500
	textTeams = 610
	// textFiller is the share of each post's words that are filler words.
	textFiller = 0.55
)

var (
	textClasses = []string{"astronomy", "baking", "football", "gardening"}
	textPrior   = []float64{0.34, 0.26, 0.22, 0.18}
	textFillers = strings.Fields(`the a an of and to in on with for is was this that it we they my our
		very really after before during today yesterday some many new old good great long small big
		first last again just then also every all most quite rather still near around over finally`)
	textTopics = [][]string{
		strings.Fields(`telescope galaxy orbit comet nebula planet eclipse crater asteroid lunar solar
			observatory constellation meteor supernova spectrum redshift satellite cosmic gravity`),
		strings.Fields(`oven flour dough yeast butter sugar crust knead loaf pastry whisk batter icing
			cinnamon muffin croissant sourdough vanilla caramel biscuit`),
		strings.Fields(`goal striker referee midfield penalty offside keeper tackle stadium league corner
			header dribble kickoff defender captain trophy halftime winger fixture`),
		strings.Fields(`compost seedling mulch shovel soil prune tulip hedge greenhouse fertilizer weeds
			rake blossom perennial roots harvest trowel irrigation orchard lawn`),
	}
	textShared = strings.Fields(`star field season bowl heat rise ring pitch cover spring cross light bed cup score grow`)
)

// textModel is the generating distribution: the class-conditional word
// probabilities (derived from the seed) over the whole vocabulary.
type textModel struct {
	vocab []string
	index map[string]int
	logP  [][]float64 // logP[class][word]
}

func newTextModel(seed uint64) *textModel {
	r := newRand(seed, textID, "model")
	m := &textModel{index: map[string]int{}}
	add := func(w string) {
		if _, ok := m.index[w]; !ok {
			m.index[w] = len(m.vocab)
			m.vocab = append(m.vocab, w)
		}
	}
	for _, w := range textFillers {
		add(w)
	}
	for _, t := range textTopics {
		for _, w := range t {
			add(w)
		}
	}
	for _, w := range textShared {
		add(w)
	}
	zipf := func(n int) []float64 { // random Zipf-like weights summing to 1
		w := make([]float64, n)
		order := r.Perm(n)
		s := 0.0
		for i, k := range order {
			w[k] = 1 / math.Pow(float64(i+1), 0.8)
			s += w[k]
		}
		for i := range w {
			w[i] /= s
		}
		return w
	}
	filler := zipf(len(textFillers))
	for c := range textClasses {
		p := make([]float64, len(m.vocab))
		for i, w := range textFillers {
			p[m.index[w]] += textFiller * filler[i]
		}
		own, shared := zipf(len(textTopics[c])), zipf(len(textShared))
		for i, w := range textTopics[c] {
			p[m.index[w]] += (1 - textFiller) * 0.6 * own[i]
		}
		for i, w := range textShared {
			p[m.index[w]] += (1 - textFiller) * 0.3 * shared[i]
		}
		var others []string
		for o, t := range textTopics {
			if o != c {
				others = append(others, t...)
			}
		}
		for _, w := range others {
			p[m.index[w]] += (1 - textFiller) * 0.1 / float64(len(others))
		}
		lp := make([]float64, len(p))
		for i, v := range p {
			lp[i] = math.Log(v)
		}
		m.logP = append(m.logP, lp)
	}
	return m
}

// draw samples a word of class c.
func (m *textModel) draw(r *rand.Rand, c int) string {
	u := r.Float64()
	for i, lp := range m.logP[c] {
		u -= math.Exp(lp)
		if u < 0 {
			return m.vocab[i]
		}
	}
	return m.vocab[len(m.vocab)-1]
}

// posterior is the Bayes posterior over classes of a post's words.
func (m *textModel) posterior(words []string) []float64 {
	lp := make([]float64, len(textClasses))
	for c := range lp {
		lp[c] = math.Log(textPrior[c])
		for _, w := range words {
			if i, ok := m.index[w]; ok {
				lp[c] += m.logP[c][i]
			}
		}
	}
	return softmax(lp)
}

func softmax(z []float64) []float64 {
	mx := math.Inf(-1)
	for _, v := range z {
		mx = math.Max(mx, v)
	}
	out := make([]float64, len(z))
	s := 0.0
	for i, v := range z {
		out[i] = math.Exp(v - mx)
		s += out[i]
	}
	for i := range out {
		out[i] /= s
	}
	return out
}

// textWords splits a post into lower-case words (letters only).
func textWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r < 'a' || r > 'z' })
}

func textFakeRaw(dir string, opt competition.FakeOptions) error {
	m := newTextModel(opt.Seed)
	r := newRand(opt.Seed, textID, "posts")
	n := textRows
	if opt.Rows > 0 {
		n = opt.Rows
	}
	posts := &csvFile{header: []string{"id", "text", "forum"}}
	oracle := &csvFile{header: append([]string{"id"}, textClasses...)}
	for i := 0; i < n; i++ {
		u, c := r.Float64(), 0
		for c < len(textPrior)-1 && u >= textPrior[c] {
			u -= textPrior[c]
			c++
		}
		words := make([]string, 4+r.IntN(11))
		for k := range words {
			words[k] = m.draw(r, c)
		}
		var b strings.Builder
		for k, w := range words {
			if k == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			} else {
				b.WriteByte(' ')
			}
			b.WriteString(w)
			if k > 1 && k < len(words)-2 && r.IntN(8) == 0 {
				b.WriteByte(',')
			}
		}
		b.WriteString([]string{".", ".", ".", "!", "?"}[r.IntN(5)])
		id := fmt.Sprintf("post_%05d", i+1)
		posts.add(id, b.String(), textClasses[c])
		row := []string{id}
		for _, p := range m.posterior(words) {
			row = append(row, strconv.FormatFloat(p, 'g', -1, 64))
		}
		oracle.add(row...)
	}
	if err := posts.write(filepath.Join(dir, "posts.csv")); err != nil {
		return err
	}
	return oracle.write(filepath.Join(dir, "oracle.csv"))
}

func textPrepare(ctx context.Context, d competition.Dirs) error {
	posts, err := readCSV(filepath.Join(d.Raw, "posts.csv"))
	if err != nil {
		return err
	}
	oracle, err := readCSV(filepath.Join(d.Raw, "oracle.csv"))
	if err != nil {
		return err
	}
	if len(posts.header) != 3 || len(oracle.rows) != len(posts.rows) {
		return fmt.Errorf("raw data: expected id,text,forum and one oracle row per post")
	}
	nTest := textTest * len(posts.rows) / textRows
	train, test := splitRows(newRand(0, textID, "split"), len(posts.rows), nTest)
	pubTrain := &csvFile{header: posts.header}
	pubTest := &csvFile{header: posts.header[:2]}
	sample := &csvFile{header: append([]string{"id"}, textClasses...)}
	answers := &csvFile{header: []string{"id", "forum"}}
	privOracle := &csvFile{header: oracle.header}
	for _, i := range train {
		pubTrain.add(posts.rows[i]...)
	}
	uniform := ftoa(1/float64(len(textClasses)), 2)
	for _, i := range test {
		row := posts.rows[i]
		pubTest.add(row[:2]...)
		s := []string{row[0]}
		for range textClasses {
			s = append(s, uniform)
		}
		sample.add(s...)
		answers.add(row[0], row[2])
		privOracle.add(oracle.rows[i]...)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return writeAll(map[string]*csvFile{
		filepath.Join(d.Public, "train.csv"):             pubTrain,
		filepath.Join(d.Public, "test.csv"):              pubTest,
		filepath.Join(d.Public, "sample_submission.csv"): sample,
		filepath.Join(d.Private, "answers.csv"):          answers,
		filepath.Join(d.Private, "oracle.csv"):           privOracle,
	})
}

// textGrade: columns id and one per forum holding non-negative numbers
// with a positive sum in every row; each row is divided by its sum, clipped
// to [1e-15, 1-1e-15] and renormalised; the score is the mean negative log
// probability of the true forum (multi-class log loss).
func textGrade(sub, ans *table.Table) (competition.Score, error) {
	rows, err := alignByID(sub, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	probs := make([][]float64, len(textClasses))
	for k, c := range textClasses {
		if probs[k], err = numbers(sub, c, rows); err != nil {
			return competition.Score{}, err
		}
		for i, v := range probs[k] {
			if v < 0 {
				return competition.Score{}, competition.Invalid("Column %q has a negative probability in row %d.", c, rows[i]+1)
			}
		}
	}
	for i := range rows {
		s := 0.0
		for k := range probs {
			s += probs[k][i]
		}
		if !(s > 0) || math.IsInf(s, 0) {
			return competition.Score{}, competition.Invalid("The probabilities of row %d do not have a positive, finite sum.", rows[i]+1)
		}
		for k := range probs {
			probs[k][i] /= s
		}
	}
	lab, ok := ans.Col("forum")
	if !ok {
		return competition.Score{}, fmt.Errorf("answers have no forum column")
	}
	onehot := make([][]float64, len(textClasses))
	for k := range onehot {
		onehot[k] = make([]float64, ans.Len())
	}
	for i := 0; i < ans.Len(); i++ {
		k := indexOf(textClasses, lab.Str(i))
		if k < 0 {
			return competition.Score{}, fmt.Errorf("answers row %d: unknown forum %q", i+1, lab.Str(i))
		}
		onehot[k][i] = 1
	}
	ll, err := metric.LogLossIndicator(onehot, probs, metric.LogLossOptions{Eps: 1e-15, Renormalize: true})
	if err != nil {
		return competition.Score{}, fmt.Errorf("computing log loss: %w", err)
	}
	return competition.Float(ll), nil
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// textTeam is a simulated team's submission: the true posterior's log
// probabilities, scaled by a confidence factor near 1 and perturbed by
// Gaussian noise of standard deviation noise, renormalised.
func textTeam(r *rand.Rand, noise float64, oracle *table.Table) (*table.Table, error) {
	ids, ok := oracle.Col("id")
	if !ok {
		return nil, fmt.Errorf("oracle needs an id column")
	}
	cols := make([]*table.Column, len(textClasses))
	for k, c := range textClasses {
		if cols[k], ok = oracle.Col(c); !ok {
			return nil, fmt.Errorf("oracle needs a %s column", c)
		}
	}
	// Teams are also somewhat over- or under-confident.
	temp := math.Exp(0.15 * r.NormFloat64())
	out := make([][]float64, len(textClasses))
	for k := range out {
		out[k] = make([]float64, oracle.Len())
	}
	z := make([]float64, len(textClasses))
	for i := 0; i < oracle.Len(); i++ {
		for k, c := range cols {
			p, _ := c.Float(i)
			z[k] = temp*math.Log(math.Max(p, 1e-300)) + noise*r.NormFloat64()
		}
		for k, p := range softmax(z) {
			out[k][i] = p
		}
	}
	tcols := []*table.Column{ids}
	for k, c := range textClasses {
		tcols = append(tcols, table.Floats(c, out[k]))
	}
	return table.New(tcols...)
}

const textDescription = `# Demo: Forum Posts (text, multi-class)

*This is a built-in demo competition of mlebench. Its data is synthetic: it was
generated by mlebench from a fixed seed, and the human leaderboard it is ranked
against is simulated. It exists so that the whole benchmark can be tried on any
machine in about a minute, without a Kaggle account.*

## Overview

A hobby website hosts four forums: astronomy, baking, football and gardening.
A database mishap lost which forum some short posts were written in. Predict,
for each post of the test set, the probability that it belongs to each forum.
Posts are short and many words are common to several forums, so some posts are
genuinely ambiguous: calibrated probabilities matter.

## Data

- ` + "`train.csv`" + ` — 3,000 posts: ` + "`id`, `text`, `forum`" + `.
- ` + "`test.csv`" + ` — 1,500 posts: ` + "`id`, `text`" + `.
- ` + "`sample_submission.csv`" + ` — a submission in the correct format.

## Evaluation

Submissions are scored by the multi-class logarithmic loss:

    logloss = -(1/N) * sum over posts i of log(p[i, forum of i])

Lower is better. Each row of probabilities is first divided by its sum, then
every probability is clipped to [1e-15, 1 - 1e-15] (and the row renormalised),
so that a single confident mistake does not cost an infinite score.

The submission file has a header, an ` + "`id`" + ` column and one column per
forum, and exactly one row per test post:

    id,astronomy,baking,football,gardening
    post_00004,0.70,0.10,0.10,0.10
    ...

Probabilities must be non-negative numbers with a positive sum in every row.
`
