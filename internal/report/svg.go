package report

// Plots are hand-written SVG: a few rectangles, lines and paths per chart,
// styled like the page, text left to the browser's default sans-serif (no
// fonts to embed), deterministic bytes for golden tests, and no dependency.

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// Chart colours.
const (
	colAny    = "#3b6ea8"
	colGold   = "#d4a017"
	colSilver = "#7f97b8" // a bluish silver, told apart from the grey of no medal
	colBronze = "#b8733a"
	colNone   = "#6b7785" // muted text
	colNoMdl  = "#cfd3d8" // dots of runs without a medal
	colShade  = "#f6f7f9" // alternate rows of the dot plot
	colBad    = "#c0392b"
	colGrid   = "#e3e6ea"
	colAxis   = "#4a4f55"
)

var seriesColours = []string{"#3b6ea8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#16a085", "#7f8c8d"}

type svg struct{ strings.Builder }

func (b *svg) f(format string, args ...any) { fmt.Fprintf(&b.Builder, format, args...) }

// n formats a coordinate compactly.
func n(x float64) string {
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
}

func esc(s string) string { return html.EscapeString(s) }

func (b *svg) open(w, h float64, label string) {
	b.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" role="img" aria-label="%s" font-family="sans-serif" font-size="12">`,
		n(w), n(h), n(w), n(h), esc(label))
	b.f(`<title>%s</title>`, esc(label))
}

func (b *svg) text(x, y float64, anchor, fill, s string, extra string) {
	b.f(`<text x="%s" y="%s" text-anchor="%s" fill="%s"%s>%s</text>`, n(x), n(y), anchor, fill, extra, esc(s))
}

func (b *svg) line(x1, y1, x2, y2 float64, stroke string, width float64, extra string) {
	b.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"%s/>`, n(x1), n(y1), n(x2), n(y2), stroke, n(width), extra)
}

// niceStep returns a 1-2-5 step giving about k ticks over span.
func niceStep(span float64, k int) float64 {
	if span <= 0 || math.IsNaN(span) || math.IsInf(span, 0) {
		return 1
	}
	raw := span / float64(k)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			return m * mag
		}
	}
	return 10 * mag
}

