package baseline

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSolveSPD(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	const n = 6
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		for j := range m[i] {
			m[i][j] = r.NormFloat64()
		}
	}
	// A = MᵀM + I is symmetric positive definite.
	a := make([][]float64, n)
	orig := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
		for j := range a[i] {
			for k := 0; k < n; k++ {
				a[i][j] += m[k][i] * m[k][j]
			}
			if i == j {
				a[i][j]++
			}
		}
		orig[i] = append([]float64(nil), a[i]...)
	}
	b := []float64{1, -2, 3, 0.5, 0, 7}
	x, err := solveSPD(a, b)
	if err != nil {
		t.Fatal(err)
	}
	for i := range b {
		if got := dot(orig[i], x); math.Abs(got-b[i]) > 1e-9 {
			t.Errorf("row %d: Ax = %v, want %v", i, got, b[i])
		}
	}
	if _, err := solveSPD([][]float64{{1, 2}, {2, 1}}, []float64{1, 1}); err == nil {
		t.Error("an indefinite matrix was accepted")
	}
}

// Logistic regression recovers the coefficients of data generated from a
// logistic model; ridge regression with a tiny penalty those of a linear one.
func TestRegressionsRecoverCoefficients(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	want := []float64{-0.5, 1.5, -1, 0}
	var x [][]float64
	var yLog, yLin []float64
	for i := 0; i < 20000; i++ {
		row := []float64{1, r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		x = append(x, row)
		z := dot(want, row)
		v := 0.0
		if r.Float64() < sigmoid(z) {
			v = 1
		}
		yLog = append(yLog, v)
		yLin = append(yLin, z+0.1*r.NormFloat64())
	}
	for name, fit := range map[string]func() ([]float64, error){
		"logistic": func() ([]float64, error) { return logistic(x, yLog, 1e-6) },
		"ridge":    func() ([]float64, error) { return ridge(x, yLin, 1e-6) },
	} {
		got, err := fit()
		if err != nil {
			t.Fatal(err)
		}
		for j := range want {
			if math.Abs(got[j]-want[j]) > 0.06 {
				t.Errorf("%s: coefficient %d = %.3f, want %.3f", name, j, got[j], want[j])
			}
		}
	}
}

func TestTabularFeatures(t *testing.T) {
	train := &frame{
		header: []string{"id", "num", "cat", "gone", "y"},
		rows: [][]string{
			{"1", "1.5", "a", "x", "0"},
			{"2", "", "b", "x", "1"},
			{"3", "4.5", "a", "x", "1"},
		},
	}
	tf := newTabularFeatures(train, map[string]bool{"id": true, "y": true, "gone": true})
	// num: value, square, missing indicator; cat: one indicator (b).
	got := tf.row([]string{"9", "", "b", "x", ""})
	want := []float64{3, 9, 1, 1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("features %v, want %v", got, want)
	}
	if got := tf.row([]string{"9", "2", "zzz", "x", ""}); fmt.Sprint(got) != fmt.Sprint([]float64{2, 4, 0, 0}) {
		t.Errorf("unseen category: %v", got)
	}
}

func TestNaiveBayes(t *testing.T) {
	docs := [][]string{{"oven", "flour"}, {"goal", "keeper"}, {"flour", "dough"}, {"goal", "striker"}}
	nb := fitNaiveBayes(docs, []int{0, 1, 0, 1}, []string{"baking", "football"}, 0.5)
	p := nb.predict([]string{"flour", "unknownword"}, 1)
	if p[0] < 0.7 || math.Abs(p[0]+p[1]-1) > 1e-12 {
		t.Errorf("P(baking | flour) = %v", p)
	}
	if got := tokenize("Goal! The keeper's GLOVES, 2 of them."); strings.Join(got, " ") != "goal the keeper's gloves 2 of them" {
		t.Errorf("tokenize: %q", got)
	}
}

func TestValidateVerdicts(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "sample_submission.csv"), []byte("id,y\n1,0\n2,0\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "train.csv"), []byte("id,x,y\n"+strings.Repeat("3,1.0,1\n4,2.0,0\n5,3.0,1\n6,4.0,0\n7,0.5,1\n", 4)), 0o644)
	os.WriteFile(filepath.Join(dir, "test.csv"), []byte("id,x\n1,1.5\n2,2.5\n"), 0o644)
	for _, tc := range []struct {
		name   string
		status int
		body   string
		ok     bool
	}{
		{"valid", 200, `{"result":"Submission is valid."}` + "\n", true},
		{"invalid", 200, `{"result":"Submission invalid! The attempt to grade the submission has resulted in the following error message:\nbad"}`, false},
		{"server error", 500, `{"details":"boom","error":"An unexpected error occurred."}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				f, _, err := r.FormFile("file")
				if err == nil {
					b, _ := io.ReadAll(f)
					got = string(b)
				}
				w.WriteHeader(tc.status)
				io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			sub := t.TempDir()
			err := Run(context.Background(), Env{DataDir: dir, SubmissionDir: sub, ValidateURL: srv.URL})
			if (err == nil) != tc.ok {
				t.Fatalf("error %v, want ok=%v", err, tc.ok)
			}
			written, _ := os.ReadFile(filepath.Join(sub, "submission.csv"))
			if got != string(written) || !strings.HasPrefix(got, "id,y\n1,") {
				t.Errorf("uploaded %q, wrote %q", got, written)
			}
		})
	}
}

func TestEnvFromOS(t *testing.T) {
	t.Setenv("MLEBENCH_HOME", "/sandbox/home")
	t.Setenv("SUBMISSION_DIR", "")
	t.Setenv("MLEBENCH_VALIDATE_URL", "http://127.0.0.1:1/validate")
	t.Setenv(StagePauseVar, "")
	e, err := EnvFromOS(nil)
	if err != nil || e.DataDir != "/sandbox/home/data" || e.SubmissionDir != "/sandbox/home/submission" || e.ValidateURL != "http://127.0.0.1:1/validate" || e.StagePause != 0 {
		t.Errorf("%+v, %v", e, err)
	}
	for _, tc := range []struct {
		value string
		want  time.Duration
		ok    bool
	}{{"1.25s", 1250 * time.Millisecond, true}, {"0", 0, true}, {"1.5", 0, false}, {"-1s", 0, false}} {
		t.Setenv(StagePauseVar, tc.value)
		e, err := EnvFromOS(nil)
		if (err == nil) != tc.ok || e.StagePause != tc.want {
			t.Errorf("%s=%q: pause %v, error %v", StagePauseVar, tc.value, e.StagePause, err)
		}
		if err != nil && !strings.Contains(err.Error(), StagePauseVar) {
			t.Errorf("error does not name the variable: %v", err)
		}
	}
}
