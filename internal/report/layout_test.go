package report

import (
	"encoding/json"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// wideGroup writes a run group graded on every competition of the low
// split (22), two runs each: a silver medal at normalised score 0.5 and no
// medal at −0.25 (off the median and gold lines, and so is their mean, so
// no marker covers them), or no medal at all when zero.
func wideGroup(t *testing.T, zero bool) string {
	t.Helper()
	cat := realCatalog(t)
	ids, err := cat.Split("low")
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, id := range ids {
		c, err := cat.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		th := c.Thresholds
		for k, norm := range []float64{0.5, -0.25} {
			score := th.Median + norm*(th.Gold-th.Median)
			silver := k == 0 && !zero
			parts = append(parts, fmt.Sprintf(`{"competition_id": %q, "score": %s, "gold_threshold": %v, "silver_threshold": %v, "bronze_threshold": %v, "median_threshold": %v, "gold_medal": false, "silver_medal": %v, "bronze_medal": false, "above_median": %v, "submission_exists": true, "valid_submission": true, "is_lower_better": %v, "submission_path": "x.csv"}`,
				id, strconv.FormatFloat(score, 'g', -1, 64), th.Gold, th.Silver, th.Bronze, th.Median, silver, silver, th.LowerIsBetter))
		}
	}
	dir := filepath.Join(t.TempDir(), "2024-11-01T00-00-00-GMT_run-group_wide")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, reportName), []byte(`{"competition_reports": [`+strings.Join(parts, ", ")+`]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestChartsOfZerosSayZero: a chart whose every value is 0 says so rather
// than showing an empty frame, and bars carry their values.
func TestChartsOfZerosSayZero(t *testing.T) {
	_, html := renderHTML(t, Input{RunGroups: []string{wideGroup(t, true)}, Catalog: realCatalog(t), Splits: []Split{{Name: "low", IDs: mustSplit(t, "low")}}})
	s := string(html)
	if got := strings.Count(s, `class="all-zero"`); got != 2 {
		t.Errorf("%d all-zero notes, want 2 (split bars, pass@k)", got)
	}
	if !strings.Contains(s, `class="value">0</text>`) {
		t.Error("the bars do not show their value 0")
	}
	_, html = renderHTML(t, Input{RunGroups: []string{wideGroup(t, false)}, Catalog: realCatalog(t), Splits: []Split{{Name: "low", IDs: mustSplit(t, "low")}}})
	if strings.Contains(string(html), `class="all-zero"`) {
		t.Error("an all-zero note on a chart with medals")
	}
}

func mustSplit(t *testing.T, name string) []string {
	ids, err := realCatalog(t).Split(name)
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestAnytimeColumnsDistinct: the over-time table never repeats a column
// header, however short the runs.
func TestAnytimeColumnsDistinct(t *testing.T) {
	for _, maxT := range []float64{0, 0.3, 2, 7, 95, 4000} {
		a := Anytime{MaxT: maxT, Series: []AnytimeSeries{{Split: "x", T: []float64{0}, Mean: []float64{10}, SE: []float64{0}}}}
		cols, rows := anytimeTable(a)
		seen := map[string]bool{}
		for _, c := range cols {
			if seen[c] {
				t.Errorf("MaxT %v: column %q repeated in %q", maxT, c, cols)
			}
			seen[c] = true
		}
		if len(rows[0].Cells) != len(cols) {
			t.Errorf("MaxT %v: %d cells for %d columns", maxT, len(rows[0].Cells), len(cols))
		}
	}
}

// legendFill finds the dot plot's legend entries.
var legendFill = regexp.MustCompile(`<circle class="legend" data-kind="([^"]+)" cx="[^"]*" cy="[^"]*" r="[^"]*" fill="#([0-9a-f]{6})"`)

// colourDistance is the CIE76 colour difference ΔE*ab between two sRGB
// hex colours (D65): about 2 is just noticeable; the charts ask for at
// least 20, so that e.g. two greys of similar lightness do not pass.
func colourDistance(a, b string) float64 {
	lab := func(h string) [3]float64 {
		var lin [3]float64
		for i := 0; i < 3; i++ {
			v, _ := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
			c := float64(v) / 255
			if c <= 0.04045 {
				lin[i] = c / 12.92
			} else {
				lin[i] = math.Pow((c+0.055)/1.055, 2.4)
			}
		}
		x := (0.4124*lin[0] + 0.3576*lin[1] + 0.1805*lin[2]) / 0.95047
		y := 0.2126*lin[0] + 0.7152*lin[1] + 0.0722*lin[2]
		z := (0.0193*lin[0] + 0.1192*lin[1] + 0.9505*lin[2]) / 1.08883
		f := func(t float64) float64 {
			if t > 216.0/24389 {
				return math.Cbrt(t)
			}
			return (24389.0/27*t + 16) / 116
		}
		return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
	}
	p, q := lab(a), lab(b)
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

// TestColourDistance pins the metric: the greys the dot plot once used for
// silver and for no medal are too close; the colours it uses now are not.
func TestColourDistance(t *testing.T) {
	if d := colourDistance("9ea3a8", "6b7785"); d >= 20 {
		t.Errorf("old silver vs old no-medal grey: ΔE %.1f", d)
	}
	if d := colourDistance(colSilver[1:], colNoMdl[1:]); d < 20 {
		t.Errorf("silver vs no medal: ΔE %.1f", d)
	}
	if d := colourDistance("ffffff", "000000"); math.Abs(d-100) > 0.1 {
		t.Errorf("white vs black: ΔE %.2f, want 100", d)
	}
}

// measureScript runs in the instrumented copy of a report and writes what
// it measures, as JSON, into <pre id="layout">: the page's and every table
// container's scroll and client widths, and for each reference line of the
// dot plot (median, gold) what the browser shows at its centre in each
// shaded row (the topmost element there).
const measureScript = `<script>
(function () {
  var out = {page: [document.documentElement.scrollWidth, document.documentElement.clientWidth], tables: [], refs: []};
  document.querySelectorAll('table').forEach(function (t) {
    var c = t.closest('.scroll');
    out.tables.push({id: t.id, wrapped: !!c, sw: c ? c.scrollWidth : t.scrollWidth, cw: c ? c.clientWidth : t.clientWidth});
  });
  var shades = document.querySelectorAll('rect.shade');
  document.querySelectorAll('line.ref').forEach(function (l) {
    shades.forEach(function (s) {
      s.scrollIntoView({block: 'center', inline: 'nearest'});
      l.scrollIntoView({block: 'nearest', inline: 'center'});
      var lr = l.getBoundingClientRect(), sr = s.getBoundingClientRect();
      var hit = document.elementFromPoint(lr.left + lr.width / 2, sr.top + sr.height / 2);
      out.refs.push({ref: l.getAttribute('class'), hit: hit ? hit.tagName + '.' + (hit.getAttribute('class') || '') : 'none'});
    });
  });
  parent.postMessage(JSON.stringify(out), '*');
})();
</script>`

// frameHTML shows the instrumented report in a frame of the given width
// (headless Chromium's window cannot be narrower than about 500 px) and
// writes what the report's script measured into <pre id="layout">.
const frameHTML = `<!DOCTYPE html><html><body style="margin:0"><pre id="layout"></pre>
<iframe src="instrumented.html" width="%d" height="900" style="border:0;display:block"></iframe>
<script>window.addEventListener('message', function (e) { document.getElementById('layout').textContent = e.data; });</script>
</body></html>`

type layout struct {
	Page   [2]int
	Tables []struct {
		ID      string
		Wrapped bool
		SW, CW  int
	}
	Refs []struct{ Ref, Hit string }
}

var layoutJSON = regexp.MustCompile(`<pre id="layout">(.*?)</pre>`)

// TestReportLayoutInChromium renders a 22-competition report in headless
// Chromium at a desktop width (1400 px) and a phone width (390 px): no
// table overflows its container at 1400 px, the page never scrolls
// sideways (wide tables scroll inside their containers on a phone), the
// median and gold lines of the dot plot are the topmost thing in every
// shaded row, and the legend's colours (silver against no medal above
// all) are distinct.
func TestReportLayoutInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: headless Chromium")
	}
	bin := chromiumPath(t)
	proxy := newProxyRecorder(t)
	path, page0 := renderHTML(t, Input{RunGroups: []string{wideGroup(t, false)}, Catalog: realCatalog(t), Splits: []Split{{Name: "low", IDs: mustSplit(t, "low")}}})
	src := string(page0)

	// Legend colours, from the page itself.
	fills := map[string]string{}
	for _, m := range legendFill.FindAllStringSubmatch(src, -1) {
		fills[m[1]] = m[2]
	}
	if len(fills) != 4 {
		t.Fatalf("legend entries %v, want gold, silver, bronze, no medal", fills)
	}
	for a, fa := range fills {
		for b, fb := range fills {
			if a < b && colourDistance(fa, fb) < 20 {
				t.Errorf("legend colours of %s (#%s) and %s (#%s) are too close", a, fa, b, fb)
			}
		}
	}
	if !strings.Contains(src, `fill="#`+fills["silver"]+`" stroke`) {
		t.Error("no run dot is drawn in the legend's silver")
	}

	// The page forbids scripts (CSP); the instrumented copy allows this one.
	page := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy"[^>]*>`).ReplaceAllString(src, "")
	page = strings.Replace(page, "</body>", measureScript+"</body>", 1)
	inst := filepath.Join(filepath.Dir(path), "instrumented.html")
	if err := os.WriteFile(inst, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, width := range []int{1400, 390} {
		frame := filepath.Join(filepath.Dir(path), fmt.Sprintf("frame-%d.html", width))
		if err := os.WriteFile(frame, []byte(fmt.Sprintf(frameHTML, width)), 0o644); err != nil {
			t.Fatal(err)
		}
		dom := string(runChromium(t, bin, proxy, "--dump-dom", "--window-size=1500,1000", "--virtual-time-budget=5000", fileURL(frame)))
		m := layoutJSON.FindStringSubmatch(dom)
		if m == nil || m[1] == "" {
			t.Fatalf("%d px: no measurements in the DOM:\n%.2000s", width, dom)
		}
		var l layout
		if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &l); err != nil {
			t.Fatalf("%d px: %v: %s", width, err, m[1])
		}
		t.Logf("%d px: %+v", width, l)
		if l.Page[1] < width-20 || l.Page[1] > width { // less a scroll bar
			t.Errorf("%d px: the viewport is %d px wide: the window size did not apply", width, l.Page[1])
		}
		if l.Page[0] > l.Page[1] {
			t.Errorf("%d px: the page scrolls sideways (%d > %d)", width, l.Page[0], l.Page[1])
		}
		if len(l.Tables) < 5 {
			t.Errorf("%d px: %d tables measured", width, len(l.Tables))
		}
		for _, tb := range l.Tables {
			if !tb.Wrapped {
				t.Errorf("%d px: table %s is not in a scroll container", width, tb.ID)
			}
			if width == 1400 && tb.SW > tb.CW {
				t.Errorf("1400 px: table %s overflows its container (%d > %d px)", tb.ID, tb.SW, tb.CW)
			}
		}
		if len(l.Refs) != 2*11 {
			t.Errorf("%d px: %d reference checks, want 22 (2 lines × 11 shaded rows)", width, len(l.Refs))
		}
		for _, r := range l.Refs {
			// A bronze or silver marker drawn at the very same place (the
			// threshold equals the median) is no occlusion.
			if r.Hit != "line."+r.Ref && !strings.HasPrefix(r.Hit, "line.threshold") {
				t.Errorf("%d px: in a shaded row the %s line is covered by %s", width, r.Ref, r.Hit)
			}
		}
	}
}

