package uw_madison_gi_tract_image_segmentation

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/competitions/internal/pandas"
	"github.com/mlebench/mlebench/internal/competitions/internal/rle"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

// Grade is 0.4·Dice + 0.6·(1 − Hausdorff) (spec "Grade"), a NumPy float64.
func Grade(sub, ans *table.Table) (competition.Score, error) {
	for _, c := range []string{"image_height", "image_width"} {
		if !ans.Has(c) {
			return competition.Score{}, fmt.Errorf("assertion failed: %s column not found in answers", c)
		}
	}
	if !sub.Has("id", "class", "predicted") {
		return competition.Score{}, competition.Invalid("Submission must have columns: id, class, predicted")
	}
	ansPred, ok := ans.Col("predicted")
	if !ok {
		return competition.Score{}, fmt.Errorf("answers: KeyError: 'predicted'")
	}
	heights, err := intColumn(ans, "image_height")
	if err != nil {
		return competition.Score{}, err
	}
	widths, err := intColumn(ans, "image_width")
	if err != nil {
		return competition.Score{}, err
	}
	subPred, _ := sub.Col("predicted")
	// rles_to_masks zips the predictions with the answers' sizes: the
	// shorter list decides.
	n := min(sub.Len(), ans.Len())
	decode := func(c *table.Column, i int) (rle.Mask, error) {
		s, isStr := filledText(c, i)
		if !isStr {
			return rle.Mask{}, fmt.Errorf("assertion failed: Expected a string, but got a %s in row %d", c.Kind, i)
		}
		m, err := rle.Decode(s, heights[i], widths[i])
		if err != nil {
			return rle.Mask{}, fmt.Errorf("decoding the RLE of row %d: %w", i, err)
		}
		return m, nil
	}
	subMasks := make([]rle.Mask, n)
	for i := range subMasks {
		if subMasks[i], err = decode(subPred, i); err != nil {
			return competition.Score{}, err
		}
	}
	ansMasks := make([]rle.Mask, ans.Len())
	for i := range ansMasks {
		if ansMasks[i], err = decode(ansPred, i); err != nil {
			return competition.Score{}, fmt.Errorf("answers: %w", err)
		}
	}
	subIDs, _ := sub.Col("id")
	ansIDs, _ := ans.Col("id")
	if ansIDs == nil {
		return competition.Score{}, fmt.Errorf("answers: KeyError: 'id'")
	}
	subVols, err := groupByDay(subMasks, subIDs)
	if err != nil {
		return competition.Score{}, fmt.Errorf("grouping the submission's slices: %w", err)
	}
	ansVols, err := groupByDay(ansMasks, ansIDs)
	if err != nil {
		return competition.Score{}, fmt.Errorf("grouping the answers' slices: %w", err)
	}

	dice := make([]float64, n)
	for i := range dice {
		p, t := subMasks[i], ansMasks[i]
		sum := p.Count() + t.Count()
		if sum == 0 {
			dice[i] = math.NaN()
			continue
		}
		dice[i] = float64(2*rle.Intersection(p, t)) / float64(sum)
	}
	hd := make([]float64, min(len(subVols), len(ansVols)))
	for i := range hd {
		hd[i] = hausdorff(subVols[i], ansVols[i])
	}
	score := 0.4*nanMean(dice) + 0.6*(1-nanMean(hd))
	return competition.Numpy(score), nil
}

// nanMean is numpy.nanmean: the pairwise sum with NaN replaced by 0,
// divided by the number of non-NaN values (NaN when there is none).
func nanMean(v []float64) float64 {
	filled := make([]float64, len(v))
	count := 0
	for i, x := range v {
		if !math.IsNaN(x) {
			filled[i] = x
			count++
		}
	}
	if count == 0 {
		return math.NaN()
	}
	return metric.Sum(filled) / float64(count)
}

// filledText is cell i after fillna(""): its text and whether it is a str.
func filledText(c *table.Column, i int) (string, bool) {
	switch {
	case c.IsNull(i):
		return "", true
	case c.Kind == table.String && (c.Mixed == nil || c.Mixed[i] == table.String):
		return c.Text[i], true
	case c.Kind == table.Float64 && math.IsNaN(c.Floats[i]):
		return "", true
	}
	return "", false
}

