package metric

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// golden.json is produced once by testdata/gen_golden.py with Debian's
// python3-sklearn/numpy/scipy; see that script for provenance.

type goldenFile struct {
	Generator string            `json:"generator"`
	Versions  map[string]string `json:"versions"`
	Cases     []goldenCase      `json:"cases"`
}

type goldenCase struct {
	Func   string                     `json:"func"`
	Name   string                     `json:"name"`
	Args   map[string]json.RawMessage `json:"args"`
	Source string                     `json:"source"`
	Want   *jsonFloat                 `json:"want"`
	Error  string                     `json:"error"`
}

// jsonFloat is a float64 written either as a JSON number or as "nan",
// "inf", "-inf".
type jsonFloat float64

func (f *jsonFloat) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		switch s {
		case "nan":
			*f = jsonFloat(math.NaN())
		case "inf":
			*f = jsonFloat(math.Inf(1))
		case "-inf":
			*f = jsonFloat(math.Inf(-1))
		default:
			return fmt.Errorf("bad float %q", s)
		}
		return nil
	}
	var v float64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = jsonFloat(v)
	return nil
}

// synthSpec mirrors synth() in gen_golden.py.
type synthSpec struct {
	Seed      uint64            `json:"seed"`
	N         int               `json:"n"`
	Transform string            `json:"transform"`
	Add       []json.RawMessage `json:"add"`
	Round     *float64          `json:"round"`
	Scale     *float64          `json:"scale"`
}