// legendSwatch finds the square legend entries of the bar and line charts.
var legendSwatch = regexp.MustCompile(`<rect x="[^"]*" y="12" width="12" height="12" fill="#([0-9a-f]{6})"/>`)

// TestLegendColoursDistinct: within every chart the legend's colours are
// far apart (ΔE ≥ 20), so no two series or medals read as one.
func TestLegendColoursDistinct(t *testing.T) {
	_, html := renderHTML(t, Input{RunGroups: []string{runnerToy}, Catalog: toyCatalog(t), Grader: toyGrader(t)})
	charts := strings.Split(string(html), "<svg")[1:]
	if len(charts) != 4 {
		t.Fatalf("%d charts", len(charts))
	}
	checked := 0
	for i, c := range charts {
		var cols []string
		for _, m := range legendSwatch.FindAllStringSubmatch(c, -1) {
			cols = append(cols, m[1])
		}
		for _, m := range legendFill.FindAllStringSubmatch(c, -1) {
			cols = append(cols, m[2])
		}
		for a := range cols {
			for b := a + 1; b < len(cols); b++ {
				checked++
				if d := colourDistance(cols[a], cols[b]); d < 20 {
					t.Errorf("chart %d: legend colours #%s and #%s are %.0f apart", i, cols[a], cols[b], d)
				}
			}
		}
	}
	if checked < 12 {
		t.Errorf("only %d colour pairs checked", checked)
	}
}
