package devbench

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// This file holds the pure parts of `dev bench`: one measured competition
// as a Markdown row, the targets it is checked against, and the merge of
// new rows into an existing table file (--update).

// benchStep is one measured child process.
type benchStep struct {
	Wall, CPU time.Duration
	MaxRSS    int64 // bytes
}

// benchResult is everything measured for one competition.
type benchResult struct {
	ID      string
	Size    string // the size used, e.g. "real: 17,500 rows" or "1/10 of real …, because time"
	RawSize int64
	Prep    *benchStep // nil when not measured
	Written int64
	Grade   *benchStep
	// Ref is the pandas grading reference; RefNote says why there is none.
	Ref     *benchStep
	RefNote string
	// RefPrep is the pandas prepare reference, when one exists.
	RefPrep *benchStep
	// Ours and Theirs are the unrounded scores (nil: none).
	Ours, Theirs *float64
	// Failed names the step that failed and why ("" when none did).
	Failed string
	Load   string // 1-minute load average when the row was measured
}

// benchColumns are the table's header cells.
var benchColumns = []string{
	"competition", "size used", "raw size",
	"prepare wall", "prepare CPU", "prepare peak RSS", "written",
	"grade wall", "grade CPU", "grade peak RSS",
	"pandas grade CPU", "pandas grade peak RSS", "ratio (pandas CPU / ours)",
	"score: ours / pandas", "pandas prepare CPU / peak RSS", "load", "targets",
}

// benchNotMeasured is the Failed text of a planned row (--plan).
const benchNotMeasured = "not measured yet"

// Targets of issue #14.
const (
	benchGradeRatioTarget = 10.0    // grade uses ≥ 10× less CPU than pandas
	benchPrepRSSTarget    = 1 << 30 // prepare peak RSS ≤ 1 GiB
	benchScoreTolerance   = 1e-9
)

func benchHeader() string {
	var b strings.Builder
	b.WriteString("| " + strings.Join(benchColumns, " | ") + " |\n|")
	for i := range benchColumns {
		if i < 2 || i >= len(benchColumns)-4 {
			b.WriteString(" --- |")
		} else {
			b.WriteString(" ---: |")
		}
	}
	b.WriteString("\n")
	return b.String()
}

// scoresMatch reports whether two unrounded scores agree to the tolerance
// (absolute, or relative for scores above 1; NaN equals NaN).
func scoresMatch(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= benchScoreTolerance*max(1, math.Abs(a), math.Abs(b))
}

// ratio is pandas CPU over ours (0 when either is missing).
func (r *benchResult) ratio() float64 {
	if r.Ref == nil || r.Grade == nil || r.Grade.CPU <= 0 {
		return 0
	}
	return r.Ref.CPU.Seconds() / r.Grade.CPU.Seconds()
}

// targets says "meets" or every reason the row misses a target.
func (r *benchResult) targets() string {
	var miss []string
	if r.Failed == benchNotMeasured {
		return benchNotMeasured
	}
	if r.Failed != "" {
		miss = append(miss, "FAILED: "+r.Failed)
	}
	if r.Ours != nil && r.Theirs != nil && !scoresMatch(*r.Ours, *r.Theirs) {
		miss = append(miss, "**SCORE MISMATCH**")
	}
	if r.Prep != nil && r.Prep.MaxRSS > benchPrepRSSTarget {
		miss = append(miss, fmt.Sprintf("prepare peak RSS %s > 1 GiB", mib(r.Prep.MaxRSS)))
	}
	if q := r.ratio(); q > 0 && q < benchGradeRatioTarget {
		miss = append(miss, fmt.Sprintf("grade only %.1f× less CPU than pandas (target 10×)", q))
	}
	if r.Ref == nil && r.Failed == "" {
		miss = append(miss, "grade ratio unknown: "+orDash(r.RefNote, "no reference run"))
	}
	if len(miss) == 0 {
		return "meets"
	}
	return strings.Join(miss, "; ")
}

// row formats the result as one Markdown table row.
func (r *benchResult) row() string {
	step := func(s *benchStep) (wall, cpu, rss string) {
		if s == nil {
			return "—", "—", "—"
		}
		return secs(s.Wall), secs(s.CPU), mib(s.MaxRSS)
	}
	pw, pc, pr := step(r.Prep)
	gw, gc, gr := step(r.Grade)
	_, rc, rr := step(r.Ref)
	written, raw := "—", "—"
	if r.Prep != nil {
		written = mib(r.Written)
	}
	if r.RawSize > 0 {
		raw = mib(r.RawSize)
	}
	ratio := "—"
	if q := r.ratio(); q > 0 {
		ratio = fmt.Sprintf("%.1f×", q)
	}
	if r.Ref == nil && r.RefNote != "" {
		rc, rr = "no reference: "+r.RefNote, "—"
	}
	refPrep := "—"
	if r.RefPrep != nil {
		refPrep = secs(r.RefPrep.CPU) + " / " + mib(r.RefPrep.MaxRSS)
	}
	cells := []string{r.ID, orDash(r.Size, "—"), raw, pw, pc, pr, written, gw, gc, gr, rc, rr, ratio,
		r.scores(), refPrep, orDash(r.Load, "—"), r.targets()}
	for i, c := range cells {
		cells[i] = strings.ReplaceAll(strings.ReplaceAll(c, "|", `\|`), "\n", " ")
	}
	return "| " + strings.Join(cells, " | ") + " |"
}

