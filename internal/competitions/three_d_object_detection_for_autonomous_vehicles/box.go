package three_d_object_detection_for_autonomous_vehicles

import (
	"cmp"
	"errors"
	"fmt"
	"github.com/mlebench/mlebench/internal/competitions/internal/crmath"
	"math"
	"slices"
)

// box is a parsed prediction-string group: the devkit's Box3D inputs.
// rotation is the yaw quaternion (w, x, y, z) built at parse time.
type box struct {
	score       float64
	translation [3]float64
	size        [3]float64 // width, length, height
	rotation    [4]float64
	name        string
}

// builtBox is a validated Box3D: its footprint (counter-clockwise
// rectangle p0..p3), vertical extent and volume.
type builtBox struct {
	corners    [4][2]float64
	minZ, maxZ float64
	volume     float64
}

var (
	errNaN        = errors.New("ValueError: box values may not be NaN")
	errSize       = errors.New("AssertionError: box sizes must be positive")
	errOrthogonal = errors.New("AssertionError: box footprint is not orthogonal")
)

// yawQuaternion is pyquaternion's Quaternion(axis=[0, 0, 1], angle=yaw):
// (cos(yaw/2), 0·sin, 0·sin, sin(yaw/2)). math.cos of ±inf raises.
func yawQuaternion(yaw float64) ([4]float64, error) {
	if math.IsInf(yaw, 0) {
		return [4]float64{}, errors.New("ValueError: math domain error")
	}
	theta := yaw / 2
	s := crmath.Sin(theta)
	return [4]float64{crmath.Cos(theta), 0 * s, 0 * s, s}, nil
}

// rotationCosSin returns rotation_matrix[0, 0] and [1, 0] of pyquaternion:
// the quaternion normalised (only when |1 − Σq²| ≥ 1e-14), then the
// (1, 1) and (2, 1) entries of Q·Q̄ᵀ, summed over k in matrix order.
func rotationCosSin(q [4]float64) (c, s float64) {
	ss := dot4(q, q)
	if !(math.Abs(1-ss) < 1e-14) {
		if n := math.Sqrt(ss); n > 0 {
			for i := range q {
				q[i] /= n
			}
		}
	}
	// Row 1 of Q: (q1, q0, −q3, q2); row 1 of Q̄: (q1, q0, q3, −q2);
	// row 2 of Q: (q2, q3, q0, −q1). The BLAS product accumulates k in
	// order with fused multiply-adds (what numpy's dot gives on x86-64
	// with FMA: checked bit for bit against it in TestQuaternion).
	c = math.FMA(q[2], -q[2], math.FMA(-q[3], q[3], math.FMA(q[0], q[0], math.FMA(q[1], q[1], 0))))
	s = math.FMA(-q[1], -q[2], math.FMA(q[0], q[3], math.FMA(q[3], q[0], math.FMA(q[2], q[1], 0))))
	return c, s
}

func dot4(a, b [4]float64) float64 {
	return math.FMA(a[3], b[3], math.FMA(a[2], b[2], math.FMA(a[1], b[1], a[0]*b[0])))
}

// build is Box3D(**box): the NaN checks, the size assertion and the four
// orthogonality assertions of the ground footprint.
func (b *box) build() (*builtBox, error) {
	for _, v := range b.translation {
		if v != v {
			return nil, errNaN
		}
	}
	for _, v := range b.size {
		if v != v {
			return nil, errNaN
		}
	}
	for _, v := range b.rotation {
		if v != v {
			return nil, errNaN
		}
	}
	for _, v := range b.size {
		if !(v > 0) {
			return nil, errSize
		}
	}
	w, l, h := b.size[0], b.size[1], b.size[2]
	cx, cy, cz := b.translation[0], b.translation[1], b.translation[2]
	c, s := rotationCosSin(b.rotation)
	lc, ls := float64(l/2*c), float64(l/2*s)
	wc, ws := float64(w/2*c), float64(w/2*s)
	out := &builtBox{
		corners: [4][2]float64{
			{cx + lc + ws, cy + ls - wc},
			{cx + lc - ws, cy + ls + wc},
			{cx - lc - ws, cy - ls + wc},
			{cx - lc + ws, cy - ls - wc},
		},
		minZ:   cz - h/2,
		maxZ:   cz + h/2,
		volume: float64(w*l) * h,
	}
	p := out.corners
	for _, t := range [4][3]int{{0, 1, 3}, {1, 0, 2}, {2, 1, 3}, {3, 0, 2}} {
		a, bb, cc := p[t[0]], p[t[1]], p[t[2]]
		d := float64((bb[0]-a[0])*(cc[0]-a[0])) + float64((bb[1]-a[1])*(cc[1]-a[1]))
		if !(math.Abs(d) <= 1e-8) {
			return nil, fmt.Errorf("%w (dot product %g)", errOrthogonal, d)
		}
	}
	return out, nil
}

