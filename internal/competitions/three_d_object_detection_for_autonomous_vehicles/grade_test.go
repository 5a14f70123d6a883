package three_d_object_detection_for_autonomous_vehicles

import (
	"errors"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/comptest"
	"github.com/mlebench/mlebench/internal/grade"
	"github.com/mlebench/mlebench/internal/table"
)

// TestGradeCases grades the submissions of testdata/grade against its
// answers; outcomes and scores (1e-9) come from reference_grade.py
// (shapely 1.8.5 footprints, pyquaternion's formulas with numpy).
func TestGradeCases(t *testing.T) {
	comptest.RunGradeCases(t, Competition, filepath.Join("testdata", "grade"), competition.NumpyFloat64)
}

type geometry struct {
	Rotation []struct{ Yaw, W, Z, C, S string } `json:"rotation"`
	Pairs    []struct {
		A, B []string
		Area float64    `json:"area"`
		IoU  float64    `json:"iou"`
		Ring [][]string `json:"ring"`
	} `json:"pairs"`
}

func hexFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return f
}

// TestQuaternion compares the yaw quaternion and the rotation-matrix
// entries with pyquaternion's formulas evaluated by Python and numpy.
// The rotation entries, computed from the reference quaternion, must agree
// bit for bit. The quaternion is (math.cos, math.sin) of yaw/2: crmath.Cos and
// crmath.Sin are correctly rounded, glibc's are not always (errors up to about
// 0.52 ulp), so a last-bit difference is allowed in at most 1% of the
// vectors (1 of 413 at the time of writing).
func TestQuaternion(t *testing.T) {
	var g geometry
	comptest.ReadJSON(t, filepath.Join("testdata", "geometry.json"), &g)
	if len(g.Rotation) < 100 {
		t.Fatalf("%d rotation vectors", len(g.Rotation))
	}
	ulpOff := 0
	for _, r := range g.Rotation {
		yaw := hexFloat(t, r.Yaw)
		q, err := yawQuaternion(yaw)
		if err != nil {
			t.Fatal(err)
		}
		w, z := hexFloat(t, r.W), hexFloat(t, r.Z)
		for _, p := range [][2]float64{{q[0], w}, {q[3], z}} {
			switch {
			case p[0] == p[1]:
			case math.Nextafter(p[0], p[1]) == p[1]:
				ulpOff++
				t.Logf("yaw %v: %x, Python %x (one ulp)", yaw, p[0], p[1])
			default:
				t.Errorf("yaw %v: %x, Python %x", yaw, p[0], p[1])
			}
		}
		c, s := rotationCosSin([4]float64{w, 0 * z, 0 * z, z})
		if c != hexFloat(t, r.C) || s != hexFloat(t, r.S) {
			t.Errorf("yaw %v: rotation (%x, %x), reference (%s, %s)", yaw, c, s, r.C, r.S)
		}
	}
	if ulpOff*100 > len(g.Rotation) {
		t.Errorf("%d of %d quaternions differ in the last bit", ulpOff, len(g.Rotation))
	}
}