func fmtTick(x float64) string {
	if math.Abs(x) < 1e-9 {
		return "0"
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

// SplitChart draws grouped bars (any medal, gold, silver, bronze) per split
// with ±1 SEM error bars.
func SplitChart(splits []SplitResult) string {
	type bar struct {
		name, colour string
		metric       string
	}
	bars := []bar{{"Any medal", colAny, "any_medal_percentage"}, {"Gold", colGold, "gold_medal_percentage"},
		{"Silver", colSilver, "silver_medal_percentage"}, {"Bronze", colBronze, "bronze_medal_percentage"}}
	var ok []SplitResult
	for _, s := range splits {
		if s.Agg != nil {
			ok = append(ok, s)
		}
	}
	const left, right, top, bottom = 52.0, 16.0, 40.0, 44.0
	groupW := 150.0
	w := math.Max(420, left+right+groupW*float64(len(ok)))
	h := 300.0
	var b svg
	b.open(w, h, "Medal rates by split (mean ± SEM over seeds)")
	ymax := 10.0
	allZero := true
	for _, s := range ok {
		for _, br := range bars {
			st := s.Stat(br.metric)
			ymax = math.Max(ymax, st.Mean+st.StandardError)
			allZero = allZero && st.Mean == 0 && st.StandardError == 0
		}
	}
	step := niceStep(ymax, 5)
	ymax = math.Min(100, math.Ceil(ymax*1.08/step)*step)
	if ymax < step {
		ymax = step
	}
	plotH := h - top - bottom
	y := func(v float64) float64 { return top + plotH*(1-v/ymax) }
	for v := 0.0; v <= ymax+1e-9; v += step {
		b.line(left, y(v), w-right, y(v), colGrid, 1, "")
		b.text(left-6, y(v)+4, "end", colAxis, fmtTick(v), "")
	}
	b.text(14, top+plotH/2, "middle", colAxis, "% of competitions", fmt.Sprintf(` transform="rotate(-90 14 %s)"`, n(top+plotH/2)))
	// Legend.
	lx := left
	for _, br := range bars {
		b.f(`<rect x="%s" y="12" width="12" height="12" fill="%s"/>`, n(lx), br.colour)
		b.text(lx+16, 22, "start", colAxis, br.name, "")
		lx += 24 + 7.5*float64(len(br.name))
	}
	barW := (groupW - 30) / float64(len(bars))
	for i, s := range ok {
		gx := left + groupW*float64(i) + 15
		for j, br := range bars {
			st := s.Stat(br.metric)
			x := gx + barW*float64(j)
			b.f(`<rect class="bar" data-split="%s" data-metric="%s" x="%s" y="%s" width="%s" height="%s" fill="%s"><title>%s %s: %s</title></rect>`,
				esc(s.Name), br.metric, n(x+2), n(y(st.Mean)), n(barW-4), n(y(0)-y(st.Mean)), br.colour,
				esc(s.Name), br.name, esc(LeaderboardCell(st)+" %"))
			b.text(x+barW/2, y(st.Mean)-4-errLift(st, y), "middle", colAxis, trimFloat(st.Mean), ` font-size="10" class="value"`)
			if st.StandardError > 0 {
				cx := x + barW/2
				lo, hi := y(math.Max(0, st.Mean-st.StandardError)), y(math.Min(ymax, st.Mean+st.StandardError))
				b.line(cx, lo, cx, hi, colAxis, 1.5, "")
				b.line(cx-4, lo, cx+4, lo, colAxis, 1.5, "")
				b.line(cx-4, hi, cx+4, hi, colAxis, 1.5, "")
			}
		}
		label := s.Name
		if s.Padded {
			label += " (padded)"
		}
		b.text(gx+barW*float64(len(bars))/2, h-bottom+18, "middle", colAxis, label, "")
		b.text(gx+barW*float64(len(bars))/2, h-bottom+34, "middle", colNone, fmt.Sprintf("%d comps × %d seeds", s.Competitions, s.Agg.NumSeeds), ` font-size="11"`)
	}
	b.line(left, y(0), w-right, y(0), colAxis, 1, "")
	if allZero {
		b.allZero((left+w-right)/2, top+plotH/2, "every rate is 0 % (no medals in any split)")
	}
	b.f(`</svg>`)
	return b.String()
}

// errLift is how far above a bar's top its whisker reaches, in pixels.
func errLift(st Stat, y func(float64) float64) float64 {
	if st.StandardError <= 0 {
		return 0
	}
	return y(st.Mean) - y(st.Mean+st.StandardError)
}

// allZero writes the note a chart of nothing but zeros carries, so it is
// not mistaken for an empty frame.
func (b *svg) allZero(x, y float64, msg string) {
	b.f(`<text class="all-zero" x="%s" y="%s" text-anchor="middle" fill="%s" font-size="14" font-weight="600">%s</text>`, n(x), n(y), colAxis, esc(msg))
}

// ScoreChart draws each competition's runs on its normalised scale (median
// 0, gold 1; clipped to [NormFloor, NormCeil]) with its bronze and silver
// positions and the mean.
func ScoreChart(comps []*CompetitionResult) string {
	var rows []*CompetitionResult
	for _, c := range comps {
		if len(c.Runs) > 0 {
			rows = append(rows, c)
		}
	}
	const left, right, top, rowH = 280.0, 24.0, 52.0, 24.0
	w := 820.0
	h := top + rowH*float64(len(rows)) + 34
	var b svg
	b.open(w, h, "Normalised score per competition (median = 0, gold = 1, higher is better)")
	const pad = 14.0 // keeps markers at the floor clear of the names
	x := func(v float64) float64 { return left + pad + (w-left-pad-right)*(v-NormFloor)/(NormCeil-NormFloor) }
	bottom := top + rowH*float64(len(rows))
	// Shading first, so the grid and the median and gold lines are drawn
	// over it.
	for i := range rows {
		if i%2 == 1 {
			b.f(`<rect class="shade" x="4" y="%s" width="%s" height="%s" fill="%s"/>`, n(top+rowH*float64(i)), n(w-8), n(rowH), colShade)
		}
	}
	for v := NormFloor; v <= NormCeil+1e-9; v += 0.5 {
		stroke, width, class := colGrid, 1.0, "grid"
		switch v {
		case 0:
			stroke, width, class = colAxis, 1.2, "ref median"
		case 1:
			stroke, width, class = colGold, 1.6, "ref gold"
		}
		b.line(x(v), top-6, x(v), bottom, stroke, width, ` class="`+class+`"`)
		b.text(x(v), bottom+16, "middle", colAxis, fmtTick(v), "")
	}
	// Legend.
	lx := 8.0
	for _, it := range []struct{ name, fill string }{{"gold", colGold}, {"silver", colSilver}, {"bronze", colBronze}, {"no medal", colNoMdl}} {
		b.f(`<circle class="legend" data-kind="%s" cx="%s" cy="12" r="5" fill="%s" stroke="%s"/>`, it.name, n(lx+5), it.fill, colAxis)
		b.text(lx+14, 16, "start", colAxis, it.name, "")
		lx += 26 + 7*float64(len(it.name))
	}
	b.f(`<path d="M%s 8l8 8m0 -8l-8 8" stroke="%s" stroke-width="2"/>`, n(lx+1), colBad)
	b.text(lx+14, 16, "start", colAxis, "no valid score", "")
	b.text(x(0), top-12, "middle", colAxis, "median", "")
	b.text(x(1), top-12, "middle", colGold, "gold", "")
	b.text(x(NormFloor), top-12, "start", colBad, "≤ −1 / no valid score", ` font-size="11"`)
	b.text((left+w-right)/2, bottom+30, "middle", colAxis, "(score − median) / (gold − median)", "")
	for i, c := range rows {
		cy := top + rowH*float64(i) + rowH/2
		name := c.ID
		if len(name) > 40 {
			name = name[:39] + "…"
		}
		b.f(`<g class="comp-row" data-competition="%s">`, esc(c.ID))
		b.text(left-10, cy+4, "end", colAxis, name, "")
		if !c.NormOK {
			b.text(x(0.5), cy+4, "middle", colNone, "scale undefined (thresholds unknown or gold = median)", ` font-style="italic"`)
			b.f(`</g>`)
			continue
		}
		for _, m := range []struct {
			v            float64
			colour, name string
		}{{c.BronzeNorm, colBronze, "bronze"}, {c.SilverNorm, colSilver, "silver"}} {
			if m.v >= NormFloor && m.v <= NormCeil {
				b.line(x(m.v), cy-8, x(m.v), cy+8, m.colour, 2, ` class="threshold `+m.name+`"`)
			}
		}
		for _, r := range c.Runs {
			px := x(r.Norm)
			jitter := (float64(r.Seed%5) - 2) * 2
			tip := fmt.Sprintf("seed %d: %s (%s)", r.Seed, fmtScore(r.Score), r.Outcome)
			switch {
			case r.Score == nil || math.IsNaN(*r.Score):
				b.f(`<path class="invalid" d="M%s %sl8 8m0 -8l-8 8" stroke="%s" stroke-width="2"><title>%s</title></path>`, n(px-4+jitter), n(cy-4), colBad, esc(tip))
			default:
				fill := colNoMdl
				switch r.Medal {
				case "gold":
					fill = colGold
				case "silver":
					fill = colSilver
				case "bronze":
					fill = colBronze
				}
				extra := fmt.Sprintf(`fill="%s" stroke="%s" stroke-width="0.8"`, fill, colAxis)
				if r.Clipped {
					stroke := fill
					if fill == colNoMdl {
						stroke = "#8b939c"
					}
					extra = fmt.Sprintf(`fill="white" stroke="%s" stroke-width="2"`, stroke)
				}
				b.f(`<circle class="run" cx="%s" cy="%s" r="5" %s><title>%s</title></circle>`, n(px), n(cy+jitter), extra, esc(tip))
			}
		}
		m := x(c.MeanNorm)
		b.f(`<path class="mean" d="M%s %sl5 5l-5 5l-5 -5z" fill="#222"><title>mean %s</title></path>`, n(m), n(cy-5), fmtNorm(c.MeanNorm))
		b.f(`</g>`)
	}
	b.f(`</svg>`)
	return b.String()
}

// AnytimeChart draws the any-medal percentage over elapsed time per split
// as step lines with ±1 SEM bands.
func AnytimeChart(a Anytime) string {
	const left, right, top, bottom = 52.0, 16.0, 40.0, 44.0
	w, h := 820.0, 320.0
	var b svg
	b.open(w, h, "Any-medal rate over elapsed time (mean ± SEM over seeds)")
	unit, div := timeUnit(a.MaxT)
	// The axis runs a little past the last change so the final level shows.
	tEnd := a.MaxT * 1.08
	if tEnd <= 0 {
		tEnd = 1
	}
	tmax := tEnd / div
	ymax := 10.0
	allZero := true
	for _, s := range a.Series {
		for i := range s.Mean {
			ymax = math.Max(ymax, s.Mean[i]+s.SE[i])
			allZero = allZero && s.Mean[i] == 0 && s.SE[i] == 0
		}
	}
	ystep := niceStep(ymax, 5)
	ymax = math.Min(100, math.Ceil(ymax*1.05/ystep)*ystep)
	xstep := niceStep(tmax, 8)
	plotW, plotH := w-left-right, h-top-bottom
	X := func(t float64) float64 { return left + plotW*(t/div)/tmax }
	Y := func(v float64) float64 { return top + plotH*(1-math.Max(0, math.Min(ymax, v))/ymax) }
	for v := 0.0; v <= ymax+1e-9; v += ystep {
		b.line(left, Y(v), w-right, Y(v), colGrid, 1, "")
		b.text(left-6, Y(v)+4, "end", colAxis, fmtTick(v), "")
	}
	for t := 0.0; t <= tmax+1e-9; t += xstep {
		b.line(left+plotW*t/tmax, top, left+plotW*t/tmax, h-bottom, colGrid, 1, "")
		b.text(left+plotW*t/tmax, h-bottom+16, "middle", colAxis, fmtTick(t), "")
	}
	b.text(left+plotW/2, h-8, "middle", colAxis, "elapsed time ("+unit+")", "")
	b.text(14, top+plotH/2, "middle", colAxis, "any medal (%)", fmt.Sprintf(` transform="rotate(-90 14 %s)"`, n(top+plotH/2)))
	lx := left
	for i, s := range a.Series {
		c := seriesColours[i%len(seriesColours)]
		b.f(`<rect x="%s" y="12" width="12" height="12" fill="%s"/>`, n(lx), c)
		b.text(lx+16, 22, "start", colAxis, s.Split, "")
		lx += 36 + 7.5*float64(len(s.Split))
	}
	for i, s := range a.Series {
		c := seriesColours[i%len(seriesColours)]
		// Step function: the value at T[k] holds until T[k+1] (and to MaxT).
		var upper, lower, line []string
		for k := range s.T {
			x0 := X(s.T[k])
			x1 := X(tEnd)
			if k+1 < len(s.T) {
				x1 = X(s.T[k+1])
			}
			hi, lo, m := Y(s.Mean[k]+s.SE[k]), Y(s.Mean[k]-s.SE[k]), Y(s.Mean[k])
			upper = append(upper, n(x0)+" "+n(hi), n(x1)+" "+n(hi))
			lower = append(lower, n(x0)+" "+n(lo), n(x1)+" "+n(lo))
			line = append(line, n(x0)+" "+n(m), n(x1)+" "+n(m))
		}
		for l, r := 0, len(lower)-1; l < r; l, r = l+1, r-1 {
			lower[l], lower[r] = lower[r], lower[l]
		}
		b.f(`<path d="M%sZ" fill="%s" fill-opacity="0.15" stroke="none"/>`, strings.Join(append(upper, lower...), " L"), c)
		b.f(`<path class="series" data-split="%s" d="M%s" fill="none" stroke="%s" stroke-width="2"/>`, esc(s.Split), strings.Join(line, " L"), c)
	}
	b.line(left, Y(0), w-right, Y(0), colAxis, 1, "")
	b.line(left, top, left, h-bottom, colAxis, 1, "")
	if allZero {
		b.allZero(left+plotW/2, top+plotH/2, "0 % throughout: no snapshot earned a medal")
	}
	b.f(`</svg>`)
	return b.String()
}

// PassAtKChart draws each split's any-medal pass@k against k, with the
// value at every point.
func PassAtKChart(splits []SplitResult) string {
	const left, right, top, bottom = 52.0, 16.0, 40.0, 44.0
	w, h := 560.0, 300.0
	var b svg
	b.open(w, h, "Any-medal pass@k (unbiased estimator, averaged over the split)")
	kmax := 1
	ymax := 10.0
	allZero := true
	for _, s := range splits {
		kmax = max(kmax, len(s.PassAtK))
		for _, v := range s.PassAtK {
			ymax = math.Max(ymax, v)
			allZero = allZero && v == 0
		}
	}
	ystep := niceStep(ymax, 5)
	ymax = math.Min(100, math.Ceil(ymax*1.1/ystep)*ystep)
	plotW, plotH := w-left-right, h-top-bottom
	X := func(k int) float64 {
		if kmax == 1 {
			return left + plotW/2
		}
		return left + 20 + (plotW-40)*float64(k-1)/float64(kmax-1)
	}
	Y := func(v float64) float64 { return top + plotH*(1-v/ymax) }
	for v := 0.0; v <= ymax+1e-9; v += ystep {
		b.line(left, Y(v), w-right, Y(v), colGrid, 1, "")
		b.text(left-6, Y(v)+4, "end", colAxis, fmtTick(v), "")
	}
	for k := 1; k <= kmax; k++ {
		b.text(X(k), h-bottom+16, "middle", colAxis, strconv.Itoa(k), "")
	}
	b.text(left+plotW/2, h-8, "middle", colAxis, "k (runs per competition)", "")
	b.text(14, top+plotH/2, "middle", colAxis, "pass@k (%)", fmt.Sprintf(` transform="rotate(-90 14 %s)"`, n(top+plotH/2)))
	lx := left
	i := 0
	for _, s := range splits {
		if len(s.PassAtK) == 0 {
			continue
		}
		c := seriesColours[i%len(seriesColours)]
		b.f(`<rect x="%s" y="12" width="12" height="12" fill="%s"/>`, n(lx), c)
		b.text(lx+16, 22, "start", colAxis, s.Name, "")
		lx += 36 + 7.5*float64(len(s.Name))
		var pts []string
		for k, v := range s.PassAtK {
			pts = append(pts, n(X(k+1))+" "+n(Y(v)))
		}
		b.f(`<path class="pass-at-k" data-split="%s" d="M%s" fill="none" stroke="%s" stroke-width="2"/>`, esc(s.Name), strings.Join(pts, " L"), c)
		for k, v := range s.PassAtK {
			b.f(`<circle cx="%s" cy="%s" r="3.5" fill="%s"><title>%s pass@%d: %s</title></circle>`, n(X(k+1)), n(Y(v)), c, esc(s.Name), k+1, FormatPercent(v))
			b.text(X(k+1), Y(v)-8, "middle", c, trimFloat(v), ` font-size="10" class="value"`)
		}
		i++
	}
	b.line(left, Y(0), w-right, Y(0), colAxis, 1, "")
	if allZero {
		b.allZero(left+plotW/2, top+plotH/2, "0 % for every k: no competition earned a medal")
	}
	b.f(`</svg>`)
	return b.String()
}

// FormatScore formats a score (or threshold) for people, the one rule of
// every report: 6 significant digits without trailing zeros, NaN/inf
// spelled out, "—" for no valid score.
func FormatScore(p *float64) string { return fmtScore(p) }

func fmtScore(p *float64) string {
	if p == nil {
		return "—"
	}
	x := *p
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

func fmtNorm(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%+.2f", x)
}

func fmtPct(p *float64) string {
	if p == nil {
		return "—"
	}
	return fmt.Sprintf("%.1f", *p)
}