// intColumn is answers[name].astype(int).tolist().
func intColumn(t *table.Table, name string) ([]int64, error) {
	c, _ := t.Col(name)
	out := make([]int64, c.Len())
	for i := range out {
		switch {
		case c.Kind == table.Int64:
			out[i] = c.Ints[i]
		case c.Kind == table.Float64:
			f := c.Floats[i]
			if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= 1<<63 {
				return nil, fmt.Errorf("answers: %s: Cannot convert non-finite values (NA or inf) to integer", name)
			}
			out[i] = int64(f)
		case c.Kind == table.Bool:
			if c.Bools[i] {
				out[i] = 1
			}
		default:
			v, ok := pandas.PyInt(c.Str(i))
			if c.IsNull(i) || !ok {
				return nil, fmt.Errorf("answers: %s: invalid literal for int() with base 10: %q", name, c.Str(i))
			}
			out[i] = v
		}
	}
	return out, nil
}

// volume is a case-day's stack of slice masks, each the OR of the masks
// with one id, in id order: an (S, H, W) array.
type volume struct {
	h, w   int64
	slices []rle.Mask
}

func (v volume) count() int64 {
	var n int64
	for _, s := range v.slices {
		n += s.Count()
	}
	return n
}

func (v volume) equal(u volume) bool {
	if v.h != u.h || v.w != u.w || len(v.slices) != len(u.slices) {
		return false
	}
	for i := range v.slices {
		if !rle.Equal(v.slices[i], u.slices[i]) {
			return false
		}
	}
	return true
}

// groupByDay is upstream's group_masks_by_day: masks paired with ids by
// position (the shorter list decides), sorted by id (stable), masks of one
// id OR-ed, slices grouped by the id's part before "_slice_" in order of
// first appearance and stacked. Ids must be str; masks of one id and
// slices of one case-day must have the same shape.
func groupByDay(masks []rle.Mask, ids *table.Column) ([]volume, error) {
	n := min(len(masks), ids.Len())
	text := make([]string, n)
	for i := range text {
		if ids.IsNull(i) || ids.Kind != table.String || (ids.Mixed != nil && ids.Mixed[i] != table.String) {
			return nil, fmt.Errorf("id of row %d is not a str (%s)", i, ids.Kind)
		}
		text[i] = ids.Text[i]
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(text[a], text[b]) })
	var vols []volume
	dayIndex := map[string]int{}
	for k := 0; k < len(order); {
		id := text[order[k]]
		slice := masks[order[k]]
		for k++; k < len(order) && text[order[k]] == id; k++ {
			m := masks[order[k]]
			if m.H != slice.H || m.W != slice.W {
				return nil, fmt.Errorf("%s: masks of shapes (%d, %d) and (%d, %d) cannot be OR-ed", id, slice.H, slice.W, m.H, m.W)
			}
			slice = union(slice, m)
		}
		day, _, _ := strings.Cut(id, "_slice_")
		j, ok := dayIndex[day]
		if !ok {
			j = len(vols)
			dayIndex[day] = j
			vols = append(vols, volume{h: slice.H, w: slice.W})
		}
		if vols[j].h != slice.H || vols[j].w != slice.W {
			return nil, fmt.Errorf("%s: all input arrays must have the same shape (%d, %d) vs (%d, %d)", day, vols[j].h, vols[j].w, slice.H, slice.W)
		}
		vols[j].slices = append(vols[j].slices, slice)
	}
	return vols, nil
}

// union is the logical OR of two masks of one shape.
func union(a, b rle.Mask) rle.Mask {
	out := rle.Mask{H: a.H, W: a.W}
	i, j := 0, 0
	for i < len(a.Runs) || j < len(b.Runs) {
		var r rle.Run
		if j >= len(b.Runs) || (i < len(a.Runs) && a.Runs[i].Lo <= b.Runs[j].Lo) {
			r = a.Runs[i]
			i++
		} else {
			r = b.Runs[j]
			j++
		}
		if n := len(out.Runs); n > 0 && r.Lo <= out.Runs[n-1].Hi {
			out.Runs[n-1].Hi = max(out.Runs[n-1].Hi, r.Hi)
		} else {
			out.Runs = append(out.Runs, r)
		}
	}
	return out
}

// hausdorff is upstream's hausdorff_distance of a predicted and a true
// case-day volume.
func hausdorff(p, t volume) float64 {
	sp, st := p.count(), t.count()
	switch {
	case sp == 0 && st == 0:
		return math.NaN()
	case p.equal(t):
		return 0
	case sp == 0 || st == 0:
		return 1
	case sp > 10*st:
		return 1
	}
	// Voxel coordinates are divided by the TRUE volume's shape (S, H, W).
	spacing := [3]float64{1 / float64(len(t.slices)), 1 / float64(t.h), 1 / float64(t.w)}
	tv, pv := voxels(t), voxels(p)
	h := math.Sqrt(max(directedSquared(tv, pv, spacing), directedSquared(pv, tv, spacing)))
	return h / math.Sqrt(3)
}

