package familiarity

import (
	"fmt"
	"html"
	"math"
	"strings"
	"time"
)

// Point is one competition on a scatter plot.
type Point struct {
	Label string
	X, Y  float64
}

// Axis describes how an axis's values are shown.
type Axis struct {
	Label string
	Time  bool // values are Unix seconds, shown as dates
}

// ScatterSVG draws a self-contained SVG scatter plot (no scripts, no
// external resources) with labelled points and axis ticks.
func ScatterSVG(title string, x, y Axis, pts []Point) []byte {
	const w, h, left, right, top, bottom = 760.0, 520.0, 80.0, 30.0, 50.0, 60.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%g" height="%g" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(&b, `<text x="%g" y="28" text-anchor="middle" font-size="16">%s</text>`+"\n", w/2, html.EscapeString(title))
	if len(pts) == 0 {
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">no data</text></svg>`+"\n", w/2, h/2)
		return []byte(b.String())
	}
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	pad := func(lo, hi float64) (float64, float64) {
		if hi == lo {
			d := math.Max(math.Abs(lo)*0.1, 1)
			return lo - d, hi + d
		}
		d := (hi - lo) * 0.05
		return lo - d, hi + d
	}
	minX, maxX = pad(minX, maxX)
	minY, maxY = pad(minY, maxY)
	px := func(v float64) float64 { return left + (v-minX)/(maxX-minX)*(w-left-right) }
	py := func(v float64) float64 { return h - bottom - (v-minY)/(maxY-minY)*(h-top-bottom) }
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#444"/>`+"\n", left, top, w-left-right, h-top-bottom)
	for i := 0; i <= 4; i++ {
		vx := minX + (maxX-minX)*float64(i)/4
		vy := minY + (maxY-minY)*float64(i)/4
		lx := fmt.Sprintf("%.3g", vx)
		if x.Time {
			lx = time.Unix(int64(vx), 0).UTC().Format("2006-01")
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%g" text-anchor="middle">%s</text>`+"\n", px(vx), h-bottom+18, lx)
		fmt.Fprintf(&b, `<text x="%g" y="%.1f" text-anchor="end">%.3g</text>`+"\n", left-6, py(vy)+4, vy)
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", (left+w-right)/2, h-16, html.EscapeString(x.Label))
	fmt.Fprintf(&b, `<text transform="translate(20 %g) rotate(-90)" text-anchor="middle">%s</text>`+"\n", (top+h-bottom)/2, html.EscapeString(y.Label))
	for _, p := range pts {
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="#1f77b4"><title>%s</title></circle>`+"\n", px(p.X), py(p.Y), html.EscapeString(p.Label))
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}
