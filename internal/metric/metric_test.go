package metric

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// mannWhitney is the O(n²) definition of the binary AUC:
// P(s⁺ > s⁻) + ½·P(s⁺ = s⁻).
func mannWhitney(yTrue, yScore []float64) float64 {
	var num float64
	var nPos, nNeg int
	for i := range yTrue {
		if yTrue[i] != 1 {
			nNeg++
			continue
		}
		nPos++
		for j := range yTrue {
			if yTrue[j] == 1 {
				continue
			}
			switch {
			case yScore[i] > yScore[j]:
				num += 1
			case yScore[i] == yScore[j]:
				num += 0.5
			}
		}
	}
	return num / float64(nPos*nNeg)
}

func TestROCAUCMatchesMannWhitney(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 500; trial++ {
		n := 2 + rng.IntN(60)
		levels := 1 + rng.IntN(12) // few levels: many ties
		yTrue := make([]float64, n)
		yScore := make([]float64, n)
		for i := range yTrue {
			if rng.Float64() < 0.4 {
				yTrue[i] = 1
			}
			yScore[i] = float64(rng.IntN(levels)) - float64(levels)/2
			if rng.IntN(10) == 0 {
				yScore[i] = math.Copysign(0, -1) // -0.0 ties with 0.0
			}
		}
		yTrue[0], yTrue[1] = 0, 1
		got, err := ROCAUC(yTrue, yScore)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		want := mannWhitney(yTrue, yScore)
		if math.Abs(got-want) > 1e-12 {
			t.Fatalf("trial %d: ROCAUC %v, Mann-Whitney %v\ny_true=%v\ny_score=%v", trial, got, want, yTrue, yScore)
		}
	}
}

func TestRadixSortMatchesSlicesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	special := []float64{0, math.Copysign(0, -1), 5e-324, -5e-324, math.MaxFloat64, -math.MaxFloat64, 1, -1, 0.5}
	for trial := 0; trial < 200; trial++ {
		n := rng.IntN(3000)
		vals := make([]float64, n)
		for i := range vals {
			switch rng.IntN(3) {
			case 0:
				vals[i] = special[rng.IntN(len(special))]
			case 1:
				vals[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
			default:
				vals[i] = rng.Float64()
			}
		}
		keys := make([]uint64, n)
		for i, v := range vals {
			keys[i] = floatKey(v)
		}
		got := radixSort(keys, make([]uint64, n))
		want := slices.Clone(vals)
		slices.Sort(want)
		for i := range want {
			if got[i] != floatKey(want[i]) {
				t.Fatalf("trial %d: position %d: got key %x, want %x (%v)", trial, i, got[i], floatKey(want[i]), want[i])
			}
		}
	}
}

func TestSumStructure(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// Below 8 elements numpy adds left to right from 0.
	a := []float64{1e16, 1, -1e16, 1, 3, 1e-3, 7}
	want := 0.0
	for _, v := range a {
		want += v
	}
	if got := Sum(a); got != want {
		t.Errorf("Sum of %d values: got %v, want left-to-right %v", len(a), got, want)
	}
	// blockSum streams exactly what Sum computes, across block boundaries.
	for _, n := range []int{0, 1, 8191, 8192, 8193, 16384, 20000, 100001} {
		v := make([]float64, n)
		for i := range v {
			v[i] = rng.NormFloat64() * math.Pow(2, float64(rng.IntN(60)-30))
		}
		var bs blockSum
		var ms MeanStream
		for _, x := range v {
			bs.add(x)
			ms.Add(x)
		}
		if got, want := bs.result(), Sum(v); got != want {
			t.Errorf("n=%d: blockSum %v != Sum %v", n, got, want)
		}
		if got, want := ms.Mean(), Mean(v); math.Float64bits(got) != math.Float64bits(want) || ms.Len() != n {
			t.Errorf("n=%d: MeanStream %v (of %d) != Mean %v", n, got, ms.Len(), want)
		}
	}
	if !math.IsNaN(Mean(nil)) {
		t.Error("Mean of nothing should be NaN")
	}
}

func TestKendallTauBMatchesPairCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(40)
		x := make([]float64, n)
		y := make([]float64, n)
		for i := range x {
			x[i] = float64(rng.IntN(6))
			y[i] = float64(rng.IntN(6))
		}
		var conc, disc, xt, yt, both int64
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				dx, dy := sign(x[i]-x[j]), sign(y[i]-y[j])
				switch {
				case dx == 0 && dy == 0:
					both++
				case dx == 0:
					xt++
				case dy == 0:
					yt++
				case dx == dy:
					conc++
				default:
					disc++
				}
			}
		}
		got, err := KendallTauB(x, y)
		if err != nil {
			t.Fatal(err)
		}
		n0 := float64(conc + disc + xt + yt + both)
		den := math.Sqrt((n0 - float64(xt+both)) * (n0 - float64(yt+both)))
		want := float64(conc-disc) / den
		if den == 0 {
			if !math.IsNaN(got) {
				t.Fatalf("trial %d: want NaN for all-tied input, got %v", trial, got)
			}
			continue
		}
		if math.Abs(got-want) > 1e-12 {
			t.Fatalf("trial %d: got %v, want %v (x=%v y=%v)", trial, got, want, x, y)
		}
	}
}

func TestTypeOfTarget(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name    string
		l       Labels
		want    string
		wantErr string
	}{
		{"empty", FloatLabels(nil), TargetBinary, ""},
		{"bools", BoolLabels([]bool{true, false}), TargetBinary, ""},
		{"ints-3", IntLabels([]int64{1, 2, 3}), TargetMulticlass, ""},
		{"integral-floats", FloatLabels([]float64{1, 2}), TargetBinary, ""},
		{"neg-zero-is-zero", FloatLabels([]float64{0, math.Copysign(0, -1), 1}), TargetBinary, ""},
		{"continuous", FloatLabels([]float64{0.5, 1}), TargetContinuous, ""},
		{"huge-float", FloatLabels([]float64{1e20, 1}), TargetContinuous, ""},
		{"nan", FloatLabels([]float64{1, nan}), "", "Input y contains NaN."},
		{"strings", StrLabels([]string{"a", "b", "c"}), TargetMulticlass, ""},
		{"object-bool-first", ObjectLabels([]Value{BoolValue(true), FloatValue(nan)}), TargetUnknown, ""},
		{"object-all-str", ObjectLabels([]Value{StrValue("a"), StrValue("b")}), TargetBinary, ""},
		{"object-str-nan", ObjectLabels([]Value{StrValue("a"), FloatValue(nan)}), "", "'<' not supported between instances of 'float' and 'str'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := TypeOfTarget(tt.l, "y")
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("got (%q, %v), want error %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got (%q, %v), want %q", got, err, tt.want)
			}
		})
	}
}

