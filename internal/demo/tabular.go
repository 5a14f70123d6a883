package demo

// demo-tabular-binary: will a customer of a fictional subscription service
// renew? Tabular features with a learnable, mostly linear signal (plus one
// interaction and one curved effect a linear model misses), a categorical
// column and a few missing values; scored by ROC AUC.

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/mlebench/mlebench/internal/competition"
	"github.com/mlebench/mlebench/internal/metric"
	"github.com/mlebench/mlebench/internal/table"
)

const (
	tabularID    = "demo-tabular-binary"
	tabularRows  = 6000
	tabularTest  = 2000
	tabularTeams = 460
)

var (
	tabularRegions  = []string{"north", "south", "east", "west", "central"}
	tabularRegionFx = []float64{0.35, -0.25, 0.1, -0.4, 0.2}
	tabularHeader   = []string{"id", "tenure_months", "monthly_usage", "support_calls", "discount_pct",
		"age", "satisfaction", "late_payments", "referral_score", "region", "renewed"}
)

// tabularRow is one customer as written (the rounded values are the truth:
// the renewal probability is a function of exactly what is written).
type tabularRow struct {
	tenure, usage, discount, age, satisfaction, referral float64
	calls, late                                          int
	satisfactionMissing                                  bool
	region                                               int
}

// tabularLogit is the log-odds of renewal given the written features.
func tabularLogit(x tabularRow) float64 {
	t := (x.tenure - 24) / 12
	u := (x.usage - 40) / 15
	c := float64(x.calls) - 2
	d := (x.discount - 10) / 5
	a := (x.age - 45) / 14
	s := 0.0
	if !x.satisfactionMissing {
		s = (x.satisfaction - 3) / 1.2
	}
	l := float64(x.late)
	return -0.2 + 0.9*t + 0.55*u - 0.45*c + 0.35*d + 0.7*s - 0.6*l +
		0.45*t*u + // interaction
		-0.35*(a*a-1) + // curved effect of age
		tabularRegionFx[x.region]
}

func tabularFakeRaw(dir string, opt competition.FakeOptions) error {
	r := newRand(opt.Seed, tabularID, "rows")
	n := tabularRows
	if opt.Rows > 0 {
		n = opt.Rows
	}
	data := &csvFile{header: tabularHeader}
	oracle := &csvFile{header: []string{"id", "p"}}
	for i := 0; i < n; i++ {
		var x tabularRow
		x.tenure = math.Round(math.Max(1, 24+12*r.NormFloat64()))
		x.usage, _ = strconv.ParseFloat(ftoa(math.Max(0, 40+15*r.NormFloat64()), 2), 64)
		x.calls = min(12, poisson(r, 2))
		x.discount = float64(5 * r.IntN(5))
		x.age = math.Round(math.Min(90, math.Max(18, 45+14*r.NormFloat64())))
		x.satisfaction, _ = strconv.ParseFloat(ftoa(math.Min(5, math.Max(1, 3+1.2*r.NormFloat64())), 1), 64)
		x.satisfactionMissing = r.IntN(30) == 0
		x.late = min(6, poisson(r, 0.6))
		x.referral, _ = strconv.ParseFloat(ftoa(r.NormFloat64(), 3), 64) // pure noise
		x.region = r.IntN(len(tabularRegions))
		p := sigmoid(tabularLogit(x))
		y := "0"
		if r.Float64() < p {
			y = "1"
		}
		sat := ftoa(x.satisfaction, 1)
		if x.satisfactionMissing {
			sat = ""
		}
		id := strconv.Itoa(100001 + i)
		data.add(id, ftoa(x.tenure, 0), ftoa(x.usage, 2), strconv.Itoa(x.calls), ftoa(x.discount, 0),
			ftoa(x.age, 0), sat, strconv.Itoa(x.late), ftoa(x.referral, 3), tabularRegions[x.region], y)
		oracle.add(id, strconv.FormatFloat(p, 'g', -1, 64))
	}
	if err := data.write(filepath.Join(dir, "customers.csv")); err != nil {
		return err
	}
	return oracle.write(filepath.Join(dir, "oracle.csv"))
}

// poisson draws from Poisson(lambda) by inversion (small lambda only).
func poisson(r *rand.Rand, lambda float64) int {
	l, k, p := math.Exp(-lambda), 0, 1.0
	for {
		p *= r.Float64()
		if p <= l {
			return k
		}
		k++
	}
}

