package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
)

//go:embed templates/report.html.tmpl
var templateFS embed.FS

// pageTemplate is parsed at first use, not at process start (every
// mlebench command links this package).
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report.html.tmpl").Funcs(template.FuncMap{
		"cell":  LeaderboardCell,
		"score": fmtScore,
		"fnum":  func(x float64) string { return fmtScore(&x) },
		"norm":  fmtNorm,
		"pct":   fmtPct,
		"base":  filepath.Base,
		"deref": func(x *float64) float64 { return *x },
		"pk": func(s SplitResult, k int) string {
			if k > len(s.PassAtK) {
				return "—"
			}
			return fmt.Sprintf("%.2f", s.PassAtK[k-1])
		},
	}).ParseFS(templateFS, "templates/report.html.tmpl"))
})

// htmlView is the template's data: the page plus its rendered plots.
type htmlView struct {
	*Page
	SplitChart, ScoreChart, AnytimeChart template.HTML
	PassAtKChart                         template.HTML
	PassAtKCols                          []int
	NormFloor, NormCeil                  float64
	AnytimeCols                          []string
	AnytimeRows                          []anytimeRow
}

type anytimeRow struct {
	Split string
	Cells []string
}

// WriteHTML writes the report as one self-contained HTML page: inline CSS
// and SVG, no scripts, fonts or external resources (a Content-Security-Policy
// forbids fetching any).
func (p *Page) WriteHTML(w io.Writer) error {
	v := htmlView{Page: p, NormFloor: NormFloor, NormCeil: NormCeil}
	// The SVG is built from escaped text by this package.
	if hasAgg(p.Splits) {
		v.SplitChart = template.HTML(SplitChart(p.Splits))
		v.PassAtKChart = template.HTML(PassAtKChart(p.Splits))
		for _, s := range p.Splits {
			for k := len(v.PassAtKCols) + 1; k <= len(s.PassAtK); k++ {
				v.PassAtKCols = append(v.PassAtKCols, k)
			}
		}
	}
	v.ScoreChart = template.HTML(ScoreChart(p.Competitions))
	if p.Anytime.Available {
		v.AnytimeChart = template.HTML(AnytimeChart(p.Anytime))
		v.AnytimeCols, v.AnytimeRows = anytimeTable(p.Anytime)
	}
	if err := pageTemplate().Execute(w, v); err != nil {
		return fmt.Errorf("rendering the HTML report: %w", err)
	}
	return nil
}

func hasAgg(splits []SplitResult) bool {
	for _, s := range splits {
		if s.Agg != nil {
			return true
		}
	}
	return false
}

// CompetitionsRun counts competitions with at least one graded run.
func (p *Page) CompetitionsRun() int {
	k := 0
	for _, c := range p.Competitions {
		if len(c.Runs) > 0 {
			k++
		}
	}
	return k
}

// AgentsHeading is "Agent" or, for pooled setups, "Agents (pooled as seeds)".
func (p *Page) AgentsHeading() string {
	if p.MixedAgents {
		return "Agents (pooled as seeds)"
	}
	return "Agent"
}

// ValidRate is the share of graded runs with a valid submission.
func (p *Page) ValidRate() string {
	if p.Failures.Graded == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(p.Failures.ValidSubs)/float64(p.Failures.Graded))
}

// anytimeFractions are the moments, as fractions of the longest time seen,
// at which the anytime table samples the curves.
var anytimeFractions = []float64{0.1, 0.25, 0.5, 0.75, 1}

func anytimeTable(a Anytime) (cols []string, rows []anytimeRow) {
	unit, div := timeUnit(a.MaxT)
	// Sample times, one per distinct label: short runs would otherwise
	// repeat a column ("0 s", "0 s", …).
	var at []float64
	for _, f := range anytimeFractions {
		label := trimFloat(f*a.MaxT/div) + " " + unit
		if len(cols) > 0 && cols[len(cols)-1] == label {
			at[len(at)-1] = f * a.MaxT
			continue
		}
		cols, at = append(cols, label), append(at, f*a.MaxT)
	}
	for _, s := range a.Series {
		row := anytimeRow{Split: s.Split}
		for _, t := range at {
			k := sort.Search(len(s.T), func(i int) bool { return s.T[i] > t }) - 1
			if k < 0 {
				row.Cells = append(row.Cells, "—")
				continue
			}
			row.Cells = append(row.Cells, LeaderboardCell(Stat{Mean: s.Mean[k], StandardError: s.SE[k]}))
		}
		rows = append(rows, row)
	}
	return cols, rows
}

// timeUnit picks the unit to show times up to maxT seconds in: seconds
// below 3 minutes, minutes below 3 hours, hours above.
func timeUnit(maxT float64) (unit string, seconds float64) {
	switch {
	case maxT >= 3*3600:
		return "h", 3600
	case maxT >= 180:
		return "min", 60
	}
	return "s", 1
}

func trimFloat(x float64) string {
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
}