// TestNoPanicOnDegenerateInput calls every entry point with empty, nil and
// mismatched inputs: each must return (an error or NaN), never panic.
func TestNoPanicOnDegenerateInput(t *testing.T) {
	one := []float64{1}
	calls := map[string]func() (float64, error){
		"ROCAUC-empty":        func() (float64, error) { return ROCAUC(nil, nil) },
		"ROCAUC-mismatch":     func() (float64, error) { return ROCAUC([]float64{0, 1}, one) },
		"ROCAUCMacro-empty":   func() (float64, error) { return ROCAUCMacro(nil, nil) },
		"ROCAUCMacro-ragged":  func() (float64, error) { return ROCAUCMacro([][]float64{{0, 1}, {1}}, [][]float64{{0, 1}, {1, 0}}) },
		"ROCAUCMacro-norows":  func() (float64, error) { return ROCAUCMacro([][]float64{{}, {}}, [][]float64{{}, {}}) },
		"MeanColAUC-mismatch": func() (float64, error) { return MeanColumnwiseROCAUC([][]float64{{0, 1}}, nil) },
		"LogLossInd-empty":    func() (float64, error) { return LogLossIndicator(nil, nil, LogLossOptions{}) },
		"LogLossInd-norows": func() (float64, error) {
			return LogLossIndicator([][]float64{{}, {}}, [][]float64{{}, {}}, LogLossOptions{})
		},
		"LogLossInd-ragged": func() (float64, error) {
			return LogLossIndicator([][]float64{{1}, {0, 1}}, [][]float64{{1}, {0}}, LogLossOptions{})
		},
		"LogLossBin-empty":    func() (float64, error) { return LogLossBinary(nil, nil, LogLossOptions{}) },
		"MSE-empty":           func() (float64, error) { return MSE(nil, nil) },
		"RMSLE-mismatch":      func() (float64, error) { return RMSLE(one, nil) },
		"R2-one":              func() (float64, error) { return R2(one, one) },
		"MCRMSE-empty":        func() (float64, error) { return MCRMSE(nil, nil) },
		"MeanColRMSLE-empty":  func() (float64, error) { return MeanColumnwiseRMSLE(nil, nil) },
		"Accuracy-empty":      func() (float64, error) { return Accuracy(IntLabels(nil), IntLabels(nil)) },
		"AccuracyOf-mismatch": func() (float64, error) { return AccuracyOf([]int{1}, nil) },
		"Kappa-empty":         func() (float64, error) { return CohenKappa(IntLabels(nil), IntLabels(nil), KappaQuadratic) },
		"Kappa-badweights":    func() (float64, error) { return CohenKappa(IntLabels(nil), IntLabels(nil), "cubic") },
		"F1-empty":            func() (float64, error) { return F1(IntLabels(nil), IntLabels(nil), AverageMacro, IntValue(1)) },
		"FBetaInd-empty":      func() (float64, error) { return FBetaIndicator(nil, nil, 1, AverageMicro) },
		"FBetaInd-ragged":     func() (float64, error) { return FBetaIndicator([][]bool{{true}}, [][]bool{{}}, 1, AverageMicro) },
		"FBetaCounts-ragged":  func() (float64, error) { return FBetaFromCounts(Counts{TP: []int64{1}}, 1, AverageMacro) },
		"MCC-empty":           func() (float64, error) { return MatthewsCorrcoef(IntLabels(nil), IntLabels(nil)) },
		"Pearson-empty":       func() (float64, error) { return Pearson(nil, nil) },
		"Spearman-empty":      func() (float64, error) { return Spearman(nil, nil) },
		"Kendall-empty":       func() (float64, error) { return KendallTauB(nil, nil) },
		"MAPK-mismatch":       func() (float64, error) { return MeanAveragePrecisionAtK([][]int{{1}}, nil, 5) },
		"Dice-mismatch":       func() (float64, error) { return Dice([]bool{true}, nil, 0) },
		"Jaccard-empty":       func() (float64, error) { return JaccardSets[string](nil, nil) },
		"JaccardSamples":      func() (float64, error) { return JaccardSamples([][]string{{"a"}}, nil) },
	}
	// Degenerate inputs fail or give NaN, except where sklearn defines a
	// value (checked against scikit-learn 1.2.1: matthews_corrcoef([], [])
	// is 0.0).
	defined := map[string]float64{"MCC-empty": 0}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			v, err := call()
			if err != nil || math.IsNaN(v) {
				if _, ok := defined[name]; ok {
					t.Fatalf("got (%v, %v), want %v", v, err, defined[name])
				}
				return
			}
			if want, ok := defined[name]; !ok || v != want {
				t.Fatalf("got %v without error, want an error or NaN", v)
			}
		})
	}
}