// iou is pred.get_iou(gt): intersection volume over union, clipped to
// [0, 1] (NaN stays NaN, as np.clip leaves it).
func iou(pred, gt *builtBox) float64 {
	// get_height_intersection with Python's max/min (first argument kept
	// unless the second compares greater/smaller).
	lo := pyMax(gt.minZ, pred.minZ)
	hi := pyMin(gt.maxZ, pred.maxZ)
	hgt := pyMax(0, hi-lo)
	inter := float64(hgt * intersectionArea(pred.corners, gt.corners))
	union := pred.volume + gt.volume - inter
	v := inter / union
	switch {
	case v != v:
		return v
	case v < 0:
		return 0
	case v > 1:
		return 1
	}
	return v
}

func pyMax(a, b float64) float64 {
	if b > a {
		return b
	}
	return a
}

func pyMin(a, b float64) float64 {
	if b < a {
		return b
	}
	return a
}

// intersectionArea is the area of the intersection of two convex
// counter-clockwise quadrilaterals, as shapely computes
// subject.intersection(clip).area with GEOS's OverlayNG:
//   - the vertices: the subject is clipped by each edge of clip
//     (Sutherland–Hodgman); every vertex where an edge of one crosses an
//     edge of the other is computed with GEOS's line-intersection formula
//     on the two original edges, corners are kept exactly, so the vertices
//     are GEOS's bit for bit;
//   - the ring: GEOS's result shell is clockwise and starts where its
//     polygon builder starts, at the second point of the reversed first
//     piece of the subject's boundary (split at the crossings, walked from
//     its first corner) that lies inside clip (ringStart);
//   - the area: GEOS's shoelace over that ring, x shifted by its first
//     vertex.
func intersectionArea(subject, clip [4][2]float64) float64 {
	poly := intersectionPolygon(subject, clip)
	n := len(poly)
	if n < 3 {
		return 0
	}
	s := 0
	if start, ok := ringStart(subject, clip, poly); ok {
		for i, v := range poly {
			if v == start {
				s = i
				break
			}
		}
	}
	// Clockwise from s: s, s−1, s−2, ...
	at := func(k int) [2]float64 { return poly[((s-k)%n+n)%n] }
	x0 := at(0)[0]
	sum := 0.0
	for i := 1; i < n; i++ {
		p0, p1, p2 := at(i-1), at(i), at(i+1)
		sum += float64((p1[0] - x0) * (p0[1] - p2[1]))
	}
	return math.Abs(sum / 2)
}

// ringStart returns the first vertex of GEOS's result ring for the
// intersection poly of subject and clip (see intersectionArea). ok is
// false when the rule does not apply (identical quadrilaterals start at
// the subject's first corner).
func ringStart(subject, clip [4][2]float64, poly [][2]float64) ([2]float64, bool) {
	if subject == clip {
		return subject[0], true
	}
	isVertex := func(p [2]float64) bool {
		for _, v := range poly {
			if v == p {
				return true
			}
		}
		return false
	}
	inside := func(p [2]float64) bool {
		for e := 0; e < 4; e++ {
			a, b := clip[e], clip[(e+1)%4]
			if float64((b[0]-a[0])*(p[1]-a[1]))-float64((b[1]-a[1])*(p[0]-a[0])) <= 0 {
				return false
			}
		}
		return true
	}
	// The subject's boundary from its first corner, with the crossings.
	type point struct {
		p    [2]float64
		node bool
	}
	seq := []point{{subject[0], false}}
	for i := 0; i < 4; i++ {
		a, b := subject[i], subject[(i+1)%4]
		var nodes [][2]float64
		for j := 0; j < 4; j++ {
			if x, ok := geosIntersection(a, b, clip[j], clip[(j+1)%4]); ok && isVertex(x) && x != a && x != b {
				nodes = append(nodes, x)
			}
		}
		dist := func(x [2]float64) float64 { return (x[0]-a[0])*(b[0]-a[0]) + (x[1]-a[1])*(b[1]-a[1]) }
		slices.SortFunc(nodes, func(x, y [2]float64) int { return cmp.Compare(dist(x), dist(y)) })
		for _, x := range nodes {
			seq = append(seq, point{x, true})
		}
		seq = append(seq, point{b, false})
	}
	// The pieces between crossings; the last one ends at the first corner.
	piece := [][2]float64{seq[0].p}
	for k := 1; k < len(seq); k++ {
		piece = append(piece, seq[k].p)
		if !seq[k].node && k < len(seq)-1 {
			continue
		}
		a, b := piece[0], piece[1]
		if inside([2]float64{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2}) {
			return piece[len(piece)-2], true
		}
		piece = [][2]float64{seq[k].p}
	}
	// No part of the subject's boundary inside clip: clip lies inside
	// subject, its ring is reversed from its first corner.
	return clip[3], true
}

