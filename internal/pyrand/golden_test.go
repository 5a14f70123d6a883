package pyrand

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The golden file is produced once by testdata/gen_golden.py with Debian's
// python3-numpy 1.24.2, python3-sklearn 1.2.1, python3-pandas 1.5.3 and
// CPython 3.11.2 (the versions are recorded in the file). Tests never run
// Python; regenerate with
//
//	/usr/bin/python3 testdata/gen_golden.py > testdata/golden.json

type goldenOp struct {
	Op   string            `json:"op"`
	Args []json.RawMessage `json:"args"`
	Want json.RawMessage   `json:"want"`
}

type goldenScript struct {
	Name string          `json:"name"`
	Seed json.RawMessage `json:"seed"`
	Ops  []goldenOp      `json:"ops"`
}

type goldenSplit struct {
	N           int     `json:"n"`
	TestSize    *string `json:"test_size"`
	TrainSize   *string `json:"train_size"`
	RandomState uint32  `json:"random_state"`
	Shuffle     bool    `json:"shuffle"`
	Stratify    []int   `json:"stratify"`
	Train       []int   `json:"train"`
	Test        []int   `json:"test"`
	Error       string  `json:"error"`
}

type goldenFile struct {
	Versions     map[string]string `json:"versions"`
	RandomState  []goldenScript    `json:"random_state"`
	SeedSequence []struct {
		Seed    uint64   `json:"seed"`
		State64 []uint64 `json:"state64"`
	} `json:"seed_sequence"`
	Generator       []goldenScript `json:"generator"`
	PythonRandom    []goldenScript `json:"python_random"`
	TrainTestSplit  []goldenSplit  `json:"train_test_split"`
	StratifiedSplit []struct {
		Y           []int  `json:"y"`
		TestSize    string `json:"test_size"`
		RandomState uint32 `json:"random_state"`
		Splits      []struct {
			Train []int `json:"train"`
			Test  []int `json:"test"`
		} `json:"splits"`
	} `json:"stratified_shuffle_split"`
	ApproximateMode []struct {
		Counts []int  `json:"counts"`
		NDraws int    `json:"n_draws"`
		Seed   uint32 `json:"seed"`
		Want   []int  `json:"want"`
	} `json:"approximate_mode"`
	PandasSample []struct {
		NRows   int      `json:"n_rows"`
		N       *int     `json:"n"`
		Frac    *float64 `json:"frac"`
		Replace bool     `json:"replace"`
		Seed    uint32   `json:"seed"`
		Want    []int    `json:"want"`
		Error   string   `json:"error"`
	} `json:"pandas_sample"`
	ClassCodes []struct {
		Kind    string          `json:"kind"`
		Y       json.RawMessage `json:"y"`
		Classes json.RawMessage `json:"classes"`
		Codes   []int           `json:"codes"`
	} `json:"class_codes"`
}

func loadGolden(t *testing.T) *goldenFile {
	t.Helper()
	data, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatalf("reading golden file: %v", err)
	}
	var g goldenFile
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatalf("decoding golden file: %v", err)
	}
	return &g
}

// decode unmarshals a raw JSON value into a new T (big integers decode
// exactly into int64/uint64).
func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	d := json.NewDecoder(bytes.NewReader(raw))
	if err := d.Decode(&v); err != nil {
		t.Fatalf("decoding %s as %T: %v", raw, v, err)
	}
	return v
}

func isNull(raw json.RawMessage) bool { return string(raw) == "null" }

type permDigest struct {
	Len    int    `json:"len"`
	Head   []int  `json:"head"`
	Tail   []int  `json:"tail"`
	SHA256 string `json:"sha256"`
}

func digestOf(p []int) permDigest {
	buf := make([]byte, 8*len(p))
	for i, v := range p {
		binary.LittleEndian.PutUint64(buf[8*i:], uint64(int64(v)))
	}
	sum := sha256.Sum256(buf)
	d := permDigest{Len: len(p), SHA256: hex.EncodeToString(sum[:])}
	d.Head = append([]int{}, p[:min(16, len(p))]...)
	d.Tail = append([]int{}, p[max(0, len(p)-16):]...)
	return d
}

func checkEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	gv, wv := reflect.ValueOf(got), reflect.ValueOf(want)
	if gv.Kind() != reflect.Slice || wv.Kind() != reflect.Slice {
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %v, want %v", what, got, want)
		}
		return
	}
	if gv.Len() != wv.Len() {
		t.Errorf("%s: got %d values, want %d", what, gv.Len(), wv.Len())
		return
	}
	for i := 0; i < gv.Len(); i++ {
		g, w := gv.Index(i).Interface(), wv.Index(i).Interface()
		if gf, ok := g.(float64); ok {
			if math.Float64bits(gf) != math.Float64bits(w.(float64)) {
				t.Errorf("%s: first difference at [%d]: got %v, want %v", what, i, gf, w)
				return
			}
			continue
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: first difference at [%d]: got %v, want %v", what, i, g, w)
			return
		}
	}
}

