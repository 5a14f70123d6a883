package devbench

import (
	"strings"
	"testing"
	"time"
)

func TestWithReason(t *testing.T) {
	step := func(cpu float64) *benchStep {
		return &benchStep{Wall: time.Second, CPU: time.Duration(cpu * float64(time.Second)), MaxRSS: 50 << 20}
	}
	base := benchResult{ID: "x", Size: "s", RawSize: 1 << 20, Prep: step(1), Grade: step(0.2), Ref: step(1.4),
		Ours: ptr(0.5), Theirs: ptr(0.5)}
	loaded, quiet, meets := base, base, base
	loaded.Load, quiet.Load = "22.40", "1.10"
	meets.Load, meets.Ref = "1.10", step(3)
	quietBig := quiet
	quietBig.Grade, quietBig.Ref = step(0.8), step(4)
	bigPrep := quiet
	bigPrep.Prep = &benchStep{Wall: time.Second, CPU: time.Second, MaxRSS: 2 << 30}
	bigPrep.Ref = step(3)
	failed := benchResult{ID: "y", Size: "s", Failed: "prepare: boom", Load: "30"}
	for _, tc := range []struct {
		name string
		r    benchResult
		want string // the targets cell
	}{
		{"loaded, start-up bound", loaded, "grade only 7.0× less CPU than pandas (target 10×) — why: measured at load 22.40 on 2 cores, where contention inflates CPU figures; both sides are near their fixed start-up cost here (ours 0.20 s, pandas 1.40 s, most of it starting Python and importing pandas / scikit-learn); to be re-measured on a quiet machine"},
		{"quiet, start-up bound", quiet, "grade only 7.0× less CPU than pandas (target 10×) — why: measured quiet; the pandas path's 1.40 s is mostly its fixed start-up (starting Python and importing pandas: ≈ 0.9 CPU-s on a quiet machine), so 10× asks our whole process, its own start included, for ≤ 0.14 s against the 0.20 s measured; open work of issue #14"},
		{"quiet", quietBig, "grade only 5.0× less CPU than pandas (target 10×) — why: measured quiet: the grader itself is short of 10× the pandas path; open work of issue #14"},
		{"prepare", bigPrep, "prepare peak RSS 2048 MiB > 1 GiB — why: measured quiet: the preparer itself exceeds 1 GiB; open work of issue #14"},
		{"meets", meets, "meets"},
		{"failed", failed, "FAILED: prepare: boom"},
	} {
		got := withReason(tc.r.row())
		cells := splitRow(got)
		if len(cells) != len(benchColumns) {
			t.Fatalf("%s: %d cells: %s", tc.name, len(cells), got)
		}
		if cells[colTargets] != tc.want {
			t.Errorf("%s: targets\n got %q\nwant %q", tc.name, cells[colTargets], tc.want)
		}
		if again := withReason(got); again != got {
			t.Errorf("%s: not idempotent:\n%s\n%s", tc.name, got, again)
		}
	}
	missNotes["x"] = "a known cause"
	defer delete(missNotes, "x")
	if got := withReason(quiet.row()); !strings.HasSuffix(got, "— why: a known cause |") {
		t.Errorf("note not used: %s", got)
	}
	// Escaped pipes in a cell survive.
	noRef := base
	noRef.Ref, noRef.RefNote, noRef.Load = nil, "a | b", "1"
	if got := withReason(noRef.row()); got != noRef.row() {
		t.Errorf("row without a miss changed:\n%s\n%s", noRef.row(), got)
	}
}