// TestIntersection compares footprint intersections with shapely's
// (GEOS 3.11 OverlayNG): vertices, areas and 3-D IoUs bit for bit, except
// where a corner differs because glibc's sine or cosine was not correctly
// rounded (at most 1% of the pairs; then to 1e-12).
func TestIntersection(t *testing.T) {
	var g geometry
	comptest.ReadJSON(t, filepath.Join("testdata", "geometry.json"), &g)
	if len(g.Pairs) < 100 {
		t.Fatalf("%d pairs", len(g.Pairs))
	}
	exact, vertexOff := 0, 0
	for i, p := range g.Pairs {
		var boxes [2]*builtBox
		for k, v := range [2][]string{p.A, p.B} {
			var f [7]float64
			for j := range f {
				f[j] = hexFloat(t, v[j])
			}
			q, _ := yawQuaternion(f[6])
			b := box{translation: [3]float64{f[0], f[1], f[2]}, size: [3]float64{f[3], f[4], f[5]}, rotation: q}
			var err error
			if boxes[k], err = b.build(); err != nil {
				t.Fatalf("pair %d: %v", i, err)
			}
		}
		// The vertices are GEOS's bit for bit (as a set: GEOS's ring is
		// clockwise and may start elsewhere).
		var got, want []string
		for _, v := range intersectionPolygon(boxes[0].corners, boxes[1].corners) {
			got = append(got, strconv.FormatFloat(v[0], 'x', -1, 64)+","+strconv.FormatFloat(v[1], 'x', -1, 64))
		}
		for _, v := range p.Ring {
			want = append(want, strconv.FormatFloat(hexFloat(t, v[0]), 'x', -1, 64)+","+strconv.FormatFloat(hexFloat(t, v[1]), 'x', -1, 64))
		}
		slices.Sort(got)
		slices.Sort(want)
		sameVertices := p.Area == 0 || slices.Equal(got, want)
		if !sameVertices {
			// A corner moves when glibc's sin/cos of yaw/2 is not
			// correctly rounded (see TestQuaternion).
			vertexOff++
			t.Logf("pair %d: vertices %v, GEOS %v", i, got, want)
		}
		area := intersectionArea(boxes[0].corners, boxes[1].corners)
		if sameVertices && (area != p.Area || iou(boxes[0], boxes[1]) != p.IoU) {
			t.Errorf("pair %d: area %x IoU %x, shapely %x and %x (same vertices: must be bit-identical)", i, area, iou(boxes[0], boxes[1]), p.Area, p.IoU)
		}
		if math.Abs(area-p.Area) > 1e-12*math.Max(1, p.Area) {
			t.Errorf("pair %d: area %.17g, shapely %.17g", i, area, p.Area)
		}
		if area == p.Area {
			exact++
		}
		if got := iou(boxes[0], boxes[1]); math.Abs(got-p.IoU) > 1e-12 {
			t.Errorf("pair %d: IoU %.17g, reference %.17g", i, got, p.IoU)
		}
	}
	t.Logf("%d of %d areas equal shapely's bit for bit", exact, len(g.Pairs))
	if vertexOff*100 > len(g.Pairs) {
		t.Errorf("%d of %d intersections have other vertices than GEOS", vertexOff, len(g.Pairs))
	}
}

// TestMalformed: malformed variants of the perfect submission never
// panic; structural ones are invalid.
func TestMalformed(t *testing.T) {
	dir := filepath.Join("testdata", "grade")
	answers, err := grade.LoadAnswers(Competition, filepath.Join(dir, "answers.csv"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(mustRead(t, filepath.Join(dir, "answers.csv")))
	comptest.FuzzNoPanic(t, Competition, answers, text, competition.NumpyFloat64)
	ids, _ := answers.Col("Id")
	n := answers.Len()
	dup := comptest.Range(n)
	dup[1] = 0
	for _, tc := range []struct {
		name string
		sub  *table.Table
	}{
		{"empty", table.MustNew()},
		{"no rows", answers.Take(nil)},
		{"drop Id", answers.Drop("Id")},
		{"drop PredictionString", answers.Drop("PredictionString")},
		{"one row short", answers.Take(comptest.Range(n - 1))},
		{"every row twice", answers.Take(append(comptest.Range(n), comptest.Range(n)...))},
		{"duplicate replaces an id", answers.Take(dup)},
		{"numeric Ids", table.MustNew(table.Ints("Id", make([]int64, n)), table.Strings("PredictionString", make([]string, n)))},
		{"mixed Ids", table.MustNew(comptest.MixedColumn("Id", append([]any{1}, anyStrings(ids, 1)...)...), table.Strings("PredictionString", make([]string, n)))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := comptest.SafeGrade(Competition, tc.sub, answers)
			if err == nil {
				t.Fatalf("score %v, want a null score", s)
			}
			if errors.Is(err, competition.ErrInvalidSubmission) == false && tc.name != "mixed Ids" {
				t.Fatalf("err %v, want invalid", err)
			}
		})
	}
}

func anyStrings(c *table.Column, from int) []any {
	var out []any
	for i := from; i < c.Len(); i++ {
		out = append(out, c.Str(i))
	}
	return out
}

// TestSortByScore checks the confidence ordering against CPython's
// sorted(..., reverse=True) on keys with NaN and ties
// (testdata/sort_orders.json from reference_sort.py).
func TestSortByScore(t *testing.T) {
	var cases []struct {
		Keys  []string `json:"keys"`
		Order []int    `json:"order"`
	}
	comptest.ReadJSON(t, filepath.Join("testdata", "sort_orders.json"), &cases)
	if len(cases) < 50 {
		t.Fatalf("%d cases", len(cases))
	}
	for ci, c := range cases {
		keys := make([]float64, len(c.Keys))
		for i, k := range c.Keys {
			var err error
			if keys[i], err = strconv.ParseFloat(k, 64); err != nil {
				t.Fatal(err)
			}
		}
		if got := sortByScoreDesc(keys); !slices.Equal(got, c.Order) && !(len(got) == 0 && len(c.Order) == 0) {
			t.Errorf("case %d (n=%d): order differs from CPython's", ci, len(keys))
		}
	}
}