func splitmixUniform(seed uint64, n int) []float64 {
	out := make([]float64, n)
	for k := range out {
		x := uint64(k+1)*0x9E3779B97F4A7C15 + seed
		z := (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		z ^= z >> 31
		out[k] = float64(z>>11) * 0x1p-53
	}
	return out
}

func (s synthSpec) generate() ([]float64, error) {
	u := splitmixUniform(s.Seed, s.N)
	t := s.Transform
	param := func() float64 {
		v, _ := strconv.ParseFloat(t[strings.IndexByte(t, ':')+1:], 64)
		return v
	}
	v := make([]float64, len(u))
	switch {
	case t == "uniform":
		copy(v, u)
	case strings.HasPrefix(t, "round:"):
		k := param()
		for i, x := range u {
			v[i] = math.Floor(x*k) / k
		}
	case strings.HasPrefix(t, "bernoulli:"):
		p := param()
		for i, x := range u {
			if x < p {
				v[i] = 1
			}
		}
	case strings.HasPrefix(t, "int:"):
		k := param()
		for i, x := range u {
			v[i] = math.Floor(x * k)
		}
	case strings.HasPrefix(t, "scale:"):
		k := param()
		for i, x := range u {
			v[i] = x * k
		}
	case t == "signed":
		for i, x := range u {
			e := int(math.Mod(math.Floor(x*1e6), 41)) - 20
			v[i] = math.Ldexp(x-0.5, e)
		}
	default:
		return nil, fmt.Errorf("unknown transform %q", t)
	}
	if len(s.Add) == 2 {
		var other synthSpec
		if err := json.Unmarshal(s.Add[0], &other); err != nil {
			return nil, err
		}
		var w float64
		if err := json.Unmarshal(s.Add[1], &w); err != nil {
			return nil, err
		}
		o, err := other.generate()
		if err != nil {
			return nil, err
		}
		for i := range v {
			v[i] = v[i] + float64(w*o[i])
		}
	}
	if s.Round != nil {
		k := *s.Round
		for i := range v {
			v[i] = math.Floor(v[i]*k) / k
		}
	}
	if s.Scale != nil {
		for i := range v {
			v[i] *= *s.Scale
		}
	}
	return v, nil
}

// decodeArray reads a float list or a {"synth": spec}.
func decodeArray(raw json.RawMessage) ([]float64, error) {
	var obj struct {
		Synth *synthSpec `json:"synth"`
	}
	if len(raw) > 0 && raw[0] == '{' {
		if err := json.Unmarshal(raw, &obj); err != nil {
			return nil, err
		}
		return obj.Synth.generate()
	}
	var fs []jsonFloat
	if err := json.Unmarshal(raw, &fs); err != nil {
		return nil, err
	}
	out := make([]float64, len(fs))
	for i, f := range fs {
		out[i] = float64(f)
	}
	return out, nil
}

func decodeColumns(raw json.RawMessage) ([][]float64, error) {
	var cols []json.RawMessage
	if err := json.Unmarshal(raw, &cols); err != nil {
		return nil, err
	}
	out := make([][]float64, len(cols))
	for i, c := range cols {
		a, err := decodeArray(c)
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

func decodeLabels(raw json.RawMessage) (Labels, error) {
	var l struct {
		Dtype  string            `json:"dtype"`
		Values []json.RawMessage `json:"values"`
		Synth  *synthSpec        `json:"synth"`
	}
	if err := json.Unmarshal(raw, &l); err != nil {
		return Labels{}, err
	}
	if l.Synth != nil {
		v, err := l.Synth.generate()
		if err != nil || l.Dtype == "float" {
			return FloatLabels(v), err
		}
		ints := make([]int64, len(v))
		for i, f := range v {
			ints[i] = int64(f)
		}
		return IntLabels(ints), nil
	}
	all, _ := json.Marshal(l.Values)
	switch l.Dtype {
	case "bool":
		var v []bool
		err := json.Unmarshal(all, &v)
		return BoolLabels(v), err
	case "int":
		var v []int64
		err := json.Unmarshal(all, &v)
		return IntLabels(v), err
	case "float":
		v, err := decodeArray(all)
		return FloatLabels(v), err
	case "str":
		var v []string
		err := json.Unmarshal(all, &v)
		return StrLabels(v), err
	case "object":
		vals := make([]Value, len(l.Values))
		for i, r := range l.Values {
			var pair []json.RawMessage
			if err := json.Unmarshal(r, &pair); err != nil {
				return Labels{}, err
			}
			var kind string
			json.Unmarshal(pair[0], &kind)
			switch kind {
			case "bool":
				var b bool
				json.Unmarshal(pair[1], &b)
				vals[i] = BoolValue(b)
			case "int":
				var n int64
				json.Unmarshal(pair[1], &n)
				vals[i] = IntValue(n)
			case "float":
				var f jsonFloat
				json.Unmarshal(pair[1], &f)
				vals[i] = FloatValue(float64(f))
			case "str":
				var s string
				json.Unmarshal(pair[1], &s)
				vals[i] = StrValue(s)
			}
		}
		return ObjectLabels(vals), nil
	}
	return Labels{}, fmt.Errorf("unknown dtype %q", l.Dtype)
}

// runGolden evaluates one case with the Go implementation.
func runGolden(c goldenCase) (float64, error) {
	arr := func(k string) []float64 {
		a, err := decodeArray(c.Args[k])
		if err != nil {
			panic(fmt.Sprintf("%s/%s: arg %s: %v", c.Func, c.Name, k, err))
		}
		return a
	}
	cols := func(k string) [][]float64 {
		a, err := decodeColumns(c.Args[k])
		if err != nil {
			panic(fmt.Sprintf("%s/%s: arg %s: %v", c.Func, c.Name, k, err))
		}
		return a
	}
	labels := func(k string) Labels {
		l, err := decodeLabels(c.Args[k])
		if err != nil {
			panic(fmt.Sprintf("%s/%s: arg %s: %v", c.Func, c.Name, k, err))
		}
		return l
	}
	opts := func() LogLossOptions {
		var r bool
		json.Unmarshal(c.Args["renormalize"], &r)
		return LogLossOptions{Renormalize: r}
	}
	switch c.Func {
	case "sum":
		return Sum(arr("a")), nil
	case "mean":
		return Mean(arr("a")), nil
	case "roc_auc":
		return ROCAUC(arr("y_true"), arr("y_score"))
	case "roc_auc_macro":
		return ROCAUCMacro(cols("y_true"), cols("y_score"))
	case "mean_colwise_auc":
		return MeanColumnwiseROCAUC(cols("y_true"), cols("y_score"))
	case "accuracy":
		return Accuracy(labels("y_true"), labels("y_pred"))
	case "kappa":
		var w string
		json.Unmarshal(c.Args["weights"], &w)
		return CohenKappa(labels("y1"), labels("y2"), w)
	case "log_loss_indicator":
		var yTrue [][]float64
		if raw, ok := c.Args["y_true_onehot"]; ok {
			var oh struct {
				Classes json.RawMessage `json:"classes"`
				K       int             `json:"k"`
			}
			json.Unmarshal(raw, &oh)
			classes, err := decodeArray(oh.Classes)
			if err != nil {
				panic(err)
			}
			yTrue = make([][]float64, oh.K)
			for k := range yTrue {
				yTrue[k] = make([]float64, len(classes))
			}
			for i, cl := range classes {
				yTrue[int(cl)][i] = 1
			}
		} else {
			yTrue = cols("y_true")
		}
		return LogLossIndicator(yTrue, cols("y_pred"), opts())
	case "log_loss_binary":
		return LogLossBinary(arr("y_true"), arr("y_pred"), opts())
	case "mse":
		return MSE(arr("y_true"), arr("y_pred"))
	case "rmse":
		return RMSE(arr("y_true"), arr("y_pred"))
	case "mae":
		return MAE(arr("y_true"), arr("y_pred"))
	case "r2":
		return R2(arr("y_true"), arr("y_pred"))
	case "rmsle":
		return RMSLE(arr("y_true"), arr("y_pred"))
	case "mean_colwise_rmsle":
		return MeanColumnwiseRMSLE(cols("y_true"), cols("y_pred"))
	case "mcrmse":
		return MCRMSE(cols("y_true"), cols("y_pred"))
	case "fbeta":
		var beta float64
		var average string
		json.Unmarshal(c.Args["beta"], &beta)
		json.Unmarshal(c.Args["average"], &average)
		pl, err := decodeLabels([]byte(`{"dtype":"object","values":[` + string(c.Args["pos_label"]) + `]}`))
		if err != nil {
			panic(err)
		}
		return FBeta(labels("y_true"), labels("y_pred"), beta, average, pl.At(0))
	case "fbeta_indicator":
		var beta float64
		var average string
		var yt, yp [][]bool
		json.Unmarshal(c.Args["beta"], &beta)
		json.Unmarshal(c.Args["average"], &average)
		json.Unmarshal(c.Args["y_true"], &yt)
		json.Unmarshal(c.Args["y_pred"], &yp)
		return FBetaIndicator(yt, yp, beta, average)
	case "mcc":
		return MatthewsCorrcoef(labels("y_true"), labels("y_pred"))
	case "pearson":
		return Pearson(arr("x"), arr("y"))
	case "spearman":
		return Spearman(arr("x"), arr("y"))
	case "kendall":
		return KendallTauB(arr("x"), arr("y"))
	case "levenshtein", "word_jaccard":
		var a, b string
		json.Unmarshal(c.Args["a"], &a)
		json.Unmarshal(c.Args["b"], &b)
		if c.Func == "levenshtein" {
			return float64(Levenshtein(a, b)), nil
		}
		return WordJaccard(a, b)
	case "jaccard_samples":
		var yt, yp [][]string
		json.Unmarshal(c.Args["y_true"], &yt)
		json.Unmarshal(c.Args["y_pred"], &yp)
		return JaccardSamples(yt, yp)
	case "mapk":
		var a, p [][]string
		var k int
		json.Unmarshal(c.Args["actual"], &a)
		json.Unmarshal(c.Args["predicted"], &p)
		json.Unmarshal(c.Args["k"], &k)
		return MeanAveragePrecisionAtK(a, p, k)
	case "xlogy_log":
		// Returns the fraction of values not bit-identical to the C
		// library's log; the caller checks it against the golden 0.0 with
		// the tolerance below, and every value to within one ulp here.
		x, want := arr("x"), arr("want")
		miss := 0
		for i := range x {
			got := logCR(x[i])
			if got == want[i] || (math.IsInf(got, -1) && math.IsInf(want[i], -1)) {
				continue
			}
			miss++
			if math.Abs(got-want[i]) > math.Abs(math.Nextafter(want[i], 0)-want[i]) {
				return math.NaN(), fmt.Errorf("log(%v) = %v, C library %v: more than one ulp apart", x[i], got, want[i])
			}
		}
		return float64(miss) / float64(len(x)), nil
	case "average_precision":
		return AveragePrecision(arr("y_true"), arr("y_score"))
	case "lrap":
		// y_true columns as 0/1 floats; weights = positives per row when
		// "weighted" (the freesound grader's lwlrap weighting).
		tc := cols("y_true")
		yt := make([][]bool, len(tc))
		for k := range tc {
			yt[k] = make([]bool, len(tc[k]))
			for i, v := range tc[k] {
				yt[k][i] = v > 0
			}
		}
		var weighted bool
		json.Unmarshal(c.Args["weighted"], &weighted)
		var w []float64
		if weighted && len(tc) > 0 {
			w = make([]float64, len(tc[0]))
			for k := range yt {
				for i, b := range yt[k] {
					if b {
						w[i]++
					}
				}
			}
		}
		return LabelRankingAveragePrecision(yt, cols("y_score"), w)
	case "dice":
		var p, t []int
		json.Unmarshal(c.Args["pred"], &p)
		json.Unmarshal(c.Args["true"], &t)
		pb, tb := make([]bool, len(p)), make([]bool, len(t))
		for i := range p {
			pb[i] = p[i] != 0
		}
		for i := range t {
			tb[i] = t[i] != 0
		}
		return Dice(pb, tb, math.NaN())
	}
	panic("unknown golden func " + c.Func)
}

// goldenTolerance is the relative tolerance per function: 0 (bit-exact)
// where the float operations and their order are reproduced; log-based
// metrics depend on the C library's log/log1p, which Go's math package may
// round differently in the last bit.
func goldenTolerance(fn string) float64 {
	switch fn {
	case "log_loss_indicator", "log_loss_binary", "rmsle", "mean_colwise_rmsle":
		return 1e-13
	case "xlogy_log":
		// logCR is correctly rounded; glibc misrounds ~0.05% of inputs.
		return 0.005
	case "pearson", "spearman":
		// scipy/numpy use BLAS dot/nrm2/gemm, whose summation order is
		// build-specific.
		return 1e-13
	}
	return 0
}

func loadGolden(t testing.TB) goldenFile {
	t.Helper()
	b, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatalf("reading golden values: %v", err)
	}
	var g goldenFile
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("decoding golden values: %v", err)
	}
	return g
}

func TestGolden(t *testing.T) {
	g := loadGolden(t)
	t.Logf("golden values from %s with %v", g.Generator, g.Versions)
	for _, c := range g.Cases {
		t.Run(c.Func+"/"+c.Name, func(t *testing.T) {
			if testing.Short() && strings.Contains(c.Name, "1000003") {
				t.Skip("large input")
			}
			got, err := runGolden(c)
			if c.Error != "" {
				if err == nil {
					t.Fatalf("got %v, want error %q", got, c.Error)
				}
				if err.Error() != c.Error {
					t.Fatalf("error text:\n got %q\nwant %q", err.Error(), c.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v (want %v)", err, float64(*c.Want))
			}
			want := float64(*c.Want)
			if math.IsNaN(want) {
				if !math.IsNaN(got) {
					t.Fatalf("got %v, want NaN", got)
				}
				return
			}
			tol := goldenTolerance(c.Func)
			if tol == 0 {
				if got != want {
					t.Fatalf("got %v (%x), want %v (%x): not bit-identical [%s]", got, math.Float64bits(got), want, math.Float64bits(want), c.Source)
				}
				return
			}
			if c.Func == "xlogy_log" { // got is a mismatch fraction, want 0
				if got > tol {
					t.Fatalf("%.4f%% of log values differ from the C library's (allowed %.2f%%)", 100*got, 100*tol)
				}
				t.Logf("%.4f%% of log values differ from the C library's by one ulp", 100*got)
				return
			}
			if rel := math.Abs(got-want) / math.Max(math.Abs(want), 1e-300); rel > tol {
				t.Fatalf("got %v, want %v (relative error %g > %g) [%s]", got, want, rel, tol, c.Source)
			}
			if got != want {
				t.Logf("within tolerance but not bit-identical: got %v want %v", got, want)
			}
		})
	}
}