func (r *benchResult) scores() string {
	f := func(p *float64) string {
		if p == nil {
			return "—"
		}
		return fmt.Sprint(*p)
	}
	switch {
	case r.Ours == nil && r.Theirs == nil:
		return "—"
	case r.Ours != nil && r.Theirs != nil && scoresMatch(*r.Ours, *r.Theirs):
		return f(r.Ours) + " = pandas"
	case r.Ours != nil && r.Theirs != nil:
		return "**MISMATCH** ours " + f(r.Ours) + ", pandas " + f(r.Theirs)
	}
	return f(r.Ours) + " / " + f(r.Theirs)
}

func orDash(s, dash string) string {
	if s == "" {
		return dash
	}
	return s
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func mib(n int64) string {
	if n < 10<<20 {
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
}

// benchDoc is a bench table file: a title and machine line, the list of
// runs that measured its rows, and the rows by competition id.
type benchDoc struct {
	Machine string
	Runs    []string          // one line each, without the leading "- "
	Rows    map[string]string // competition id → Markdown row
}

const (
	benchTitle     = "# `mlebench dev bench`: every competition, whole process"
	benchRunsHead  = "## Runs"
	benchTableHead = "## Table"
)

// benchLegend explains the columns; it is rewritten on every render.
const benchLegend = `Each row: fake raw data at the stated size (` + "`dev fake-raw`" + `), then ` + "`prepare --raw --skip-verification`" + `
(including the post-prepare leak scan) and ` + "`grade-sample`" + ` of the prepared sample submission, each a
child process of ` + "`mlebench`" + `; CPU is user + sys of the child (rusage), peak RSS the child's own VmHWM
(written at exit to $MLEBENCH_PEAK_RSS_FILE; rows measured before 26 Nov 2026 14:28 UTC used wait4's maxrss,
which Linux floors at the bench process's own peak, so their RSS is an upper bound); "written"
is the prepared tree. "pandas grade" runs ` + "`benchmark/pandas_reference_grade.py`" + ` (pandas / numpy /
scikit-learn, ` + "`/usr/bin/python3`" + `) on the same answers and submission; its score must equal ours
(unrounded) to 1e-9. Since 27 Nov 2026 14:50 UTC the grade steps start after a sync of the prepared tree
and ours and pandas' alternate run by run (before, ours ran first, right after the prepare). Targets (issue #14): grade ≥ 10× less CPU than pandas; prepare peak RSS ≤ 1 GiB.
"load" is the 1-minute load average when the row was measured: on a shared machine wall times are
noise and CPU times are inflated by contention, so compare CPU and RSS, and ratios measured together.`

// render writes the document; rows are sorted by competition id
// (case-insensitively, as ` + "`mlebench list`" + `).
func (d *benchDoc) render() string {
	var b strings.Builder
	b.WriteString(benchTitle + "\n\n")
	b.WriteString(d.Machine + "\n\n")
	b.WriteString(benchLegend + "\n\n")
	b.WriteString(benchRunsHead + "\n\n")
	for _, r := range d.Runs {
		b.WriteString("- " + r + "\n")
	}
	b.WriteString("\n" + benchTableHead + "\n\n")
	b.WriteString(benchHeader())
	ids := make([]string, 0, len(d.Rows))
	for id := range d.Rows {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int {
		if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for _, id := range ids {
		b.WriteString(withReason(d.Rows[id]) + "\n")
	}
	return b.String()
}

// parseBenchDoc reads a file written by render. Anything it does not
// recognise (hand-written prose) is an error rather than silently lost.
func parseBenchDoc(text string) (*benchDoc, error) {
	d := &benchDoc{Rows: map[string]string{}}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) == 0 || lines[0] != benchTitle {
		return nil, fmt.Errorf("not a dev bench table (first line is not %q)", benchTitle)
	}
	section := ""
	for i, ln := range lines[1:] {
		switch {
		case ln == benchRunsHead || ln == benchTableHead:
			section = ln
		case strings.TrimSpace(ln) == "":
		case section == "" && strings.HasPrefix(ln, "Machine:"):
			d.Machine = ln
		case section == "":
			// the legend: regenerated
		case section == benchRunsHead && strings.HasPrefix(ln, "- "):
			d.Runs = append(d.Runs, strings.TrimPrefix(ln, "- "))
		case section == benchTableHead && strings.HasPrefix(ln, "|"):
			cells := strings.Split(ln, "|")
			if len(cells) < 3 {
				return nil, fmt.Errorf("line %d: not a table row: %q", i+2, ln)
			}
			id := strings.TrimSpace(cells[1])
			if id == benchColumns[0] || strings.HasPrefix(id, "---") {
				continue // header
			}
			d.Rows[id] = ln
		default:
			return nil, fmt.Errorf("line %d: unexpected text in %s: %q", i+2, section, ln)
		}
	}
	return d, nil
}

// merge replaces or adds rows by competition id and appends a run line.
func (d *benchDoc) merge(rows map[string]string, run, machine string) {
	if d.Rows == nil {
		d.Rows = map[string]string{}
	}
	for id, r := range rows {
		d.Rows[id] = r
	}
	if run != "" {
		d.Runs = append(d.Runs, run)
	}
	if machine != "" {
		d.Machine = machine
	}
}
