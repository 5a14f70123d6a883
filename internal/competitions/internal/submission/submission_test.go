package submission

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

func TestPrepareForAccuracy(t *testing.T) {
	ans := comptest.Table(t, "id,y\nb,1\na,0\nc,2\n")
	for _, tc := range []struct {
		name, sub string
		invalid   bool
		want      float64
	}{
		{"aligned by id", "id,y\nc,2\na,0\nb,0\n", false, 2.0 / 3},
		{"float labels", "y,id\n1.0,b\n0.0,a\n2.0,c\n", false, 1},
		{"row count", "id,y\na,0\n", true, 0},
		{"no target", "id,z\na,0\nb,1\nc,2\n", true, 0},
		{"no id", "ID,y\na,0\nb,1\nc,2\n", true, 0},
		{"duplicate id", "id,y\na,0\na,1\nc,2\n", true, 0},
		{"other id", "id,y\na,0\nb,1\nd,2\n", true, 0},
		{"missing id", "id,y\na,0\n,1\nc,2\n", true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yTrue, yPred, err := PrepareForAccuracy(comptest.Table(t, tc.sub), ans, "y", "id")
			if tc.invalid {
				if !errors.Is(err, competition.ErrInvalidSubmission) {
					t.Fatalf("err = %v, want invalid", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := metric.Accuracy(yTrue, yPred)
			if err != nil || got != tc.want {
				t.Fatalf("accuracy %v (%v), want %v", got, err, tc.want)
			}
		})
	}
	if _, _, err := PrepareForAccuracy(ans, comptest.Table(t, "id,z\na,1\n"), "y", "id"); err == nil || errors.Is(err, competition.ErrInvalidSubmission) {
		t.Errorf("answers without the target: err = %v, want a plain error", err)
	}
}

func TestPrepareForAUROC(t *testing.T) {
	ans := comptest.Table(t, "id,y\nb,1\na,0\nc,0\nd,1\n")
	for _, tc := range []struct {
		name, sub string
		err       string // "invalid", "error" or "" (valid)
		auc       float64
	}{
		{"perfect shuffled", "id,y\nd,0.9\nc,0.1\nb,0.8\na,0.2\n", "", 1},
		{"ties", "id,y\na,0.5\nb,0.5\nc,0.5\nd,0.5\n", "", 0.5},
		{"ints", "id,y\na,1\nb,0\nc,1\nd,0\n", "", 0},
		{"bools", "id,y\na,False\nb,True\nc,False\nd,True\n", "", 1},
		{"no id", "x,y\na,1\nb,0\nc,1\nd,0\n", "invalid", 0},
		{"no target", "id,x\na,1\nb,0\nc,1\nd,0\n", "invalid", 0},
		{"row count", "id,y\na,1\n", "invalid", 0},
		{"text", "id,y\na,1\nb,x\nc,1\nd,0\n", "invalid", 0},
		{"above one", "id,y\na,1\nb,1.5\nc,1\nd,0\n", "invalid", 0},
		{"negative", "id,y\na,1\nb,-0.1\nc,1\nd,0\n", "invalid", 0},
		{"inf", "id,y\na,1\nb,inf\nc,1\nd,0\n", "invalid", 0},
		{"ids differ", "id,y\na,1\nb,0\nc,1\ne,0\n", "invalid", 0},
		{"range before ids", "id,y\na,1\nb,2\nc,1\ne,0\n", "invalid", 0},
		{"nan passes range, fails metric", "id,y\na,1\nb,\nc,1\nd,0\n", "error", 0},
		{"all nan", "id,y\na,\nb,\nc,\nd,\n", "error", 0},
		{"bools with missing", "id,y\na,True\nb,\nc,False\nd,True\n", "error", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yTrue, yScore, err := PrepareForAUROC(comptest.Table(t, tc.sub), ans, "id", "y")
			if err == nil {
				var auc float64
				auc, err = metric.ROCAUC(yTrue, yScore)
				if err == nil && tc.err == "" && auc != tc.auc {
					t.Fatalf("auc %v, want %v", auc, tc.auc)
				}
			}
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case tc.err == "invalid" && !errors.Is(err, competition.ErrInvalidSubmission):
				t.Fatalf("err = %v, want invalid", err)
			case tc.err == "error" && (err == nil || errors.Is(err, competition.ErrInvalidSubmission)):
				t.Fatalf("err = %v, want a plain error", err)
			}
		})
	}
}

func TestOneHot(t *testing.T) {
	ids := table.Strings("id", []string{"x", "y", "z"})
	oh, err := OneHot(ids, "id", []string{"b", "a", "b"}, []string{"a", "b", "c"})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := oh.WriteCSV(&sb, table.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := "id,a,b,c\nx,0,1,0\ny,1,0,0\nz,0,1,0\n"; sb.String() != want {
		t.Errorf("one-hot:\n%s\nwant\n%s", sb.String(), want)
	}
	// An unknown label appends a float column, as pandas' .loc does.
	oh, err = OneHot(ids, "id", []string{"a", "q", "q"}, []string{"a"})
	if err != nil {
		t.Fatal(err)
	}
	sb.Reset()
	oh.WriteCSV(&sb, table.WriteOptions{})
	if want := "id,a,q\nx,1,\ny,0,1.0\nz,0,1.0\n"; sb.String() != want {
		t.Errorf("one-hot with unknown label:\n%s\nwant\n%s", sb.String(), want)
	}
}

func TestOneHotLogLossInputs(t *testing.T) {
	ans := comptest.Table(t, "id,a,b\nq,1,0\np,0,1\n")
	classes, yTrue, yPred, err := OneHotLogLossInputs(comptest.Table(t, "b,extra,id,a\n0.25,x,p,0.75\n0.5,y,q,0.5\n"), ans, "id")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(classes, []string{"a", "b"}) {
		t.Fatalf("classes %v", classes)
	}
	// sorted by id: p then q
	if !slices.Equal(yTrue[0], []float64{0, 1}) || !slices.Equal(yTrue[1], []float64{1, 0}) ||
		!slices.Equal(yPred[0], []float64{0.75, 0.5}) || !slices.Equal(yPred[1], []float64{0.25, 0.5}) {
		t.Fatalf("y_true %v y_pred %v", yTrue, yPred)
	}
	for _, tc := range []struct {
		name, sub string
		invalid   bool
	}{
		{"missing class", "id,a\nq,1\np,0\n", true},
		{"missing id", "ID,a,b\nq,1,0\np,0,1\n", true},
		{"ids differ", "id,a,b\nq,1,0\nr,0,1\n", false},
		{"row count", "id,a,b\nq,1,0\n", false},
		{"text probability", "id,a,b\nq,x,0\np,0,1\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := OneHotLogLossInputs(comptest.Table(t, tc.sub), ans, "id")
			if err == nil {
				t.Fatal("no error")
			}
			if errors.Is(err, competition.ErrInvalidSubmission) != tc.invalid {
				t.Fatalf("err = %v, invalid want %v", err, tc.invalid)
			}
		})
	}
}
