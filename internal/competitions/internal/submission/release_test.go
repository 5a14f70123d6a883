package submission

import (
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// aucTables returns a submission and answers of n rows with ids in the
// same order, and the ids' backing arrays' first elements (to watch them).
func aucTables(t *testing.T, n int) (sub, ans *table.Table, subIDs, ansIDs *int64) {
	ids := make([]int64, n)
	ids2 := make([]int64, n)
	labels := make([]int64, n)
	scores := make([]float64, n)
	for i := range ids {
		ids[i], ids2[i] = int64(1000+i), int64(1000+i)
		labels[i] = int64(i % 3 % 2)
		scores[i] = float64(i%1000) / 1000
	}
	sub = table.MustNew(&table.Column{Name: "id", Kind: table.Int64, Ints: ids}, &table.Column{Name: "target", Kind: table.Float64, Floats: scores})
	ans = table.MustNew(&table.Column{Name: "id", Kind: table.Int64, Ints: ids2}, &table.Column{Name: "target", Kind: table.Int64, Ints: labels})
	return sub, ans, &ids[0], &ids2[0]
}

// TestROCAUCReleasesIDs checks that ROCAUC collects garbage before the
// metric's sort for large inputs: with the automatic collector off, the id
// columns of tables only ROCAUC holds are freed during the call (their
// cleanups run), so the keys can reuse their memory. Below the size
// threshold no collection is made.
func TestROCAUCReleasesIDs(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for _, tc := range []struct {
		n    int
		want bool
	}{{releaseMinRows, true}, {1000, false}} {
		sub, ans, subIDs, ansIDs := aucTables(t, tc.n)
		freed := make(chan struct{}, 2)
		runtime.AddCleanup(subIDs, func(ch chan struct{}) { ch <- struct{}{} }, freed)
		runtime.AddCleanup(ansIDs, func(ch chan struct{}) { ch <- struct{}{} }, freed)
		subIDs, ansIDs = nil, nil
		got, err := ROCAUC(sub, ans, "id", "target")
		if err != nil {
			t.Fatal(err)
		}
		_ = got
		n := 0
		wait := 300 * time.Millisecond
		if tc.want {
			wait = 5 * time.Second
		}
		timeout := time.After(wait)
	collect:
		for n < 2 {
			select {
			case <-freed:
				n++
			case <-timeout:
				break collect
			}
		}
		if (n == 2) != tc.want {
			t.Errorf("n=%d: %d of 2 id columns freed during ROCAUC, want freed=%v", tc.n, n, tc.want)
		}
		runtime.GC() // the small case's columns, before the next case
	}
}

// TestROCAUCShuffledReusesAnswerIDs checks that for shuffled submission
// ids (the dense gather) the answers' id column is freed before the
// gathered scores are allocated, so that they can take its memory, and
// that the score is the metric's on the sorted rows.
func TestROCAUCShuffledReusesAnswerIDs(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	sub, ans, _, ansIDs := aucTables(t, releaseMinRows)
	sc, _ := sub.Col("target")
	lc, _ := ans.Col("target")
	want, err := metric.ROCAUCInts(lc.Ints, sc.Floats)
	if err != nil {
		t.Fatal(err)
	}
	// Shuffle the submission's rows (ids and scores together).
	ic, _ := sub.Col("id")
	r := rand.New(rand.NewPCG(5, 6))
	r.Shuffle(len(ic.Ints), func(i, j int) {
		ic.Ints[i], ic.Ints[j] = ic.Ints[j], ic.Ints[i]
		sc.Floats[i], sc.Floats[j] = sc.Floats[j], sc.Floats[i]
	})
	freed := make(chan struct{}, 1)
	runtime.AddCleanup(ansIDs, func(ch chan struct{}) { ch <- struct{}{} }, freed)
	ansIDs, ic, sc, lc = nil, nil, nil, nil
	freedFirst := false
	gatherAllocHook = func() {
		select {
		case <-freed:
			freedFirst = true
		case <-time.After(5 * time.Second):
		}
	}
	defer func() { gatherAllocHook = nil }()
	got, err := ROCAUC(sub, ans, "id", "target")
	if err != nil || got != want {
		t.Fatalf("ROCAUC = %v, %v; want %v", got, err, want)
	}
	if !freedFirst {
		t.Errorf("the answers' id column was not freed before the gathered scores were allocated")
	}
}

// TestROCAUCAfterRelease checks the score of the large case against the
// metric on the same values.
func TestROCAUCAfterRelease(t *testing.T) {
	sub, ans, _, _ := aucTables(t, releaseMinRows)
	lc, _ := ans.Col("target")
	sc, _ := sub.Col("target")
	labels, scores := lc.Ints, sc.Floats
	want, err := metric.ROCAUCInts(labels, scores)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ROCAUC(sub, ans, "id", "target")
	if err != nil || got != want {
		t.Fatalf("ROCAUC = %v, %v; want %v", got, err, want)
	}
}
