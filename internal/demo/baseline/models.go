package baseline

import (
	"errors"
	"math"
)

// standardizer rescales feature columns to mean 0 and variance 1 (constant
// columns are left centred).
type standardizer struct{ mean, scale []float64 }

func fitStandardizer(x [][]float64) *standardizer {
	d := len(x[0])
	s := &standardizer{mean: make([]float64, d), scale: make([]float64, d)}
	n := float64(len(x))
	for _, row := range x {
		for j, v := range row {
			s.mean[j] += v / n
		}
	}
	for _, row := range x {
		for j, v := range row {
			dv := v - s.mean[j]
			s.scale[j] += dv * dv / n
		}
	}
	for j := range s.scale {
		s.scale[j] = math.Sqrt(s.scale[j])
		if s.scale[j] < 1e-12 {
			s.scale[j] = 1
		}
	}
	return s
}

// apply returns standardized rows with a leading 1 (intercept).
func (s *standardizer) apply(x [][]float64) [][]float64 {
	out := make([][]float64, len(x))
	for i, row := range x {
		z := make([]float64, len(row)+1)
		z[0] = 1
		for j, v := range row {
			z[j+1] = (v - s.mean[j]) / s.scale[j]
		}
		out[i] = z
	}
	return out
}

// solveSPD solves A x = b for a symmetric positive-definite A (Cholesky).
// A is overwritten.
func solveSPD(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	for j := 0; j < n; j++ {
		s := a[j][j]
		for k := 0; k < j; k++ {
			s -= a[j][k] * a[j][k]
		}
		if s <= 0 {
			return nil, errors.New("matrix is not positive definite")
		}
		a[j][j] = math.Sqrt(s)
		for i := j + 1; i < n; i++ {
			s := a[i][j]
			for k := 0; k < j; k++ {
				s -= a[i][k] * a[j][k]
			}
			a[i][j] = s / a[j][j]
		}
	}
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		s := b[i]
		for k := 0; k < i; k++ {
			s -= a[i][k] * y[k]
		}
		y[i] = s / a[i][i]
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < n; k++ {
			s -= a[k][i] * x[k]
		}
		x[i] = s / a[i][i]
	}
	return x, nil
}

// normalEquations returns XᵀWX + λI (intercept not penalised) and XᵀWz.
func normalEquations(x [][]float64, w, z []float64, lambda float64) ([][]float64, []float64) {
	d := len(x[0])
	a := make([][]float64, d)
	for i := range a {
		a[i] = make([]float64, d)
	}
	b := make([]float64, d)
	for i, row := range x {
		wi := 1.0
		if w != nil {
			wi = w[i]
		}
		for j := 0; j < d; j++ {
			v := wi * row[j]
			b[j] += v * z[i]
			for k := 0; k <= j; k++ {
				a[j][k] += v * row[k]
			}
		}
	}
	for j := 0; j < d; j++ {
		for k := 0; k < j; k++ {
			a[k][j] = a[j][k]
		}
		if j > 0 {
			a[j][j] += lambda
		}
	}
	return a, b
}

// ridge fits least squares with an L2 penalty on standardized rows (with
// intercept column) and returns the weights.
func ridge(x [][]float64, y []float64, lambda float64) ([]float64, error) {
	a, b := normalEquations(x, nil, y, lambda)
	return solveSPD(a, b)
}

// logistic fits L2-penalised logistic regression by Newton's method
// (iteratively reweighted least squares) and returns the weights.
func logistic(x [][]float64, y []float64, lambda float64) ([]float64, error) {
	d := len(x[0])
	beta := make([]float64, d)
	w := make([]float64, len(x))
	z := make([]float64, len(x))
	for iter := 0; iter < 50; iter++ {
		for i, row := range x {
			p := sigmoid(dot(beta, row))
			w[i] = math.Max(p*(1-p), 1e-6)
			z[i] = dot(beta, row) + (y[i]-p)/w[i]
		}
		a, b := normalEquations(x, w, z, lambda)
		next, err := solveSPD(a, b)
		if err != nil {
			return nil, err
		}
		delta := 0.0
		for j := range next {
			delta = math.Max(delta, math.Abs(next[j]-beta[j]))
		}
		beta = next
		if delta < 1e-8 {
			break
		}
	}
	return beta, nil
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
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

// naiveBayes is a multinomial naive Bayes text model with Laplace
// smoothing.
type naiveBayes struct {
	classes  []string
	logPrior []float64
	logLik   []map[string]float64
	logUnk   []float64
}

func fitNaiveBayes(docs [][]string, labels []int, classes []string, alpha float64) *naiveBayes {
	k := len(classes)
	counts := make([]map[string]float64, k)
	totals := make([]float64, k)
	nDocs := make([]float64, k)
	vocab := map[string]bool{}
	for c := range counts {
		counts[c] = map[string]float64{}
	}
	for i, doc := range docs {
		c := labels[i]
		nDocs[c]++
		for _, w := range doc {
			counts[c][w]++
			totals[c]++
			vocab[w] = true
		}
	}
	v := float64(len(vocab) + 1)
	m := &naiveBayes{classes: classes}
	for c := range classes {
		m.logPrior = append(m.logPrior, math.Log((nDocs[c]+1)/(float64(len(docs))+float64(k))))
		ll := map[string]float64{}
		for w := range vocab {
			ll[w] = math.Log((counts[c][w] + alpha) / (totals[c] + alpha*v))
		}
		m.logLik = append(m.logLik, ll)
		m.logUnk = append(m.logUnk, math.Log(alpha/(totals[c]+alpha*v)))
	}
	return m
}

// predict returns the class probabilities of doc with the log-posteriors
// scaled by temp (1: as fitted; below 1 less confident).
func (m *naiveBayes) predict(doc []string, temp float64) []float64 {
	z := make([]float64, len(m.classes))
	for c := range z {
		s := 0.0
		for _, w := range doc {
			if v, ok := m.logLik[c][w]; ok {
				s += v
			} else {
				s += m.logUnk[c]
			}
		}
		z[c] = temp * (m.logPrior[c] + s)
	}
	return softmax(z)
}
