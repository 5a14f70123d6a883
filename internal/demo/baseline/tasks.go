package baseline

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// ---- tables ----

// tabularFeatures turns CSV rows into numeric feature rows: every usable
// column of train except the id and target columns.
type tabularFeatures struct {
	numeric []numCol
	categ   []catCol
	// linear keeps only the numeric columns as they are (mean-imputed): no
	// squares, missing indicators or categorical columns.
	linear bool
}

type numCol struct {
	j    int
	mean float64
	miss bool // add a missing indicator
}

type catCol struct {
	j      int
	levels []string
}

func parseNum(s string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
}

func newTabularFeatures(train *frame, skip map[string]bool) *tabularFeatures {
	tf := &tabularFeatures{}
	for j, name := range train.header {
		if skip[name] {
			continue
		}
		vals := train.column(j)
		var sum float64
		var nNum, nMiss int
		levels := map[string]int{}
		for _, s := range vals {
			if strings.TrimSpace(s) == "" {
				nMiss++
				continue
			}
			if v, ok := parseNum(s); ok {
				sum += v
				nNum++
			}
			levels[s]++
		}
		switch {
		case nNum > 0 && nNum == len(vals)-nMiss:
			tf.numeric = append(tf.numeric, numCol{j: j, mean: sum / float64(nNum), miss: nMiss > 0})
		case len(levels) <= 30:
			var lv []string
			for l := range levels {
				lv = append(lv, l)
			}
			sort.Strings(lv)
			tf.categ = append(tf.categ, catCol{j: j, levels: lv})
		}
	}
	return tf
}

func (tf *tabularFeatures) row(rec []string) []float64 {
	var x []float64
	for _, c := range tf.numeric {
		v, ok := parseNum(rec[c.j])
		if !ok {
			v = c.mean
		}
		if tf.linear {
			x = append(x, v)
			continue
		}
		x = append(x, v, v*v)
		if c.miss {
			ind := 0.0
			if !ok {
				ind = 1
			}
			x = append(x, ind)
		}
	}
	if tf.linear {
		return x
	}
	for _, c := range tf.categ {
		for _, l := range c.levels[1:] {
			ind := 0.0
			if rec[c.j] == l {
				ind = 1
			}
			x = append(x, ind)
		}
	}
	return x
}

type tabularModel struct {
	feat     *tabularFeatures
	std      *standardizer
	beta     []float64
	binary   bool
	nFeature int
}

// tabularStages: the target's training mean, a linear model on the
// numeric columns, the full model.
func tabularStages(t *task) ([]stage, error) {
	target := t.targets[0]
	tj := t.train.index(target)
	if tj < 0 {
		return nil, fmt.Errorf("train.csv has no %q column", target)
	}
	if t.test == nil {
		return nil, errors.New("no test.csv")
	}
	var y []float64
	binary := true
	for _, rec := range t.train.rows {
		if v, ok := parseNum(rec[tj]); ok {
			y = append(y, v)
			binary = binary && (v == 0 || v == 1)
		}
	}
	if len(y) < 10 {
		return nil, errors.New("too few labelled rows")
	}
	skip := map[string]bool{t.idCol: true, target: true}
	for _, h := range t.train.header { // columns the test set lacks cannot be features
		if t.test.index(h) < 0 {
			skip[h] = true
		}
	}
	feat := newTabularFeatures(t.train, skip)
	simple := *feat
	simple.linear = true
	return []stage{
		{"quick", func(context.Context) (model, error) {
			return newConstModel(len(t.testIDs), []float64{mean(y)}, fmt.Sprintf("the training mean of %s for every row", target)), nil
		}},
		{"simple", func(context.Context) (model, error) { return fitTabular(t, tj, &simple, binary) }},
		{"final", func(context.Context) (model, error) { return fitTabular(t, tj, feat, binary) }},
	}, nil
}

