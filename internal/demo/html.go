package demo

import (
	"bytes"
	"html/template"
	"strconv"
	"strings"
)

// overviewTemplate is <out>/report.html: the demo leaderboard with every
// agent side by side, linking to each agent's full results report.
var overviewTemplate = template.Must(template.New("overview").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>mlebench demo</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #1d2733; line-height: 1.45; }
h1 { margin-bottom: 0.2em; } .sub { color: #5a6b7d; margin-top: 0; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: 0.35em 0.8em; text-align: left; border-bottom: 1px solid #dde3ea; vertical-align: top; }
th { background: #eef2f6; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.medal { display: inline-block; padding: 0 0.5em; border-radius: 0.8em; font-size: 0.9em; }
.gold { background: #f4d35e; } .silver { background: #d5dbe1; } .bronze { background: #e0a878; } .none { color: #8a97a5; }
tr.total td { font-weight: bold; border-top: 2px solid #1d2733; }
.note { background: #fdf8e4; border-left: 4px solid #e0b400; padding: 0.6em 1em; }
code { background: #f3f5f7; padding: 0 0.25em; }
</style>
</head>
<body>
<h1>mlebench demo</h1>
<p class="sub">{{len .Agents}} agents × {{len .Competitions}} demo competitions × {{.Seeds}} seed(s) · {{.Backend}} backend · {{.Started}} · {{.Duration}}</p>
<p class="note">The demo competitions are synthetic: mlebench generated their data from a seed, and their human
leaderboards are simulated teams of varied skill, each scored by the competition's real grader. Medal
thresholds come from those leaderboards exactly as for a real Kaggle competition.</p>
<h2>Leaderboard</h2>
<table>
<tr><th>competition</th><th>metric</th><th>teams</th><th>gold / silver / bronze</th>{{range .Agents}}<th>{{.ID}}</th>{{end}}</tr>
{{range .Rows}}<tr><td><b>{{.ID}}</b><br><small>{{.Name}}</small></td><td>{{.Metric}}<br><small>{{.Direction}}</small></td><td class="num">{{.Teams}}</td><td class="num">{{.Thresholds}}</td>
{{range .Cells}}<td class="num">{{.Score}}<br>{{range .Medals}}<span class="medal {{.Class}}">{{.Text}}</span> {{end}}</td>{{end}}</tr>
{{end}}<tr class="total"><td colspan="4">Any medal (%), mean ± SEM over seeds</td>{{range .Agents}}<td class="num">{{.AnyMedal}}</td>{{end}}</tr>
</table>
<h2>Details</h2>
<table>
<tr><th>agent</th><th>full report</th><th>run group</th><th>grading report</th><th>sandbox failures</th></tr>
{{range .Agents}}<tr><td>{{.ID}}</td><td><a href="{{.Report}}">{{.Report}}</a></td><td><code>{{.RunGroup}}</code></td><td><code>{{.GradingReport}}</code></td><td class="num">{{.Failures}}</td></tr>
{{end}}</table>
<p>Each agent's full report also shows its any-medal rate over elapsed time, graded from the snapshots of
its submission the runner saved while it worked (the baseline works in stages: the prior, a simple model,
the final model).</p>
<p>Also written: <code>report.md</code> (this overview and every run) and <code>summary.json</code> (machine-readable).</p>
</body>
</html>
`))

type overviewMedal struct{ Class, Text string }

type overviewCell struct {
	Score  string
	Medals []overviewMedal
}

type overviewRow struct {
	ID, Name, Metric, Direction, Thresholds string
	Teams                                   int
	Cells                                   []overviewCell
}

type overviewAgent struct {
	ID, AnyMedal, Report, RunGroup, GradingReport string
	Failures                                      int
}

// agentReportName is the file name of an agent's full HTML report.
func agentReportName(agentID string) string {
	return "report-" + strings.NewReplacer("/", "-", `\`, "-").Replace(agentID) + ".html"
}

// OverviewHTML renders report.html.
func (r *Result) OverviewHTML() ([]byte, error) {
	view := struct {
		Agents                     []overviewAgent
		Rows                       []overviewRow
		Competitions               []string
		Seeds                      int
		Backend, Started, Duration string
	}{Seeds: r.Seeds, Backend: r.Backend, Started: r.StartedAt.UTC().Format("2006-01-02 15:04:05 UTC"),
		Duration: r.Duration.Round(100 * 1e6).String()}
	for _, a := range r.Agents {
		view.Agents = append(view.Agents, overviewAgent{ID: a.AgentID, AnyMedal: a.AnyMedal(), Report: agentReportName(a.AgentID),
			RunGroup: a.RunGroupDir, GradingReport: a.GradingReport, Failures: a.InfraFailures})
	}
	for _, c := range r.Competitions {
		view.Competitions = append(view.Competitions, c.ID)
		row := overviewRow{ID: c.ID, Name: c.Name, Metric: c.Metric, Direction: direction(c.Thresholds),
			Thresholds: thresholdText(c.Thresholds), Teams: c.Teams}
		for _, a := range r.Agents {
			cell := a.Cell(c.ID)
			oc := overviewCell{Score: cell.Score()}
			for _, m := range []struct {
				n    int
				name string
			}{{cell.Gold, "gold"}, {cell.Silver, "silver"}, {cell.Bronze, "bronze"}, {cell.NoMedal, "none"}} {
				switch {
				case m.n == 0:
				case cell.Runs == 1:
					oc.Medals = append(oc.Medals, overviewMedal{m.name, m.name})
				default:
					oc.Medals = append(oc.Medals, overviewMedal{m.name, strconv.Itoa(m.n) + "× " + m.name})
				}
			}
			row.Cells = append(row.Cells, oc)
		}
		view.Rows = append(view.Rows, row)
	}
	var b bytes.Buffer
	if err := overviewTemplate.Execute(&b, view); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
