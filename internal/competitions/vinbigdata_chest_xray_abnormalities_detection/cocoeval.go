package vinbigdata_chest_xray_abnormalities_detection

import (
	"math"
	"slices"

	"github.com/mlebench/mlebench/internal/metric"
)

// annotation is a COCO ground-truth or detection record as the kernel
// builds it: bbox holds [x_min, y_min, x_max, y_max], which pycocotools
// reads as [x, y, w, h]; area is the xyxy area.
type annotation struct {
	id, image int
	cat       int64
	score     float64
	bbox      [4]float64
	area      float64
}

// COCOeval parameters used by stats[0].
const (
	iouThr  = 0.4
	maxDets = 100
	areaLo  = 0.0
	areaHi  = 1e10
)

// bbIou is pycocotools' bbox IoU of a detection and a non-crowd ground
// truth, both as [x, y, w, h].
func bbIou(d, g [4]float64) float64 {
	w := min(d[0]+d[2], g[0]+g[2]) - max(d[0], g[0])
	if w <= 0 {
		return 0
	}
	h := min(d[1]+d[3], g[1]+g[3]) - max(d[1], g[1])
	if h <= 0 {
		return 0
	}
	inter := w * h
	return inter / (d[2]*d[3] + g[2]*g[3] - inter)
}

// byScore is np.argsort(-scores, kind="mergesort") applied to dts.
func byScore(dts []annotation) []annotation {
	out := slices.Clone(dts)
	slices.SortStableFunc(out, func(a, b annotation) int {
		switch {
		case -a.score < -b.score:
			return -1
		case -a.score > -b.score:
			return 1
		}
		return 0
	})
	return out
}

// evalImg is evaluateImg's result for area "all" and maxDet 100.
type evalImg struct {
	dtScores []float64
	dtMatch  []int // GT id or 0
	dtIgnore []bool
	nGT      int // not ignored
}

// cocoStats0 is COCOeval(bbox, iouThrs=[0.4]).evaluate(), accumulate()
// and summarize()'s stats[0]: the mean precision over the 101 recall
// thresholds and the categories with ground truth.
func cocoStats0(gts, dts []annotation, nImages int, cats []int64) float64 {
	type key struct {
		image int
		cat   int64
	}
	gtBy, dtBy := map[key][]annotation{}, map[key][]annotation{}
	catOK := map[int64]bool{}
	for _, c := range cats {
		catOK[c] = true
	}
	for _, g := range gts {
		gtBy[key{g.image, g.cat}] = append(gtBy[key{g.image, g.cat}], g)
	}
	for _, d := range dts {
		if catOK[d.cat] {
			dtBy[key{d.image, d.cat}] = append(dtBy[key{d.image, d.cat}], d)
		}
	}
	const nRec = 101
	recThrs := make([]float64, nRec)
	for i := range recThrs {
		recThrs[i] = float64(i) * 0.01
	}
	recThrs[nRec-1] = 1
	// precision[r][k], -1 for skipped categories
	precision := make([][]float64, nRec)
	for r := range precision {
		precision[r] = make([]float64, len(cats))
		for k := range precision[r] {
			precision[r][k] = -1
		}
	}
	for k, c := range cats {
		var evals []evalImg
		for img := range nImages {
			e, ok := evaluateImg(gtBy[key{img, c}], dtBy[key{img, c}])
			if ok {
				evals = append(evals, e)
			}
		}
		if len(evals) == 0 {
			continue
		}
		var scores []float64
		var match []int
		var ignore []bool
		npig := 0
		for _, e := range evals {
			scores = append(scores, e.dtScores...)
			match = append(match, e.dtMatch...)
			ignore = append(ignore, e.dtIgnore...)
			npig += e.nGT
		}
		if npig == 0 {
			continue
		}
		order := make([]int, len(scores))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case -scores[a] < -scores[b]:
				return -1
			case -scores[a] > -scores[b]:
				return 1
			}
			return 0
		})
		nd := len(order)
		rc, pr := make([]float64, nd), make([]float64, nd)
		tp, fp := 0.0, 0.0
		eps := math.Nextafter(1, 2) - 1
		for j, i := range order {
			if !ignore[i] {
				if match[i] != 0 {
					tp++
				} else {
					fp++
				}
			}
			rc[j] = tp / float64(npig)
			pr[j] = tp / (fp + tp + eps)
		}
		for i := nd - 1; i > 0; i-- {
			if pr[i] > pr[i-1] {
				pr[i-1] = pr[i]
			}
		}
		for r, thr := range recThrs {
			// searchsorted(rc, thr, side="left")
			pi, _ := slices.BinarySearchFunc(rc, thr, func(a, t float64) int {
				if a < t {
					return -1
				}
				return 1
			})
			if pi >= nd {
				for rr := r; rr < nRec; rr++ {
					precision[rr][k] = 0
				}
				break
			}
			precision[r][k] = pr[pi]
		}
	}
	var vals []float64
	for r := range precision {
		for _, v := range precision[r] {
			if v > -1 {
				vals = append(vals, v)
			}
		}
	}
	if len(vals) == 0 {
		return -1
	}
	return metric.Mean(vals)
}

// evaluateImg is COCOeval.evaluateImg for one image and category (no
// ground truth ignored by flag; area range "all"). ok is false when there
// is neither ground truth nor detection.
func evaluateImg(gt, dt []annotation) (evalImg, bool) {
	if len(gt) == 0 && len(dt) == 0 {
		return evalImg{}, false
	}
	gtIg := make([]bool, len(gt))
	for i, g := range gt {
		gtIg[i] = g.area < areaLo || g.area > areaHi
	}
	// gt sorted by ignore flag (stable)
	gIdx := make([]int, len(gt))
	for i := range gIdx {
		gIdx[i] = i
	}
	slices.SortStableFunc(gIdx, func(a, b int) int {
		switch {
		case !gtIg[a] && gtIg[b]:
			return -1
		case gtIg[a] && !gtIg[b]:
			return 1
		}
		return 0
	})
	dt = byScore(dt)
	if len(dt) > maxDets {
		dt = dt[:maxDets]
	}
	e := evalImg{dtScores: make([]float64, len(dt)), dtMatch: make([]int, len(dt)), dtIgnore: make([]bool, len(dt))}
	gtm := make([]int, len(gt)) // detection id or 0, by sorted position
	for _, gi := range gIdx {
		if !gtIg[gi] {
			e.nGT++
		}
	}
	for di, d := range dt {
		e.dtScores[di] = d.score
		if len(gt) == 0 {
			continue
		}
		best := min(iouThr, 1-1e-10)
		m := -1
		for pos, gi := range gIdx {
			if gtm[pos] > 0 {
				continue
			}
			if m > -1 && !gtIg[gIdx[m]] && gtIg[gi] {
				break
			}
			v := bbIou(d.bbox, gt[gi].bbox)
			if v < best {
				continue
			}
			best, m = v, pos
		}
		if m == -1 {
			continue
		}
		e.dtIgnore[di] = gtIg[gIdx[m]]
		e.dtMatch[di] = gt[gIdx[m]].id
		gtm[m] = d.id
	}
	for di, d := range dt {
		if e.dtMatch[di] == 0 && (d.area < areaLo || d.area > areaHi) {
			e.dtIgnore[di] = true
		}
	}
	return e, true
}