func fitTabular(t *task, tj int, feat *tabularFeatures, binary bool) (model, error) {
	var x [][]float64
	var y []float64
	for _, rec := range t.train.rows {
		v, ok := parseNum(rec[tj])
		if !ok {
			continue
		}
		x = append(x, feat.row(rec))
		y = append(y, v)
	}
	if len(x[0]) == 0 {
		return nil, errors.New("no usable feature columns")
	}
	std := fitStandardizer(x)
	z := std.apply(x)
	var beta []float64
	var err error
	if binary {
		beta, err = logistic(z, y, 1)
	} else {
		beta, err = ridge(z, y, 1)
	}
	if err != nil {
		return nil, err
	}
	return &tabularModel{feat: feat, std: std, beta: beta, binary: binary, nFeature: len(x[0])}, nil
}

func (m *tabularModel) predict(t *task) ([][]float64, error) {
	recs, err := t.test.rowsByID(t.idCol, t.testIDs)
	if err != nil {
		return nil, err
	}
	x := make([][]float64, len(recs))
	for i, rec := range recs {
		x[i] = m.feat.row(rec)
	}
	out := make([][]float64, len(x))
	for i, z := range m.std.apply(x) {
		v := dot(m.beta, z)
		if m.binary {
			v = sigmoid(v)
		}
		out[i] = []float64{v}
	}
	return out, nil
}

func (m *tabularModel) describe() string {
	kind := "ridge regression"
	if m.binary {
		kind = "logistic regression (L2, Newton/IRLS)"
	}
	if m.feat.linear {
		return fmt.Sprintf("%s on the %d numeric columns (mean-imputed)\nweights: %v\n", kind, m.nFeature, m.beta)
	}
	return fmt.Sprintf("%s on %d features (%d numeric columns with squares and missing indicators, %d one-hot categorical columns)\nweights: %v\n",
		kind, m.nFeature, len(m.feat.numeric), len(m.feat.categ), m.beta)
}

// ---- text ----

// textColumn returns the name of a free-text column of f ("" if none): a
// non-numeric column whose cells average more than 3 words.
func textColumn(f *frame) string {
	for j, name := range f.header {
		words, n := 0, 0
		numeric := true
		for _, r := range f.rows {
			if j >= len(r) {
				continue
			}
			words += len(strings.Fields(r[j]))
			n++
			if _, ok := parseNum(r[j]); !ok {
				numeric = false
			}
		}
		if n > 0 && !numeric && float64(words)/float64(n) > 3 {
			return name
		}
	}
	return ""
}

func tokenize(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '\'')
	})
}

type textModel struct {
	nb      *naiveBayes
	temp    float64 // scales the log-likelihoods (1: as fitted)
	docs    int     // training posts
	textCol string
}

// textStages: the class frequencies; naive Bayes fitted quickly on the
// first fifth of train; naive Bayes fitted on all of train, its confidence
// calibrated by a temperature chosen on the last fifth of train (with a
// model fitted on the rest).
func textStages(t *task, logf func(string, ...any)) ([]stage, error) {
	textCol := textColumn(t.train)
	// The label column: in train but not in test, with values that are
	// the submission's class columns.
	labelJ := -1
	for j, h := range t.train.header {
		if t.test != nil && t.test.index(h) >= 0 {
			continue
		}
		labelJ = j
	}
	if labelJ < 0 {
		return nil, errors.New("cannot find the label column of train.csv")
	}
	classIdx := map[string]int{}
	for k, c := range t.targets {
		classIdx[c] = k
	}
	tj := t.train.index(textCol)
	var docs [][]string
	var labels []int
	freq := make([]float64, len(t.targets))
	for _, r := range t.train.rows {
		k, ok := classIdx[r[labelJ]]
		if !ok {
			return nil, fmt.Errorf("train label %q is not a submission column", r[labelJ])
		}
		docs = append(docs, tokenize(r[tj]))
		labels = append(labels, k)
		freq[k]++
	}
	for k := range freq { // add-one smoothed, so no class gets 0
		freq[k] = (freq[k] + 1) / (float64(len(docs)) + float64(len(freq)))
	}
	return []stage{
		{"quick", func(context.Context) (model, error) {
			return newConstModel(len(t.testIDs), freq, "the class frequencies of train for every row"), nil
		}},
		{"simple", func(context.Context) (model, error) {
			n := max(len(docs)/2, 1)
			return &textModel{nb: fitNaiveBayes(docs[:n], labels[:n], t.targets, 0.5), temp: 1, docs: n, textCol: textCol}, nil
		}},
		{"final", func(context.Context) (model, error) {
			cut := len(docs) * 4 / 5
			held := fitNaiveBayes(docs[:cut], labels[:cut], t.targets, 0.5)
			bestT, bestLoss := 1.0, math.Inf(1)
			for temp := 0.3; temp <= 1.5; temp += 0.05 {
				loss := 0.0
				for i := cut; i < len(docs); i++ {
					loss -= math.Log(math.Max(held.predict(docs[i], temp)[labels[i]], 1e-15))
				}
				loss /= float64(len(docs) - cut)
				if loss < bestLoss {
					bestT, bestLoss = temp, loss
				}
			}
			logf("naive Bayes: held-out log loss %.4f at temperature %.2f", bestLoss, bestT)
			return &textModel{nb: fitNaiveBayes(docs, labels, t.targets, 0.5), temp: bestT, docs: len(docs), textCol: textCol}, nil
		}},
	}, nil
}