// intersectionPolygon returns the vertices of the intersection of
// subject and clip, counter-clockwise (see intersectionArea).
func intersectionPolygon(subject, clip [4][2]float64) [][2]float64 {
	type vertex struct {
		p [2]float64
		// on is the line of the edge from this vertex to the next: 0–3
		// subject edge k (subject[k]→subject[k+1]), 4–7 clip edge k−4.
		on int
	}
	poly := make([]vertex, 0, 8)
	for k, p := range subject {
		poly = append(poly, vertex{p, k})
	}
	next := make([]vertex, 0, 8)
	for e := 0; e < 4 && len(poly) > 0; e++ {
		a, b := clip[e], clip[(e+1)%4]
		side := func(p [2]float64) float64 {
			return float64((b[0]-a[0])*(p[1]-a[1])) - float64((b[1]-a[1])*(p[0]-a[0]))
		}
		// crossing is where the line of prev's outgoing edge meets clip
		// edge e.
		crossing := func(prev, cur vertex, sp, sc float64) [2]float64 {
			switch {
			case prev.on < 4:
				s0, s1 := subject[prev.on], subject[(prev.on+1)%4]
				if p, ok := geosIntersection(s0, s1, a, b); ok {
					return p
				}
			case prev.on-4 == (e+3)%4:
				return a // the clip corner where edge e starts
			case prev.on-4 == (e+1)%4:
				return b
			}
			t := sp / (sp - sc)
			return [2]float64{prev.p[0] + float64(t*(cur.p[0]-prev.p[0])), prev.p[1] + float64(t*(cur.p[1]-prev.p[1]))}
		}
		next = next[:0]
		for i := range poly {
			cur, prev := poly[i], poly[(i+len(poly)-1)%len(poly)]
			sc, sp := side(cur.p), side(prev.p)
			if sc >= 0 {
				if sp < 0 {
					next = append(next, vertex{crossing(prev, cur, sp, sc), prev.on})
				}
				next = append(next, cur)
			} else if sp >= 0 {
				next = append(next, vertex{crossing(prev, cur, sp, sc), 4 + e})
			}
		}
		poly, next = next, poly
	}
	out := make([][2]float64, len(poly))
	for i, v := range poly {
		out[i] = v.p
	}
	return out
}

// geosIntersection is GEOS's Intersection::intersection of the lines
// through segments p1p2 and q1q2: coordinates conditioned by the centre of
// the segments' envelope intersection, homogeneous-coordinate solution. ok
// is false for parallel lines, a non-finite result or a point outside the
// segments' envelopes (GEOS then takes an endpoint).
func geosIntersection(p1, p2, q1, q2 [2]float64) ([2]float64, bool) {
	minX := math.Max(math.Min(p1[0], p2[0]), math.Min(q1[0], q2[0]))
	maxX := math.Min(math.Max(p1[0], p2[0]), math.Max(q1[0], q2[0]))
	minY := math.Max(math.Min(p1[1], p2[1]), math.Min(q1[1], q2[1]))
	maxY := math.Min(math.Max(p1[1], p2[1]), math.Max(q1[1], q2[1]))
	midX, midY := (minX+maxX)/2, (minY+maxY)/2
	p1x, p1y, p2x, p2y := p1[0]-midX, p1[1]-midY, p2[0]-midX, p2[1]-midY
	q1x, q1y, q2x, q2y := q1[0]-midX, q1[1]-midY, q2[0]-midX, q2[1]-midY
	px, py := p1y-p2y, p2x-p1x
	pw := float64(p1x*p2y) - float64(p2x*p1y)
	qx, qy := q1y-q2y, q2x-q1x
	qw := float64(q1x*q2y) - float64(q2x*q1y)
	x := float64(py*qw) - float64(qy*pw)
	y := float64(qx*pw) - float64(px*qw)
	w := float64(px*qy) - float64(qx*py)
	xi, yi := x/w+midX, y/w+midY
	if math.IsNaN(xi) || math.IsInf(xi, 0) || math.IsNaN(yi) || math.IsInf(yi, 0) {
		return [2]float64{}, false
	}
	in := func(a, b [2]float64) bool {
		return xi >= math.Min(a[0], b[0]) && xi <= math.Max(a[0], b[0]) && yi >= math.Min(a[1], b[1]) && yi <= math.Max(a[1], b[1])
	}
	if !in(p1, p2) || !in(q1, q2) {
		return [2]float64{}, false
	}
	return [2]float64{xi, yi}, true
}