func tabularPrepare(ctx context.Context, d competition.Dirs) error {
	data, err := readCSV(filepath.Join(d.Raw, "customers.csv"))
	if err != nil {
		return err
	}
	oracle, err := readCSV(filepath.Join(d.Raw, "oracle.csv"))
	if err != nil {
		return err
	}
	if len(oracle.rows) != len(data.rows) || len(data.header) != len(tabularHeader) {
		return fmt.Errorf("raw data: expected %d columns and one oracle row per customer", len(tabularHeader))
	}
	nTest := tabularTest * len(data.rows) / tabularRows
	train, test := splitRows(newRand(0, tabularID, "split"), len(data.rows), nTest)
	last := len(tabularHeader) - 1
	pubTrain := &csvFile{header: tabularHeader}
	pubTest := &csvFile{header: tabularHeader[:last]}
	sample := &csvFile{header: []string{"id", "renewed"}}
	answers := &csvFile{header: []string{"id", "renewed"}}
	privOracle := &csvFile{header: oracle.header}
	for _, i := range train {
		pubTrain.add(data.rows[i]...)
	}
	for _, i := range test {
		row := data.rows[i]
		pubTest.add(row[:last]...)
		sample.add(row[0], "0.5")
		answers.add(row[0], row[last])
		privOracle.add(oracle.rows[i]...)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return writeAll(map[string]*csvFile{
		filepath.Join(d.Public, "train.csv"):             pubTrain,
		filepath.Join(d.Public, "test.csv"):              pubTest,
		filepath.Join(d.Public, "sample_submission.csv"): sample,
		filepath.Join(d.Private, "answers.csv"):          answers,
		filepath.Join(d.Private, "oracle.csv"):           privOracle,
	})
}

func writeAll(files map[string]*csvFile) error {
	for p, f := range files {
		if err := f.write(p); err != nil {
			return err
		}
	}
	return nil
}

// tabularGrade: columns id and renewed (any real numbers: only their order
// matters), one row per test id; ROC AUC against the 0/1 answers.
func tabularGrade(sub, ans *table.Table) (competition.Score, error) {
	rows, err := alignByID(sub, ans, "id")
	if err != nil {
		return competition.Score{}, err
	}
	pred, err := numbers(sub, "renewed", rows)
	if err != nil {
		return competition.Score{}, err
	}
	yc, ok := ans.Col("renewed")
	if !ok || !yc.Numeric() {
		return competition.Score{}, fmt.Errorf("answers have no numeric renewed column")
	}
	y := make([]float64, ans.Len())
	for i := range y {
		y[i], _ = yc.Float(i)
	}
	auc, err := metric.ROCAUC(y, pred)
	if err != nil {
		return competition.Score{}, fmt.Errorf("computing ROC AUC: %w", err)
	}
	return competition.Float(auc), nil
}

// tabularTeam is a simulated team's submission: the true log-odds plus
// Gaussian noise of standard deviation noise.
func tabularTeam(r *rand.Rand, noise float64, oracle *table.Table) (*table.Table, error) {
	ids, ok1 := oracle.Col("id")
	p, ok2 := oracle.Col("p")
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("oracle needs id and p columns")
	}
	pred := make([]float64, oracle.Len())
	for i := range pred {
		v, _ := p.Float(i)
		z := math.Log(v/(1-v)) + noise*r.NormFloat64()
		pred[i] = sigmoid(z)
	}
	return table.New(ids, table.Floats("renewed", pred))
}

const tabularDescription = `# Demo: Subscription Renewal (tabular, binary)

*This is a built-in demo competition of mlebench. Its data is synthetic: it was
generated by mlebench from a fixed seed, and the human leaderboard it is ranked
against is simulated. It exists so that the whole benchmark can be tried on any
machine in about a minute, without a Kaggle account.*

## Overview

A fictional streaming service wants to know which customers will renew their
subscription at the end of the month. For each customer you get a few facts
about their account and how they use the service. Predict how likely each
customer in the test set is to renew.

## Data

- ` + "`train.csv`" + ` — 4,000 customers with the outcome.
- ` + "`test.csv`" + ` — 2,000 customers without the outcome; predict these.
- ` + "`sample_submission.csv`" + ` — a submission in the correct format.

Columns:

| column | meaning |
| --- | --- |
| ` + "`id`" + ` | customer id |
| ` + "`tenure_months`" + ` | months since the customer signed up |
| ` + "`monthly_usage`" + ` | hours watched last month |
| ` + "`support_calls`" + ` | calls to customer support last quarter |
| ` + "`discount_pct`" + ` | current discount, in percent |
| ` + "`age`" + ` | age of the account holder |
| ` + "`satisfaction`" + ` | last survey answer, 1 (bad) to 5 (good); empty when not answered |
| ` + "`late_payments`" + ` | late payments in the last year |
| ` + "`referral_score`" + ` | score of a referral campaign |
| ` + "`region`" + ` | one of north, south, east, west, central |
| ` + "`renewed`" + ` | 1 if the customer renewed, 0 otherwise (train only) |

## Evaluation

Submissions are scored by the area under the ROC curve (ROC AUC) between the
predicted values and the observed outcome. Higher is better; only the order of
the predictions matters.

The submission file must have a header and exactly one row per test customer:

    id,renewed
    100002,0.73
    100005,0.12
    ...

Every ` + "`id`" + ` of ` + "`test.csv`" + ` must appear exactly once, and
` + "`renewed`" + ` must be a number in every row.
`