func TestLevenshteinSeq(t *testing.T) {
	tests := []struct {
		a, b []int
		want int
	}{
		{nil, nil, 0},
		{[]int{1, 2, 3}, nil, 3},
		{[]int{1, 2, 3}, []int{1, 3}, 1},
		{[]int{1, 2, 3}, []int{3, 2, 1}, 2},
		{[]int{5, 5, 5, 1}, []int{1, 5, 5, 5}, 2},
	}
	for _, tt := range tests {
		if got := LevenshteinSeq(tt.a, tt.b); got != tt.want {
			t.Errorf("LevenshteinSeq(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := LevenshteinSeq(tt.b, tt.a); got != tt.want {
			t.Errorf("LevenshteinSeq(%v, %v) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestAveragePrecisionAtK(t *testing.T) {
	tests := []struct {
		actual, predicted []string
		k                 int
		want              float64
	}{
		{[]string{"a"}, []string{"a"}, 5, 1},
		{[]string{"a", "b"}, []string{"x", "a", "a", "b"}, 5, (1.0/2 + 2.0/4) / 2},
		{[]string{"a", "b"}, []string{"x", "a", "b"}, 1, 0},
		{nil, []string{"a"}, 5, 0},
		{[]string{"a", "a"}, []string{"a"}, 5, 1}, // actual is a set
	}
	for _, tt := range tests {
		if got := AveragePrecisionAtK(tt.actual, tt.predicted, tt.k); got != tt.want {
			t.Errorf("apk(%v, %v, %d) = %v, want %v", tt.actual, tt.predicted, tt.k, got, tt.want)
		}
	}
}

// TestLevenshteinASCIIMatchesDP compares the bit-parallel ASCII path of
// Levenshtein with the dynamic program on random strings of small
// alphabets (many matches) and lengths around the 64-symbol word size.
func TestLevenshteinASCIIMatchesDP(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	gen := func(n int, alpha string) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[r.IntN(len(alpha))]
		}
		return string(b)
	}
	for it := 0; it < 20000; it++ {
		alpha := []string{"ab", "abc", "abcdefghij", " \x00\x7fxyz"}[it%4]
		a := gen(r.IntN(140), alpha)
		b := gen(r.IntN(140), alpha)
		if it%3 == 0 && len(a) > 0 { // a near copy
			c := []byte(a)
			c[r.IntN(len(c))] = alpha[r.IntN(len(alpha))]
			b = string(c[:r.IntN(len(c)+1)]) + gen(r.IntN(5), alpha) + string(c[r.IntN(len(c)+1):])
		}
		want := LevenshteinSeq([]rune(a), []rune(b))
		if got := Levenshtein(a, b); got != want {
			t.Fatalf("Levenshtein(%q, %q) = %d, want %d", a, b, got, want)
		}
		if got := Levenshtein(b, a); got != want {
			t.Fatalf("Levenshtein(%q, %q) = %d, want %d", b, a, got, want)
		}
	}
}

// TestAveragePrecisionSmallMatchesMap compares the linear-scan path of
// AveragePrecisionAtK with the hash-set path on random short lists with
// repeats.
func TestAveragePrecisionSmallMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	list := func() []int {
		v := make([]int, r.IntN(17))
		for i := range v {
			v[i] = r.IntN(10)
		}
		return v
	}
	for it := 0; it < 20000; it++ {
		a, p, k := list(), list(), 1+r.IntN(14)
		if len(p) > k {
			p = p[:k]
		}
		got, want := averagePrecisionSmall(a, p, k), averagePrecisionMap(a, p, k)
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("AP@%d(%v, %v) = %v, want %v", k, a, p, got, want)
		}
	}
}

// TestPyFieldsMatchesPySplit compares PyFields with PySplit on every
// whitespace class and invalid UTF-8.
func TestPyFieldsMatchesPySplit(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	parts := []string{"a", "bc", " ", "\t", "\n", "\x0b", "\x0c", "\r", "\x1c", "\x1f", "\x85", "\u00a0", "\u2028", "\u3000", "é", "\xff", "\xe2\x80", "x"}
	for it := 0; it < 5000; it++ {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		var got []string
		for f := range PyFields(s) {
			got = append(got, f)
		}
		if want := PySplit(s); !slices.Equal(got, want) {
			t.Fatalf("PyFields(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestIsASCII puts one byte ≥ 0x80 at every position of strings of 0 to 40
// bytes (the word-at-a-time loop and its tail), and none.
func TestIsASCII(t *testing.T) {
	for n := 0; n <= 40; n++ {
		s := []byte(strings.Repeat("a", n))
		if !IsASCII(string(s)) {
			t.Errorf("IsASCII(%q) = false", s)
		}
		for i := range s {
			for _, c := range []byte{0x80, 0xC3, 0xFF} {
				s[i] = c
				if IsASCII(string(s)) {
					t.Errorf("IsASCII(% x) = true", s)
				}
				s[i] = 0x7F
				if !IsASCII(string(s)) {
					t.Errorf("IsASCII(% x) = false", s)
				}
				s[i] = 'a'
			}
		}
	}
}