func choiceArgs(t *testing.T, args []json.RawMessage) (pop, size int, replace bool, p []float64) {
	pop = decode[int](t, args[0])
	if len(args) == 4 { // pop, size, replace, p
		size = decode[int](t, args[1])
		replace = decode[bool](t, args[2])
		if !isNull(args[3]) {
			p = decode[[]float64](t, args[3])
		}
		return
	}
	size = 1 // pop, replace, p: scalar draw
	replace = decode[bool](t, args[1])
	if !isNull(args[2]) {
		p = decode[[]float64](t, args[2])
	}
	return
}

func TestGoldenRandomState(t *testing.T) {
	g := loadGolden(t)
	t.Logf("golden versions: %v", g.Versions)
	for _, sc := range g.RandomState {
		t.Run(sc.Name, func(t *testing.T) {
			var rs *RandomState
			if bytes.HasPrefix(bytes.TrimSpace(sc.Seed), []byte("[")) {
				var err error
				rs, err = NewRandomStateFromArray(decode[[]uint32](t, sc.Seed))
				if err != nil {
					t.Fatal(err)
				}
			} else {
				rs = NewRandomState(decode[uint32](t, sc.Seed))
			}
			for k, op := range sc.Ops {
				what := fmt.Sprintf("op %d %s%s", k, op.Op, argsString(op.Args))
				a := op.Args
				switch op.Op {
				case "raw":
					n := decode[int](t, a[0])
					got := make([]uint32, n)
					for i := range got {
						got[i] = rs.Uint32()
					}
					checkEqual(t, what, got, decode[[]uint32](t, op.Want))
				case "random_sample":
					checkEqual(t, what, rs.RandomSampleN(decode[int](t, a[0])), decode[[]float64](t, op.Want))
				case "uniform":
					got, err := rs.Uniform(decode[float64](t, a[0]), decode[float64](t, a[1]))
					mustOK(t, what, err)
					checkEqual(t, what, []float64{got}, []float64{decode[float64](t, op.Want)})
				case "uniform_n":
					got, err := rs.UniformN(decode[float64](t, a[0]), decode[float64](t, a[1]), decode[int](t, a[2]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[[]float64](t, op.Want))
				case "randint":
					got, err := rs.Randint(decode[int64](t, a[0]), decode[int64](t, a[1]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[int64](t, op.Want))
				case "randint_n":
					got, err := rs.RandintN(decode[int64](t, a[0]), decode[int64](t, a[1]), decode[int](t, a[2]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[[]int64](t, op.Want))
				case "permutation":
					checkEqual(t, what, rs.Permutation(decode[int](t, a[0])), decode[[]int](t, op.Want))
				case "permutation_big":
					n := decode[int](t, a[0])
					checkEqual(t, what, digestOf(rs.Permutation(n)), decode[permDigest](t, op.Want))
				case "shuffle_list":
					x := make([]string, decode[int](t, a[0]))
					for i := range x {
						x[i] = strconv.Itoa(i)
					}
					rs.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
					got := make([]int, len(x))
					for i, s := range x {
						got[i], _ = strconv.Atoi(s)
					}
					checkEqual(t, what, got, decode[[]int](t, op.Want))
				case "choice", "choice_scalar":
					pop, size, replace, p := choiceArgs(t, a)
					got, err := rs.Choice(pop, size, replace, p)
					mustOK(t, what, err)
					if op.Op == "choice_scalar" {
						checkEqual(t, what, got, []int{decode[int](t, op.Want)})
					} else {
						checkEqual(t, what, got, decode[[]int](t, op.Want))
					}
				default:
					t.Fatalf("unknown op %q", op.Op)
				}
			}
		})
	}
}

func TestGoldenSeedSequence(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.SeedSequence {
		checkEqual(t, fmt.Sprintf("SeedSequence(%d).generate_state(4, uint64)", c.Seed),
			NewSeedSequence(c.Seed).GenerateState64(4), c.State64)
	}
}

func TestGoldenGenerator(t *testing.T) {
	g := loadGolden(t)
	for _, sc := range g.Generator {
		t.Run(sc.Name, func(t *testing.T) {
			gen := NewGenerator(decode[uint64](t, sc.Seed))
			for k, op := range sc.Ops {
				what := fmt.Sprintf("op %d %s%s", k, op.Op, argsString(op.Args))
				a := op.Args
				switch op.Op {
				case "raw":
					got := make([]uint64, decode[int](t, a[0]))
					for i := range got {
						got[i] = gen.Uint64()
					}
					checkEqual(t, what, got, decode[[]uint64](t, op.Want))
				case "random":
					checkEqual(t, what, gen.RandomN(decode[int](t, a[0])), decode[[]float64](t, op.Want))
				case "uniform":
					got, err := gen.Uniform(decode[float64](t, a[0]), decode[float64](t, a[1]))
					mustOK(t, what, err)
					checkEqual(t, what, []float64{got}, []float64{decode[float64](t, op.Want)})
				case "uniform_n":
					got, err := gen.UniformN(decode[float64](t, a[0]), decode[float64](t, a[1]), decode[int](t, a[2]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[[]float64](t, op.Want))
				case "integers":
					got, err := gen.Integers(decode[int64](t, a[0]), decode[int64](t, a[1]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[int64](t, op.Want))
				case "integers_n":
					got, err := gen.IntegersN(decode[int64](t, a[0]), decode[int64](t, a[1]), decode[int](t, a[2]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[[]int64](t, op.Want))
				case "permutation":
					checkEqual(t, what, gen.Permutation(decode[int](t, a[0])), decode[[]int](t, op.Want))
				case "shuffle_list":
					x := make([]int, decode[int](t, a[0]))
					for i := range x {
						x[i] = i
					}
					ShuffleSlice(gen, x)
					checkEqual(t, what, x, decode[[]int](t, op.Want))
				case "choice", "choice_scalar":
					pop, size, replace, p := choiceArgs(t, a)
					got, err := gen.Choice(pop, size, replace, p)
					mustOK(t, what, err)
					if op.Op == "choice_scalar" {
						checkEqual(t, what, got, []int{decode[int](t, op.Want)})
					} else {
						checkEqual(t, what, got, decode[[]int](t, op.Want))
					}
				default:
					t.Fatalf("unknown op %q", op.Op)
				}
			}
		})
	}
}

func TestGoldenPythonRandom(t *testing.T) {
	g := loadGolden(t)
	for _, sc := range g.PythonRandom {
		t.Run(sc.Name, func(t *testing.T) {
			r := pythonRandomForSeed(t, sc.Seed)
			for k, op := range sc.Ops {
				what := fmt.Sprintf("op %d %s%s", k, op.Op, argsString(op.Args))
				a := op.Args
				switch op.Op {
				case "raw":
					got := make([]uint32, decode[int](t, a[0]))
					for i := range got {
						got[i] = r.Uint32()
					}
					checkEqual(t, what, got, decode[[]uint32](t, op.Want))
				case "random":
					got := make([]float64, decode[int](t, a[0]))
					for i := range got {
						got[i] = r.Random()
					}
					checkEqual(t, what, got, decode[[]float64](t, op.Want))
				case "uniform":
					got := r.Uniform(decode[float64](t, a[0]), decode[float64](t, a[1]))
					checkEqual(t, what, []float64{got}, []float64{decode[float64](t, op.Want)})
				case "getrandbits":
					got, err := r.GetRandBits(decode[int](t, a[0]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[uint64](t, op.Want))
				case "randbelow":
					checkEqual(t, what, r.Randbelow(decode[uint64](t, a[0])), decode[uint64](t, op.Want))
				case "randrange":
					got, err := r.Randrange(decode[int64](t, a[0]), decode[int64](t, a[1]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[int64](t, op.Want))
				case "randint":
					got, err := r.Randint(decode[int64](t, a[0]), decode[int64](t, a[1]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[int64](t, op.Want))
				case "choice":
					got, err := r.Choice(decode[int](t, a[0]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[int](t, op.Want))
				case "shuffle":
					x := make([]int, decode[int](t, a[0]))
					for i := range x {
						x[i] = i
					}
					ShuffleSlice(r, x)
					checkEqual(t, what, x, decode[[]int](t, op.Want))
				case "sample":
					got, err := r.Sample(decode[int](t, a[0]), decode[int](t, a[1]))
					mustOK(t, what, err)
					checkEqual(t, what, got, decode[[]int](t, op.Want))
				default:
					t.Fatalf("unknown op %q", op.Op)
				}
			}
		})
	}
}

// pythonRandomForSeed seeds like random.Random(seed) for any Python int in
// the golden file (int64 seeds through NewRandom, others through their words).
func pythonRandomForSeed(t *testing.T, raw json.RawMessage) *Random {
	t.Helper()
	s := strings.TrimSpace(string(raw))
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return NewRandom(v)
	}
	u, err := strconv.ParseUint(strings.TrimPrefix(s, "-"), 10, 64)
	if err != nil {
		t.Fatalf("seed %s out of range for the test", s)
	}
	key := []uint32{uint32(u)}
	if u>>32 != 0 {
		key = append(key, uint32(u>>32))
	}
	return NewRandomFromKey(key)
}

func parseSize(t *testing.T, s *string) Size {
	t.Helper()
	if s == nil {
		return Size{}
	}
	kind, v, _ := strings.Cut(*s, ":")
	if kind == "f" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatal(err)
		}
		return Fraction(f)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatal(err)
	}
	return Count(n)
}

func TestGoldenTrainTestSplit(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.TrainTestSplit {
		name := fmt.Sprintf("n=%d/test=%v/train=%v/seed=%d/shuffle=%v/strat=%v",
			c.N, parseSize(t, c.TestSize), parseSize(t, c.TrainSize), c.RandomState, c.Shuffle, c.Stratify != nil)
		t.Run(name, func(t *testing.T) {
			opt := SplitOptions{
				TestSize:    parseSize(t, c.TestSize),
				TrainSize:   parseSize(t, c.TrainSize),
				RandomState: c.RandomState,
				NoShuffle:   !c.Shuffle,
				Stratify:    c.Stratify,
			}
			train, test, err := TrainTestSplit(c.N, opt)
			if c.Error != "" {
				if err == nil {
					t.Fatalf("want error %q, got train=%v test=%v", c.Error, train, test)
				}
				if !strings.Contains(err.Error(), c.Error) {
					t.Errorf("error %q does not contain sklearn's message %q", err, c.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			checkEqual(t, "train", train, c.Train)
			checkEqual(t, "test", test, c.Test)
		})
	}
}

func TestGoldenStratifiedShuffleSplitRepeated(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.StratifiedSplit {
		rs := NewRandomState(c.RandomState)
		ts := c.TestSize
		for k, want := range c.Splits {
			train, test, err := StratifiedShuffleSplit(c.Y, parseSize(t, &ts), Size{}, rs)
			if err != nil {
				t.Fatalf("split %d: %v", k, err)
			}
			checkEqual(t, fmt.Sprintf("y=%v split %d train", c.Y, k), train, want.Train)
			checkEqual(t, fmt.Sprintf("y=%v split %d test", c.Y, k), test, want.Test)
		}
	}
}

func TestGoldenApproximateMode(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.ApproximateMode {
		got := ApproximateMode(c.Counts, c.NDraws, NewRandomState(c.Seed))
		checkEqual(t, fmt.Sprintf("_approximate_mode(%v, %d, %d)", c.Counts, c.NDraws, c.Seed), got, c.Want)
	}
}

func TestGoldenPandasSample(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.PandasSample {
		var got []int
		var err error
		var what string
		if c.N != nil {
			what = fmt.Sprintf("sample(n=%d) of %d rows, replace=%v, seed %d", *c.N, c.NRows, c.Replace, c.Seed)
			got, err = SampleN(c.NRows, *c.N, c.Replace, c.Seed)
		} else {
			what = fmt.Sprintf("sample(frac=%v) of %d rows, replace=%v, seed %d", *c.Frac, c.NRows, c.Replace, c.Seed)
			got, err = SampleFrac(c.NRows, *c.Frac, c.Replace, c.Seed)
		}
		if c.Error != "" {
			if err == nil || !strings.Contains(err.Error(), c.Error) {
				t.Errorf("%s: error %v, want one containing %q", what, err, c.Error)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		checkEqual(t, what, got, c.Want)
	}
}

func TestGoldenClassCodes(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.ClassCodes {
		switch c.Kind {
		case "str":
			codes, classes := ClassCodes(decode[[]string](t, c.Y))
			checkEqual(t, "str classes", classes, decode[[]string](t, c.Classes))
			checkEqual(t, "str codes", codes, c.Codes)
		case "int":
			codes, classes := ClassCodes(decode[[]int](t, c.Y))
			checkEqual(t, "int classes", classes, decode[[]int](t, c.Classes))
			checkEqual(t, "int codes", codes, c.Codes)
		case "float":
			nanIfNull := func(raw json.RawMessage) []float64 {
				var ps []*float64
				if err := json.Unmarshal(raw, &ps); err != nil {
					t.Fatal(err)
				}
				out := make([]float64, len(ps))
				for i, p := range ps {
					out[i] = math.NaN()
					if p != nil {
						out[i] = *p
					}
				}
				return out
			}
			codes, classes := ClassCodes(nanIfNull(c.Y))
			want := nanIfNull(c.Classes)
			if len(classes) != len(want) {
				t.Fatalf("float classes %v, want %v", classes, want)
			}
			for i := range want {
				if !(classes[i] == want[i] || (math.IsNaN(classes[i]) && math.IsNaN(want[i]))) {
					t.Errorf("float classes %v, want %v", classes, want)
				}
			}
			checkEqual(t, "float codes", codes, c.Codes)
		default:
			t.Fatalf("unknown kind %q", c.Kind)
		}
	}
}

func mustOK(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: unexpected error: %v", what, err)
	}
}

func argsString(args []json.RawMessage) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = string(a)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
