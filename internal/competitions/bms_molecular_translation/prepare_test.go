package bms_molecular_translation

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/pyrand"
)

// fakeDirs writes fake raw data and returns the directories.
func fakeDirs(t testing.TB, rows int) competition.Dirs {
	t.Helper()
	dir := t.TempDir()
	d := competition.Dirs{Raw: filepath.Join(dir, "raw"), Public: filepath.Join(dir, "public"), Private: filepath.Join(dir, "private")}
	for _, p := range []string{d.Public, d.Private} {
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := FakeRaw(d.Raw, competition.FakeOptions{Rows: rows}); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestPrepareRefuses covers the spec's conditions under which the
// original's prepare raises, and the ids the port refuses as paths.
func TestPrepareRefuses(t *testing.T) {
	labels := func(f func([]string) []string) func(d competition.Dirs) error {
		return func(d competition.Dirs) error {
			p := filepath.Join(d.Raw, "train_labels.csv")
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			lines := strings.SplitAfter(string(b), "\n")
			return os.WriteFile(p, []byte(strings.Join(f(lines), "")), 0o644)
		}
	}
	setID := func(row int, id string) func(d competition.Dirs) error {
		return labels(func(l []string) []string {
			_, rest, _ := strings.Cut(l[row], ",")
			l[row] = id + "," + rest
			return l
		})
	}
	for _, tc := range []struct {
		name string
		edit func(d competition.Dirs) error
		want string
	}{
		{"duplicated id in one split: the PNG count falls short", labels(func(l []string) []string {
			_, test, _ := pyrand.TrainTestSplit(len(l)-2, pyrand.SplitOptions{TestSize: pyrand.Fraction(0.2)})
			id, _, _ := strings.Cut(l[1+test[0]], ",")
			_, rest, _ := strings.Cut(l[1+test[1]], ",")
			l[1+test[1]] = id + "," + rest
			return l
		}), ".png files"},
		{"id shorter than 3 characters", setID(9, "ab"), "shorter than 3"},
		{"id escaping its folder", setID(9, "../../../x"), "not a plain file name"},
		{"every id numeric", labels(func(l []string) []string {
			for i := 1; i < len(l)-1; i++ {
				_, rest, _ := strings.Cut(l[i], ",")
				l[i] = strconv.Itoa(100000+i) + "," + rest
			}
			return l
		}), "not text"},
		{"a missing image", func(d competition.Dirs) error {
			b, _ := os.ReadFile(filepath.Join(d.Raw, "train_labels.csv"))
			id := strings.SplitN(strings.Split(string(b), "\n")[1], ",", 2)[0]
			return os.Remove(filepath.Join(d.Raw, "train", id[:1], id[1:2], id[2:3], id+".png"))
		}, "no such file"},
		{"no extra_approved_InChIs.csv", func(d competition.Dirs) error {
			return os.Remove(filepath.Join(d.Raw, "extra_approved_InChIs.csv"))
		}, "extra_approved_InChIs.csv"},
		{"no InChI column", labels(func(l []string) []string {
			l[0] = "image_id,inchi\n"
			return l
		}), "need columns"},
		{"a single row: no train side", labels(func(l []string) []string { return l[:2] }), "splitting"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := fakeDirs(t, 15)
			if err := tc.edit(d); err != nil {
				t.Fatal(err)
			}
			err := Prepare(context.Background(), d)
			if err == nil {
				t.Fatal("prepare succeeded")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}

// TestPrepareCancelled: a cancelled context stops the copies.
func TestPrepareCancelled(t *testing.T) {
	d := fakeDirs(t, 15)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Prepare(ctx, d); err == nil {
		t.Fatal("prepare ignored the cancelled context")
	}
}

// BenchmarkPrepare prepares 200,000 rows and images (a twelfth of the real
// 2.42 million); run with -bench Prepare. Peak RSS is reported as
// MB-peak-rss (fake-data generation included).
func BenchmarkPrepare(b *testing.B) {
	d := fakeDirs(b, 200000)
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		for _, p := range []string{d.Public, d.Private} {
			if err := os.RemoveAll(p); err != nil {
				b.Fatal(err)
			}
			if err := os.MkdirAll(p, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
		if err := Prepare(context.Background(), d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(comptest.PeakRSS())/(1<<20), "MB-peak-rss")
}