// voxels returns the (slice, row, column) indices of v's set voxels.
func voxels(v volume) [][3]int {
	out := make([][3]int, 0, v.count())
	for s, m := range v.slices {
		m.Pixels(func(r, c int64) { out = append(out, [3]int{s, int(r), int(c)}) })
	}
	return out
}

// directedSquared is the square of scipy's directed_hausdorff(x, y): the
// largest squared distance from a voxel of x to its nearest voxel of y,
// coordinates being indices times spacing. scipy compares every pair (with
// an early break); this computes the exact Euclidean distance transform of
// y over the bounding box of both sets (Felzenszwalb and Huttenlocher's
// separable lower envelope of parabolas), so a real case-day of millions
// of voxels costs a few passes over its grid. The two agree up to float
// rounding (relative 1e-15), not bit for bit.
func directedSquared(x, y [][3]int, spacing [3]float64) float64 {
	lo, hi := x[0], x[0]
	for _, set := range [][][3]int{x, y} {
		for _, v := range set {
			for k := range 3 {
				lo[k], hi[k] = min(lo[k], v[k]), max(hi[k], v[k])
			}
		}
	}
	var dims [3]int
	for k := range 3 {
		dims[k] = hi[k] - lo[k] + 1
	}
	grid := make([]float64, dims[0]*dims[1]*dims[2])
	for i := range grid {
		grid[i] = math.Inf(1)
	}
	at := func(v [3]int) int { return ((v[0]-lo[0])*dims[1]+v[1]-lo[1])*dims[2] + v[2] - lo[2] }
	for _, v := range y {
		grid[at(v)] = 0
	}
	distanceTransform(grid, dims, spacing)
	worst := 0.0
	for _, v := range x {
		worst = max(worst, grid[at(v)])
	}
	return worst
}

// distanceTransform replaces every cell of grid (row-major dims, 0 at the
// sites, +Inf elsewhere) by its squared Euclidean distance to the nearest
// site, axis k having the given spacing.
func distanceTransform(grid []float64, dims [3]int, spacing [3]float64) {
	n := max(dims[0], dims[1], dims[2])
	f, d := make([]float64, n), make([]float64, n)
	env := newEnvelope(n)
	strides := [3]int{dims[1] * dims[2], dims[2], 1}
	for axis := 2; axis >= 0; axis-- {
		length, stride := dims[axis], strides[axis]
		// Every line along axis starts at a cell whose axis index is 0.
		for start := range grid {
			if (start/stride)%dims[axis] != 0 {
				continue
			}
			for i := range length {
				f[i] = grid[start+i*stride]
			}
			env.transform(f[:length], d[:length], spacing[axis])
			for i := range length {
				grid[start+i*stride] = d[i]
			}
		}
	}
}

// envelope is the scratch space of the 1-D transform.
type envelope struct {
	v []int
	z []float64
}

func newEnvelope(n int) *envelope {
	return &envelope{v: make([]int, n), z: make([]float64, n+1)}
}

// transform sets d[p] = min over q of ((p−q)·w)² + f[q] (f[q] = +Inf for
// no site).
func (e *envelope) transform(f, d []float64, w float64) {
	k := -1
	for q := range f {
		if math.IsInf(f[q], 1) {
			continue
		}
		xq := float64(q) * w
		for k >= 0 {
			r := e.v[k]
			xr := float64(r) * w
			s := ((f[q] + xq*xq) - (f[r] + xr*xr)) / (2 * (xq - xr))
			if s > e.z[k] {
				k++
				e.v[k], e.z[k] = q, s
				break
			}
			k--
		}
		if k < 0 {
			k = 0
			e.v[0], e.z[0] = q, math.Inf(-1)
		}
		e.z[k+1] = math.Inf(1)
	}
	if k < 0 {
		for p := range d {
			d[p] = math.Inf(1)
		}
		return
	}
	j := 0
	for p := range d {
		xp := float64(p) * w
		for e.z[j+1] < xp {
			j++
		}
		dx := xp - float64(e.v[j])*w
		d[p] = dx*dx + f[e.v[j]]
	}
}
