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
		x = append(x, v, v*v)
		if c.miss {
			ind := 0.0
			if !ok {
				ind = 1
			}
			x = append(x, ind)
		}
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

func fitTabular(t *task) (model, error) {
	target := t.targets[0]
	tj := t.train.index(target)
	if tj < 0 {
		return nil, fmt.Errorf("train.csv has no %q column", target)
	}
	if t.test == nil {
		return nil, errors.New("no test.csv")
	}
	skip := map[string]bool{t.idCol: true, target: true}
	for _, h := range t.train.header { // columns the test set lacks cannot be features
		if t.test.index(h) < 0 {
			skip[h] = true
		}
	}
	feat := newTabularFeatures(t.train, skip)
	var x [][]float64
	var y []float64
	binary := true
	for _, rec := range t.train.rows {
		v, ok := parseNum(rec[tj])
		if !ok {
			continue
		}
		if v != 0 && v != 1 {
			binary = false
		}
		x = append(x, feat.row(rec))
		y = append(y, v)
	}
	if len(x) < 10 {
		return nil, errors.New("too few labelled rows")
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
	textCol string
}

func fitText(t *task, logf func(string, ...any)) (model, error) {
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
	for _, r := range t.train.rows {
		k, ok := classIdx[r[labelJ]]
		if !ok {
			return nil, fmt.Errorf("train label %q is not a submission column", r[labelJ])
		}
		docs = append(docs, tokenize(r[tj]))
		labels = append(labels, k)
	}
	// Calibrate the temperature on the last fifth, then refit on all.
	cut := len(docs) * 4 / 5
	nb := fitNaiveBayes(docs[:cut], labels[:cut], t.targets, 0.5)
	bestT, bestLoss := 1.0, math.Inf(1)
	for temp := 0.3; temp <= 1.5; temp += 0.05 {
		nb.temp = temp
		loss := 0.0
		for i := cut; i < len(docs); i++ {
			loss -= math.Log(math.Max(nb.predict(docs[i])[labels[i]], 1e-15))
		}
		loss /= float64(len(docs) - cut)
		if loss < bestLoss {
			bestT, bestLoss = temp, loss
		}
	}
	logf("naive Bayes: held-out log loss %.4f at temperature %.2f", bestLoss, bestT)
	nb = fitNaiveBayes(docs, labels, t.targets, 0.5)
	nb.temp = bestT
	return &textModel{nb: nb, textCol: textCol}, nil
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
		out[i] = m.nb.predict(tokenize(r[j]))
	}
	return out, nil
}

func (m *textModel) describe() string {
	return fmt.Sprintf("multinomial naive Bayes over lower-cased words of %q (Laplace alpha 0.5), temperature %.2f\nclasses: %v\n",
		m.textCol, m.nb.temp, m.nb.classes)
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

type imageModel struct {
	dir  string
	std  *standardizer
	beta []float64
}

func fitImages(ctx context.Context, dataDir string, t *task) (model, error) {
	if t.train == nil {
		return nil, errors.New("no train.csv with the training targets")
	}
	yj := t.train.index(t.targets[0])
	if yj < 0 {
		return nil, fmt.Errorf("train.csv has no %q column", t.targets[0])
	}
	ij := t.train.index(t.idCol)
	if ij < 0 {
		return nil, fmt.Errorf("train.csv has no %q column", t.idCol)
	}
	var x [][]float64
	var y []float64
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
		x = append(x, f)
		y = append(y, v)
	}
	if len(x) < 10 {
		return nil, errors.New("too few training images")
	}
	std := fitStandardizer(x)
	beta, err := ridge(std.apply(x), y, 1)
	if err != nil {
		return nil, err
	}
	return &imageModel{dir: filepath.Join(dataDir, "test"), std: std, beta: beta}, nil
}

func (m *imageModel) predict(t *task) ([][]float64, error) {
	x := make([][]float64, len(t.testIDs))
	for i, id := range t.testIDs {
		f, err := imageFeatures(filepath.Join(m.dir, id+".png"))
		if err != nil {
			return nil, err
		}
		x[i] = f
	}
	out := make([][]float64, len(x))
	for i, z := range m.std.apply(x) {
		out[i] = []float64{dot(m.beta, z)}
	}
	return out, nil
}

func (m *imageModel) describe() string {
	return fmt.Sprintf("ridge regression on %d image statistics (quantiles, bright-pixel counts and their square roots)\nweights: %v\n", len(m.beta)-1, m.beta)
}