func (m *textModel) predict(t *task) ([][]float64, error) {
	recs, err := t.test.rowsByID(t.idCol, t.testIDs)
	if err != nil {
		return nil, err
	}
	j := t.test.index(m.textCol)
	if j < 0 {
		return nil, fmt.Errorf("test.csv has no %q column", m.textCol)
	}
	out := make([][]float64, len(recs))
	for i, r := range recs {
		out[i] = m.nb.predict(tokenize(r[j]), m.temp)
	}
	return out, nil
}

func (m *textModel) describe() string {
	calib := "uncalibrated"
	if m.temp != 1 {
		calib = fmt.Sprintf("calibrated by temperature %.2f", m.temp)
	}
	return fmt.Sprintf("multinomial naive Bayes over the lower-cased words of %q (Laplace alpha 0.5) fitted on %d posts, %s\nclasses: %v\n",
		m.textCol, m.docs, calib, m.nb.classes)
}

// ---- images ----

// imageFeatures summarises a grayscale image: intensity quantiles, spread,
// and the number of pixels brighter than the background (the median) by
// several margins, with their square roots (proportional to a blob's
// radius).
func imageFeatures(path string) ([]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("decoding %s: %w", path, err)
	}
	b := img.Bounds()
	px := make([]float64, 0, b.Dx()*b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			px = append(px, float64(grayAt(img, x, y)))
		}
	}
	sorted := append([]float64(nil), px...)
	sort.Float64s(sorted)
	q := func(p float64) float64 { return sorted[int(p*float64(len(sorted)-1))] }
	med, top := q(0.5), q(0.99)
	feats := []float64{q(0.1), med, q(0.9), top, top - med}
	for _, frac := range []float64{0.25, 0.4, 0.55} {
		th := med + frac*(top-med)
		n := 0.0
		for _, v := range px {
			if v > th {
				n++
			}
		}
		feats = append(feats, n, math.Sqrt(n))
	}
	return feats, nil
}

func grayAt(img image.Image, x, y int) uint8 {
	if g, ok := img.(*image.Gray); ok {
		return g.GrayAt(x, y).Y
	}
	r, g, b, _ := img.At(x, y).RGBA()
	return uint8((299*r + 587*g + 114*b) / 1000 >> 8)
}

// nQuantileFeatures is how many of imageFeatures' values are intensity
// quantiles and spread (the rest count bright pixels).
const nQuantileFeatures = 5

// imageData holds the features of every training and test image.
type imageData struct {
	trainX [][]float64
	trainY []float64
	testX  [][]float64
}

func loadImageData(ctx context.Context, dataDir string, t *task) (*imageData, error) {
	yj := t.train.index(t.targets[0])
	ij := t.train.index(t.idCol)
	d := &imageData{}
	for _, r := range t.train.rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v, ok := parseNum(r[yj])
		if !ok {
			continue
		}
		f, err := imageFeatures(filepath.Join(dataDir, "train", r[ij]+".png"))
		if err != nil {
			return nil, err
		}
		d.trainX = append(d.trainX, f)
		d.trainY = append(d.trainY, v)
	}
	if len(d.trainX) < 10 {
		return nil, errors.New("too few training images")
	}
	for _, id := range t.testIDs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f, err := imageFeatures(filepath.Join(dataDir, "test", id+".png"))
		if err != nil {
			return nil, err
		}
		d.testX = append(d.testX, f)
	}
	return d, nil
}

// imageStages: the target's training mean, ridge regression on the
// intensity quantiles, ridge regression on every image statistic.
func imageStages(dataDir string, t *task) ([]stage, error) {
	if t.train == nil {
		return nil, errors.New("no train.csv with the training targets")
	}
	yj := t.train.index(t.targets[0])
	if yj < 0 {
		return nil, fmt.Errorf("train.csv has no %q column", t.targets[0])
	}
	if t.train.index(t.idCol) < 0 {
		return nil, fmt.Errorf("train.csv has no %q column", t.idCol)
	}
	var y []float64
	for _, r := range t.train.rows {
		if v, ok := parseNum(r[yj]); ok {
			y = append(y, v)
		}
	}
	if len(y) < 10 {
		return nil, errors.New("too few training images")
	}
	var data *imageData // the features, computed by stage 2
	return []stage{
		{"quick", func(context.Context) (model, error) {
			return newConstModel(len(t.testIDs), []float64{mean(y)}, fmt.Sprintf("the training mean of %s for every image", t.targets[0])), nil
		}},
		{"simple", func(ctx context.Context) (model, error) {
			var err error
			if data, err = loadImageData(ctx, dataDir, t); err != nil {
				return nil, err
			}
			return fitImages(data, nQuantileFeatures)
		}},
		{"final", func(context.Context) (model, error) { return fitImages(data, len(data.trainX[0])) }},
	}, nil
}

type imageModel struct {
	data *imageData
	n    int // the first n features are used
	std  *standardizer
	beta []float64
}

func firstCols(x [][]float64, n int) [][]float64 {
	out := make([][]float64, len(x))
	for i, row := range x {
		out[i] = row[:n]
	}
	return out
}

func fitImages(data *imageData, n int) (model, error) {
	x := firstCols(data.trainX, n)
	std := fitStandardizer(x)
	beta, err := ridge(std.apply(x), data.trainY, 1)
	if err != nil {
		return nil, err
	}
	return &imageModel{data: data, n: n, std: std, beta: beta}, nil
}

func (m *imageModel) predict(t *task) ([][]float64, error) {
	out := make([][]float64, len(m.data.testX))
	for i, z := range m.std.apply(firstCols(m.data.testX, m.n)) {
		out[i] = []float64{dot(m.beta, z)}
	}
	return out, nil
}

func (m *imageModel) describe() string {
	if m.n == nQuantileFeatures {
		return fmt.Sprintf("ridge regression on %d image statistics (intensity quantiles and spread)\nweights: %v\n", m.n, m.beta)
	}
	return fmt.Sprintf("ridge regression on %d image statistics (quantiles, bright-pixel counts and their square roots)\nweights: %v\n", m.n, m.beta)
}

// ---- the prior ----

// constModel predicts the same row for every test row.
type constModel struct {
	n    int
	row  []float64
	desc string
}

func newConstModel(n int, row []float64, desc string) *constModel {
	return &constModel{n: n, row: row, desc: desc}
}

func (m *constModel) predict(*task) ([][]float64, error) {
	out := make([][]float64, m.n)
	for i := range out {
		out[i] = m.row
	}
	return out, nil
}

func (m *constModel) describe() string { return m.desc + "\n" }

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}
